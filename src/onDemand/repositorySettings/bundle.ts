// Repository settings: "Open Repository Settings" finds the repository and the account to reach
// it with (src/model/settingsPanel/repositoryChoice.ts decides; the pick is
// src/editor/settingsPanel/repositoryPick.ts) and shows its settings panel; hook settings open as
// `bitbucket-hook` documents. This module is the entry of a bundle of its own
// (dist/repositorySettings.js, esbuild.js) that loads the first time one of them is used:
// activation registers stand-ins (../repositorySettings.ts) and never loads the panel, hook
// documents or git detection.
import vscode = require('vscode');
import { showError } from '../../editor/ui/nextStep';
import { showErrorText, showWarning } from '../../editor/ui/notify';
import { setting } from '../../editor/settings/settings';
import type { Session } from '../../editor/accounts/session';
import { GitRepositories } from '../../editor/repositories/gitApi';
import { createHookDocuments } from '../../editor/hooks/hookFeature';
import type { RepositorySettingsContext } from '../../editor/settingsPanel/context';
import type { SettingsPanelController } from '../../editor/settingsPanel/controller';
import { SettingsPanels } from '../../editor/settingsPanel/panel';
import { pickRepository } from '../../editor/settingsPanel/repositoryPick';
import { accountId } from '../../model/accounts/accounts';
import { PanelMemory } from '../../model/settingsPanel/memory';
import type { PanelAccount } from '../../model/settingsPanel/panelAccount';
import {
  accountToShow,
  chooseRepository,
  isRepositoryArgument,
  panelAccounts,
  rememberedAccountId,
  targetOfArgument,
  type PanelTarget,
} from '../../model/settingsPanel/repositoryChoice';
import { accountLabel } from '../../util/accountLabels';
import { Commands, Settings } from '../../util/constants';
import { describeError, messageContext } from '../../util/describeError';
import type { Log } from '../../util/log';
import { normaliseServerUrl } from '../../util/serverUrl';

/** The loaded feature: its commands are registered; activation forwards its file system here. */
export interface RepositorySettingsFeature extends vscode.Disposable {
  /** The `bitbucket-hook` file system: a hook's settings as a JSON document. */
  readonly hookFileSystem: vscode.FileSystemProvider;
}

/** The bundle's context, and the panels its commands show. */
type PanelContext = RepositorySettingsContext & { panels: SettingsPanels };

/**
 * The repository settings panel and the hook settings documents it opens. Open Repository
 * Settings takes an optional argument: a repository (`{projectKey, repositorySlug}`, as tests and
 * other commands pass it), an Explorer resource, or Source Control's provider. It answers the
 * panel's controller.
 */
export function createRepositorySettings(
  extension: vscode.ExtensionContext,
  globalState: vscode.Memento,
  session: Session,
  log: Log,
): RepositorySettingsFeature {
  const hooks = createHookDocuments(session, log.child('hooks'), extension.workspaceState);
  const memory = new PanelMemory(globalState);
  const git = new GitRepositories(log.child('git'));
  const shared: RepositorySettingsContext = {
    session,
    log,
    memory,
    git,
    hookDocuments: hooks.documents,
    extensionUri: extension.extensionUri,
  };
  const panels = new SettingsPanels(shared);
  const context: PanelContext = { ...shared, panels };
  const disposable = vscode.Disposable.from(
    hooks.documents,
    panels,
    vscode.commands.registerCommand(Commands.openRepositorySettings, (arg?: unknown) => openPanel(context, arg, false)),
    // From inside a clone, Open Repository Settings goes straight to that repository; this one asks.
    vscode.commands.registerCommand(Commands.openOtherRepositorySettings, () => openPanel(context, undefined, true)),
    vscode.commands.registerCommand(Commands.compareHookSettings, (uri?: unknown) => hooks.compare(uri)),
    vscode.commands.registerCommand(Commands.overwriteHookSettings, (uri?: unknown) => hooks.overwrite(uri)),
  );
  return { hookFileSystem: hooks.documents, dispose: () => disposable.dispose() };
}

/** Open Repository Settings: the repository and account chosen, then its panel. */
async function openPanel(
  context: PanelContext,
  arg: unknown,
  alwaysAsk: boolean,
): Promise<SettingsPanelController | undefined> {
  const { session } = context;
  const accounts = panelAccounts(session, normaliseServerUrl(setting(Settings.serverUrl)));
  if (accounts.length === 0) {
    // A "not signed in" that says why the panel needs one; unlike showNotSignedIn, the panel opens
    // once the sign-in succeeds.
    const signInLabel = vscode.l10n.t('Sign In');
    const choice = await showWarning(
      vscode.l10n.t(
        'You are not signed in to Bitbucket. Sign in to open repository settings: they live on the server.',
      ),
      signInLabel,
    );
    if (choice === signInLabel) await vscode.commands.executeCommand(Commands.signIn);
    return session.account ? openPanel(context, arg, alwaysAsk) : undefined;
  }
  const target = isRepositoryArgument(arg)
    ? targetNamed(context, arg, accounts)
    : await targetPicked(context, accounts, arg, alwaysAsk);
  return target && showPanel(context, target);
}

function targetNamed(
  context: PanelContext,
  arg: Parameters<typeof targetOfArgument>[0],
  accounts: PanelAccount[],
): PanelTarget | undefined {
  const named = targetOfArgument(arg, context.session, accounts);
  if ('target' in named) return named.target;
  void showErrorText(
    vscode.l10n.t(
      'The account of {0}/{1} is not signed in. Sign in to its server first (Bitbucket Snippets: Sign In).',
      named.signedOut.projectKey,
      named.signedOut.repositorySlug,
    ),
  );
  return undefined;
}

async function targetPicked(
  context: PanelContext,
  accounts: PanelAccount[],
  arg: unknown,
  alwaysAsk: boolean,
): Promise<PanelTarget | undefined> {
  const label = (account: PanelAccount): string | undefined =>
    accounts.length > 1 ? accountLabel(account, accounts) : undefined;
  try {
    const choice = await chooseRepository(
      accounts,
      context.git,
      (serverUrl) => context.memory.recent(serverUrl),
      resourceOf(arg),
      alwaysAsk,
    );
    return 'target' in choice ? choice.target : await pickRepository(accounts, choice.ask, label);
  } catch (err) {
    // Worded as every failure is (describeError), shown through the one error helper, the detail in the log.
    // (editor/ui/showFailure.ts's showFailure would bring the snippet core into this bundle for its snippet errors.)
    context.log.error('finding the repository failed', err);
    showError(describeError(err, messageContext(vscode.l10n.t('find the repository'), context.session.account)));
    return undefined;
  }
}

/**
 * One panel per repository and server. A new one shows the account its panel showed last
 * (remembered, and checked: only while it is signed in to that server), unless the user named
 * one; an open one switches only when the user named another account.
 */
async function showPanel(
  { session, memory, panels }: PanelContext,
  target: PanelTarget,
): Promise<SettingsPanelController> {
  const { repository } = target;
  const open = panels.find(target.account, repository);
  const account = accountToShow(
    target,
    open !== undefined,
    session.accounts(),
    memory.lastAccount(target.account.serverUrl, repository),
  );
  await memory.addRecent(account.serverUrl, repository, rememberedAccountId(account));
  const controller = panels.show(account, repository);
  const shown = controller.currentAccount;
  if (open && target.named && (!shown || accountId(shown) !== accountId(account))) {
    await controller.switchAccount(accountId(account));
  }
  return controller;
}

/** Where the command was run from: an Explorer resource, or Source Control's provider (which has a rootUri). */
function resourceOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const root = (arg as { rootUri?: unknown } | undefined)?.rootUri;
  return root instanceof vscode.Uri ? root : undefined;
}
