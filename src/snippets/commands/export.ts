// "Export Snippets…": My Snippets (and, if chosen, Starred and categories) into a folder on disk,
// one folder per snippet plus a manifest, with progress and cancel. The export itself is the
// snippet core's (core/export/); this asks what and where, and tells how it went.
import vscode = require('vscode');
import { withProgress } from '../../ui/progress';
import { showError } from '../../ui/nextStep';
import { ExportError, listName, type ExportList, type ExportResult } from '../core/export/exporter';
import { reportFailure, requireSignedIn, type CommandDeps } from './context';

type ListItem = vscode.QuickPickItem & { list: ExportList };

async function askLists(deps: CommandDeps): Promise<ExportList[] | undefined> {
  const lists: ExportList[] = [{ kind: 'mine' }, { kind: 'starred' }, ...deps.service.categories().map((c) => ({ kind: 'category' as const, guid: c.guid, name: c.name }))];
  const items: ListItem[] = lists.map((list) => ({
    label: list.kind === 'category' ? `$(tag) ${list.name}` : list.kind === 'mine' ? '$(person) My Snippets' : '$(star-full) Starred',
    description: list.kind === 'category' ? 'category' : undefined,
    picked: list.kind === 'mine',
    list,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Bitbucket Snippets: Export Snippets',
    placeHolder: 'Which snippets to export (each one once, whichever lists it is in)',
    canPickMany: true,
    ignoreFocusOut: true,
  });
  return picked && picked.length > 0 ? picked.map((p) => p.list) : undefined;
}

/** Lists given by a caller (for example a keybinding's args): "mine", "starred". */
function listsFrom(arg: unknown): ExportList[] | undefined {
  if (!Array.isArray(arg)) return undefined;
  const lists = arg.flatMap((v): ExportList[] => (v === 'mine' ? [{ kind: 'mine' }] : v === 'starred' ? [{ kind: 'starred' }] : []));
  return lists.length > 0 ? lists : undefined;
}

async function askFolder(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: 'Export Here', title: 'Export snippets into this folder' });
  return picked?.[0];
}

function summary(result: ExportResult, lists: ExportList[]): string {
  const what = lists.map(listName).join(', ');
  const counts = [`${result.added} new`, `${result.updated} updated`, `${result.unchanged} unchanged`];
  if (result.gone > 0) counts.push(`${result.gone} no longer on the server (kept)`);
  if (result.cancelled) return `Export cancelled after some of ${result.snippets} snippets (${counts.join(', ')}). Export again to the same folder to finish.`;
  return `Exported ${result.snippets} snippet${result.snippets === 1 ? '' : 's'} from ${what}: ${counts.join(', ')}.`;
}

/** The folder may be given (an Explorer folder, or by a caller); otherwise it is asked for. */
export async function exportAll(deps: CommandDeps, folderArg?: unknown, listsArg?: unknown): Promise<ExportResult | undefined> {
  if (!requireSignedIn(deps)) return undefined;
  const lists = listsFrom(listsArg) ?? (await askLists(deps));
  return lists && exportInto(deps, lists, folderArg instanceof vscode.Uri ? folderArg : undefined);
}

async function exportInto(deps: CommandDeps, lists: ExportList[], given: vscode.Uri | undefined): Promise<ExportResult | undefined> {
  const folder = given ?? (await askFolder());
  if (!folder) return undefined;
  if (folder.scheme !== 'file') {
    void vscode.window.showWarningMessage('Snippets can only be exported to a folder on this computer\'s disk.');
    return undefined;
  }
  try {
    const result = await withProgress(
      'notification',
      `Exporting snippets to ${folder.fsPath}…`,
      (signal) => deps.service.export({ lists, folder: folder.fsPath, signal }),
      { cancellable: true },
    );
    deps.log.info(`exported ${result.snippets} snippets to ${result.folder}: ${result.added} new, ${result.updated} updated, ${result.unchanged} unchanged, ${result.filesWritten} files written${result.cancelled ? ', cancelled' : ''}`);
    void vscode.window.showInformationMessage(summary(result, lists), 'Open Folder').then((choice) => {
      if (choice) void vscode.commands.executeCommand('revealFileInOS', folder);
    });
    return result;
  } catch (err) {
    if (err instanceof ExportError) {
      deps.log.error('export failed', err);
      showError(err.message, { label: 'Choose Another Folder', run: () => exportInto(deps, lists, undefined) });
      return undefined;
    }
    if ((err as { kind?: unknown }).kind === 'cancelled') return undefined;
    return reportFailure(deps, 'export the snippets', err);
  }
}
