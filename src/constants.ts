// Every identifier the extension shares with package.json lives here, so a rename touches one place.
export const EXTENSION_ID = 'bitbucket-snippets.bitbucket-snippets';

export const Commands = {
  signIn: 'bitbucketSnippets.signIn',
  signOut: 'bitbucketSnippets.signOut',
  switchAccount: 'bitbucketSnippets.switchAccount',
} as const;

export const ContextKeys = {
  signedIn: 'bitbucketSnippets:signedIn',
} as const;

export const Views = {
  container: 'bitbucketSnippets',
  explorer: 'bitbucketSnippets.explorer',
} as const;

export const SETTINGS_SECTION = 'bitbucketSnippets';

export const Settings = {
  serverUrl: 'serverUrl',
  caFiles: 'caFiles',
  pageSize: 'pageSize',
  sortOrder: 'sortOrder',
  snippetsRestPrefix: 'snippetsRestPrefix',
  pagesRestPrefix: 'pagesRestPrefix',
  preReceiveHookKey: 'preReceiveHookKey',
  mergeCheckHookKey: 'mergeCheckHookKey',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
} as const;

export const Schemes = {
  snippet: 'bitbucket-snippet',
  hook: 'bitbucket-hook',
} as const;
