// The rules the scan brings itself, for the credentials of the services companies use, written
// from each kind's public format (prefix, length, alphabet, checksum; rules/*.ts), with Bitbucket's
// own tokens, passwords in URLs, and private keys of every PEM kind. The order matters where two
// rules find the same value: the first one names it, so the rules that know a format come before
// those that only know a name (a Bearer token, a `password=`), which come last.
import { bitbucketTokens } from './bitbucketTokens';
import { privateKeys } from './privateKeys';
import { AI_KINDS } from './rules/aiProviders';
import { CLOUD_KINDS } from './rules/cloud';
import { dockerAuth, kubeconfigKey, kubernetesSecret } from './rules/containers';
import { connectionStringPassword, jdbcPassword, netrcPassword } from './rules/databases';
import { genericSecret } from './rules/genericSecrets';
import { basicAuth, bearerToken, jwt } from './rules/http';
import { MESSAGING_KINDS } from './rules/messaging';
import { OBSERVABILITY_KINDS } from './rules/observability';
import { PAYMENT_KINDS } from './rules/payments';
import { REGISTRY_KINDS } from './rules/registries';
import { SERVICE_KINDS } from './rules/services';
import { SOURCE_HOST_KINDS } from './rules/sourceHosts';
import { tokenRule } from './rules/tokenRule';
import type { BuiltinRule } from './secretMatch';
import { urlPasswords } from './urlPasswords';

/** The kinds known by a format alone, each a tokenRule (exported for the tests that run each on adversarial input). */
export const TOKEN_KINDS = [
  ...CLOUD_KINDS,
  ...SOURCE_HOST_KINDS,
  ...REGISTRY_KINDS,
  ...MESSAGING_KINDS,
  ...PAYMENT_KINDS,
  ...OBSERVABILITY_KINDS,
  ...AI_KINDS,
  ...SERVICE_KINDS,
];

export const BUILTIN_RULES: readonly BuiltinRule[] = [
  bitbucketTokens,
  ...TOKEN_KINDS.map(tokenRule),
  privateKeys,
  kubeconfigKey,
  jwt,
  basicAuth,
  dockerAuth,
  kubernetesSecret,
  jdbcPassword,
  connectionStringPassword,
  netrcPassword,
  urlPasswords,
  bearerToken,
  genericSecret,
];
