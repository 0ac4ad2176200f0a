// The cloud providers' credentials: AWS, Google Cloud, Azure, DigitalOcean, Heroku, Alibaba Cloud.
import { RULE } from '../ruleIds';
import { mixesClasses } from './checks';
import { assignment, type TokenKind } from './tokenRule';

/** AWS's own documentation keys, which every tutorial copies. */
const AWS_EXAMPLE = /EXAMPLE/;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const CLOUD_KINDS: readonly TokenKind[] = [
  {
    // An access key id: AKIA (long-term), ASIA (temporary), then 16 characters of base32.
    id: RULE.awsAccessKeyId,
    confidence: 'known',
    hints: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
    patterns: [/(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Za-z0-9])/g],
    valid: (value) => !AWS_EXAMPLE.test(value),
  },
  {
    // 40 characters of base64, known only by the name it is given.
    id: RULE.awsSecretAccessKey,
    confidence: 'known',
    hintsAnyCase: ['secret'],
    patterns: [assignment(String.raw`aws[\w.-]{0,20}?secret[\w.-]{0,20}|secret_?access_?key`, '[A-Za-z0-9/+]{40}')],
    valid: (value) => mixesClasses(value) && !AWS_EXAMPLE.test(value),
  },
  {
    // STS session tokens start with the base64 of their protobuf header.
    id: RULE.awsSessionToken,
    confidence: 'known',
    hints: ['IQoJb3JpZ2luX2Vj', 'FwoGZXIvYXdzE'],
    patterns: [/(?<![A-Za-z0-9+/])(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE)[A-Za-z0-9+/]{100,2000}={0,2}(?![A-Za-z0-9+/=])/g],
  },
  {
    id: RULE.googleApiKey,
    confidence: 'known',
    hints: ['AIza'],
    patterns: [/(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g],
  },
  {
    id: RULE.googleOAuthSecret,
    confidence: 'known',
    hints: ['GOCSPX-'],
    patterns: [/(?<![A-Za-z0-9_-])GOCSPX-[0-9A-Za-z_-]{28}(?![A-Za-z0-9_-])/g],
  },
  {
    id: RULE.googleAccessToken,
    confidence: 'known',
    hints: ['ya29.'],
    patterns: [/(?<![A-Za-z0-9_-])ya29\.[0-9A-Za-z_-]{30,2000}(?![A-Za-z0-9_.-])/g],
  },
  {
    // Storage account keys are 64 random bytes: 86 base64 characters and `==`.
    id: RULE.azureStorageKey,
    confidence: 'known',
    hintsAnyCase: ['accountkey'],
    patterns: [/AccountKey=([A-Za-z0-9+/]{86}==)/dgi],
  },
  {
    // Service Bus, Event Hubs, IoT Hub: 32 random bytes.
    id: RULE.azureSharedAccessKey,
    confidence: 'known',
    hintsAnyCase: ['sharedaccesskey='],
    patterns: [/SharedAccessKey=([A-Za-z0-9+/]{43}=)/dgi],
  },
  {
    // Entra ID (Azure AD) client secrets: 3 characters, a digit, `Q~`, then 31 to 34.
    id: RULE.azureClientSecret,
    confidence: 'known',
    hints: ['Q~'],
    patterns: [/(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g],
  },
  {
    // Azure DevOps personal access tokens since 2024: 84 characters, `AZDO` at 76.
    id: RULE.azureDevOpsPat,
    confidence: 'known',
    hints: ['AZDO'],
    patterns: [/(?<![A-Za-z0-9])[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}(?![A-Za-z0-9])/g],
  },
  {
    id: RULE.digitalOcean,
    confidence: 'known',
    hints: ['_v1_'],
    patterns: [/(?<![A-Za-z0-9_])do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9])/g],
  },
  {
    // Since 2024 `HRKU-`; before, a UUID known by its name.
    id: RULE.heroku,
    confidence: 'known',
    hints: ['HRKU-'],
    hintsAnyCase: ['heroku'],
    patterns: [
      /(?<![A-Za-z0-9_-])HRKU-[A-Za-z0-9_-]{60}(?![A-Za-z0-9_-])/g,
      assignment(String.raw`heroku[\w.-]{0,20}?(?:key|token)`, UUID),
    ],
  },
  {
    id: RULE.alibaba,
    confidence: 'known',
    hints: ['LTAI'],
    patterns: [/(?<![A-Za-z0-9])LTAI[A-Za-z0-9]{12,20}(?![A-Za-z0-9])/g],
    valid: mixesClasses,
  },
];
