// Every identifier the extension shares with package.json lives here, so a rename touches one place.
export const EXTENSION_ID = 'bitbucket-snippets.bitbucket-snippets';

/**
 * A command's id: the extension's prefix and its name. The table below loads at activation (the
 * stand-ins register every command), so the prefix is written once rather than in every entry.
 */
const command = <Name extends string>(name: Name): `bitbucketSnippets.${Name}` => `bitbucketSnippets.${name}`;

export const Commands = {
  signIn: command('signIn'),
  signOut: command('signOut'),
  switchAccount: command('switchAccount'),
  // Snippet explorer (src/editor/snippets/tree/)
  refreshExplorer: command('refreshExplorer'),
  refreshList: command('refreshList'),
  loadMore: command('loadMore'),
  sortByName: command('sortByName'),
  sortByUpdated: command('sortByUpdated'),
  filterSnippets: command('filterSnippets'),
  clearFilter: command('clearFilter'),
  browseUser: command('browseUser'),
  removeBrowsedUser: command('removeBrowsedUser'),
  revealActiveSnippet: command('revealActiveSnippet'),
  // Search Snippets… (src/editor/snippets/commands/search.ts, core/search/) and its root in the view
  searchSnippets: command('searchSnippets'),
  searchAccount: command('searchAccount'),
  clearSearchResults: command('clearSearchResults'),
  // Comments (src/editor/snippets/comments/)
  addComment: command('addComment'),
  editComment: command('editComment'),
  deleteComment: command('deleteComment'),
  replyToSnippet: command('replyToSnippet'),
  // Snippet documents and the create / edit / use commands (src/editor/snippets/fs/, src/editor/snippets/commands/)
  openFile: command('openFile'),
  compareWithServer: command('compareWithServer'),
  overwriteServerVersion: command('overwriteServerVersion'),
  newSnippet: command('newSnippet'),
  createFromSelection: command('createFromSelection'),
  createFromFile: command('createFromFile'),
  createFromClipboard: command('createFromClipboard'),
  editSnippetDetails: command('editSnippetDetails'),
  addFile: command('addFile'),
  renameFile: command('renameFile'),
  deleteFile: command('deleteFile'),
  deleteSnippet: command('deleteSnippet'),
  insertFile: command('insertFile'),
  copyFileContent: command('copyFileContent'),
  copySnippetGuid: command('copySnippetGuid'),
  /** A snippet file to the terminal (src/editor/snippets/commands/terminal.ts, rules in src/model/terminal/). */
  pasteInTerminal: command('pasteInTerminal'),
  runInTerminal: command('runInTerminal'),
  openInBrowser: command('openInBrowser'),
  copyLink: command('copyLink'),
  copyVsCodeLink: command('copyVsCodeLink'),
  exportSnippets: command('exportSnippets'),
  copyToMySnippets: command('copyToMySnippets'),
  // Compare with… (a snippet file beside a local text) and Compare with Snippet… (src/editor/snippets/commands/compare.ts)
  compareWith: command('compareWith'),
  compareWithSnippet: command('compareWithSnippet'),
  /** Empties the persistent read cache of every account (src/model/snippets/cache/). */
  clearOfflineCache: command('clearOfflineCache'),
  // Repository settings panel and hook settings documents (src/editor/settingsPanel/, src/editor/hooks/)
  openRepositorySettings: command('openRepositorySettings'),
  openOtherRepositorySettings: command('openOtherRepositorySettings'),
  /** The "Overwrite" and "Compare" choices of a hook settings save conflict; take the document's URI. */
  overwriteHookSettings: command('overwriteHookSettings'),
  compareHookSettings: command('compareHookSettings'),
  // Connection check (src/model/connectionCheck/)
  checkConnection: command('checkConnection'),
} as const;

/** Commands of the sign-in bundle (dist/signIn.js): the flows and their messages load on first use. */
export const SIGN_IN_COMMANDS: readonly string[] = [Commands.signIn, Commands.signOut, Commands.switchAccount];

/** Commands of the repository settings bundle (dist/repositorySettings.js), which loads on first use. */
export const REPOSITORY_SETTINGS_COMMANDS: readonly string[] = [
  Commands.openRepositorySettings,
  Commands.openOtherRepositorySettings,
  Commands.compareHookSettings,
  Commands.overwriteHookSettings,
];

/** Commands of the connection check bundle (dist/connectionCheck.js), which loads on first use. */
export const CONNECTION_CHECK_COMMANDS: readonly string[] = [Commands.checkConnection];

/** Every other command belongs to the snippets bundle (dist/snippets.js), which loads on first use. */
export const SNIPPET_COMMANDS: readonly string[] = Object.values(Commands).filter(
  (id) => !SIGN_IN_COMMANDS.includes(id) && !REPOSITORY_SETTINGS_COMMANDS.includes(id) && !CONNECTION_CHECK_COMMANDS.includes(id),
);


export const ContextKeys = {
  signedIn: 'bitbucketSnippets:signedIn',
  /** `updated` or `name`: which of the two sort buttons the explorer shows. */
  sortOrder: 'bitbucketSnippets:sortOrder',
  filterActive: 'bitbucketSnippets:filterActive',
  /** Set once a snippet file was saved to the server: completes the walkthrough's "edit a file" step. */
  snippetFileSaved: 'bitbucketSnippets:snippetFileSaved',
} as const;

export const Views = {
  container: 'bitbucketSnippets',
  explorer: 'bitbucketSnippets.explorer',
} as const;

/** Drag and drop: the Snippets view's own mime type (VS Code's pattern, the view id lower-cased) and what it takes. */
export const Mimes = {
  explorerRows: `application/vnd.code.tree.${Views.explorer.toLowerCase()}`,
  uriList: 'text/uri-list',
  /** VS Code's name for files dropped from outside it (each item's asFile()), whatever their type. */
  files: 'files',
} as const;
export const EXPLORER_DRAG_MIMES: readonly string[] = [Mimes.explorerRows, Mimes.uriList];
export const EXPLORER_DROP_MIMES: readonly string[] = [Mimes.explorerRows, Mimes.uriList, Mimes.files];

/** Keys of what the extension keeps in global state (never secrets; those live in SecretStorage). */
export const StateKeys = {
  accounts: 'bitbucketSnippets.accounts',
  activeAccount: 'bitbucketSnippets.activeAccount',
  browsedUsers: 'bitbucketSnippets.browsedUsers',
  /** The repositories the settings panel opened lately, per server. */
  recentRepositories: 'bitbucketSnippets.settingsPanel.recentRepositories',
  /** Pages' "publish new branches / new tags" values as the server last told them. */
  pagesForNewRefs: 'bitbucketSnippets.settingsPanel.pagesForNewRefs',
  /** Set when the "Get started" walkthrough was opened by itself, so it never opens on its own again. */
  walkthroughShown: 'bitbucketSnippets.walkthroughShown',
} as const;

/**
 * Keys of the workspace's state (never synced, kept per workspace): what the open documents of
 * server files were loaded from, so that editors restored with unsaved text save against it.
 */
export const WorkspaceStateKeys = {
  snippetFileBases: 'bitbucketSnippets.documentBases.snippetFiles',
  hookSettingsBases: 'bitbucketSnippets.documentBases.hookSettings',
} as const;

/** The walkthrough of package.json's contributes.walkthroughs, as workbench.action.openWalkthrough names it. */
export const WALKTHROUGH_ID = 'bitbucketSnippets.gettingStarted';
export const QUALIFIED_WALKTHROUGH_ID = `${EXTENSION_ID}#${WALKTHROUGH_ID}`;

/** Ids of the things the extension creates: VS Code shows some of them (and keeps per-id state). */
export const Ids = {
  statusBarItem: 'bitbucketSnippets.account',
  /** Shown only while the server does not answer: "offline (cached …)". */
  offlineStatusBarItem: 'bitbucketSnippets.offline',
  commentController: 'bitbucketSnippets.comments',
  settingsWebview: 'bitbucketSnippets.repositorySettings',
  hookDiagnostics: 'bitbucket-hook-settings',
} as const;

/** The folder of the offline read cache in the extension's global storage: one file per server and account. */
export const OFFLINE_CACHE_FOLDER = 'snippet-cache';

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
  /** The largest response body the client reads, in MB. */
  maxResponseSizeMB: 'maxResponseSizeMB',
  completionEnabled: 'completion.enabled',
  completionLists: 'completion.lists',
  completionCategories: 'completion.categories',
  snippetSyntaxCategory: 'snippetSyntaxCategory',
  /** Run in Terminal asks before running the user's own snippets too (machine scope: no workspace turns it off). */
  confirmRunningOwnSnippets: 'terminal.confirmRunningOwnSnippets',
  followActiveEditor: 'followActiveEditor',
  /** The snippet's web page, with `{server}` and `{guid}` (src/model/snippets/links.ts). */
  snippetUrlTemplate: 'snippetUrlTemplate',
  /** The bound of each account's offline read cache, in MB; 0 turns it off. */
  cacheMaxSizeMB: 'cache.maxSizeMB',
  clientCertificate: 'clientCertificate',
  /** Per-server overrides of the connection settings, keyed by server URL. */
  servers: 'servers',
} as const;

export const Schemes = {
  snippet: 'bitbucket-snippet',
  /** Read-only: a snippet file as the server has it, the left side of a conflict's Compare. */
  snippetOnServer: 'bitbucket-snippet-server',
  /** Read-only: the clipboard's or a selection's text that Compare with… set beside a snippet file. */
  comparedText: 'bitbucket-snippet-compared',
  hook: 'bitbucket-hook',
} as const;
