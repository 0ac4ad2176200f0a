// The ids of the scan's own rules: what findings and the allow-list name them by. A module of its
// own, so that naming them (ruleNames.ts, in the extension host) does not bring the rules along.

const OWN = 'bitbucket-snippets/';

export const BITBUCKET_TOKEN_RULE = `${OWN}bitbucket-http-access-token`;
export const URL_PASSWORD_RULE = `${OWN}url-password`;
export const PRIVATE_KEY_RULE = `${OWN}private-key`;

/** The rules for the credentials of other services, by family (rules/*.ts). */
export const RULE = {
  // Cloud providers
  awsAccessKeyId: `${OWN}aws-access-key-id`,
  awsSecretAccessKey: `${OWN}aws-secret-access-key`,
  awsSessionToken: `${OWN}aws-session-token`,
  googleApiKey: `${OWN}google-api-key`,
  googleOAuthSecret: `${OWN}google-oauth-client-secret`,
  googleAccessToken: `${OWN}google-oauth-access-token`,
  azureStorageKey: `${OWN}azure-storage-account-key`,
  azureSharedAccessKey: `${OWN}azure-shared-access-key`,
  azureClientSecret: `${OWN}azure-ad-client-secret`,
  azureDevOpsPat: `${OWN}azure-devops-pat`,
  digitalOcean: `${OWN}digitalocean-token`,
  heroku: `${OWN}heroku-api-key`,
  alibaba: `${OWN}alibaba-access-key-id`,
  // Source hosts
  github: `${OWN}github-token`,
  githubFineGrained: `${OWN}github-fine-grained-pat`,
  gitlabPat: `${OWN}gitlab-pat`,
  gitlabRunner: `${OWN}gitlab-runner-token`,
  gitlabOther: `${OWN}gitlab-token`,
  atlassian: `${OWN}atlassian-api-token`,
  bitbucketCloud: `${OWN}bitbucket-app-password`,
  // CI, package registries, infrastructure
  npm: `${OWN}npm-token`,
  npmrc: `${OWN}npmrc-credential`,
  pypi: `${OWN}pypi-token`,
  dockerHub: `${OWN}docker-hub-token`,
  rubygems: `${OWN}rubygems-key`,
  nuget: `${OWN}nuget-key`,
  jfrog: `${OWN}jfrog-token`,
  circleci: `${OWN}circleci-token`,
  buildkite: `${OWN}buildkite-token`,
  sonar: `${OWN}sonar-token`,
  terraform: `${OWN}terraform-cloud-token`,
  pulumi: `${OWN}pulumi-token`,
  // Secret managers
  vault: `${OWN}vault-token`,
  doppler: `${OWN}doppler-token`,
  age: `${OWN}age-secret-key`,
  // Chat and mail
  slack: `${OWN}slack-token`,
  slackWebhook: `${OWN}slack-webhook`,
  discord: `${OWN}discord-bot-token`,
  discordWebhook: `${OWN}discord-webhook`,
  telegram: `${OWN}telegram-bot-token`,
  teamsWebhook: `${OWN}teams-webhook`,
  twilio: `${OWN}twilio-key`,
  sendgrid: `${OWN}sendgrid-key`,
  mailgun: `${OWN}mailgun-key`,
  mailchimp: `${OWN}mailchimp-key`,
  // Payments
  stripe: `${OWN}stripe-key`,
  stripeWebhook: `${OWN}stripe-webhook-secret`,
  square: `${OWN}square-token`,
  braintree: `${OWN}braintree-token`,
  // Observability
  datadog: `${OWN}datadog-key`,
  newRelic: `${OWN}new-relic-key`,
  sentry: `${OWN}sentry-token`,
  grafana: `${OWN}grafana-token`,
  dynatrace: `${OWN}dynatrace-token`,
  // AI providers
  openai: `${OWN}openai-key`,
  anthropic: `${OWN}anthropic-key`,
  huggingFace: `${OWN}hugging-face-token`,
  groq: `${OWN}groq-key`,
  replicate: `${OWN}replicate-token`,
  perplexity: `${OWN}perplexity-key`,
  xai: `${OWN}xai-key`,
  // Other services
  databricks: `${OWN}databricks-token`,
  notion: `${OWN}notion-token`,
  postman: `${OWN}postman-key`,
  airtable: `${OWN}airtable-token`,
  figma: `${OWN}figma-token`,
  supabase: `${OWN}supabase-token`,
  planetscale: `${OWN}planetscale-token`,
  mapbox: `${OWN}mapbox-token`,
  shopify: `${OWN}shopify-token`,
  twitter: `${OWN}twitter-bearer-token`,
  // Databases, containers, HTTP
  jdbcPassword: `${OWN}jdbc-password`,
  connectionStringPassword: `${OWN}connection-string-password`,
  netrcPassword: `${OWN}netrc-password`,
  dockerAuth: `${OWN}docker-config-auth`,
  kubernetesSecret: `${OWN}kubernetes-secret-data`,
  kubeconfigKey: `${OWN}kubeconfig-key`,
  basicAuth: `${OWN}http-basic-auth`,
  jwt: `${OWN}jwt`,
  // Generic
  bearerToken: `${OWN}bearer-token`,
  genericSecret: `${OWN}generic-secret`,
} as const;

const LIBRARY = '@secretlint/secretlint-rule-';

/**
 * The library's rules that the scan's own rules replaced, and which of those know the same kinds.
 * A user who allowed one of the library's ids (the allow-list setting names rules by id) meant
 * those kinds: the ids of their successors are allowed with it, so that an update does not start
 * asking again about what the user chose to let through.
 */
export const SUCCESSORS: Readonly<Record<string, readonly string[]>> = {
  [`${LIBRARY}aws`]: [RULE.awsAccessKeyId, RULE.awsSecretAccessKey, RULE.awsSessionToken],
  [`${LIBRARY}github`]: [RULE.github, RULE.githubFineGrained],
  [`${LIBRARY}npm`]: [RULE.npm, RULE.npmrc],
  [`${LIBRARY}slack`]: [RULE.slack, RULE.slackWebhook],
  [`${LIBRARY}sendgrid`]: [RULE.sendgrid],
  [`${LIBRARY}shopify`]: [RULE.shopify],
  [`${LIBRARY}openai`]: [RULE.openai],
  [`${LIBRARY}anthropic`]: [RULE.anthropic],
  [`${LIBRARY}privatekey`]: [PRIVATE_KEY_RULE],
  [`${LIBRARY}basicauth`]: [URL_PASSWORD_RULE, RULE.basicAuth],
};

/** The ids the user allowed, with the successors of any former library id among them. */
export function withSuccessors(ids: readonly string[]): string[] {
  return [...new Set(ids.flatMap((id) => [id, ...(SUCCESSORS[id] ?? [])]))];
}
