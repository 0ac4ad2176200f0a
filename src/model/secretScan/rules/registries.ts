// CI services, package registries, infrastructure tools and secret managers.
import { RULE } from '../ruleIds';
import { hasBase62Crc, isPypiMacaroon } from './checks';
import type { TokenKind } from './tokenRule';

/** A value a tool fills in later: `${NPM_TOKEN}`, `$TOKEN`, `{{ token }}`, `<token>`. */
const FILLED_IN_LATER = /^(?:\$\{|\$\(|\$[A-Za-z_]|\{\{|<|%[A-Za-z_])/;

export const REGISTRY_KINDS: readonly TokenKind[] = [
  {
    id: RULE.npm,
    confidence: 'known',
    hints: ['npm_'],
    patterns: [/(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g],
    valid: hasBase62Crc,
  },
  {
    // .npmrc: `//registry/:_authToken=…`, `_auth=` (base64 user:password), `_password=`.
    id: RULE.npmrc,
    confidence: 'known',
    hints: [':_auth', ':_password', '_authToken'],
    patterns: [/(?:^|[\s:])_(?:authToken|auth|password)[ \t]*=[ \t]*["']?([^\s"'#;]{8,2000})/dgm],
    valid: (value) => !FILLED_IN_LATER.test(value) && !value.startsWith('npm_'),
  },
  {
    id: RULE.pypi,
    confidence: 'known',
    hints: ['pypi-Ag'],
    patterns: [/(?<![A-Za-z0-9_-])pypi-Ag[A-Za-z0-9_-]{50,2000}(?![A-Za-z0-9_-])/g],
    valid: isPypiMacaroon,
  },
  {
    id: RULE.dockerHub,
    confidence: 'known',
    hints: ['dckr_'],
    patterns: [/(?<![A-Za-z0-9_-])dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,32}(?![A-Za-z0-9_-])/g],
  },
  {
    id: RULE.rubygems,
    confidence: 'known',
    hints: ['rubygems_'],
    patterns: [/(?<![A-Za-z0-9_])rubygems_[a-f0-9]{48}(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.nuget,
    confidence: 'known',
    hints: ['oy2'],
    patterns: [/(?<![A-Za-z0-9])oy2[a-z0-9]{43}(?![A-Za-z0-9])/g],
  },
  {
    // Artifactory API keys, and identity tokens (base64 of `reftkn:01:`).
    id: RULE.jfrog,
    confidence: 'known',
    hints: ['AKCp', 'cmVmdGtuOjAxOj'],
    patterns: [/(?<![A-Za-z0-9])(?:AKCp[A-Za-z0-9]{69}|cmVmdGtuOjAxOj[A-Za-z0-9]{50,100})(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.circleci,
    confidence: 'known',
    hints: ['CCIPAT_', 'CCIPRJ_'],
    patterns: [/(?<![A-Za-z0-9_])CCIP(?:AT|RJ)_[A-Za-z0-9]{22}_[a-f0-9]{40}(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.buildkite,
    confidence: 'known',
    hints: ['bkua_'],
    patterns: [/(?<![A-Za-z0-9_])bkua_[a-f0-9]{40}(?![A-Za-z0-9])/g],
  },
  {
    // SonarQube and SonarCloud: project, global analysis and user tokens.
    id: RULE.sonar,
    confidence: 'known',
    hints: ['sqp_', 'sqa_', 'squ_'],
    patterns: [/(?<![A-Za-z0-9_])sq[pau]_[a-f0-9]{40}(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.terraform,
    confidence: 'known',
    hints: ['.atlasv1.'],
    patterns: [/(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])/g],
  },
  {
    id: RULE.pulumi,
    confidence: 'known',
    hints: ['pul-'],
    patterns: [/(?<![A-Za-z0-9_-])pul-[a-f0-9]{40}(?![A-Za-z0-9])/g],
  },
  {
    // HashiCorp Vault service, batch and recovery tokens.
    id: RULE.vault,
    confidence: 'known',
    hints: ['hvs.', 'hvb.', 'hvr.'],
    patterns: [/(?<![A-Za-z0-9_.-])hv[sbr]\.[A-Za-z0-9_-]{24,300}(?![A-Za-z0-9_-])/g],
  },
  {
    id: RULE.doppler,
    confidence: 'known',
    hints: ['dp.'],
    patterns: [/(?<![A-Za-z0-9_.-])dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}(?![A-Za-z0-9])/g],
  },
  {
    // age's X25519 identities: bech32, 58 characters of its alphabet.
    id: RULE.age,
    confidence: 'known',
    hints: ['AGE-SECRET-KEY-1'],
    patterns: [/AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}(?![A-Z0-9])/g],
  },
];
