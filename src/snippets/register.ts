// Wires everything about snippets: the one snippet core, and the views that translate it (the
// explorer, snippet documents, comment threads) with their commands. The core follows the
// signed-in account and learns from every answer who the user is; the views only listen to it.
import * as vscode from 'vscode';
import { accountId, type Account } from '../auth/accounts';
import type { Session } from '../auth/session';
import { SETTINGS_SECTION, Settings } from '../constants';
import type { Log } from '../util/log';
import { CommentActions, registerCommentCommands } from './comments/commands';
import { SnippetCommentThreads } from './comments/threads';
import { SnippetService } from './core/service';
import { registerSnippetDocuments } from './documents';
import { SnippetExplorer, type SnippetExplorerApi } from './tree/explorer';

export interface SnippetFeatures {
  service: SnippetService;
  explorer: SnippetExplorerApi;
  disposable: vscode.Disposable;
}

export function registerSnippets(session: Session, globalState: vscode.Memento, log: Log): SnippetFeatures {
  const service = new SnippetService(
    () => session.client,
    () => vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(Settings.pageSize, 25),
  );
  const asUser = (account: Account | undefined) => account && { username: account.username, userId: account.userId };
  service.reset(asUser(session.account));
  let accountKey = session.account ? accountId(session.account) : undefined;
  const followAccount = session.onDidChange((account) => {
    const key = account ? accountId(account) : undefined;
    // A connection setting changed: same account, the loaded lists stay.
    if (key === accountKey) return;
    accountKey = key;
    service.reset(asUser(account));
  });
  const hearUser = session.onDidHearCurrentUser((user) => service.learnCurrentUser(user.id, user.name));

  const explorer = new SnippetExplorer(session, service, globalState, log.child('tree'));
  const actions = new CommentActions(session, service, log.child('comments'));
  const threads = new SnippetCommentThreads(session, service, actions);
  const documents = registerSnippetDocuments(session, service, log, (guid) => explorer.reveal(guid));
  return {
    service,
    explorer,
    disposable: vscode.Disposable.from(followAccount, hearUser, explorer, registerCommentCommands(actions), threads, documents),
  };
}
