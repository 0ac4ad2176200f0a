// Other services companies use: Databricks, Notion, Postman, Airtable, Figma, Supabase,
// PlanetScale, Mapbox, X (Twitter).
import { RULE } from '../ruleIds';
import type { TokenKind } from './tokenRule';

export const SERVICE_KINDS: readonly TokenKind[] = [
  {
    id: RULE.databricks,
    confidence: 'known',
    hints: ['dapi'],
    patterns: [/(?<![A-Za-z0-9_])dapi[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9])/g],
  },
  {
    // Integration tokens: `secret_` and 43, or `ntn_` since 2024.
    id: RULE.notion,
    confidence: 'known',
    hints: ['ntn_', 'secret_'],
    patterns: [/(?<![A-Za-z0-9_])(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})(?![A-Za-z0-9_])/g],
    valid: (value) => /[0-9]/.test(value.slice(7)) && /[A-Z]/.test(value),
  },
  {
    id: RULE.postman,
    confidence: 'known',
    hints: ['PMAK-'],
    patterns: [/(?<![A-Za-z0-9_-])PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.airtable,
    confidence: 'known',
    hints: ['pat'],
    patterns: [/(?<![A-Za-z0-9_])pat[A-Za-z0-9]{14}\.[a-f0-9]{64}(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.figma,
    confidence: 'known',
    hints: ['figd_'],
    patterns: [/(?<![A-Za-z0-9_])figd_[A-Za-z0-9_-]{40}(?![A-Za-z0-9_-])/g],
  },
  {
    id: RULE.supabase,
    confidence: 'known',
    hints: ['sbp_'],
    patterns: [/(?<![A-Za-z0-9_])sbp_[a-f0-9]{40}(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.planetscale,
    confidence: 'known',
    hints: ['pscale_'],
    patterns: [/(?<![A-Za-z0-9_])pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_.=-]{32,64}(?![A-Za-z0-9_.=-])/g],
  },
  {
    // Secret tokens (sk.): a JWT-like body; public tokens (pk.) are meant to be shown.
    id: RULE.mapbox,
    confidence: 'known',
    hints: ['sk.eyJ'],
    patterns: [/(?<![A-Za-z0-9_.-])sk\.eyJ[A-Za-z0-9_-]{50,300}\.[A-Za-z0-9_-]{20,40}(?![A-Za-z0-9_-])/g],
  },
  {
    // App-only bearer tokens: 22 `A`s (a zero app id in base64), then URL-encoded base64.
    id: RULE.twitter,
    confidence: 'known',
    hints: ['AAAAAAAAAAAAAAAAAAAAA'],
    patterns: [/(?<![A-Za-z0-9%])A{22}[A-Za-z0-9%]{80,150}(?![A-Za-z0-9%])/g],
    repeats: true,
  },
];
