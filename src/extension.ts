import * as vscode from 'vscode';
import { Commands, ContextKeys } from './constants';

// activate() only wires objects together: no network, no heavy work.
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Bitbucket Snippets', { log: true });
  context.subscriptions.push(log);
  void vscode.commands.executeCommand('setContext', ContextKeys.signedIn, false);
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.signIn, () => undefined),
    vscode.commands.registerCommand(Commands.signOut, () => undefined),
    vscode.commands.registerCommand(Commands.switchAccount, () => undefined),
  );
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
