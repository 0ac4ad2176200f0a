import vscode = require('vscode');
import { AccountStore } from './editor/auth/accountStore';
import { CertificatePassphrases } from './editor/auth/certificatePassphrases';
import { Session } from './editor/auth/session';
import type { Account } from './model/accounts/accounts';
import type { SignInArgs } from './editor/auth/signIn';
import { registerStatusBar } from './editor/auth/statusBar';
import { registerConnectionCheckOnDemand } from './onDemand/connectionCheck';
import { registerRepositorySettingsOnDemand } from './onDemand/repositorySettings';
import { registerSignInOnDemand, type SignInOnDemand } from './onDemand/signIn';
import { registerSnippetsOnDemand, type SnippetsOnDemand } from './onDemand/snippets';
import { QUALIFIED_WALKTHROUGH_ID, StateKeys } from './util/constants';
import { SYNCED_STATE_KEYS } from './util/stateSync';
import type { SnippetService } from './model/snippets/service';
import type { SnippetExplorerApi } from './editor/snippets/tree/explorer';
import type { ScriptedAnswer } from './editor/ui/prompts';
import { Log } from './util/log';
import { openWalkthroughOnFirstRun } from './model/walkthrough/firstRun';

/**
 * What activate() returns, which VS Code hands to any extension that asks. In Production mode (an
 * installed extension) it is empty: another extension must not get the signed-in service, the
 * views or the state, which would let it change snippets with the user's credentials and skip
 * every confirmation. Tests get what they need through `testing`.
 */
export interface ExtensionApi {
  /** Only when VS Code runs the extension in Test or Development mode; never in an installed extension. */
  readonly testing?: TestingApi;
}

/** What the extension's own tests need and no user-facing command offers. */
export interface TestingApi {
  /** Reading it loads the snippets bundle, as any first use does. */
  readonly service: SnippetService;
  readonly explorer: SnippetExplorerApi;
  /** What a row of the Snippets view dropped into an editor inserts (registered at activation as a stand-in). */
  readonly dropIntoEditor: vscode.DocumentDropEditProvider;
  /** A copy of what the extension keeps in global state (accounts, browsed users; never secrets). */
  globalStateSnapshot(): Record<string, unknown>;
  /** Signs in without the prompts; rejects with the message a user would see when it fails. */
  signIn(args: SignInArgs): Promise<Account | undefined>;
  /** Signs every account out, so a suite starts with none (the Sign Out command asks which when there are several). */
  signOutAll(): Promise<void>;
  /** The account status bar item's text (a test cannot read the workbench's status bar). */
  statusBarText(): string;
  /** Queues answers for the next confirmations (true / false) and input boxes (text, or undefined for Escape). */
  answerPrompts(...answers: ScriptedAnswer[]): void;
  /** Keeps a passphrase of a server's certificate file, as if the user had typed it once and it was accepted. */
  keepCertificatePassphrase(serverUrl: string, file: string, passphrase: string): Promise<void>;
  /** True when a passphrase of that server's file is kept in secret storage. */
  hasCertificatePassphrase(serverUrl: string, file: string): Promise<boolean>;
  /** Drops answers no prompt used; returns how many there were (0 when every queued answer was asked for). */
  unusedAnswers(): number;
  /**
   * Hands a vscode:// snippet link to the work of the registered URI handler, as VS Code does when
   * the link is opened; resolves to the editor it opened. (A test host may not route a link it
   * opens itself back to the extension.)
   */
  openLink(link: string): Promise<vscode.TextEditor | undefined>;
}

// activate() only wires objects together: no network, no heavy work. Sign-in, the snippets, the
// HTTP stack, the repository settings and the connection check load on first use from bundles
// of their own (esbuild.js).
export function activate(context: vscode.ExtensionContext): ExtensionApi {
  translatePlainNodeStrings();
  const channel = vscode.window.createOutputChannel('Bitbucket Snippets', { log: true });
  const log = new Log(channel);
  // Settings Sync carries these to the user's other machines; accounts stay here (src/util/stateSync.ts).
  context.globalState.setKeysForSync(SYNCED_STATE_KEYS);
  const session = new Session(new AccountStore(context.globalState, context.secrets), log.child('session'), new CertificatePassphrases(context.secrets));
  const snippets = registerSnippetsOnDemand(context, session, log);
  const signIn = registerSignInOnDemand(session, log);
  const statusBar = registerStatusBar(session);
  context.subscriptions.push(
    channel,
    session,
    signIn.disposable,
    statusBar.disposable,
    snippets.disposable,
    registerRepositorySettingsOnDemand(context, session, log),
    registerConnectionCheckOnDemand(session, log),
  );
  // Not awaited: opening the walkthrough must not hold up activation.
  void openWalkthroughOnFirstRun(
    context.globalState,
    StateKeys.walkthroughShown,
    {
      testRun: context.extensionMode === vscode.ExtensionMode.Test,
      openOnInstall: vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true),
    },
    () => vscode.commands.executeCommand('workbench.action.openWalkthrough', QUALIFIED_WALKTHROUGH_ID, false),
  ).catch((err: unknown) => log.warn(`the walkthrough did not open: ${err instanceof Error ? err.message : String(err)}`));
  // Installed, the extension exports nothing (test/e2e/productionExports.test.ts checks the .vsix).
  if (context.extensionMode === vscode.ExtensionMode.Production) return {};
  return { testing: testingApi(context, session, log, snippets, signIn, statusBar.item) };
}

/**
 * The layers without `vscode` (the API client's errors, the snippet core, the connection check's
 * report) translate with @vscode/l10n, which cannot see the display language: it is given the
 * bundle VS Code loaded for it. In English there is none, and dist/l10n.js is not even loaded then.
 */
function translatePlainNodeStrings(): void {
  const translations = vscode.l10n.bundle;
  if (!translations) return;
  // esbuild.js turns this require into one of dist/l10n.js, the copy every bundle shares.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('@vscode/l10n') as typeof import('@vscode/l10n')).config({ contents: translations });
}

function testingApi(context: vscode.ExtensionContext, session: Session, log: Log, snippets: SnippetsOnDemand, signIn: SignInOnDemand, statusBar: vscode.StatusBarItem): TestingApi {
  // The prompts that take scripted answers are in the snippets bundle, so the answers go there.
  const answers = () => {
    const scripted = snippets.feature().scriptedAnswers;
    if (!scripted) throw new Error('scripted answers are off');
    return scripted;
  };
  return {
    get service() {
      return snippets.feature().service;
    },
    get explorer() {
      return snippets.feature().explorer;
    },
    get dropIntoEditor() {
      return snippets.feature().dropIntoEditor;
    },
    globalStateSnapshot: () => Object.fromEntries(context.globalState.keys().map((k) => [k, context.globalState.get(k)])),
    signIn: (args) => signIn.module().signIn(session, log.child('sign-in'), args),
    statusBarText: () => statusBar.text,
    signOutAll: async () => {
      for (const account of session.accounts()) await session.signOut(account);
    },
    answerPrompts: (...a) => answers().queue(...a),
    unusedAnswers: () => answers().drain(),
    keepCertificatePassphrase: async (serverUrl, file, passphrase) => {
      await session.passphrases?.forServer(serverUrl).accepted?.(file, passphrase);
    },
    hasCertificatePassphrase: async (serverUrl, file) => (await session.passphrases?.has(serverUrl, file)) ?? false,
    openLink: (link) => snippets.feature().openLink(vscode.Uri.parse(link)),
  };
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
