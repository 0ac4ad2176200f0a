// Repository settings: "Open Repository Settings" finds the repository (the clone the command
// was run on, the workspace's clones of the configured server, or one the user names) and shows
// its settings panel; hook settings open as `bitbucket-hook` documents. This module is the entry
// of a bundle of its own (dist/repositorySettings.js, esbuild.js) that loads the first time one of
// them is used: activation registers stand-ins (src/onDemand/) and never loads the panel, hook
// documents or git detection.
import vscode = require('vscode');
import type { RepositoryRef } from '../api/types';
import type { Session } from '../auth/session';
import { Commands, SETTINGS_SECTION, Settings } from '../constants';
import { GitRepositories } from '../git/gitApi';
import { parseRepositoryName, sameRepository } from '../git/remotes';
import { createHookDocuments } from '../hooks/hookDocuments';
import { serverHost } from '../util/serverUrl';
import { formatDate } from '../util/localeFormat';
import type { Log } from '../util/log';
import type { SettingsPanelController } from './controller';
import { PanelMemory } from './memory';
import { SettingsPanels } from './panel';

const isRepositoryRef = (v: unknown): v is RepositoryRef =>
  typeof v === 'object' && v !== null && typeof (v as RepositoryRef).projectKey === 'string' && typeof (v as RepositoryRef).repositorySlug === 'string';

/** Where the command was run from: an Explorer resource, or Source Control's provider (which has a rootUri). */
function resourceOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const root = (arg as { rootUri?: unknown } | undefined)?.rootUri;
  return root instanceof vscode.Uri ? root : undefined;
}

type PickItem = vscode.QuickPickItem & { repository?: RepositoryRef };

async function pickRepository(
  serverUrl: string,
  git: GitRepositories,
  memory: PanelMemory,
  near: vscode.Uri | undefined,
  alwaysAsk = false,
): Promise<RepositoryRef | undefined> {
  const here = near && !alwaysAsk ? await git.cloneAt(serverUrl, near) : undefined;
  if (here) return here.repository;
  const clones = await git.clones(serverUrl);
  // The workspace is a clone of exactly one repository of this server: that is the one meant,
  // unless the user asked for another one.
  if (clones.length === 1 && !alwaysAsk) return clones[0].repository;

  const host = serverHost(serverUrl);
  const items: PickItem[] = [];
  const seen: RepositoryRef[] = [];
  const add = (repository: RepositoryRef, description: string) => {
    if (seen.some((r) => sameRepository(r, repository))) return;
    seen.push(repository);
    items.push({ label: `$(repo) ${repository.projectKey}/${repository.repositorySlug}`, description, repository });
  };
  if (clones.length > 0) items.push({ label: vscode.l10n.t('Cloned in this workspace'), kind: vscode.QuickPickItemKind.Separator });
  for (const c of clones) add(c.repository, vscode.workspace.asRelativePath(c.git.rootUri, true));
  const recent = memory.recent(serverUrl).filter((r) => !seen.some((s) => sameRepository(s, r)));
  if (recent.length > 0) items.push({ label: vscode.l10n.t('Recently opened'), kind: vscode.QuickPickItemKind.Separator });
  for (const r of recent) add(r, vscode.l10n.t('opened {0}', formatDate(r.openedAt, vscode.env.language)));

  const pick = vscode.window.createQuickPick<PickItem>();
  pick.title = vscode.l10n.t('Repository settings on {0}', host);
  pick.placeholder = vscode.l10n.t('Pick a repository, or type PROJECT/repository-slug');
  pick.ignoreFocusOut = true;
  pick.items = items;
  pick.onDidChangeValue((value) => {
    const typed = parseRepositoryName(value);
    const entry: PickItem[] = typed ? [{ label: `$(arrow-right) ${vscode.l10n.t('Open {0}', `${typed.projectKey}/${typed.repositorySlug}`)}`, description: vscode.l10n.t('as typed'), alwaysShow: true, repository: typed }] : [];
    pick.items = [...entry, ...items];
  });
  return new Promise<RepositoryRef | undefined>((resolve) => {
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.repository ?? parseRepositoryName(pick.value);
      if (!chosen) {
        pick.placeholder = vscode.l10n.t('Type a project key and repository slug, like PROJ/my-repo');
        return;
      }
      resolve(chosen);
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
export function createRepositorySettings(context: vscode.ExtensionContext, session: Session, log: Log): RepositorySettingsFeature {
  const hooks = createHookDocuments(session, log.child('hooks'));
  const memory = new PanelMemory(context.globalState);
  const git = new GitRepositories(log.child('git'));
  const panels = new SettingsPanels(context.extensionUri, { session, log, memory, git, hookDocuments: hooks.documents });

  const open = async (arg?: unknown, alwaysAsk = false): Promise<SettingsPanelController | undefined> => {
    const serverUrl = session.account?.serverUrl ?? vscode.workspace.getConfiguration(SETTINGS_SECTION).get<string>(Settings.serverUrl, '').replace(/\/+$/, '');
    if (!serverUrl) {
      // The one "not signed in" wording; unlike elsewhere, the panel opens once sign-in succeeds.
      const signInLabel = vscode.l10n.t('Sign In');
      const choice = await vscode.window.showWarningMessage(vscode.l10n.t('You are not signed in to Bitbucket. Sign in to open repository settings: they live on the server.'), signInLabel);
      if (choice === signInLabel) await vscode.commands.executeCommand(Commands.signIn);
      if (!session.account) return undefined;
      return open(arg, alwaysAsk);
    }
    let repository: RepositoryRef | undefined;
    if (isRepositoryRef(arg)) {
      repository = { projectKey: arg.projectKey.toUpperCase(), repositorySlug: arg.repositorySlug };
    } else {
      try {
        repository = await pickRepository(serverUrl, git, memory, resourceOf(arg), alwaysAsk);
      } catch (err) {
        log.error('finding the repository failed', err);
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not find the repository: {0}', err instanceof Error ? err.message : String(err)));
        return undefined;
      }
    }
    if (!repository) return undefined;
    await memory.addRecent(serverUrl, repository);
    return panels.show(serverUrl, repository);
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
