// "Export Snippets…": My Snippets (and, if chosen, Starred and categories) into a folder on disk,
// one folder per snippet plus a manifest, with progress and cancel. The export itself is the
// snippet core's (core/export/); this asks what and where, and tells how it went.
import vscode = require('vscode');
import { showInfo, showWarning } from '../../ui/notify';
import { showSafeQuickPickMany } from '../../ui/quickInputText';
import { pickAccount } from '../../ui/accountPick';
import type { Account } from '../../../model/accounts/accounts';
import type { Session } from '../../accounts/session';
import { withProgress } from '../../ui/progress';
import { showError } from '../../ui/nextStep';
import { ExportError, listName, type ExportList, type ExportResult } from '../../../model/snippets/export/exporter';
import { MANIFEST_FILE } from '../../../model/snippets/export/manifest';
import { reportFailure, requireSignedIn, type AccountContext, type CommandScope } from '../../ui/accountContext';
import type { SnippetAccounts } from '../snippetAccounts';
import { withoutSelection } from '../../../model/snippets/tree/selection';
import { formatCount } from '../../../util/localeFormat';

type ListItem = vscode.QuickPickItem & { list: ExportList };

async function askLists(deps: AccountContext): Promise<ExportList[] | undefined> {
  const lists: ExportList[] = [
    { kind: 'mine' },
    { kind: 'starred' },
    ...deps.service.store.categories().map((c) => ({ kind: 'category' as const, guid: c.guid, name: c.name })),
  ];
  const items: ListItem[] = lists.map((list) => ({
    iconPath: new vscode.ThemeIcon(list.kind === 'category' ? 'tag' : list.kind === 'mine' ? 'person' : 'star-full'),
    label:
      list.kind === 'category'
        ? list.name
        : list.kind === 'mine'
          ? vscode.l10n.t('My Snippets')
          : vscode.l10n.t('Starred'),
    description: list.kind === 'category' ? 'category' : undefined,
    picked: list.kind === 'mine',
    list,
  }));
  const picked = await showSafeQuickPickMany(items, {
    title: vscode.l10n.t('Bitbucket Snippets: Export Snippets'),
    placeHolder: vscode.l10n.t('Which snippets to export (each one once, whichever lists it is in)'),
    canPickMany: true,
    ignoreFocusOut: true,
  });
  return picked && picked.length > 0 ? picked.map((p) => p.list) : undefined;
}

/** Lists given by a caller (for example a keybinding's args): "mine", "starred". */
function listsFrom(arg: unknown): ExportList[] | undefined {
  if (!Array.isArray(arg)) return undefined;
  const lists = arg.flatMap((v): ExportList[] =>
    v === 'mine' ? [{ kind: 'mine' }] : v === 'starred' ? [{ kind: 'starred' }] : [],
  );
  return lists.length > 0 ? lists : undefined;
}

async function askFolder(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    openLabel: vscode.l10n.t('Export Here'),
    title: vscode.l10n.t('Export snippets into this folder'),
  });
  return picked?.[0];
}

function summary(result: ExportResult, lists: ExportList[]): string {
  const what = lists.map(listName).join(', ');
  const n = (count: number) => formatCount(count, vscode.env.language);
  const counts = [
    vscode.l10n.t('{0} new', n(result.added)),
    vscode.l10n.t('{0} updated', n(result.updated)),
    vscode.l10n.t('{0} unchanged', n(result.unchanged)),
  ];
  if (result.gone > 0) counts.push(vscode.l10n.t('{0} no longer on the server (kept)', n(result.gone)));
  // Counted here and named in the manifest: snippet names are server text, kept out of the message.
  if (result.skipped.length > 0) {
    counts.push(
      result.skipped.length === 1
        ? vscode.l10n.t('1 skipped because it cannot be written safely (named under "skipped" in {0})', MANIFEST_FILE)
        : vscode.l10n.t(
            '{0} skipped because they cannot be written safely (named under "skipped" in {1})',
            n(result.skipped.length),
            MANIFEST_FILE,
          ),
    );
  }
  if (result.cancelled) {
    return vscode.l10n.t(
      'Export cancelled after some of {0} snippets ({1}). Export again to the same folder to finish.',
      n(result.snippets),
      counts.join(', '),
    );
  }
  return result.snippets === 1
    ? vscode.l10n.t('Exported 1 snippet from {0}: {1}.', what, counts.join(', '))
    : vscode.l10n.t('Exported {0} snippets from {1}: {2}.', n(result.snippets), what, counts.join(', '));
}

/**
 * The account to export from when the command was not run on an account root: the only one, or
 * the one picked when several are signed in (undefined when signed out or nothing was picked).
 */
export async function chooseExportAccount(session: Session): Promise<Account | undefined> {
  const all = session.accounts();
  if (all.length <= 1) return session.account;
  return pickAccount(all, session.account, {
    title: vscode.l10n.t('Bitbucket Snippets: Export Snippets'),
    placeHolder: vscode.l10n.t('Export the snippets of which account?'),
    ignoreFocusOut: true,
  });
}

/** The folder may be given (an Explorer folder, or by a caller); otherwise it is asked for. */
export async function exportAll(
  deps: AccountContext,
  folderArg?: unknown,
  listsArg?: unknown,
): Promise<ExportResult | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const lists = listsFrom(listsArg) ?? (await askLists(deps));
  return lists && exportInto(deps, lists, folderArg instanceof vscode.Uri ? folderArg : undefined);
}

async function exportInto(
  deps: AccountContext,
  lists: ExportList[],
  given: vscode.Uri | undefined,
): Promise<ExportResult | undefined> {
  const folder = given ?? (await askFolder());
  if (!folder) return undefined;
  if (folder.scheme !== 'file') {
    void showWarning(vscode.l10n.t("Snippets can only be exported to a folder on this computer's disk."));
    return undefined;
  }
  try {
    const result = await withProgress(
      'notification',
      vscode.l10n.t('Exporting snippets to {0}…', folder.fsPath),
      (signal) => deps.service.export({ lists, folder: folder.fsPath, signal }),
      { cancellable: true },
    );
    deps.log.info(
      `exported ${result.snippets} snippets to ${result.folder}: ${result.added} new, ${result.updated} updated, ${result.unchanged} unchanged, ${result.filesWritten} files written${result.cancelled ? ', cancelled' : ''}`,
    );
    for (const skipped of result.skipped) {
      deps.log.warn(
        `export skipped snippet ${JSON.stringify(skipped.guid)} (${JSON.stringify(skipped.name)}): ${skipped.reason}`,
      );
    }
    void showInfo(summary(result, lists), vscode.l10n.t('Open Folder')).then((choice) => {
      if (choice) void vscode.commands.executeCommand('revealFileInOS', folder);
    });
    return result;
  } catch (err) {
    if (err instanceof ExportError) {
      deps.log.error('export failed', err);
      showError(err.message, {
        label: vscode.l10n.t('Choose Another Folder'),
        run: () => exportInto(deps, lists, undefined),
      });
      return undefined;
    }
    if ((err as { kind?: unknown }).kind === 'cancelled') return undefined;
    return reportFailure(deps, vscode.l10n.t('export the snippets'), err);
  }
}

/**
 * Export acts on one account: an account root's, else the only one, else the one picked. Its
 * arguments are (folder?, lists?) from the palette, the Explorer or a caller, and (account row,
 * folder?, lists?) from the view.
 */
export async function exportFromCommand(
  accounts: SnippetAccounts,
  scope: CommandScope,
  given: unknown[],
): Promise<ExportResult | undefined> {
  const [first, ...rest] = withoutSelection(given);
  const row = isAccountRow(first) ? first : undefined;
  const [folder, lists] = row ? rest : [first, ...rest];
  const account = row ? accounts.ofArgument(row, false) : await chooseExportAccount(accounts.session);
  if (!account) return accounts.session.account ? undefined : exportAll(scope.defaults);
  return exportAll(scope.depsFor(account), folder, lists);
}

/** An account root of the Snippets view (shown when several accounts are signed in). */
function isAccountRow(arg: unknown): arg is { kind: 'account'; accountId?: string } {
  return typeof arg === 'object' && arg !== null && (arg as { kind?: unknown }).kind === 'account';
}
