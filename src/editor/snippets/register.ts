// Everything about snippets: the one snippet core, and the views that translate it (the
// explorer, snippet documents, comment threads) with their commands (all registered by
// registerCommands.ts). The core follows the signed-in account and learns from every answer who the
// user is; the views only listen to it.
// This module is the entry of the snippets bundle (dist/snippets.js, esbuild.js), which loads on
// first use; activation registers its view, schemes and commands (src/onDemand/snippets.ts).
import * as path from 'node:path';
import vscode = require('vscode');
import { showInfo } from '../ui/notify';
import { accountId, type Account } from '../../model/accounts/accounts';
import type { Session } from '../auth/session';
import { OFFLINE_CACHE_FOLDER, SETTINGS_SECTION, Schemes, Settings } from '../../util/constants';
import { setting } from '../settings/settings';
import type { Log } from '../../util/log';
import { CommentActions } from './comments/commands';
import { SnippetCommentThreads } from './comments/threads';
import { SnippetCompletionProvider } from './completion/provider';
import { LastSearch } from '../../model/snippets/search/lastSearch';
import type { SearchList } from '../../model/snippets/search/types';
import { clearCacheFolder } from '../../model/snippets/cache/cacheFile';
import { SnippetCache } from '../../model/snippets/cache/snippetCache';
import { SnippetService } from '../../model/snippets/service';
import { EXTENSION_SETTINGS } from '../../model/settings/settingsTable';
import { SecretGate } from '../secretScan/secretGate';
import { loadScanRunner } from '../../model/secretScan/gate/scanRunner';
import { snippetFileUri } from './uris';
import { SignedOutError } from '../../model/snippets/errors';
import { SnippetServices } from '../../model/snippets/snippetServices';
import { SnippetAccounts } from './snippetAccounts';
import { registerOfflineStatus } from './cache/offlineStatus';
import type { SearchDeps, SearchTarget } from './search/search';
import { registerSnippetCommands } from './registerCommands';
import { commandScope } from './context';
import { accountLabel } from '../../util/accountLabels';
import { SnippetDropProvider } from './dropIntoEditor';
import { BrowsedUsers } from './tree/browsedUsers';
import { createSnippetDocuments } from './documents';
import { ComparedTexts } from './compare/comparedTexts';
import { RecentEditors } from './recentEditors';
import { SnippetExplorer, type SnippetExplorerApi } from './tree/explorer';
import { createAgentTools, type AgentToolsApi } from '../agentTools/tools';
import { createMcpHost, type McpHostApi } from '../mcp/mcpHost';
import type { TreeNode } from '../../model/snippets/tree/nodes';
import { errorMessage } from '../../util/errorMessage';

// The test API's way to this bundle's prompts (src/onDemand/testingApi.ts): it requires this module
// as the stand-ins do, since a copy of the prompts inlined in its own bundle would be another module.
export { answerPromptsFrom } from '../ui/prompts';

export interface SnippetsFeature extends vscode.Disposable {
  service: SnippetService;
  explorer: SnippetExplorerApi;
  fileSystem: vscode.FileSystemProvider;
  serverVersions: vscode.TextDocumentContentProvider;
  /** The clipboard's or a selection's text beside a snippet file (Compare with…); activation registers its scheme. */
  comparedTexts: vscode.TextDocumentContentProvider;
  completion: vscode.CompletionItemProvider;
  /** Inserts a file dragged from the Snippets view into an editor; activation registers a stand-in. */
  dropIntoEditor: vscode.DocumentDropEditProvider;
  /** Opens what a vscode:// snippet link points at; activation's stand-in URI handler forwards here. */
  openLink(uri: vscode.Uri): Promise<vscode.TextEditor | undefined>;
  /** Deletes the offline cache of an account that signed out (activation's stand-in calls it). */
  forgetAccount(accountId: string): Promise<void>;
  /** The language model tools' work; activation registers their stand-ins (src/onDemand/agentTools.ts). */
  agentTools: AgentToolsApi;
  /** The MCP server's end in the extension host; activation registers the server's definition (src/onDemand/mcp.ts). */
  mcp: McpHostApi;
}

export interface SnippetsHost {
  session: Session;
  globalState: vscode.Memento;
  /** The workspace's state (context.workspaceState), where open snippet files' bases outlive the window. */
  workspaceState: vscode.Memento;
  /** The extension's global storage folder (context.globalStorageUri), where the offline cache lives. */
  storagePath: string;
  log: Log;
  /** The Snippets view, made at activation, connected to the explorer's provider. */
  createView(provider: vscode.TreeDataProvider<TreeNode>): vscode.TreeView<TreeNode>;
}

export function createSnippets({ session, globalState, workspaceState, storagePath, log, createView }: SnippetsHost): SnippetsFeature {
  const pageSize = () => setting(Settings.pageSize);
  const cacheDir = path.join(storagePath, OFFLINE_CACHE_FOLDER);
  const cacheLog = log.child('cache');
  const maxBytes = () => Math.max(0, setting(Settings.cacheMaxSizeMB)) * 1024 * 1024;
  // The pages a search keeps in memory for the next one stay within the offline cache's size (its
  // default when the cache is off, or every search would go back to the server).
  const keptPagesBytes = () => maxBytes() || EXTENSION_SETTINGS['cache.maxSizeMB'] * 1024 * 1024;
  const concurrentRequests = () => Math.min(16, Math.max(1, Math.floor(setting(Settings.concurrentPageRequests))));
  // One cache per server and account, named by the hash of the account's id; it reads its file on
  // first use of a list. One instance per account for the whole session, whichever service uses it:
  // a clear() waits for that instance's own write under way, so the last flush of an account the
  // view switched away from can never write the file back after its Sign Out deleted it.
  const caches = new Map<string, SnippetCache>();
  const cacheFor = (id: string): SnippetCache => {
    let cache = caches.get(id);
    if (!cache) {
      cache = new SnippetCache({ dir: cacheDir, key: id, maxBytes, log: cacheLog });
      caches.set(id, cache);
    }
    return cache;
  };
  const clearEveryCache = async (): Promise<void> => {
    await Promise.all([...caches.values()].map((cache) => cache.clear()));
    await clearCacheFolder(cacheDir);
  };
  const pagingLog = log.child('paging');
  const warn = (message: string) => pagingLog.warn(message);
  const asUser = (account: Account | undefined) => account && { username: account.username, userId: account.userId };
  // Every signed-in account has a service of its own, with its own client, identity and cache,
  // the default account's too; while none is signed in, the default service is an empty one.
  // The secret scan before any text of an account is sent, with its server's rules when it may read them.
  const secretGate = new SecretGate({
    log: log.child('secret scan'),
    listRules: (id, signal, list) => {
      const account = session.accountById(id);
      if (!account) throw new SignedOutError();
      return session.clientFor(account).allSecretScanningRules({ signal }, list);
    },
    runner: loadScanRunner,
    snippetFileUri,
    documentAccount: (uri): Account | undefined => accounts.ofUri(uri),
  });
  const signedOut = new SnippetService(() => undefined, pageSize, { warn });
  const services = new SnippetServices((id) => {
    const service = new SnippetService(() => {
      const account = session.accountById(id);
      return account && session.clientFor(account);
    }, pageSize, { cache: cacheFor(id), warn, checkOutgoing: secretGate.checkFor(() => session.accountById(id)), concurrentRequests, keptPagesBytes });
    service.reset(asUser(session.accountById(id)));
    return service;
  }, signedOut);
  const accounts = new SnippetAccounts(session, services);
  const documentAccounts = session.setDocumentAccounts((uri) => (uri.scheme === Schemes.snippet ? accounts.ofUri(uri) : undefined));
  // The session's last search, of every account: switching, adding or removing an account leaves the others' results.
  const lastSearch = new LastSearch();
  services.setDefault(session.account && accountId(session.account));
  const followAccounts = session.onDidChange((account) => {
    const signedIn = session.accounts().map(accountId);
    services.retain(signedIn);
    services.setDefault(account && accountId(account));
    if (signedIn.length === 0) lastSearch.clear();
    else lastSearch.retainAccounts(signedIn);
  });
  // Signing in again to an account that is signed in starts a new session of it: its lists are read afresh.
  const renewAccount = session.onDidSignIn((account) => {
    services.renew(accountId(account));
    secretGate.forget(accountId(account));
    // Its server's rules are read now, not at its first save.
    secretGate.prepareRules(account);
  });
  const forgetAccount = async (id: string): Promise<void> => {
    await cacheFor(id).clear();
    cacheLog.info('the offline cache of an account that signed out was deleted');
  };
  const clearOfflineCache = async (): Promise<void> => {
    await clearEveryCache();
    cacheLog.info('the offline cache was cleared');
    void showInfo(vscode.l10n.t('The offline cache was cleared. Lists and files will be fetched from the server again when needed.'));
  };
  const followSize = vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(`${SETTINGS_SECTION}.${Settings.cacheMaxSizeMB}`) || maxBytes() > 0) return;
    // Off means nothing stays on disk, for any account.
    void clearEveryCache().catch((err: unknown) => cacheLog.warn(`the offline cache could not be deleted: ${errorMessage(err)}`));
  });
  const hearUser = session.onDidHearAccountUser(({ account, user }) => services.existing(accountId(account))?.learnCurrentUser(user.id, user.name));

  const explorer = new SnippetExplorer(session, services, lastSearch, accounts, globalState, log.child('tree'), createView);
  const actions = new CommentActions(accounts, log.child('comments'));
  const threads = new SnippetCommentThreads(accounts, actions);
  const scope = commandScope(accounts, log.child('commands'), (guid) => explorer.reveal(guid));
  const documents = createSnippetDocuments(accounts, log, scope, workspaceState);
  const completion = new SnippetCompletionProvider(accounts);
  const browsedUsers = new BrowsedUsers(globalState);
  const comparedTexts = new ComparedTexts();
  const recentEditors = new RecentEditors();
  const commandDeps = {
    session,
    get service() {
      return services.defaultService;
    },
    log: log.child('search'),
    reveal: (guid: string) => explorer.reveal(guid),
  };
  const searchDeps: SearchDeps = {
    ...commandDeps,
    get service() {
      return services.defaultService;
    },
    lastSearch,
    targets: (onlyAccountId?: string): SearchTarget[] => {
      const all = session.accounts();
      const first = session.account;
      // The default account first: its results come first when both answer at once.
      const ordered = first ? [first, ...all.filter((a) => accountId(a) !== accountId(first))] : all;
      return ordered
        .filter((account) => onlyAccountId === undefined || accountId(account) === onlyAccountId)
        .map((account): SearchTarget => {
          const id = accountId(account);
          const service = services.forAccount(id);
          return {
            accountId: id,
            search: service.search,
            lists: ['mine', 'starred', 'browse', ...browsedUsers.list(id).map((u) => `user:${u}` as const)] as SearchList[],
            deps: { ...commandDeps, account, service },
            label: all.length > 1 ? accountLabel(account, all) : undefined,
          };
        });
    },
  };
  const disposable = vscode.Disposable.from(
    documentAccounts,
    followAccounts,
    renewAccount,
    hearUser,
    followSize,
    registerOfflineStatus(session, () => services.madeDefaultService, (listener) => services.onDidMake(listener)),
    explorer,
    threads,
    documents.disposable,
    completion,
    comparedTexts,
    recentEditors,
    registerSnippetCommands({
      accounts,
      scope,
      explorer,
      comments: actions,
      threads,
      search: searchDeps,
      fileSystem: documents.fileSystem,
      clearOfflineCache,
      compare: { accounts, scope, lastSearch, recent: recentEditors, texts: comparedTexts },
    }),
  );
  const mcp = createMcpHost({ session, scope, log: log.child('mcp') });
  return {
    get service() {
      return services.defaultService;
    },
    explorer,
    fileSystem: documents.fileSystem,
    serverVersions: documents.serverVersions,
    comparedTexts,
    completion,
    dropIntoEditor: new SnippetDropProvider(searchDeps, (id) => {
      if (id === undefined) return services.defaultService;
      const account = session.accountById(id);
      return account && accounts.service(account);
    }),
    openLink: documents.openLink,
    forgetAccount,
    agentTools: createAgentTools({ session, scope, log: log.child('agentTools') }),
    mcp,
    dispose: () => {
      disposable.dispose();
      mcp.dispose();
      // Writes what the caches still hold in memory; the editor waits for deactivation only briefly.
      services.retain([]);
      void signedOut.dispose();
      secretGate.dispose();
    },
  };
}
