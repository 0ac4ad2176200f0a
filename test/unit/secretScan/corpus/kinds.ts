// The kinds of credentials of the labelled corpus: for each, how a random value of its real
// format is made (with its checksum where it has one), the name configuration gives it, and, for
// kinds that live in files of their own (a PEM, a Docker config.json, a Kubernetes Secret), those
// files. Templates (templates.ts) put the assigned kinds in .env, shell, YAML, JSON and code.
import { BITBUCKET_TOKEN_RULE, RULE } from '../../../../src/model/secretScan/ruleIds';
import {
  B62,
  B64,
  B64URL,
  BASE32_UPPER,
  BECH32_UPPER,
  DIGITS,
  HEX,
  LETTERS,
  LOWER_ALNUM,
  Random,
  UPPER_ALNUM,
  base64,
  base64url,
  withCrc,
} from './random';

export interface SampleFile {
  label: string;
  text: string;
  /** The value as it stands in the text, where the file changes it (indented, JSON-escaped). */
  value?: string;
}

export interface Kind {
  ruleId: string;
  confidence: 'known' | 'generic';
  /** The variable configuration calls it by (upper snake case; templates adapt it). */
  name: string;
  make(r: Random): string;
  /** The text assigned to the name, holding the value (a connection string around a key); the value itself by default. */
  embed?(value: string, r: Random): string;
  /** Files of its own, each holding `value` once; instead of the assignment templates. */
  files?: ReadonlyArray<(value: string, r: Random) => SampleFile>;
  /** Look-alikes of its own, for kinds with files of their own. */
  lookAlikes?: ReadonlyArray<(r: Random) => SampleFile>;
  /** The value changed so that it is no longer of the kind (a wrong prefix, a wrong checksum). */
  mutate?(value: string): string;
}

const hex = (r: Random, n: number) => r.chars(HEX, n, false);

/** A password that survives a URL, a JDBC URL, a connection string: no `@ / : ? # & ; %`. */
export const urlSafePassword = (r: Random): string => {
  const body = r.chars(B62, r.int(12, 20));
  const at = r.int(1, body.length - 1);
  return `${body.slice(0, at)}${r.pick(['-', '_', '.', '~', '!', '*'])}${body.slice(at)}`;
};

export function pemBlock(kind: string, r: Random): string {
  const lines = Array.from({ length: r.int(5, 12) }, () => r.chars(B64, 64));
  return [
    `-----BEGIN ${kind}-----`,
    `MII${r.chars(B64, 61)}`,
    ...lines,
    `${r.chars(B64, r.int(10, 60))}==`,
    `-----END ${kind}-----`,
  ].join('\n');
}

export function jwtOf(r: Random): string {
  const header = base64url(JSON.stringify({ alg: r.pick(['HS256', 'RS256', 'ES256']), typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ sub: r.uuid(), iat: r.int(1.6e9, 1.8e9), scope: r.pick(['read', 'write admin', 'api']) }),
  );
  return `${header}.${payload}.${r.chars(B64URL, 43)}`;
}

/** A PyPI token: the macaroon v2 fields for location and identifier, then random bytes, in base64url. */
function pypiToken(r: Random): string {
  const location = r.pick(['pypi.org', 'pypi.org', 'test.pypi.org']);
  const identifier = Buffer.from(`{"version": 1, "id": "${r.uuid()}"}`);
  const rest = Buffer.from(Array.from({ length: 60 }, () => r.int(0, 255)));
  const bytes = Buffer.concat([
    Buffer.from([2, 1, location.length]),
    Buffer.from(location),
    Buffer.from([2, identifier.length]),
    identifier,
    rest,
  ]);
  return `pypi-${base64url(bytes)}`;
}

function discordToken(r: Random): string {
  const id = `${r.int(1, 9)}${r.chars(DIGITS, r.int(16, 18), false)}`;
  return `${base64(id).replace(/=+$/, '')}.${r.chars(B64URL, 6, false)}.${r.chars(B64URL, 38)}`;
}

export const KINDS: readonly Kind[] = [
  // Cloud providers
  {
    ruleId: RULE.awsAccessKeyId,
    confidence: 'known',
    name: 'AWS_ACCESS_KEY_ID',
    make: (r) => `${r.pick(['AKIA', 'ASIA'])}${r.chars(BASE32_UPPER, 16, false)}`,
  },
  {
    ruleId: RULE.awsSecretAccessKey,
    confidence: 'known',
    name: 'AWS_SECRET_ACCESS_KEY',
    make: (r) => r.chars(B64, 40),
  },
  {
    ruleId: RULE.awsSessionToken,
    confidence: 'known',
    name: 'AWS_SESSION_TOKEN',
    make: (r) => `IQoJb3JpZ2luX2Vj${r.chars(B64, r.int(200, 400))}`,
  },
  { ruleId: RULE.googleApiKey, confidence: 'known', name: 'GOOGLE_API_KEY', make: (r) => `AIza${r.chars(B64URL, 35)}` },
  {
    ruleId: RULE.googleOAuthSecret,
    confidence: 'known',
    name: 'GOOGLE_CLIENT_SECRET',
    make: (r) => `GOCSPX-${r.chars(B64URL, 28)}`,
  },
  {
    ruleId: RULE.googleAccessToken,
    confidence: 'known',
    name: 'GOOGLE_ACCESS_TOKEN',
    make: (r) => `ya29.${r.chars(B64URL, r.int(120, 200))}`,
  },
  {
    ruleId: RULE.azureStorageKey,
    confidence: 'known',
    name: 'AZURE_STORAGE_CONNECTION_STRING',
    make: (r) => `${r.chars(B64, 86)}==`,
    embed: (v, r) =>
      `DefaultEndpointsProtocol=https;AccountName=${r.chars(LOWER_ALNUM, 12, false)};AccountKey=${v};EndpointSuffix=core.windows.net`,
  },
  {
    ruleId: RULE.azureSharedAccessKey,
    confidence: 'known',
    name: 'SERVICEBUS_CONNECTION',
    make: (r) => `${r.chars(B64, 43)}=`,
    embed: (v, r) =>
      `Endpoint=sb://${r.chars(LOWER_ALNUM, 10, false)}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${v}`,
  },
  {
    ruleId: RULE.azureClientSecret,
    confidence: 'known',
    name: 'AZURE_CLIENT_SECRET',
    make: (r) => `${r.chars(`${B62}_~.-`, 3, false)}${r.int(0, 9)}Q~${r.chars(`${B62}_~.-`, 34)}`,
  },
  {
    ruleId: RULE.azureDevOpsPat,
    confidence: 'known',
    name: 'AZURE_DEVOPS_PAT',
    make: (r) => `${r.chars(B62, 76)}AZDO${r.chars(B62, 4, false)}`,
  },
  {
    ruleId: RULE.digitalOcean,
    confidence: 'known',
    name: 'DIGITALOCEAN_TOKEN',
    make: (r) => `${r.pick(['dop', 'doo', 'dor'])}_v1_${hex(r, 64)}`,
  },
  {
    ruleId: RULE.heroku,
    confidence: 'known',
    name: 'HEROKU_API_KEY',
    make: (r) => (r.next() < 0.5 ? `HRKU-AA${r.chars(B64URL, 58)}` : r.uuid()),
  },
  {
    ruleId: RULE.alibaba,
    confidence: 'known',
    name: 'ALIBABA_CLOUD_ACCESS_KEY_ID',
    make: (r) => `LTAI${r.chars(B62, 20)}`,
  },
  // Source hosts
  {
    ruleId: RULE.github,
    confidence: 'known',
    name: 'GITHUB_TOKEN',
    make: (r) => withCrc(r.pick(['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_']), r),
    mutate: (v) => `${v.slice(0, -1)}${v.endsWith('A') ? 'B' : 'A'}`,
  },
  {
    ruleId: RULE.githubFineGrained,
    confidence: 'known',
    name: 'GH_PAT',
    make: (r) => `github_pat_11${r.chars(UPPER_ALNUM, 20)}_${r.chars(B62, 59)}`,
  },
  { ruleId: RULE.gitlabPat, confidence: 'known', name: 'GITLAB_TOKEN', make: (r) => `glpat-${r.chars(B64URL, 20)}` },
  {
    ruleId: RULE.gitlabRunner,
    confidence: 'known',
    name: 'CI_RUNNER_TOKEN',
    make: (r) => `${r.pick(['glrt-', 'GR1348941'])}${r.chars(B64URL, 20)}`,
  },
  {
    ruleId: RULE.gitlabOther,
    confidence: 'known',
    name: 'GITLAB_DEPLOY_TOKEN',
    make: (r) => `${r.pick(['gldt-', 'glptt-', 'glcbt-', 'glft-', 'gloas-'])}${r.chars(B64URL, 20)}`,
  },
  {
    ruleId: RULE.atlassian,
    confidence: 'known',
    name: 'JIRA_API_TOKEN',
    make: (r) => `ATATT3xFfGF0${r.chars(B64URL, 170)}=${r.chars('0123456789ABCDEF', 8, false)}`,
  },
  {
    ruleId: RULE.bitbucketCloud,
    confidence: 'known',
    name: 'BITBUCKET_APP_PASSWORD',
    make: (r) => `ATBB${r.chars(B62, 32)}`,
  },
  {
    ruleId: BITBUCKET_TOKEN_RULE,
    confidence: 'known',
    name: 'BITBUCKET_TOKEN',
    make: (r) => `BBDC-${r.chars(B64, 44)}`,
  },
  // CI and registries
  {
    ruleId: RULE.npm,
    confidence: 'known',
    name: 'NPM_TOKEN',
    make: (r) => withCrc('npm_', r),
    mutate: (v) => `${v.slice(0, -1)}${v.endsWith('A') ? 'B' : 'A'}`,
  },
  { ruleId: RULE.pypi, confidence: 'known', name: 'PYPI_TOKEN', make: pypiToken },
  {
    ruleId: RULE.dockerHub,
    confidence: 'known',
    name: 'DOCKERHUB_TOKEN',
    make: (r) => `dckr_pat_${r.chars(B64URL, 27)}`,
  },
  { ruleId: RULE.rubygems, confidence: 'known', name: 'GEM_HOST_API_KEY', make: (r) => `rubygems_${hex(r, 48)}` },
  {
    ruleId: RULE.nuget,
    confidence: 'known',
    name: 'NUGET_API_KEY',
    make: (r) => `oy2${r.chars(LOWER_ALNUM, 43, false)}`,
  },
  { ruleId: RULE.jfrog, confidence: 'known', name: 'ARTIFACTORY_API_KEY', make: (r) => `AKCp${r.chars(B62, 69)}` },
  {
    ruleId: RULE.circleci,
    confidence: 'known',
    name: 'CIRCLE_TOKEN',
    make: (r) => `CCIPAT_${r.chars(B62, 22)}_${hex(r, 40)}`,
  },
  { ruleId: RULE.buildkite, confidence: 'known', name: 'BUILDKITE_API_TOKEN', make: (r) => `bkua_${hex(r, 40)}` },
  {
    ruleId: RULE.sonar,
    confidence: 'known',
    name: 'SONAR_TOKEN',
    make: (r) => `${r.pick(['sqp_', 'squ_', 'sqa_'])}${hex(r, 40)}`,
  },
  {
    ruleId: RULE.terraform,
    confidence: 'known',
    name: 'TFE_TOKEN',
    make: (r) => `${r.chars(B62, 14)}.atlasv1.${r.chars(B64URL, 67)}`,
  },
  { ruleId: RULE.pulumi, confidence: 'known', name: 'PULUMI_ACCESS_TOKEN', make: (r) => `pul-${hex(r, 40)}` },
  {
    ruleId: RULE.vault,
    confidence: 'known',
    name: 'VAULT_TOKEN',
    make: (r) => `hvs.${r.chars(B64URL, r.int(24, 90))}`,
  },
  {
    ruleId: RULE.doppler,
    confidence: 'known',
    name: 'DOPPLER_TOKEN',
    make: (r) => `dp.${r.pick(['pt', 'st', 'sa'])}.${r.chars(B62, 43)}`,
  },
  {
    ruleId: RULE.age,
    confidence: 'known',
    name: 'SOPS_AGE_KEY',
    make: (r) => `AGE-SECRET-KEY-1${r.chars(BECH32_UPPER, 58, false)}`,
  },
  // Chat and mail
  {
    ruleId: RULE.slack,
    confidence: 'known',
    name: 'SLACK_BOT_TOKEN',
    make: (r) =>
      `${r.pick(['xoxb', 'xoxp'])}-${r.chars(DIGITS, 12, false)}-${r.chars(DIGITS, 13, false)}-${r.chars(B62, 24)}`,
  },
  {
    ruleId: RULE.slackWebhook,
    confidence: 'known',
    name: 'SLACK_WEBHOOK_URL',
    make: (r) =>
      `https://hooks.slack.com/services/T${r.chars(UPPER_ALNUM, 10)}/B${r.chars(UPPER_ALNUM, 10)}/${r.chars(B62, 24)}`,
  },
  { ruleId: RULE.discord, confidence: 'known', name: 'DISCORD_BOT_TOKEN', make: discordToken },
  {
    ruleId: RULE.discordWebhook,
    confidence: 'known',
    name: 'DISCORD_WEBHOOK',
    make: (r) => `https://discord.com/api/webhooks/${r.chars(DIGITS, 18, false)}/${r.chars(B64URL, 68)}`,
  },
  {
    ruleId: RULE.telegram,
    confidence: 'known',
    name: 'TELEGRAM_BOT_TOKEN',
    make: (r) => `${r.int(1, 9)}${r.chars(DIGITS, 9, false)}:AA${r.chars(B64URL, 33)}`,
  },
  {
    ruleId: RULE.teamsWebhook,
    confidence: 'known',
    name: 'TEAMS_WEBHOOK_URL',
    make: (r) =>
      `https://${r.chars('abcdefghijklmnopqrstuvwxyz', 8, false)}.webhook.office.com/webhookb2/${r.uuid()}@${r.uuid()}/IncomingWebhook/${hex(r, 32)}/${r.uuid()}`,
  },
  { ruleId: RULE.twilio, confidence: 'known', name: 'TWILIO_API_KEY', make: (r) => `SK${hex(r, 32)}` },
  {
    ruleId: RULE.sendgrid,
    confidence: 'known',
    name: 'SENDGRID_API_KEY',
    make: (r) => `SG.${r.chars(B64URL, 10)}-${r.chars(B64URL, 11)}.${r.chars(B64URL, 43)}`,
  },
  {
    ruleId: RULE.mailgun,
    confidence: 'known',
    name: 'MAILGUN_API_KEY',
    make: (r) => (r.next() < 0.5 ? `key-${hex(r, 32)}` : `${hex(r, 32)}-${hex(r, 8)}-${hex(r, 8)}`),
  },
  {
    ruleId: RULE.mailchimp,
    confidence: 'known',
    name: 'MAILCHIMP_API_KEY',
    make: (r) => `${hex(r, 32)}-us${r.int(1, 21)}`,
    mutate: (v) => v.replace('-us', '-eu'),
  },
  // Payments
  {
    ruleId: RULE.stripe,
    confidence: 'known',
    name: 'STRIPE_SECRET_KEY',
    make: (r) => `${r.pick(['sk_live_', 'rk_live_', 'sk_test_'])}${r.chars(B62, r.pick([24, 99]))}`,
  },
  {
    ruleId: RULE.stripeWebhook,
    confidence: 'known',
    name: 'STRIPE_WEBHOOK_SECRET',
    make: (r) => `whsec_${r.chars(B62, 32)}`,
  },
  {
    ruleId: RULE.square,
    confidence: 'known',
    name: 'SQUARE_ACCESS_TOKEN',
    make: (r) => (r.next() < 0.5 ? `EAAA${r.chars(B64URL, 60)}` : `sq0atp-${r.chars(B64URL, 22)}`),
  },
  {
    ruleId: RULE.braintree,
    confidence: 'known',
    name: 'BRAINTREE_ACCESS_TOKEN',
    make: (r) => `access_token$production$${r.chars(LOWER_ALNUM, 16, false)}$${hex(r, 32)}`,
  },
  {
    ruleId: RULE.shopify,
    confidence: 'known',
    name: 'SHOPIFY_ACCESS_TOKEN',
    make: (r) => `${r.pick(['shpat_', 'shpss_', 'shpca_'])}${hex(r, 32)}`,
  },
  // Observability
  { ruleId: RULE.datadog, confidence: 'known', name: 'DD_API_KEY', make: (r) => hex(r, 32) },
  {
    ruleId: RULE.newRelic,
    confidence: 'known',
    name: 'NEW_RELIC_API_KEY',
    make: (r) => `NRAK-${r.chars(UPPER_ALNUM, 27)}`,
  },
  { ruleId: RULE.sentry, confidence: 'known', name: 'SENTRY_AUTH_TOKEN', make: (r) => `sntryu_${hex(r, 64)}` },
  {
    ruleId: RULE.grafana,
    confidence: 'known',
    name: 'GRAFANA_SA_TOKEN',
    make: (r) => `glsa_${r.chars(B62, 32)}_${hex(r, 8)}`,
  },
  {
    ruleId: RULE.dynatrace,
    confidence: 'known',
    name: 'DT_API_TOKEN',
    make: (r) => `dt0c01.${r.chars(UPPER_ALNUM, 24)}.${r.chars(UPPER_ALNUM, 64)}`,
  },
  // AI providers
  {
    ruleId: RULE.openai,
    confidence: 'known',
    name: 'OPENAI_API_KEY',
    make: (r) => `sk-${r.pick(['proj-', 'svcacct-', ''])}${r.chars(B64URL, 74)}T3BlbkFJ${r.chars(B64URL, 74)}`,
  },
  {
    ruleId: RULE.anthropic,
    confidence: 'known',
    name: 'ANTHROPIC_API_KEY',
    make: (r) => `sk-ant-api03-${r.chars(B64URL, 93)}AA`,
  },
  { ruleId: RULE.huggingFace, confidence: 'known', name: 'HF_TOKEN', make: (r) => `hf_${r.chars(LETTERS, 34)}` },
  { ruleId: RULE.groq, confidence: 'known', name: 'GROQ_API_KEY', make: (r) => `gsk_${r.chars(B62, 52)}` },
  { ruleId: RULE.replicate, confidence: 'known', name: 'REPLICATE_API_TOKEN', make: (r) => `r8_${r.chars(B62, 37)}` },
  { ruleId: RULE.perplexity, confidence: 'known', name: 'PERPLEXITY_API_KEY', make: (r) => `pplx-${r.chars(B62, 48)}` },
  { ruleId: RULE.xai, confidence: 'known', name: 'XAI_API_KEY', make: (r) => `xai-${r.chars(B62, 80)}` },
  // Other services
  { ruleId: RULE.databricks, confidence: 'known', name: 'DATABRICKS_TOKEN', make: (r) => `dapi${hex(r, 32)}` },
  {
    ruleId: RULE.notion,
    confidence: 'known',
    name: 'NOTION_TOKEN',
    make: (r) => `ntn_${r.chars(DIGITS, 11, false)}${r.chars(B62, 35)}`,
  },
  {
    ruleId: RULE.postman,
    confidence: 'known',
    name: 'POSTMAN_API_KEY',
    make: (r) => `PMAK-${hex(r, 24)}-${hex(r, 34)}`,
  },
  {
    ruleId: RULE.airtable,
    confidence: 'known',
    name: 'AIRTABLE_TOKEN',
    make: (r) => `pat${r.chars(B62, 14)}.${hex(r, 64)}`,
  },
  { ruleId: RULE.figma, confidence: 'known', name: 'FIGMA_TOKEN', make: (r) => `figd_${r.chars(B64URL, 40)}` },
  { ruleId: RULE.supabase, confidence: 'known', name: 'SUPABASE_ACCESS_TOKEN', make: (r) => `sbp_${hex(r, 40)}` },
  {
    ruleId: RULE.planetscale,
    confidence: 'known',
    name: 'PLANETSCALE_PASSWORD',
    make: (r) => `pscale_pw_${r.chars(B64URL, 43)}`,
  },
  {
    ruleId: RULE.mapbox,
    confidence: 'known',
    name: 'MAPBOX_SECRET_TOKEN',
    make: (r) =>
      `sk.${base64url(`{"u":"${r.chars(LOWER_ALNUM, 8, false)}","a":"${r.chars(LOWER_ALNUM, 25, false)}"}`)}.${r.chars(B64URL, 22)}`,
  },
  {
    ruleId: RULE.twitter,
    confidence: 'known',
    name: 'TWITTER_BEARER_TOKEN',
    make: (r) => `${'A'.repeat(22)}${r.chars(`${B62}`, 90)}`,
    mutate: (v) => v.slice(1),
  },
  { ruleId: RULE.jwt, confidence: 'known', name: 'API_JWT', make: jwtOf },
  { ruleId: RULE.genericSecret, confidence: 'generic', name: 'DB_PASSWORD', make: (r) => r.password() },
  {
    ruleId: RULE.genericSecret,
    confidence: 'generic',
    name: 'CLIENT_SECRET',
    make: (r) => r.chars(B64URL, r.int(24, 40)),
  },
  { ruleId: RULE.genericSecret, confidence: 'generic', name: 'SMTP_PASS', make: (r) => r.password() },
  { ruleId: RULE.genericSecret, confidence: 'generic', name: 'INTERNAL_API_KEY', make: (r) => r.chars(B62, 32) },
];
