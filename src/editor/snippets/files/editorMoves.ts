// Open snippet files follow their names: when a snippet or one of its files gets another name, or
// a document was opened under the snippet's guid (an editor restored from an earlier version's
// URI), its editors move to the URI with the current names, so tabs, breadcrumbs and Open Editors
// show them. VS Code carries unsaved text along to the new URI, without reading the file there:
// the document's versions move along (snippetFileVersions.ts).
import vscode = require('vscode');
import { Disposable } from '../../ui/disposable';
import { Schemes } from '../../../util/constants';
import type { Log } from '../../../util/log';
import type { SnippetAccounts } from '../snippetAccounts';
import type { ServiceChange, SnippetService } from '../../../model/snippets/service';
import { snippetFileUri, snippetLocation } from '../../ui/snippetUris';
import type { SnippetFileVersions } from '../../../model/snippets/files/snippetFileVersions';
import { errorMessage } from '../../../util/errorMessage';

/** A document moving to another URI of the same file. */
interface DocumentMove {
  to: vscode.Uri;
  /** VS Code has called rename: from now on the file is at `to`. */
  done: boolean;
}

export class EditorMoves extends Disposable {
  /**
   * Documents being moved, keyed by the old URI and by the new one. The server already has the
   * new name: VS Code's rename of them sends nothing, and until VS Code has made it, the new URI
   * reads as free and the old one as the file, as they would on a disk (VS Code checks both
   * before moving, and would delete a target that exists).
   */
  private readonly moves = new Map<string, DocumentMove>();

  constructor(
    private readonly accounts: SnippetAccounts,
    private readonly versions: SnippetFileVersions<vscode.Uri, SnippetService>,
    private readonly log: Log,
  ) {
    super();
    // A document named by its snippet's guid takes the snippet's name once it is open in a tab:
    // its file has been read, so the name is known. Either may come first: a restored tab before
    // its document, a shown document before its tab.
    this.register(
      vscode.workspace.onDidOpenTextDocument((doc) => this.nameDocumentsNamedByGuid([doc.uri])),
      // A preview tab that shows another document is reported as changed, not opened.
      vscode.window.tabGroups.onDidChangeTabs((e) =>
        this.nameDocumentsNamedByGuid(
          [...e.opened, ...e.changed].flatMap((t) => (t.input instanceof vscode.TabInputText ? [t.input.uri] : [])),
        ),
      ),
    );
  }

  /**
   * For `stat` during a move: the URI the file is at (`uri` itself when it is not moving), or
   * undefined when `uri` is the side of a move the file is not at.
   */
  whereIs(uri: vscode.Uri): vscode.Uri | undefined {
    const move = this.moves.get(uri.toString());
    if (!move) return uri;
    const isTarget = move.to.toString() === uri.toString();
    return isTarget === move.done ? move.to : undefined;
  }

  /** For `rename`: true when this is VS Code making one of our moves (nothing to send), which is then done. */
  completes(oldUri: vscode.Uri, newUri: vscode.Uri): boolean {
    const move = this.moves.get(oldUri.toString());
    if (!move || move.to.toString() !== newUri.toString()) return false;
    move.done = true;
    return true;
  }

  /** A snippet, or one of its files, got another name: its open documents move to the new names. */
  followRenames(service: SnippetService, change: ServiceChange): void {
    const renamed = new Map((change.renamedFiles ?? []).map((r) => [`${r.snippetGuid}\n${r.from}`, r.to]));
    this.moveToCurrentNames(service, new Set(change.snippets), renamed);
  }

  /** Documents whose URI names a snippet by its guid move to the snippet's name, when the core knows it. */
  private nameDocumentsNamedByGuid(uris: readonly vscode.Uri[]): void {
    for (const uri of uris) {
      if (uri.scheme !== Schemes.snippet) continue;
      const loc = snippetLocation(uri);
      if (!loc?.fileName || uri.path.split('/')[1] !== loc.snippetGuid) continue;
      const account = this.accounts.ofLocation(loc);
      const service = account && this.accounts.service(account);
      if (service?.store.get(loc.snippetGuid)) this.moveToCurrentNames(service, new Set([loc.snippetGuid]), new Map());
    }
  }

  /** Moves the open documents of these snippets to URIs with their current snippet and file names (`renamed`: old file name to new, per snippet). */
  private moveToCurrentNames(
    service: SnippetService,
    guids: ReadonlySet<string>,
    renamed: ReadonlyMap<string, string>,
  ): void {
    const moves: Array<[vscode.Uri, vscode.Uri]> = [];
    // Documents in a tab, or with unsaved text: others are closed or about to be, and moving them
    // could race with opening the same file again.
    const inTabs = new Set(
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .flatMap((t) => (t.input instanceof vscode.TabInputText ? [t.input.uri.toString()] : [])),
    );
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.isClosed || doc.uri.scheme !== Schemes.snippet || this.moves.has(doc.uri.toString())) continue;
      if (!doc.isDirty && !inTabs.has(doc.uri.toString())) continue;
      const loc = snippetLocation(doc.uri);
      if (!loc?.fileName || !guids.has(loc.snippetGuid)) continue;
      const account = this.accounts.ofLocation(loc);
      if (!account || this.accounts.service(account) !== service) continue;
      const snippet = service.store.get(loc.snippetGuid);
      const fileName = renamed.get(`${loc.snippetGuid}\n${loc.fileName}`) ?? loc.fileName;
      if (!snippet?.files.some((f) => f.name === fileName)) continue;
      const target = snippetFileUri(account, snippet, fileName);
      if (target.toString() !== doc.uri.toString() && !open.has(target.toString())) moves.push([doc.uri, target]);
    }
    if (moves.length > 0) void this.moveDocuments(moves);
  }

  private async moveDocuments(moves: ReadonlyArray<[vscode.Uri, vscode.Uri]>): Promise<void> {
    const edit = new vscode.WorkspaceEdit();
    for (const [from, to] of moves) {
      const fileName = snippetLocation(to)?.fileName;
      if (fileName !== undefined) this.versions.moved(from, to, fileName);
      const move: DocumentMove = { to, done: false };
      this.moves.set(from.toString(), move);
      this.moves.set(to.toString(), move);
      // Never `overwrite`: VS Code would delete the target first, and here that is the file itself.
      edit.renameFile(from, to, { overwrite: false });
    }
    try {
      if (!(await vscode.workspace.applyEdit(edit))) {
        this.log.warn(`open editors of a renamed snippet kept their old names (${moves.length})`);
      }
    } catch (err) {
      this.log.warn(`moving the editors of a renamed snippet failed: ${errorMessage(err)}`);
    } finally {
      for (const [from, to] of moves) {
        this.moves.delete(from.toString());
        this.moves.delete(to.toString());
      }
    }
  }
}
