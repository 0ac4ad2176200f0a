// Snippet files as documents: a writable FileSystemProvider on `bitbucket-snippet:`.
//
// Where the data comes from: `stat` and `readFile` serve the snippet as the snippet core last
// learned it (from the tree's lists, a save, or a GET when it does not know the snippet), so opening
// a file from the tree sends no request. A save fetches the snippet fresh (one GET; the API has
// no conditional PUT) to detect conflicts and to keep every other file, then sends one PUT.
// See saveLogic.ts for when a save goes ahead. A snippet in the persistent read cache opens at
// once from it (the core revalidates it in the background); while the server does not answer,
// files open read-only and saves are refused with the text left in the editor.
// What each open file was loaded from, and the state of a refused save, is snippetFileVersions.ts
// (kept in the workspace's state too: an editor VS Code restores with unsaved text after a reload
// or a crash is saved against that same base); open editors follow renames with editorMoves.ts.
import vscode = require('vscode');
import { Disposable } from '../../ui/disposable';
import { fileSystemError } from '../../ui/fileSystemErrors';
import type { Snippet, UpdateSnippetRequest } from '../../../api/types';
import type { Account } from '../../../model/accounts/accounts';
import type { SnippetAccounts } from '../snippetAccounts';
import { ContextKeys, Schemes, WorkspaceStateKeys } from '../../../util/constants';
import { vscodeSetting } from '../../settings/settings';
import type { BaseStorage } from '../../../util/documentBases';
import type { Log } from '../../../util/log';
import { withFileAdded, withFileContent } from '../../../model/snippets/edits';
import type { ServiceChange, SnippetService } from '../../../model/snippets/service';
import type { SnippetLocation } from '../../../model/snippets/snippetUri';
import { byteLength, decideSave, expectedSave, isUnchangedSave } from '../../../model/snippets/files/saveLogic';
import { refusedOverConflict } from './conflicts';
import { SnippetFileVersions } from '../../../model/snippets/files/snippetFileVersions';
import { EditorMoves } from './editorMoves';
import { fileChangesOf } from './fileChanges';
import { snippetLocation } from '../../ui/snippetUris';
import {
  accountNotSignedIn,
  deletedOnServerError,
  fileErrorOf,
  fileGoneError,
  noSuchFile,
  notSignedIn,
  readonlyError,
  sameNameError,
} from './fileErrors';

/** A location with the signed-in account it belongs to, and that account's snippet service. */
type Located = SnippetLocation & { account: Account; service: SnippetService };

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

export class SnippetFileSystem extends Disposable implements vscode.FileSystemProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  /** Per file URI: what the document was read from, its base beyond the window, what `stat` reported, a refused save. */
  private readonly versions: SnippetFileVersions<vscode.Uri, SnippetService>;
  private readonly moves: EditorMoves;
  /** Snippet names, remembered to name a snippet after it was deleted. */
  private readonly names = new Map<string, string>();
  /** The services whose changes this provider follows, one per account a document was opened from. */
  private readonly watched = new Set<SnippetService>();

  constructor(
    private readonly accounts: SnippetAccounts,
    private readonly log: Log,
    workspaceState: BaseStorage,
  ) {
    super();
    this.register(this.emitter);
    this.versions = new SnippetFileVersions(workspaceState, WorkspaceStateKeys.snippetFileBases);
    this.moves = new EditorMoves(accounts, this.versions, log);
    this.follow(accounts.services.defaultService);
    this.register(
      this.moves,
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === Schemes.snippet) this.versions.closed(doc.uri, doc.isDirty);
      }),
      // VS Code closes and reopens a document whose language changes, without reading it again.
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (doc.uri.scheme === Schemes.snippet) this.versions.reopened(doc.uri);
      }),
    );
  }

  private follow(service: SnippetService): void {
    if (this.watched.has(service)) return;
    this.watched.add(service);
    const subscription = service.onDidChange((c) => this.onServiceChange(service, c));
    this.register({ dispose: () => subscription.dispose() });
  }

  /** The user chose Overwrite after a refused save: the next save may replace the server version that save met. False when none was refused. */
  approveOverwrite(uri: vscode.Uri): boolean {
    return this.versions.conflicts.approve(uri.toString());
  }

  // ---- FileSystemProvider ------------------------------------------------------------------

  watch(): vscode.Disposable {
    // Changes are announced from the store (see onServiceChange): there is nothing to poll.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    // While an open editor moves to a new name, the file is at one of the two URIs.
    const at = this.moves.whereIs(uri);
    if (!at) throw fileSystemError.fileNotFound(uri);
    return this.statOf(at);
  }

  private async statOf(uri: vscode.Uri): Promise<vscode.FileStat> {
    const loc = this.locate(uri);
    if (!loc) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const snippet = await this.snippet(loc, 'open');
    // Offline, nothing can be saved: the editor says so before anyone types.
    // A later file of a shared name is read-only too: a save finds the file by name, which is the first one's.
    const readonly =
      loc.service.mayWrite(snippet) && !loc.service.connectivity.current.offline && !loc.occurrence
        ? {}
        : { permissions: vscode.FilePermission.Readonly };
    if (loc.fileName === undefined) {
      return {
        type: vscode.FileType.Directory,
        ctime: snippet.createdAt,
        mtime: snippet.updatedAt,
        size: 0,
        ...readonly,
      };
    }
    const file = this.file(snippet, loc.fileName, loc.occurrence);
    const stat = {
      type: vscode.FileType.File,
      ctime: snippet.createdAt,
      mtime: snippet.updatedAt,
      size: byteLength(file.content),
      ...readonly,
    };
    this.versions.reportStat(uri, { mtime: stat.mtime, size: stat.size });
    return stat;
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const loc = this.locate(uri);
    if (!loc) {
      return this.accounts.services.defaultService.store
        .snippetsOf('mine')
        .map((s) => [s.guid, vscode.FileType.Directory]);
    }
    if (loc.fileName !== undefined) throw fileSystemError.fileNotADirectory(uri);
    const snippet = await this.snippet(loc, 'list');
    return snippet.files.map((f) => [f.name, vscode.FileType.File]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw fileSystemError.fileIsADirectory(uri);
    const snippet = await this.snippet(loc, `open ${loc.fileName}`);
    const file = this.file(snippet, loc.fileName, loc.occurrence);
    this.versions.remember(uri, loc.service, snippet.guid, file.name, snippet.updatedAt, file.content);
    // An opened snippet stays readable offline, in later windows too.
    loc.service.rememberSnippets([snippet]);
    return encoder.encode(file.content);
  }

  async writeFile(
    uri: vscode.Uri,
    content: Uint8Array,
    options: { create: boolean; overwrite: boolean },
  ): Promise<void> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw fileSystemError.fileIsADirectory(uri);
    if (loc.occurrence) throw sameNameError(loc.fileName);
    const fileName = loc.fileName;
    const text = decoder.decode(content);
    if (isUnchangedSave(this.versions.baseOf(uri), text)) {
      this.log.debug(`save of ${fileName} in ${loc.snippetGuid}: unchanged since loaded, nothing sent`);
      return;
    }
    const known = loc.service.store.get(loc.snippetGuid);
    if (known && !loc.service.mayWrite(known)) throw readonlyError(known, fileName, text);
    let created = false;
    /** The server already had the editor's text (an editor restored with no known base). */
    let alreadyThere: Snippet | undefined;
    const save = (fresh: Snippet): UpdateSnippetRequest | undefined => {
      // Read here, in the queue: an earlier save of the same file may have just moved it on.
      const base = this.versions.baseOf(uri);
      const exists = fresh.files.some((f) => f.name === fileName);
      if (!exists && !base) {
        if (!options.create) throw fileSystemError.fileNotFound(uri);
        created = true;
        return withFileAdded(fresh, fileName, text);
      }
      if (exists && !base && !options.overwrite) throw fileSystemError.fileExists(uri);
      const overwriteWithoutAsking = vscodeSetting('files.saveConflictResolution', uri) === 'overwriteFileOnDisk';
      const decision = decideSave({
        ...this.versions.saveState(uri),
        text,
        fresh,
        fileName,
        overwriteWithoutAsking,
      });
      if (decision.kind === 'file-gone') throw fileGoneError(fileName, fresh.name);
      if (decision.kind === 'conflict') {
        this.versions.conflicts.refused(uri.toString(), fresh.updatedAt);
        this.log.warn(
          `save of ${fileName} in ${fresh.guid}: changed on the server since loaded (loaded ${base?.updatedAt ?? 'in an earlier window, version unknown'}, server ${fresh.updatedAt}); not overwritten`,
        );
        throw refusedOverConflict(uri, fileName, fresh.name);
      }
      if (decision.kind === 'unchanged') {
        alreadyThere = fresh;
        return undefined;
      }
      return withFileContent(fresh, fileName, text);
    };
    const updated = await this.translate(
      loc,
      `save ${fileName}`,
      fileName,
      // Its scan starts on the store's copy while the fresh copy is read (expectedSave: no side effect).
      () => loc.service.writes.update(loc.snippetGuid, save, { expected: expectedSave(fileName, text) }),
      text,
    );
    if (!updated) {
      if (alreadyThere) {
        this.log.debug(`save of ${fileName} in ${loc.snippetGuid}: the server already has this text, nothing sent`);
        this.versions.remember(uri, loc.service, alreadyThere.guid, fileName, alreadyThere.updatedAt, text);
      }
      return;
    }
    const saved = updated.files.find((f) => f.name === fileName);
    this.versions.remember(uri, loc.service, updated.guid, fileName, updated.updatedAt, saved?.content ?? text);
    if (created) this.emitter.fire([{ type: vscode.FileChangeType.Created, uri }]);
    // The walkthrough's "edit a snippet file" step completes on this: a save that reached the server.
    void vscode.commands.executeCommand('setContext', ContextKeys.snippetFileSaved, true);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    const loc = this.locate(uri);
    if (!loc?.fileName) {
      throw fileSystemError.noPermissions(
        vscode.l10n.t('Delete snippets with the "Delete Snippet" command of the Snippets view.'),
      );
    }
    if (loc.occurrence) throw sameNameError(loc.fileName);
    const fileName = loc.fileName;
    await this.translate(loc, `delete ${fileName}`, fileName, () =>
      loc.service.writes.deleteFile(loc.snippetGuid, fileName),
    );
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { overwrite: boolean }): Promise<void> {
    // An open editor moving to a new name: the server already has it.
    if (this.moves.completes(oldUri, newUri)) return;
    const from = this.locate(oldUri);
    const to = this.locate(newUri);
    if (!from?.fileName || !to?.fileName) {
      throw fileSystemError.noPermissions(vscode.l10n.t('Only files of a snippet can be renamed.'));
    }
    if (from.snippetGuid !== to.snippetGuid || from.service !== to.service) {
      throw fileSystemError.noPermissions(vscode.l10n.t('Files cannot be moved between snippets.'));
    }
    if (from.occurrence || to.occurrence) throw sameNameError(from.fileName);
    const [oldName, newName] = [from.fileName, to.fileName];
    // The same file under another snippet name: the path is only for display, nothing to send.
    if (oldName === newName) return;
    const known = from.service.store.get(from.snippetGuid);
    if (!options.overwrite && known?.files.some((f) => f.name === newName)) throw fileSystemError.fileExists(newUri);
    await this.translate(from, `rename ${oldName}`, oldName, () =>
      from.service.writes.renameFile(from.snippetGuid, oldName, newName),
    );
  }

  createDirectory(): void {
    throw fileSystemError.noPermissions(
      vscode.l10n.t('Create snippets with the "New Snippet" command of the Snippets view.'),
    );
  }

  // ---- Helpers -----------------------------------------------------------------------------

  /** Where a URI points, and the signed-in account (and its service) it belongs to. */
  private locate(uri: vscode.Uri): Located | undefined {
    const loc = snippetLocation(uri);
    if (!this.accounts.session.account) throw notSignedIn();
    if (!loc) return undefined;
    const account = this.accounts.ofLocation(loc);
    if (!account) throw accountNotSignedIn(loc);
    const service = this.accounts.service(account);
    this.follow(service);
    return { ...loc, account, service };
  }

  /**
   * The snippet as the core knows it (loaded or cached), else the cached copy at once (revalidated
   * in the background), else one GET shared with anyone asking meanwhile.
   */
  private async snippet(loc: Located, action: string): Promise<Snippet> {
    const snippet =
      loc.service.store.get(loc.snippetGuid) ??
      (await this.translate(loc, action, undefined, () => loc.service.snippet(loc.snippetGuid)));
    this.names.set(snippet.guid, snippet.name);
    return snippet;
  }

  /** Runs a core call and turns whatever it throws into the FileSystemError VS Code shows. */
  private async translate<T>(
    loc: Located,
    action: string,
    fileName: string | undefined,
    work: () => Promise<T>,
    unsaved?: string,
  ): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw fileErrorOf(err, {
        action,
        fileName,
        unsaved,
        account: loc.account,
        log: this.log,
        deleted: () => this.deletedOnServer(loc),
      });
    }
  }

  /** The file of that name; with `occurrence` (2, 3…), the later file of a name several share. */
  private file(snippet: Snippet, fileName: string, occurrence = 1) {
    const file = snippet.files.filter((f) => f.name === fileName)[occurrence - 1];
    if (!file) throw noSuchFile(snippet.name, fileName);
    return file;
  }

  /** A snippet that the server no longer has: the core forgot it on the 404, and its change event marks open files deleted. */
  private deletedOnServer(loc: SnippetLocation): vscode.FileSystemError {
    return deletedOnServerError(
      this.log,
      loc.snippetGuid,
      this.names.get(loc.snippetGuid) ?? loc.snippetGuid,
      this.versions.hasOpenFiles(loc.snippetGuid),
    );
  }

  /** Tells editors of files whose snippet changed or disappeared, so clean ones reload. */
  private onServiceChange(service: SnippetService, change: ServiceChange): void {
    const events = fileChangesOf(this.versions, service, change);
    if (events.length > 0) this.emitter.fire(events);
    this.moves.followRenames(service, change);
  }
}
