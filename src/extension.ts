import * as vscode from 'vscode';
import { AccountStore } from './auth/accounts';
import { Session } from './auth/session';
import { registerSignInCommands } from './auth/signIn';
import { registerStatusBar } from './auth/statusBar';
import { Log } from './util/log';

// activate() only wires objects together: no network, no heavy work.
export function activate(context: vscode.ExtensionContext): void {
  const channel = vscode.window.createOutputChannel('Bitbucket Snippets', { log: true });
  const log = new Log(channel);
  const session = new Session(new AccountStore(context.globalState, context.secrets), log.child('session'));
  context.subscriptions.push(
    channel,
    session,
    registerSignInCommands(session, log.child('sign-in')),
    registerStatusBar(session),
  );
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
