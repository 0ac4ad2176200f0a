import * as vscode from 'vscode';
import { AccountStore } from './auth/accounts';
import { Session } from './auth/session';
import type { Account } from './auth/accounts';
import { registerSignInCommands, signIn, type SignInArgs } from './auth/signIn';
import { registerStatusBar } from './auth/statusBar';
import { registerRepositorySettingsOnDemand } from './onDemand/repositorySettings';
import type { SnippetService } from './snippets/core/service';
import { registerSnippets } from './snippets/register';
import type { SnippetExplorerApi } from './snippets/tree/explorer';
import { enableScriptedAnswers, type ScriptedAnswer } from './ui/prompts';
import { Log } from './util/log';

/** What activate() hands to tests (through the extension's exports); kept small on purpose. */
export interface ExtensionApi {
  service: SnippetService;
  explorer: SnippetExplorerApi;
  /** A copy of what the extension keeps in global state (accounts, browsed users; never secrets). */
  globalStateSnapshot(): Record<string, unknown>;
  /** Only when VS Code runs the extension in Test or Development mode; never in an installed extension. */
  testing?: TestingApi;
}

/** What the extension's own tests need and no user-facing command offers. */
export interface TestingApi {
  /** Signs in without the prompts; rejects with the message a user would see when it fails. */
  signIn(args: SignInArgs): Promise<Account | undefined>;
  /** Queues answers for the next confirmations (true / false) and input boxes (text, or undefined for Escape). */
  answerPrompts(...answers: ScriptedAnswer[]): void;
  /** Drops answers no prompt used; returns how many there were (0 when every queued answer was asked for). */
  unusedAnswers(): number;
}

// activate() only wires objects together: no network, no heavy work. The HTTP stack and the
// repository settings load on first use from bundles of their own (esbuild.js).
export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const channel = vscode.window.createOutputChannel('Bitbucket Snippets', { log: true });
  const log = new Log(channel);
  const session = new Session(new AccountStore(context.globalState, context.secrets), log.child('session'));
  const snippets = registerSnippets(session, context.globalState, log);
  context.subscriptions.push(
    channel,
    session,
    registerSignInCommands(session, log.child('sign-in')),
    registerStatusBar(session),
    snippets.disposable,
    registerRepositorySettingsOnDemand(context, session, log),
  );
  const testing: TestingApi | undefined =
    context.extensionMode === vscode.ExtensionMode.Production
      ? undefined
      : testingApi(session, log);
  return {
    testing,
    service: snippets.service,
    explorer: snippets.explorer,
    globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
  };
}

function testingApi(session: Session, log: Log): TestingApi {
  const answers = enableScriptedAnswers();
  return {
    signIn: (args) => signIn(session, log.child('sign-in'), args),
    answerPrompts: (...a) => answers.queue(...a),
    unusedAnswers: () => answers.drain(),
  };
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
