// Every identifier the extension shares with package.json lives here, so a rename touches one place.
export const EXTENSION_ID = 'bitbucket-snippets.bitbucket-snippets';

export const Commands = {
  signIn: 'bitbucketSnippets.signIn',
  signOut: 'bitbucketSnippets.signOut',
  switchAccount: 'bitbucketSnippets.switchAccount',
  // Snippet explorer (src/snippets/tree/)
  refreshExplorer: 'bitbucketSnippets.refreshExplorer',
  refreshList: 'bitbucketSnippets.refreshList',
  loadMore: 'bitbucketSnippets.loadMore',
  sortByName: 'bitbucketSnippets.sortByName',
  sortByUpdated: 'bitbucketSnippets.sortByUpdated',
  filterSnippets: 'bitbucketSnippets.filterSnippets',
  clearFilter: 'bitbucketSnippets.clearFilter',
  browseUser: 'bitbucketSnippets.browseUser',
  removeBrowsedUser: 'bitbucketSnippets.removeBrowsedUser',
  // Comments (src/snippets/comments/)
  addComment: 'bitbucketSnippets.addComment',
  editComment: 'bitbucketSnippets.editComment',
  deleteComment: 'bitbucketSnippets.deleteComment',
  replyToSnippet: 'bitbucketSnippets.replyToSnippet',
} as const;

export const ContextKeys = {
  signedIn: 'bitbucketSnippets:signedIn',
  /** `updated` or `name`: which of the two sort buttons the explorer shows. */
  sortOrder: 'bitbucketSnippets:sortOrder',
  filterActive: 'bitbucketSnippets:filterActive',
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
