// Bitbucket Data Center's HTTP access tokens (personal, project and repository tokens). Since
// Bitbucket 8.x they start with `BBDC-` and 44 base64 characters, which nothing else looks like.
// Earlier versions issued the 44 characters alone: a form any base64 text can take, so it counts
// only where it is used as a token: after `Bearer`, `x-token-auth:` (git URLs), `Authorization`
// or a name with `token` in it (`BITBUCKET_TOKEN=`, `"token": "`). The name's rest is bounded, so
// that a run of `tokentoken…` is not read again from each of its `token`s.
import { matchesOf, type BuiltinRule } from './secretMatch';
import { BITBUCKET_TOKEN_RULE } from './ruleIds';
import { isPlaceholder } from './rules/placeholders';
import { mayHold } from './rules/tokenRule';

const PREFIXED = /(?<![A-Za-z0-9_])BBDC-[A-Za-z0-9+/]{44}(?![A-Za-z0-9+/=])/g;

const UNPREFIXED_IN_CONTEXT =
  /(?:\bbearer\s+|\bx-token-auth:|token[a-z_-]{0,40}["']?\s*[:=]\s*["']?|\bauthorization["']?\s*[:=]\s*["']?)(?<![A-Za-z0-9+/])([A-Za-z0-9+/]{44})(?![A-Za-z0-9+/=])/dgi;

/** Random base64 of that length mixes cases and digits; a word, a hex id or a row of one letter does not. */
const looksRandom = (value: string): boolean => /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value);

export const bitbucketTokens: BuiltinRule = {
  id: BITBUCKET_TOKEN_RULE,
  confidence: 'known',
  // Each expression only on a text with its words (`x-token-auth:` has `token`).
  find: (text) => [
    ...(mayHold(text, ['BBDC-'], undefined)
      ? matchesOf(BITBUCKET_TOKEN_RULE, PREFIXED, text, 0, (token) => !isPlaceholder(token.slice('BBDC-'.length)))
      : []),
    ...(mayHold(text, undefined, ['bearer', 'token', 'authorization'])
      ? matchesOf(BITBUCKET_TOKEN_RULE, UNPREFIXED_IN_CONTEXT, text, 1, looksRandom)
      : []),
  ],
};
