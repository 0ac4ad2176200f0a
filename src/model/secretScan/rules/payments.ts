// Payment providers: Stripe, Square, Braintree (PayPal), Shopify.
import { RULE } from '../ruleIds';
import type { TokenKind } from './tokenRule';

export const PAYMENT_KINDS: readonly TokenKind[] = [
  {
    // Secret and restricted keys, live and test (a test key still reads the account's test data).
    id: RULE.stripe,
    confidence: 'known',
    hints: ['sk_live_', 'rk_live_', 'sk_test_', 'rk_test_'],
    patterns: [/(?<![A-Za-z0-9_])[sr]k_(?:live|test)_[A-Za-z0-9]{24,247}(?![A-Za-z0-9_])/g],
  },
  {
    id: RULE.stripeWebhook,
    confidence: 'known',
    hints: ['whsec_'],
    patterns: [/(?<![A-Za-z0-9_])whsec_[A-Za-z0-9+/]{32,64}(?![A-Za-z0-9+/_])/g],
  },
  {
    // Access tokens (sq0atp-, EAAA), application secrets (sq0csp-).
    id: RULE.square,
    confidence: 'known',
    hints: ['sq0atp-', 'sq0csp-', 'EAAA'],
    patterns: [
      /(?<![A-Za-z0-9_-])(?:sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43}|EAAA[A-Za-z0-9_-]{60})(?![A-Za-z0-9_-])/g,
    ],
  },
  {
    id: RULE.braintree,
    confidence: 'known',
    hints: ['access_token$'],
    patterns: [/access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}/g],
  },
  {
    // Admin API, custom app, private app tokens and shared secrets.
    id: RULE.shopify,
    confidence: 'known',
    hints: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
    patterns: [/(?<![A-Za-z0-9_])shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9])/g],
  },
];
