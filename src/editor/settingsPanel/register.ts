// Repository settings: "Open Repository Settings" finds the repository and the account to reach
// it with (the clone the command was run on and the signed-in account of its remote's server,
// the workspace's clones of the signed-in servers, or one the user names) and shows its
// settings panel; hook settings open as `bitbucket-hook` documents. This module is the entry
// of a bundle of its own (dist/repositorySettings.js, esbuild.js) that loads the first time one of
// them is used: activation registers stand-ins (src/onDemand/) and never loads the panel, hook
// documents or git detection.
import vscode = require('vscode');
import { showError } from '../ui/nextStep';
import { showErrorText, showWarning } from '../ui/notify';
import { createSafeQuickPick } from '../ui/quickInputText';
import type { RepositoryRef } from '../../api/types';
import { accountId } from '../../model/accounts/accounts';
import { defaultFirst } from '../../model/accounts/defaultFirst';
import { setting } from '../settings/settings';
import type { Session } from '../auth/session';
import { Commands, Settings } from '../../util/constants';
import { GitRepositories, type Clone } from '../repositories/gitApi';
import { parseRepositoryName, sameRepository } from '../../model/repositories/remotes';
import { createHookDocuments } from '../hooks/hookDocuments';
import { accountLabel } from '../../util/accountLabels';
import { normaliseServerUrl, serverHost } from '../../util/serverUrl';
import { accountNamed } from '../../model/settingsPanel/panelAccount';
import { accountOfArgument } from '../../model/accounts/accountOfArgument';
import { formatDate } from '../../util/localeFormat';
import { describeError, messageContext } from '../../util/describeError';
import type { Log } from '../../util/log';
import type { SettingsPanelController } from './controller';
import { PanelMemory } from '../../model/settingsPanel/memory';
import type { PanelAccount } from '../../model/settingsPanel/panelAccount';
import { SettingsPanels } from './panel';

/** A repository as commands and tests pass it, optionally naming the account (`accountId`) or server (`serverUrl`). */
type RepositoryArgument = RepositoryRef & { accountId?: unknown; serverUrl?: unknown };

const isRepositoryRef = (v: unknown): v is RepositoryArgument =>
  typeof v === 'object' && v !== null && typeof (v as RepositoryRef).projectKey === 'string' && typeof (v as RepositoryRef).repositorySlug === 'string';

/** Where the command was run from: an Explorer resource, or Source Control's provider (which has a rootUri). */
function resourceOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const root = (arg as { rootUri?: unknown } | undefined)?.rootUri;
  return root instanceof vscode.Uri ? root : undefined;
}

/** `named`: the entry stands for one account (a typed name, offered once per account), not only for its server. */
type PickItem = vscode.QuickPickItem & { repository?: RepositoryRef; account?: PanelAccount; named?: boolean };

/** A repository and the account its panel reads and writes with. */
interface Target {
  account: PanelAccount;
  repository: RepositoryRef;
  /** The user chose this account (an argument's accountId, a typed name offered per account), rather than its server. */
  named?: boolean;
}

/**
 * Which repository, on which account: the clone the command was run on (the account whose
 * server its remote points at), the only clone of a signed-in server in the workspace, or the
 * one the user picks or types. `accounts` lists the default account first; with several, the
 * pick names each repository's account and a typed name is offered once per account.
 */
async function pickRepository(
  accounts: readonly PanelAccount[],
  git: GitRepositories,
  memory: PanelMemory,
  near: vscode.Uri | undefined,
  alwaysAsk: boolean,
  label: (account: PanelAccount) => string | undefined,
): Promise<Target | undefined> {
  if (near && !alwaysAsk) {
    for (const account of accounts) {
      const here = await git.cloneAt(account.serverUrl, near);
      if (here) return { account, repository: here.repository };
    }
  }
  // Two users of one server see the same clones: each clone goes to the first of them (the default first).
  const servers = new Map<string, PanelAccount>();
  for (const account of accounts) if (!servers.has(account.serverUrl)) servers.set(account.serverUrl, account);
  const clones: { account: PanelAccount; clone: Clone }[] = [];
  for (const account of servers.values()) for (const clone of await git.clones(account.serverUrl)) clones.push({ account, clone });
  // The workspace is a clone of exactly one repository of a signed-in server: that is the one
  // meant, unless the user asked for another one.
  if (clones.length === 1 && !alwaysAsk) return { account: clones[0].account, repository: clones[0].clone.repository };

  const items: PickItem[] = [];
  const seen: Target[] = [];
  const add = (account: PanelAccount, repository: RepositoryRef, description: string) => {
    if (seen.some((t) => t.account === account && sameRepository(t.repository, repository))) return;
    seen.push({ account, repository });
    const whose = label(account);
    items.push({ iconPath: new vscode.ThemeIcon('repo'), label: `${repository.projectKey}/${repository.repositorySlug}`, description: whose ? `${whose} · ${description}` : description, repository, account });
  };
  if (clones.length > 0) items.push({ label: vscode.l10n.t('Cloned in this workspace'), kind: vscode.QuickPickItemKind.Separator });
  for (const { account, clone } of clones) add(account, clone.repository, vscode.workspace.asRelativePath(clone.git.rootUri, true));
  const recent = [...servers.values()].flatMap((account) =>
    memory
      .recent(account.serverUrl)
      .filter((r) => !seen.some((t) => t.account === account && sameRepository(t.repository, r)))
      .map((r) => ({ account, r })),
  );
  if (recent.length > 0) items.push({ label: vscode.l10n.t('Recently opened'), kind: vscode.QuickPickItemKind.Separator });
  for (const { account, r } of recent) add(account, r, vscode.l10n.t('opened {0}', formatDate(r.openedAt, vscode.env.language)));

  const several = accounts.length > 1;
  const pick = createSafeQuickPick<PickItem>();
  pick.title = several ? vscode.l10n.t('Repository settings') : vscode.l10n.t('Repository settings on {0}', serverHost(accounts[0].serverUrl));
  pick.placeholder = vscode.l10n.t('Pick a repository, or type PROJECT/repository-slug');
  pick.ignoreFocusOut = true;
  pick.items = items;
  pick.onDidChangeValue((value) => {
    const typed = parseRepositoryName(value);
    const name = typed ? `${typed.projectKey}/${typed.repositorySlug}` : '';
    // With several accounts, a typed name could be on any of their servers: one entry each.
    const entry: PickItem[] = typed
      ? accounts.map((account) => ({
          iconPath: new vscode.ThemeIcon('arrow-right'),
          label: several ? vscode.l10n.t('Open {0} on {1}', name, label(account) ?? serverHost(account.serverUrl)) : vscode.l10n.t('Open {0}', name),
          description: vscode.l10n.t('as typed'),
          alwaysShow: true,
          repository: typed,
          account,
          named: several,
        }))
      : [];
    pick.items = [...entry, ...items];
  });
  return new Promise<Target | undefined>((resolve) => {
    pick.onDidAccept(() => {
      const selected = pick.selectedItems[0];
      const repository = selected?.repository ?? parseRepositoryName(pick.value);
      if (!repository) {
        pick.placeholder = vscode.l10n.t('Type a project key and repository slug, like PROJ/my-repo');
        return;
      }
      resolve({ account: selected?.account ?? accounts[0], repository, named: selected?.named === true });
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** The loaded feature: its commands are registered; activation forwards its file system here. */
export interface RepositorySettingsFeature extends vscode.Disposable {
  /** The `bitbucket-hook` file system: a hook's settings as a JSON document. */
  readonly hookFileSystem: vscode.FileSystemProvider;
}

/**
 * The repository settings panel and the hook settings documents it opens. Open Repository
 * Settings takes an optional argument: a repository (`{projectKey, repositorySlug}`, as tests and
 * other commands pass it), an Explorer resource, or Source Control's provider. It answers the
 * panel's controller.
 */
export function createRepositorySettings(context: vscode.ExtensionContext, globalState: vscode.Memento, session: Session, log: Log): RepositorySettingsFeature {
  const hooks = createHookDocuments(session, log.child('hooks'), context.workspaceState);
  const memory = new PanelMemory(globalState);
  const git = new GitRepositories(log.child('git'));
  const panels = new SettingsPanels(context.extensionUri, { session, log, memory, git, hookDocuments: hooks.documents });

  const open = async (arg?: unknown, alwaysAsk = false): Promise<SettingsPanelController | undefined> => {
    const accounts: PanelAccount[] = defaultFirst(session.accounts(), session.account);
    if (accounts.length === 0) {
      // Signed out with a server configured: the panel opens and says to sign in (it loads once signed in).
      const configured = normaliseServerUrl(setting(Settings.serverUrl));
      if (configured) accounts.push({ serverUrl: configured, username: '' });
    }
    if (accounts.length === 0) {
      // A "not signed in" that says why the panel needs one; unlike showNotSignedIn, the panel opens
      // once the sign-in succeeds.
      const signInLabel = vscode.l10n.t('Sign In');
      const choice = await showWarning(vscode.l10n.t('You are not signed in to Bitbucket. Sign in to open repository settings: they live on the server.'), signInLabel);
      if (choice === signInLabel) await vscode.commands.executeCommand(Commands.signIn);
      if (!session.account) return undefined;
      return open(arg, alwaysAsk);
    }
    const label = (account: PanelAccount): string | undefined => (accounts.length > 1 ? accountLabel(account, accounts) : undefined);
    let target: Target | undefined;
    if (isRepositoryRef(arg)) {
      const account = session.account ? accountOfArgument(arg, session) : accounts[0];
      if (!account) {
        void showErrorText(vscode.l10n.t('The account of {0}/{1} is not signed in. Sign in to its server first (Bitbucket Snippets: Sign In).', arg.projectKey, arg.repositorySlug));
        return undefined;
      }
      target = { account, repository: { projectKey: arg.projectKey.toUpperCase(), repositorySlug: arg.repositorySlug }, named: typeof arg.accountId === 'string' };
    } else {
      try {
        target = await pickRepository(accounts, git, memory, resourceOf(arg), alwaysAsk, label);
      } catch (err) {
        // Worded as every failure is (describeError), shown through the one error helper, the detail in the log.
        // (editor/ui/showFailure.ts's showFailure would bring the snippet core into this bundle for its snippet errors.)
        log.error('finding the repository failed', err);
        showError(describeError(err, messageContext(vscode.l10n.t('find the repository'), session.account)));
        return undefined;
      }
    }
    if (!target) return undefined;
    return showPanel(target);
  };

  /**
   * One panel per repository and server. A new one shows the account its panel showed last
   * (remembered, and checked: only while it is signed in to that server), unless the user named
   * one; an open one switches only when the user named another account.
   */
  const showPanel = async (target: Target): Promise<SettingsPanelController> => {
    const { repository } = target;
    let account = target.account;
    const open = panels.find(account, repository);
    if (!open && !target.named) account = accountNamed(session.accounts(), account.serverUrl, memory.lastAccount(account.serverUrl, repository)) ?? account;
    await memory.addRecent(account.serverUrl, repository, account.username ? accountId(account) : undefined);
    const controller = panels.show(account, repository);
    const shown = controller.currentAccount;
    if (open && target.named && (!shown || accountId(shown) !== accountId(account))) await controller.switchAccount(accountId(account));
    return controller;
  };

  const disposable = vscode.Disposable.from(
    hooks.documents,
    panels,
    vscode.commands.registerCommand(Commands.openRepositorySettings, (arg?: unknown) => open(arg)),
    // From inside a clone, Open Repository Settings goes straight to that repository; this one asks.
    vscode.commands.registerCommand(Commands.openOtherRepositorySettings, () => open(undefined, true)),
    vscode.commands.registerCommand(Commands.compareHookSettings, (uri?: unknown) => hooks.compare(uri)),
    vscode.commands.registerCommand(Commands.overwriteHookSettings, (uri?: unknown) => hooks.overwrite(uri)),
  );
  return { hookFileSystem: hooks.documents, dispose: () => disposable.dispose() };
}
