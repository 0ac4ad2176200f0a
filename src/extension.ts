import * as vscode from 'vscode';
import { AccountStore } from './auth/accounts';
import { Session } from './auth/session';
import { registerSignInCommands } from './auth/signIn';
import { registerStatusBar } from './auth/statusBar';
import { SETTINGS_SECTION, Settings } from './constants';
import { registerRepositorySettings } from './settingsPanel/register';
import { registerSnippetDocuments } from './snippets/commands/register';
import { SnippetStore } from './snippets/store';
import type { SnippetExplorerApi } from './snippets/tree/explorer';
import { registerSnippetExplorer } from './snippets/tree/register';
import { Log } from './util/log';

/** What activate() hands to tests (through the extension's exports); kept small on purpose. */
export interface ExtensionApi {
  store: SnippetStore;
  explorer: SnippetExplorerApi;
  /** A copy of what the extension keeps in global state (accounts, browsed users; never secrets). */
  globalStateSnapshot(): Record<string, unknown>;
}

// activate() only wires objects together: no network, no heavy work.
export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const channel = vscode.window.createOutputChannel('Bitbucket Snippets', { log: true });
  const log = new Log(channel);
  const session = new Session(new AccountStore(context.globalState, context.secrets), log.child('session'));
  // One store of loaded snippets, shared by the tree, the file system and the commands.
  const store = new SnippetStore(
    () => session.client,
    () => vscode.workspace.getConfiguration(SETTINGS_SECTION).get<number>(Settings.pageSize, 25),
  );
  const snippetExplorer = registerSnippetExplorer(session, store, context.globalState, log);
  context.subscriptions.push(
    channel,
    session,
    registerSignInCommands(session, log.child('sign-in')),
    registerStatusBar(session),
    snippetExplorer.disposable,
    registerSnippetDocuments(session, store, log, (guid) => snippetExplorer.explorer.reveal(guid)),
    registerRepositorySettings(context, session, log.child('settings-panel')),
  );
  return {
    store,
    explorer: snippetExplorer.explorer,
    globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
  };
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
