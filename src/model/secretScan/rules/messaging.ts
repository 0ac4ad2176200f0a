// Chat and mail services: Slack, Discord, Telegram, Microsoft Teams, Twilio, SendGrid, Mailgun,
// Mailchimp. A webhook URL is a credential: whoever has it can post.
import { RULE } from '../ruleIds';
import { hasDiscordUserId } from './checks';
import { assignment, type TokenKind } from './tokenRule';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const MESSAGING_KINDS: readonly TokenKind[] = [
  {
    // Bot, user, app-level, configuration and refresh tokens.
    id: RULE.slack,
    confidence: 'known',
    hints: ['xox', 'xapp-'],
    patterns: [
      /(?<![A-Za-z0-9_-])(?:xox[baprse]-[0-9]{8,14}-[0-9A-Za-z-]{10,250}|xoxe\.xox[bp]-1-[A-Za-z0-9-]{100,250}|xapp-1-[A-Z0-9]{9,12}-[0-9]{10,14}-[a-f0-9]{64})(?![A-Za-z0-9_-])/g,
    ],
  },
  {
    id: RULE.slackWebhook,
    confidence: 'known',
    hints: ['hooks.slack.com'],
    patterns: [
      /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/T[A-Z0-9]{8,12}\/[AB][A-Z0-9]{8,12}\/[A-Za-z0-9]{24,40}/g,
    ],
  },
  {
    // Three parts: the bot's user id (17 to 20 digits) in base64 without padding (23 to 27 characters), a timestamp, an HMAC.
    id: RULE.discord,
    confidence: 'known',
    hints: ['.'],
    patterns: [
      /(?<![A-Za-z0-9_.-])[MNO][A-Za-z0-9_-]{22,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_.-])/g,
    ],
    valid: hasDiscordUserId,
  },
  {
    id: RULE.discordWebhook,
    confidence: 'known',
    hints: ['/api/webhooks/'],
    patterns: [/https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/[0-9]{17,20}\/[A-Za-z0-9_-]{60,72}/g],
  },
  {
    // The bot's id, a colon, 35 characters.
    id: RULE.telegram,
    confidence: 'known',
    hints: [':AA'],
    patterns: [/(?<![A-Za-z0-9_:])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g],
  },
  {
    id: RULE.teamsWebhook,
    confidence: 'known',
    hints: ['webhook.office.com', 'IncomingWebhook'],
    patterns: [
      new RegExp(
        String.raw`https://[a-z0-9-]{1,60}\.webhook\.office\.com/webhookb2/${UUID}@${UUID}/IncomingWebhook/[a-f0-9]{32}/${UUID}(?:/[A-Za-z0-9_-]{20,80})?`,
        'g',
      ),
    ],
  },
  {
    // API keys (SK and 32 hex); auth tokens, 32 hex, known by their name.
    id: RULE.twilio,
    confidence: 'known',
    hints: ['SK'],
    hintsAnyCase: ['twilio'],
    patterns: [
      /(?<![A-Za-z0-9])SK[0-9a-f]{32}(?![A-Za-z0-9])/g,
      assignment(String.raw`twilio[\w.-]{0,20}?(?:token|secret|key)`, '[0-9a-f]{32}'),
    ],
  },
  {
    // `SG.`, 22 characters of a key id and 43 of its secret: both may hold `-` and `_`.
    id: RULE.sendgrid,
    confidence: 'known',
    hints: ['SG.'],
    patterns: [/(?<![A-Za-z0-9_-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g],
  },
  {
    // `key-` and 32 hex (the older form), or 32 hex, 8 and 8 (private API keys since 2022), by name.
    id: RULE.mailgun,
    confidence: 'known',
    hints: ['key-'],
    hintsAnyCase: ['mailgun'],
    patterns: [
      /(?<![A-Za-z0-9_-])key-[0-9a-f]{32}(?![A-Za-z0-9])/g,
      assignment(String.raw`mailgun[\w.-]{0,20}?(?:key|token|secret)`, '[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}'),
    ],
  },
  {
    // 32 hex and the data centre: `-us14`.
    id: RULE.mailchimp,
    confidence: 'known',
    hints: ['-us'],
    patterns: [/(?<![A-Za-z0-9])[0-9a-f]{32}-us[0-9]{1,2}(?![A-Za-z0-9])/g],
  },
];
