// What each rule of the scan's own and of the library is called in the modal. A server's rules
// keep the name their admin gave them (outside text: the modal's sink neutralises it).
import * as l10n from '@vscode/l10n';
import { BITBUCKET_TOKEN_RULE, PRIVATE_KEY_RULE, URL_PASSWORD_RULE } from './ruleIds';

const LIBRARY = '@secretlint/secretlint-rule-';

/** Rule ids to names; a function, so that the names are read in the display language of the moment. */
const NAMES: Record<string, () => string> = {
  [BITBUCKET_TOKEN_RULE]: () => l10n.t('Bitbucket HTTP access token'),
  [URL_PASSWORD_RULE]: () => l10n.t('Password in a URL'),
  [PRIVATE_KEY_RULE]: () => l10n.t('Private key'),
  [`${LIBRARY}1password`]: () => l10n.t('1Password service account token'),
  [`${LIBRARY}anthropic`]: () => l10n.t('Anthropic API key'),
  [`${LIBRARY}aws`]: () => l10n.t('AWS access key'),
  [`${LIBRARY}basicauth`]: () => l10n.t('Password in a URL'),
  [`${LIBRARY}database-connection-string`]: () => l10n.t('Database connection string with a password'),
  [`${LIBRARY}gcp`]: () => l10n.t('Google Cloud service account key'),
  [`${LIBRARY}github`]: () => l10n.t('GitHub token'),
  [`${LIBRARY}linear`]: () => l10n.t('Linear API key'),
  [`${LIBRARY}npm`]: () => l10n.t('npm token'),
  [`${LIBRARY}openai`]: () => l10n.t('OpenAI API key'),
  [`${LIBRARY}privatekey`]: () => l10n.t('Private key'),
  [`${LIBRARY}sendgrid`]: () => l10n.t('SendGrid API key'),
  [`${LIBRARY}shopify`]: () => l10n.t('Shopify token'),
  [`${LIBRARY}slack`]: () => l10n.t('Slack token'),
};

/** The rule's name; a server rule's from `serverNames`; an unknown library rule by its id. */
export function ruleNameOf(ruleId: string, serverNames: ReadonlyMap<string, string>): string {
  return serverNames.get(ruleId) ?? NAMES[ruleId]?.() ?? ruleId.replace(LIBRARY, '');
}

/** The ids this table names, for the test that holds it against the library's rules. */
export const NAMED_RULE_IDS: readonly string[] = Object.keys(NAMES);
