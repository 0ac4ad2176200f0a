// Observability services: Datadog, New Relic, Sentry, Grafana, Dynatrace.
import { RULE } from '../ruleIds';
import { assignment, type TokenKind } from './tokenRule';

export const OBSERVABILITY_KINDS: readonly TokenKind[] = [
  {
    // API keys (32 hex) and application keys (40 hex) carry no prefix: only their name tells them.
    id: RULE.datadog,
    confidence: 'known',
    hintsAnyCase: ['dd_', 'dd-', 'datadog'],
    patterns: [
      assignment(
        String.raw`(?:dd|datadog)[\w.-]{0,12}?(?:api|app|application)[_.-]?key|dd-(?:api|application)-key`,
        '[a-f0-9]{40}|[a-f0-9]{32}',
      ),
    ],
  },
  {
    // User API keys, ingest (license) keys, browser keys, insights keys.
    id: RULE.newRelic,
    confidence: 'known',
    hints: ['NRAK-', 'NRII-', 'NRJS-', 'NRIQ-'],
    patterns: [/(?<![A-Za-z0-9_-])(?:NRAK-[A-Z0-9]{27}|NRI[IQ]-[A-Za-z0-9_-]{32}|NRJS-[a-f0-9]{19})(?![A-Za-z0-9_-])/g],
  },
  {
    // Organisation tokens (sntrys_ and base64 JSON) and user tokens (sntryu_ and 64 hex).
    id: RULE.sentry,
    confidence: 'known',
    hints: ['sntrys_', 'sntryu_'],
    patterns: [/(?<![A-Za-z0-9_])(?:sntrys_eyJ[A-Za-z0-9+/=_-]{80,400}|sntryu_[a-f0-9]{64})(?![A-Za-z0-9+/=_-])/g],
  },
  {
    // Grafana Cloud tokens (glc_) and service account tokens (glsa_, 32 and an 8 hex checksum).
    id: RULE.grafana,
    confidence: 'known',
    hints: ['glc_', 'glsa_'],
    patterns: [
      /(?<![A-Za-z0-9_])(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8})(?![A-Za-z0-9+/=_])/g,
    ],
  },
  {
    id: RULE.dynatrace,
    confidence: 'known',
    hints: ['dt0c01.'],
    patterns: [/(?<![A-Za-z0-9])dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}(?![A-Za-z0-9])/g],
  },
];
