import vscode = require('vscode');
import { AccountStore } from './editor/accounts/accountStore';
import { registerAuthProvider } from './editor/accounts/authProvider';
import type { ExtensionSessions } from './editor/accounts/sessionsForExtensions';
import { CertificatePassphrases } from './editor/accounts/certificatePassphrases';
import { Session } from './editor/accounts/session';
import { vscodeSetting } from './editor/settings/settings';
import { registerStatusBar } from './editor/accounts/statusBar';
import { registerAgentToolsOnDemand } from './onDemand/agentTools';
import { registerConnectionCheckOnDemand } from './onDemand/connectionCheck';
import { registerMcpOnDemand } from './onDemand/mcp';
import { registerRepositorySettingsOnDemand } from './onDemand/repositorySettings';
import { registerSignInOnDemand } from './onDemand/signIn';
import { registerSnippetsOnDemand } from './onDemand/snippets';
import type { TestedExtension, TestingApi } from './onDemand/testingApi';
import { QUALIFIED_WALKTHROUGH_ID, StateKeys } from './util/constants';
import { SYNCED_STATE_KEYS } from './util/stateSync';
import { Log } from './util/log';
import { OrderedState } from './util/orderedState';
import { openWalkthroughOnFirstRun } from './model/walkthrough/firstRun';
import { errorMessage } from './util/errorMessage';

/**
 * What activate() returns, which VS Code hands to any extension that asks. In Production mode (an
 * installed extension) it is empty: another extension must not get the signed-in service, the
 * views or the state, which would let it change snippets with the user's credentials and skip
 * every confirmation. Tests get what they need through `testing` (src/onDemand/testingApi.ts).
 */
export interface ExtensionApi {
  /** Only when VS Code runs the extension in Test or Development mode; never in an installed extension. */
  readonly testing?: TestingApi;
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
  // Every write of global state, from every bundle, goes through this one queue (src/util/orderedState.ts).
  const globalState = new OrderedState(context.globalState);
  const session = new Session(
    new AccountStore(globalState, context.secrets),
    log.child('session'),
    new CertificatePassphrases(context.secrets),
  );
  const snippets = registerSnippetsOnDemand(context, globalState, session, log);
  const signIn = registerSignInOnDemand(session, log);
  // VS Code's Accounts menu lists only registered providers: registered here, its sign-in on demand.
  let extensionSessions: ExtensionSessions | undefined;
  const accountsMenu = registerAuthProvider(
    session,
    () => (extensionSessions ??= signIn.module().sessionsForExtensions(session, log.child('sign-in'))),
  );
  const statusBar = registerStatusBar(session);
  const mcp = registerMcpOnDemand(context.extension, snippets, session);
  context.subscriptions.push(
    channel,
    session,
    signIn.disposable,
    accountsMenu.disposable,
    statusBar.disposable,
    snippets.disposable,
    registerRepositorySettingsOnDemand(context, globalState, session, log),
    registerConnectionCheckOnDemand(session, log),
    registerAgentToolsOnDemand(context.extension, snippets, session),
    mcp.disposable,
  );
  // Not awaited: opening the walkthrough must not hold up activation.
  void openWalkthroughOnFirstRun(
    globalState,
    StateKeys.walkthroughShown,
    {
      testRun: context.extensionMode === vscode.ExtensionMode.Test,
      openOnInstall: () => vscodeSetting('workbench.welcomePage.walkthroughs.openOnInstall'),
    },
    () => vscode.commands.executeCommand('workbench.action.openWalkthrough', QUALIFIED_WALKTHROUGH_ID, false),
  ).catch((err: unknown) => log.warn(`the walkthrough did not open: ${errorMessage(err)}`));
  // Installed, the extension exports nothing (test/e2e/productionExports.test.ts checks the .vsix).
  if (context.extensionMode === vscode.ExtensionMode.Production) return {};
  return testExports({
    globalState,
    session,
    log,
    snippets,
    signIn,
    statusBar: statusBar.item,
    authProvider: accountsMenu.provider,
    mcpProvider: mcp.provider,
  });
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

/**
 * The test API (Test and Development mode only) is dist/testing.js (esbuild.js), loaded when a test
 * first reads it: activation loads dist/extension.js alone there too (test/integration/activation.test.ts).
 */
function testExports(tested: TestedExtension): ExtensionApi {
  let testing: TestingApi | undefined;
  return {
    get testing() {
      // esbuild.js turns this require into one of dist/testing.js.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      testing ??= (require('./onDemand/testingApi') as typeof import('./onDemand/testingApi')).createTestingApi(tested);
      return testing;
    },
  };
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
