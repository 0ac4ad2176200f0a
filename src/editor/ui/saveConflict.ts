// What a user can do when a save of a server document (a snippet file, hook settings) is refused
// because the server's version changed since it was opened, the same for both: Compare opens a
// diff, the server's version on the left and the editor's text on the right; Overwrite approves
// the version the refused save met (src/util/saveConflicts.ts) and saves again. VS Code's own
// "file is newer" dialog only appears when the server's version differs in size, so this offer is
// made on every conflict. Both choices are commands of the palette too.
import vscode = require('vscode');
import { showInfo, showWarning } from './notify';

/** A refused save: the document, its server version's read-only twin, and how to name them. */
export interface SaveConflict {
  /** The document whose save was refused. */
  document: vscode.Uri;
  /** A read-only document of the server's version, the left side of Compare. */
  serverVersion: vscode.Uri;
  /** The notification: what was refused, in one sentence. */
  message: string;
  /** The diff's tab title: the document's names and "on the server ↔ yours". */
  title: string;
  /** The command that runs Overwrite for a document URI (see overwriteServerVersion). */
  overwriteCommand: string;
}

/** The diff's tab title for a document of `name` in `container` (a snippet, a repository). */
export const comparisonTitle = (name: string, container: string): string =>
  vscode.l10n.t('{0} ({1}): on the server ↔ yours', name, container);

/** Offers Compare and Overwrite after a refused save. */
export async function offerConflictChoices(conflict: SaveConflict): Promise<void> {
  const compare = vscode.l10n.t('Compare');
  const overwrite = vscode.l10n.t('Overwrite');
  const choice = await showWarning(conflict.message, compare, overwrite);
  if (choice === compare) await compareWithServer(conflict.serverVersion, conflict.document, conflict.title);
  else if (choice === overwrite) await vscode.commands.executeCommand(conflict.overwriteCommand, conflict.document);
}

/** Opens the comparison: the server's version on the left, the editor's text on the right. */
export async function compareWithServer(serverVersion: vscode.Uri, document: vscode.Uri, title: string): Promise<void> {
  await vscode.commands.executeCommand('vscode.diff', serverVersion, document, title);
}

/**
 * Overwrite: approves the server version the refused save met (`approve` answers false when no
 * save was refused) and saves the open document again. True when that save went through.
 */
export async function overwriteServerVersion(
  document: vscode.Uri,
  approve: (uri: vscode.Uri) => boolean,
): Promise<boolean> {
  if (!approve(document)) {
    void showInfo(
      vscode.l10n.t('Nothing to overwrite: no save of this file was refused because of a change on the server.'),
    );
    return false;
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === document.toString());
  return open ? open.save() : false;
}
