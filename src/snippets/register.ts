// Everything about snippets: the one snippet core, and the views that translate it (the
// explorer, snippet documents, comment threads) with their commands. The core follows the
// signed-in account and learns from every answer who the user is; the views only listen to it.
// This module is the entry of the snippets bundle (dist/snippets.js, esbuild.js), which loads on
// first use; activation registers its view, schemes and commands (src/onDemand/snippets.ts).
import vscode = require('vscode');
import { accountId, type Account } from '../auth/accounts';
import type { Session } from '../auth/session';
import { Commands, SETTINGS_SECTION, Schemes, Settings } from '../constants';
import { enableScriptedAnswers, type ScriptedAnswers } from '../ui/prompts';
import type { Log } from '../util/log';
import { CommentActions, registerCommentCommands } from './comments/commands';
import { SnippetCommentThreads } from './comments/threads';
import { SnippetCompletionProvider } from './completion/provider';
import type { SearchList } from './core/search/search';
import { SnippetService } from './core/service';
import { SnippetServices } from './core/services';
import { SnippetAccounts } from './accounts';
import { searchSnippets } from './commands/search';
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
}

export interface SnippetsHost {
  session: Session;
  globalState: vscode.Memento;
  log: Log;
  /** The Snippets view, made at activation, connected to the explorer's provider. */
  createView(provider: vscode.TreeDataProvider<TreeNode>): vscode.TreeView<TreeNode>;
  /** Whether tests may queue answers to prompts (never in an installed extension). */
  scriptedAnswers: boolean;
}

export function createSnippets({ session, globalState, log, createView, scriptedAnswers }: SnippetsHost): SnippetsFeature {
  const pageSize = () => vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(Settings.pageSize, 25);
  const service = new SnippetService(() => session.client, pageSize);
  const asUser = (account: Account | undefined) => account && { username: account.username, userId: account.userId };
  // Every other signed-in account gets a service of its own, with its own client and identity.
  const services = new SnippetServices(service, (key) => {
    const other = new SnippetService(() => {
      const account = session.accountById(key);
      return account && session.clientFor(account);
    }, pageSize);
    other.reset(asUser(session.accountById(key)));
    return other;
  });
  const accounts = new SnippetAccounts(session, services);
  const documentAccounts = session.setDocumentAccounts((uri) => (uri.scheme === Schemes.snippet ? accounts.ofUri(uri) : undefined));
  service.reset(asUser(session.account));
  let accountKey = session.account ? accountId(session.account) : undefined;
  services.setDefault(accountKey);
  const followAccount = session.onDidChange((account) => {
    services.retain(session.accounts().map(accountId));
    const key = account ? accountId(account) : undefined;
    // A connection setting changed, or another account signed in or out: the default's lists stay.
    if (key === accountKey) return;
    accountKey = key;
    services.setDefault(key);
    service.reset(asUser(account));
  });
  const hearUser = session.onDidHearAccountUser(({ account, user }) => services.existing(accountId(account))?.learnCurrentUser(user.id, user.name));

  const explorer = new SnippetExplorer(session, service, service.search.last, accounts, globalState, log.child('tree'), createView);
  const actions = new CommentActions(session, service, log.child('comments'));
  const threads = new SnippetCommentThreads(accounts, actions);
  const documents = createSnippetDocuments(accounts, log, (guid) => explorer.reveal(guid));
  const completion = new SnippetCompletionProvider(service);
  const browsedUsers = new BrowsedUsers(globalState);
  const searchDeps = {
    session,
    service,
    log: log.child('search'),
    reveal: (guid: string) => explorer.reveal(guid),
    lists: (): SearchList[] => {
      const key = session.account ? accountId(session.account) : undefined;
      const users = key ? browsedUsers.list(key) : [];
      return ['mine', 'starred', 'browse', ...users.map((u) => `user:${u}` as const)];
    },
  };
  const searchCommand = vscode.commands.registerCommand(Commands.searchSnippets, (query?: unknown) => searchSnippets(searchDeps, typeof query === 'string' ? query : undefined));
  const disposable = vscode.Disposable.from(documentAccounts, followAccount, hearUser, explorer, searchCommand, registerCommentCommands(actions), threads, documents.disposable, completion);
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
    dispose: () => disposable.dispose(),
  };
}
