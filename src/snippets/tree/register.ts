// Wires the snippet explorer and snippet comments: one call from activate(), no network.
import * as vscode from 'vscode';
import type { Session } from '../../auth/session';
import type { Log } from '../../util/log';
import { CommentActions, registerCommentCommands } from '../comments/commands';
import { SnippetCommentThreads } from '../comments/threads';
import type { SnippetStore } from '../store';
import { SnippetExplorer, type SnippetExplorerApi } from './explorer';

export function registerSnippetExplorer(
  session: Session,
  store: SnippetStore,
  globalState: vscode.Memento,
  log: Log,
): { explorer: SnippetExplorerApi; disposable: vscode.Disposable } {
  const explorer = new SnippetExplorer(session, store, globalState, log.child('tree'));
  const actions = new CommentActions(session, store, log.child('comments'));
  const threads = new SnippetCommentThreads(session, store, actions, () => explorer.provider.people());
  return { explorer, disposable: vscode.Disposable.from(explorer, registerCommentCommands(actions), threads) };
}
