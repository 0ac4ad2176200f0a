// The quick pick of Open Repository Settings: the workspace's clones and the repositories opened
// recently (src/model/settingsPanel/repositoryChoice.ts decides what to offer), or a name the user
// types, offered once per account when several are signed in.
import vscode = require('vscode');
import { createSafeQuickPick } from '../ui/quickInputText';
import type { RepositoryRef } from '../../api/types';
import { parseRepositoryName } from '../../model/repositories/remotes';
import type { PanelAccount } from '../../model/settingsPanel/panelAccount';
import type { Offered, PanelTarget } from '../../model/settingsPanel/repositoryChoice';
import type { RecentRepository } from '../../model/settingsPanel/memory';
import { formatDate } from '../../util/localeFormat';
import { serverHost } from '../../util/serverUrl';
import type { Clone } from '../repositories/gitApi';

/** `named`: the entry stands for one account (a typed name, offered once per account), not only for its server. */
type PickItem = vscode.QuickPickItem & { repository?: RepositoryRef; account?: PanelAccount; named?: boolean };

/** The pick's rows: the clones, then the recent repositories, each under its heading. */
function offeredItems(
  offered: { clones: Offered<Clone>[]; recent: Offered<RecentRepository>[] },
  label: (account: PanelAccount) => string | undefined,
): PickItem[] {
  const item = (account: PanelAccount, repository: RepositoryRef, description: string): PickItem => {
    const whose = label(account);
    return {
      iconPath: new vscode.ThemeIcon('repo'),
      label: `${repository.projectKey}/${repository.repositorySlug}`,
      description: whose ? `${whose} · ${description}` : description,
      repository,
      account,
    };
  };
  const items: PickItem[] = [];
  if (offered.clones.length > 0) {
    items.push({ label: vscode.l10n.t('Cloned in this workspace'), kind: vscode.QuickPickItemKind.Separator });
  }
  for (const { account, item: clone } of offered.clones) {
    items.push(item(account, clone.repository, vscode.workspace.asRelativePath(clone.git.rootUri, true)));
  }
  if (offered.recent.length > 0) {
    items.push({ label: vscode.l10n.t('Recently opened'), kind: vscode.QuickPickItemKind.Separator });
  }
  for (const { account, item: r } of offered.recent) {
    items.push(item(account, r, vscode.l10n.t('opened {0}', formatDate(r.openedAt, vscode.env.language))));
  }
  return items;
}

/** With several accounts, a typed name could be on any of their servers: one entry each. */
function typedItems(
  value: string,
  accounts: readonly PanelAccount[],
  label: (account: PanelAccount) => string | undefined,
): PickItem[] {
  const typed = parseRepositoryName(value);
  if (!typed) return [];
  const name = `${typed.projectKey}/${typed.repositorySlug}`;
  const several = accounts.length > 1;
  return accounts.map((account) => ({
    iconPath: new vscode.ThemeIcon('arrow-right'),
    label: several
      ? vscode.l10n.t('Open {0} on {1}', name, label(account) ?? serverHost(account.serverUrl))
      : vscode.l10n.t('Open {0}', name),
    description: vscode.l10n.t('as typed'),
    alwaysShow: true,
    repository: typed,
    account,
    named: several,
  }));
}

/** Asks for the repository; `accounts` lists the default account first. Undefined when the pick is closed. */
export function pickRepository(
  accounts: readonly PanelAccount[],
  offered: { clones: Offered<Clone>[]; recent: Offered<RecentRepository>[] },
  label: (account: PanelAccount) => string | undefined,
): Promise<PanelTarget | undefined> {
  const items = offeredItems(offered, label);
  const pick = createSafeQuickPick<PickItem>();
  pick.title =
    accounts.length > 1
      ? vscode.l10n.t('Repository settings')
      : vscode.l10n.t('Repository settings on {0}', serverHost(accounts[0].serverUrl));
  pick.placeholder = vscode.l10n.t('Pick a repository, or type PROJECT/repository-slug');
  pick.ignoreFocusOut = true;
  pick.items = items;
  pick.onDidChangeValue((value) => {
    pick.items = [...typedItems(value, accounts, label), ...items];
  });
  return new Promise<PanelTarget | undefined>((resolve) => {
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
