// The ids of the scan's own rules: what findings and the allow-list name them by. A module of its
// own, so that naming them (ruleNames.ts, in the extension host) does not bring the rules along.

export const BITBUCKET_TOKEN_RULE = 'bitbucket-snippets/bitbucket-http-access-token';
export const URL_PASSWORD_RULE = 'bitbucket-snippets/url-password';
export const PRIVATE_KEY_RULE = 'bitbucket-snippets/private-key';
