// Builds the snippets bundle's one context (src/editor/snippets/context.ts) once: an offline cache
// per account, the secret gate, a snippet service per signed-in account that follows the session,
// the last search, and the scope of the current account. The features take what they need from it
// (./bundle.ts calls each one's register).
import * as path from 'node:path';
import vscode = require('vscode');
import { accountId, type Account } from '../../model/accounts/accounts';
import { EXTENSION_SETTINGS } from '../../model/settings/settingsTable';
import { loadScanRunner } from '../../model/secretScan/gate/scanRunner';
import { clearCacheFolder } from '../../model/snippets/cache/cacheFile';
import { SnippetCache } from '../../model/snippets/cache/snippetCache';
import { SignedOutError } from '../../model/snippets/errors';
import { LastSearch } from '../../model/snippets/search/lastSearch';
import { SnippetService } from '../../model/snippets/service';
import { SnippetServices } from '../../model/snippets/snippetServices';
import { OFFLINE_CACHE_FOLDER, Schemes, Settings } from '../../util/constants';
import type { Log } from '../../util/log';
import type { Session } from '../../editor/accounts/session';
import { SecretGate } from '../../editor/secretScan/secretGate';
import { setting } from '../../editor/settings/settings';
import type { SnippetsContext } from '../../editor/snippets/context';
import { createAndOpen } from '../../editor/snippets/create';
import { pickFile } from '../../editor/snippets/use';
import type { AccountContext, CommandScope } from '../../editor/ui/accountContext';
import { ComparedTexts } from '../../editor/snippets/compare/comparedTexts';
import { RecentEditors } from '../../editor/snippets/compare/recentEditors';
import { SnippetAccounts } from '../../editor/snippets/snippetAccounts';
import { BrowsedUsers } from '../../editor/snippets/tree/browsedUsers';
import { snippetFileUri } from '../../editor/ui/snippetUris';

/** What activation hands the snippets bundle (src/onDemand/snippets.ts). */
export interface SnippetsHost {
  session: Session;
  globalState: vscode.Memento;
  /** The workspace's state (context.workspaceState), where open snippet files' bases outlive the window. */
  workspaceState: vscode.Memento;
  /** The extension's global storage folder (context.globalStorageUri), where the offline cache lives. */
  storagePath: string;
  log: Log;
}

/** The offline caches: one per server and account, for the whole session. */
export interface Caches {
  cacheFor(id: string): SnippetCache;
  /** Every account's cache, on disk too. */
  clearEvery(): Promise<void>;
  /** The size limit in bytes; 0 when the cache is off. */
  maxBytes(): number;
  readonly log: Log;
}

/**
 * One cache per server and account, named by the hash of the account's id; it reads its file on
 * first use of a list. One instance per account for the whole session, whichever service uses it:
 * a clear() waits for that instance's own write under way, so the last flush of an account the
 * view switched away from can never write the file back after its Sign Out deleted it.
 */
export function offlineCaches(storagePath: string, log: Log): Caches {
  const dir = path.join(storagePath, OFFLINE_CACHE_FOLDER);
  const maxBytes = () => Math.max(0, setting(Settings.cacheMaxSizeMB)) * 1024 * 1024;
  const caches = new Map<string, SnippetCache>();
  const cacheFor = (id: string): SnippetCache => {
    let cache = caches.get(id);
    if (!cache) {
      cache = new SnippetCache({ dir, key: id, maxBytes, log });
      caches.set(id, cache);
    }
    return cache;
  };
  const clearEvery = async (): Promise<void> => {
    await Promise.all([...caches.values()].map((cache) => cache.clear()));
    await clearCacheFolder(dir);
  };
  return { cacheFor, clearEvery, maxBytes, log };
}

/** The secret scan before any text of an account is sent, with its server's rules when it may read them. */
function secretGateOf(session: Session, log: Log, accounts: () => SnippetAccounts): SecretGate {
  return new SecretGate({
    log: log.child('secret scan'),
    listRules: (id, signal, list) => {
      const account = session.accountById(id);
      if (!account) throw new SignedOutError();
      return session.clientFor(account).allSecretScanningRules({ signal }, list);
    },
    runner: loadScanRunner,
    snippetFileUri,
    documentAccount: (uri): Account | undefined => accounts().ofUri(uri),
  });
}

/**
 * Every signed-in account has a service of its own, with its own client, identity and cache, the
 * default account's too; while none is signed in, the default service is an empty one.
 */
function snippetServices(
  session: Session,
  log: Log,
  caches: Caches,
  secretGate: SecretGate,
): { services: SnippetServices; signedOut: SnippetService } {
  const pageSize = () => setting(Settings.pageSize);
  const pagingLog = log.child('paging');
  const warn = (message: string) => pagingLog.warn(message);
  // The pages a search keeps in memory for the next one stay within the offline cache's size (its
  // default when the cache is off, or every search would go back to the server).
  const keptPagesBytes = () => caches.maxBytes() || EXTENSION_SETTINGS['cache.maxSizeMB'] * 1024 * 1024;
  const concurrentRequests = () => Math.min(16, Math.max(1, Math.floor(setting(Settings.concurrentPageRequests))));
  const signedOut = new SnippetService(() => undefined, pageSize, { warn });
  const services = new SnippetServices((id) => {
    const client = () => {
      const account = session.accountById(id);
      return account && session.clientFor(account);
    };
    const service = new SnippetService(client, pageSize, {
      cache: caches.cacheFor(id),
      warn,
      checkOutgoing: secretGate.checkFor(() => session.accountById(id)),
      concurrentRequests,
      keptPagesBytes,
    });
    const account = session.accountById(id);
    service.reset(account && { username: account.username, userId: account.userId });
    return service;
  }, signedOut);
  return { services, signedOut };
}

/** The services follow the session: its accounts, its default one, each sign-in and what the server says of the user. */
function followSession(
  session: Session,
  services: SnippetServices,
  lastSearch: LastSearch,
  secretGate: SecretGate,
): vscode.Disposable {
  services.setDefault(session.account && accountId(session.account));
  return vscode.Disposable.from(
    session.onDidChange((account) => {
      const signedIn = session.accounts().map(accountId);
      services.retain(signedIn);
      services.setDefault(account && accountId(account));
      // The session's last search, of every account: switching, adding or removing an account leaves the others' results.
      if (signedIn.length === 0) lastSearch.clear();
      else lastSearch.retainAccounts(signedIn);
    }),
    // Signing in again to an account that is signed in starts a new session of it: its lists are read afresh.
    session.onDidSignIn((account) => {
      services.renew(accountId(account));
      secretGate.forget(accountId(account));
      // Its server's rules are read now, not at its first save.
      secretGate.prepareRules(account);
    }),
    session.onDidHearAccountUser(({ account, user }) =>
      services.existing(accountId(account))?.learnCurrentUser(user.id, user.name),
    ),
  );
}

/** The context, and what disposing the bundle releases of it (the caches' last writes among them). */
export interface BuiltContext {
  context: SnippetsContext;
  caches: Caches;
  /** Connects the context's reveal to the explorer, which is made after the context. */
  bindReveal(reveal: (snippetGuid: string) => Promise<void>): void;
  disposable: vscode.Disposable;
}

export function buildContext(host: SnippetsHost): BuiltContext {
  const { session, log } = host;
  const caches = offlineCaches(host.storagePath, log.child('cache'));
  // The gate asks which account a document belongs to only when it scans, after accounts is made.
  const secretGate = secretGateOf(session, log, () => accounts);
  const { services, signedOut } = snippetServices(session, log, caches, secretGate);
  const accounts = new SnippetAccounts(session, services);
  const lastSearch = new LastSearch();
  let reveal = (_guid: string): Promise<void> => Promise.resolve();
  const context: SnippetsContext = {
    session,
    log,
    globalState: host.globalState,
    workspaceState: host.workspaceState,
    services,
    accounts,
    scope: commandScope(accounts, log.child('commands'), (guid) => reveal(guid)),
    lastSearch,
    secretGate,
    browsedUsers: new BrowsedUsers(host.globalState),
    recentEditors: new RecentEditors(),
    comparedTexts: new ComparedTexts(),
    reveal: (guid) => reveal(guid),
  };
  const documentAccounts = session.setDocumentAccounts((uri) =>
    uri.scheme === Schemes.snippet ? accounts.ofUri(uri) : undefined,
  );
  const following = followSession(session, services, lastSearch, secretGate);
  const disposable = vscode.Disposable.from(documentAccounts, following, context.recentEditors, context.comparedTexts, {
    dispose: () => {
      // Writes what the caches still hold in memory; the editor waits for deactivation only briefly.
      services.retain([]);
      void signedOut.dispose();
      secretGate.dispose();
    },
  });
  return { context, caches, bindReveal: (set) => (reveal = set), disposable };
}

/**
 * The scope of an account: the context a command acting on an account's snippets gets
 * (src/editor/ui/accountContext.ts), from the account a row, document or link names, or the
 * default account's, whichever it is when the command runs.
 */
export function commandScope(
  accounts: SnippetAccounts,
  log: Log,
  reveal: (snippetGuid: string) => Promise<void>,
): CommandScope {
  const { session } = accounts;
  const withActions = (partial: Omit<AccountContext, 'createAndOpen' | 'pickFile'>): AccountContext => {
    const context = partial as AccountContext;
    context.createAndOpen = (files, details, title, open) => createAndOpen(context, files, details, title, open);
    context.pickFile = (snippetGuid, title) => pickFile(context, snippetGuid, title);
    return context;
  };
  // The default account's service is read from the context when a command runs: it changes as the default account does.
  const defaults = withActions({
    session,
    get service() {
      return accounts.services.defaultService;
    },
    log,
    reveal,
  });
  const depsFor = (account: Account | undefined): AccountContext =>
    account ? withActions({ session, account, service: accounts.service(account), log, reveal }) : defaults;
  return {
    defaults,
    depsFor,
    of: (arg, followActiveEditor = true) => depsFor(accounts.ofArgument(arg, followActiveEditor)),
  };
}
