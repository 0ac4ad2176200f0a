// Every identifier the extension shares with package.json lives here, so a rename touches one place.
export const EXTENSION_ID = 'bitbucket-snippets.bitbucket-snippets';

/**
 * The commands' names. Each command's id is the extension's prefix and its name (`Commands.signIn`
 * is `bitbucketSnippets.signIn`). This list loads at activation (the stand-ins register every
 * command), so each name is written once rather than as a key and again in its id.
 */
const COMMAND_NAMES = [
  'signIn',
  'signOut',
  'switchAccount',
  // Snippet explorer (src/editor/snippets/tree/)
  'refreshExplorer',
  'refreshList',
  'loadMore',
  'sortByName',
  'sortByUpdated',
  'filterSnippets',
  'clearFilter',
  'browseUser',
  'removeBrowsedUser',
  'revealActiveSnippet',
  // Search Snippets… (src/editor/snippets/search/search.ts, core/search/) and its root in the view
  'searchSnippets',
  'searchAccount',
  'clearSearchResults',
  // Comments (src/editor/snippets/comments/)
  'addComment',
  'editComment',
  'deleteComment',
  'replyToSnippet',
  // Snippet documents and the create / edit / use commands (src/editor/snippets/files/, src/editor/snippets/)
  'openFile',
  'compareWithServer',
  'overwriteServerVersion',
  'newSnippet',
  'createFromSelection',
  'createFromFile',
  'createFromClipboard',
  'editSnippetDetails',
  'addFile',
  'renameFile',
  'deleteFile',
  'deleteSnippet',
  'insertFile',
  'copyFileContent',
  'copySnippetGuid',
  // A snippet file to the terminal (src/editor/terminal/terminal.ts, rules in src/model/terminal/).
  'pasteInTerminal',
  'runInTerminal',
  'openInBrowser',
  'copyLink',
  'copyVsCodeLink',
  'exportSnippets',
  'copyToMySnippets',
  // Compare with… (a snippet file beside a local text) and Compare with Snippet… (src/editor/snippets/compare/compare.ts)
  'compareWith',
  'compareWithSnippet',
  // Patch snippets (src/editor/patches/, the patch core in src/model/patches/)
  'savePatchAsSnippet',
  'previewPatch',
  'applyPatch',
  'revertPatch',
  // Empties the persistent read cache of every account (src/model/snippets/cache/).
  'clearOfflineCache',
  // Repository settings panel and hook settings documents (src/editor/settingsPanel/, src/editor/hooks/)
  'openRepositorySettings',
  'openOtherRepositorySettings',
  // The "Overwrite" and "Compare" choices of a hook settings save conflict; take the document's URI.
  'overwriteHookSettings',
  'compareHookSettings',
  // Connection check (src/model/connectionCheck/)
  'checkConnection',
] as const;

type CommandName = (typeof COMMAND_NAMES)[number];

export const Commands = Object.fromEntries(COMMAND_NAMES.map((name) => [name, `bitbucketSnippets.${name}`])) as {
  readonly [Name in CommandName]: `bitbucketSnippets.${Name}`;
};

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
  (id) =>
    !SIGN_IN_COMMANDS.includes(id) &&
    !REPOSITORY_SETTINGS_COMMANDS.includes(id) &&
    !CONNECTION_CHECK_COMMANDS.includes(id),
);

/** The language model tools chat agents call (package.json contributes.languageModelTools; src/editor/agentTools/). */
export const AgentTools = {
  search: 'bitbucketSnippets_search',
  readFile: 'bitbucketSnippets_readFile',
  listCategories: 'bitbucketSnippets_listCategories',
  listCategory: 'bitbucketSnippets_listCategory',
  save: 'bitbucketSnippets_save',
} as const;

export type AgentToolName = (typeof AgentTools)[keyof typeof AgentTools];

export const ContextKeys = {
  signedIn: 'bitbucketSnippets:signedIn',
  /** The values of bitbucketSnippets.agentTools.enabled that offer the language model tools: `[true]` signed in, `[]` not (src/onDemand/agentTools.ts says why). */
  agentToolsEnabledValues: 'bitbucketSnippets:agentToolsEnabledValues',
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
  /** The snippet's web page, with `{server}` and `{guid}` (src/model/snippets/links/links.ts). */
  snippetUrlTemplate: 'snippetUrlTemplate',
  /** The bound of each account's offline read cache, in MB; 0 turns it off. */
  cacheMaxSizeMB: 'cache.maxSizeMB',
  /** Chat agents may use the language model tools (machine scope). */
  agentToolsEnabled: 'agentTools.enabled',
  /** Which lists the tools may read (machine scope). */
  agentToolsLists: 'agentTools.lists',
  /** The MCP server is offered to the editor's agents (machine scope; src/onDemand/mcp.ts). */
  mcpEnabled: 'mcp.enabled',
  /** The MCP server offers no write tool (machine scope). */
  mcpReadOnly: 'mcp.readOnly',
  /** The category whose snippets the MCP server offers as prompts. */
  mcpPromptCategory: 'mcp.promptCategory',
  /** Pages of a list Search Snippets and Export ask the server for at once, per account. */
  concurrentPageRequests: 'concurrentPageRequests',
  /**
   * `warn` (scan text for secrets before it is sent) or `off`; machine scope. Neither scan
   * setting's name extends another's: VS Code drops a setting whose name extends one with a value
   * that is not an object (`secretScanning` = `warn` hid `secretScanning.ignoredRules`).
   */
  secretScanMode: 'secretScan.mode',
  /** Rule ids the secret scan skips, as the user decided; machine scope. */
  secretScanIgnoredRules: 'secretScan.ignoredRules',
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
