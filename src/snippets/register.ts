// Everything about snippets: the one snippet core, and the views that translate it (the
// explorer, snippet documents, comment threads) with their commands. The core follows the
// signed-in account and learns from every answer who the user is; the views only listen to it.
// This module is the entry of the snippets bundle (dist/snippets.js, esbuild.js), which loads on
// first use; activation registers its view, schemes and commands (src/onDemand/snippets.ts).
import * as path from 'node:path';
import vscode = require('vscode');
import { showInfo } from '../ui/notify';
import { accountId, type Account } from '../auth/accounts';
import type { Session } from '../auth/session';
import { Commands, OFFLINE_CACHE_FOLDER, SETTINGS_SECTION, Schemes, Settings } from '../constants';
import { enableScriptedAnswers, type ScriptedAnswers } from '../ui/prompts';
import type { Log } from '../util/log';
import { CommentActions, registerCommentCommands } from './comments/commands';
import { SnippetCommentThreads } from './comments/threads';
import { SnippetCompletionProvider } from './completion/provider';
import type { SearchList } from './core/search/search';
import { SnippetCache, clearCacheFolder } from './core/cache/snippetCache';
import { SnippetService } from './core/service';
import { SnippetServices } from './core/services';
import { SnippetAccounts } from './accounts';
import { registerOfflineStatus } from './offlineStatus';
import { searchSnippets, type SearchTarget } from './commands/search';
import { accountLabel } from '../util/accountLabels';
import { SnippetDropProvider } from './commands/dropIntoEditor';
import { BrowsedUsers } from './tree/browsedUsers';
import { createSnippetDocuments } from './documents';
import { SnippetExplorer, type SnippetExplorerApi } from './tree/explorer';
import type { TreeNode } from './tree/nodes';

export interface SnippetsFeature extends vscode.Disposable {
  service: SnippetService;
  explorer: SnippetExplorerApi;
  fileSystem: vscode.FileSystemProvider;
  serverVersions: vscode.TextDocumentContentProvider;
  completion: vscode.CompletionItemProvider;
  /** Inserts a file dragged from the Snippets view into an editor; activation registers a stand-in. */
  dropIntoEditor: vscode.DocumentDropEditProvider;
  /** Opens what a vscode:// snippet link points at; activation's stand-in URI handler forwards here. */
  openLink(uri: vscode.Uri): Promise<vscode.TextEditor | undefined>;
  /** Only in Test and Development mode: answers queued for this bundle's confirmations and input boxes. */
  scriptedAnswers: ScriptedAnswers | undefined;
  /** Deletes the offline cache of an account that signed out (activation's stand-in calls it). */
  forgetAccount(key: string): Promise<void>;
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
  /** Whether tests may queue answers to prompts (never in an installed extension). */
  scriptedAnswers: boolean;
}

export function createSnippets({ session, globalState, workspaceState, storagePath, log, createView, scriptedAnswers }: SnippetsHost): SnippetsFeature {
  const pageSize = () => vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(Settings.pageSize, 25);
  const cacheDir = path.join(storagePath, OFFLINE_CACHE_FOLDER);
  const cacheLog = log.child('cache');
  const maxBytes = () => Math.max(0, vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(Settings.cacheMaxSizeMB, 32)) * 1024 * 1024;
  // One cache per server and account, named by the hash of the account's key; it reads its file on
  // first use of a list. One instance per account for the whole session, whichever service uses it:
  // a clear() waits for that instance's own write under way, so the last flush of an account the
  // view switched away from can never write the file back after its Sign Out deleted it.
  const caches = new Map<string, SnippetCache>();
  const cacheFor = (key: string | undefined): SnippetCache | undefined => {
    if (!key) return undefined;
    let cache = caches.get(key);
    if (!cache) {
      cache = new SnippetCache({ dir: cacheDir, key, maxBytes, log: cacheLog });
      caches.set(key, cache);
    }
    return cache;
  };
  const clearEveryCache = async (): Promise<void> => {
    await Promise.all([...caches.values()].map((cache) => cache.clear()));
    await clearCacheFolder(cacheDir);
  };
  let accountKey = session.account ? accountId(session.account) : undefined;
  const pagingLog = log.child('paging');
  const warn = (message: string) => pagingLog.warn(message);
  const service = new SnippetService(() => session.client, pageSize, { cache: cacheFor(accountKey), warn });
  const asUser = (account: Account | undefined) => account && { username: account.username, userId: account.userId };
  // Every other signed-in account gets a service of its own, with its own client and identity.
  const services = new SnippetServices(service, (key) => {
    const other = new SnippetService(() => {
      const account = session.accountById(key);
      return account && session.clientFor(account);
    }, pageSize, { cache: cacheFor(key), warn });
    other.reset(asUser(session.accountById(key)));
    return other;
  });
  const accounts = new SnippetAccounts(session, services);
  const documentAccounts = session.setDocumentAccounts((uri) => (uri.scheme === Schemes.snippet ? accounts.ofUri(uri) : undefined));
  service.reset(asUser(session.account));
  services.setDefault(accountKey);
  const followAccount = session.onDidChange((account) => {
    services.retain(session.accounts().map(accountId));
    const key = account ? accountId(account) : undefined;
    // A connection setting changed, or another account signed in or out: the default's lists stay.
    if (key === accountKey) return;
    accountKey = key;
    services.setDefault(key);
    service.useCache(cacheFor(key));
    service.reset(asUser(account));
  });
  const forgetAccount = async (key: string): Promise<void> => {
    await cacheFor(key)?.clear();
    cacheLog.info('the offline cache of an account that signed out was deleted');
  };
  const clearAll = vscode.commands.registerCommand(Commands.clearOfflineCache, async () => {
    await clearEveryCache();
    cacheLog.info('the offline cache was cleared');
    void showInfo(vscode.l10n.t('The offline cache was cleared. Lists and files will be fetched from the server again when needed.'));
  });
  const followSize = vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(`${SETTINGS_SECTION}.${Settings.cacheMaxSizeMB}`) || maxBytes() > 0) return;
    // Off means nothing stays on disk, for any account.
    void clearEveryCache().catch((err: unknown) => cacheLog.warn(`the offline cache could not be deleted: ${err instanceof Error ? err.message : String(err)}`));
  });
  const hearUser = session.onDidHearAccountUser(({ account, user }) => services.existing(accountId(account))?.learnCurrentUser(user.id, user.name));

  const explorer = new SnippetExplorer(session, service, service.search.last, accounts, globalState, log.child('tree'), createView);
  const actions = new CommentActions(accounts, log.child('comments'));
  const threads = new SnippetCommentThreads(accounts, actions);
  const documents = createSnippetDocuments(accounts, log, (guid) => explorer.reveal(guid), workspaceState);
  const completion = new SnippetCompletionProvider(accounts);
  const browsedUsers = new BrowsedUsers(globalState);
  const searchDeps = {
    session,
    service,
    log: log.child('search'),
    reveal: (guid: string) => explorer.reveal(guid),
    targets: (onlyAccountId?: string): SearchTarget[] => {
      const all = session.accounts();
      const defaultKey = session.account ? accountId(session.account) : undefined;
      return all
        .filter((account) => onlyAccountId === undefined || accountId(account) === onlyAccountId)
        .map((account): SearchTarget => {
          const key = accountId(account);
          const isDefault = key === defaultKey;
          const accountService = isDefault ? service : accounts.service(account);
          return {
            accountId: isDefault ? undefined : key,
            search: accountService.search,
            lists: ['mine', 'starred', 'browse', ...browsedUsers.list(key).map((u) => `user:${u}` as const)] as SearchList[],
            deps: isDefault ? searchDeps : { ...searchDeps, account, service: accountService },
            label: all.length > 1 ? accountLabel(account, all) : undefined,
          };
        })
        // The default account first: its results come first when both answer at once.
        .sort((a, b) => Number(a.accountId !== undefined) - Number(b.accountId !== undefined));
    },
  };
  const searchCommand = vscode.commands.registerCommand(Commands.searchSnippets, (query?: unknown) => searchSnippets(searchDeps, typeof query === 'string' ? query : undefined));
  // From an account root (or with its id): only that account's lists.
  const searchAccountCommand = vscode.commands.registerCommand(Commands.searchAccount, (row?: unknown, query?: unknown) => {
    const account = accounts.ofArgument(row, false);
    return searchSnippets(searchDeps, typeof query === 'string' ? query : undefined, account && accountId(account));
  });
  const disposable = vscode.Disposable.from(
    documentAccounts,
    followAccount,
    hearUser,
    clearAll,
    followSize,
    registerOfflineStatus(service),
    explorer,
    searchCommand,
    searchAccountCommand,
    registerCommentCommands(actions),
    threads,
    documents.disposable,
    completion,
  );
  return {
    service,
    explorer,
    fileSystem: documents.fileSystem,
    serverVersions: documents.serverVersions,
    completion,
    dropIntoEditor: new SnippetDropProvider(searchDeps, (id) => {
      if (id === undefined) return service;
      const account = session.accountById(id);
      return account && accounts.service(account);
    }),
    openLink: documents.openLink,
    scriptedAnswers: scriptedAnswers ? enableScriptedAnswers() : undefined,
    forgetAccount,
    dispose: () => {
      disposable.dispose();
      // Writes what the cache still holds in memory; the editor waits for deactivation only briefly.
      void service.dispose();
    },
  };
}
