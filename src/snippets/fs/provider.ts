// Snippet files as documents: a writable FileSystemProvider on `bitbucket-snippet:`.
//
// Where the data comes from: `stat` and `readFile` serve the snippet as the snippet core last
// learned it (from the tree's lists, a save, or a GET when it does not know the snippet), so opening
// a file from the tree sends no request. A save fetches the snippet fresh (one GET; the API has
// no conditional PUT) to detect conflicts and to keep every other file, then sends one PUT.
// See saveLogic.ts for when a save goes ahead. A snippet in the persistent read cache opens at
// once from it (the core revalidates it in the background); while the server does not answer,
// files open read-only and saves are refused with the text left in the editor.
// What each open file was loaded from is also kept in the workspace's state: an editor VS Code
// restores with unsaved text after a reload or a crash is saved against that same base.
import vscode = require('vscode');
import { showInfo, showWarning } from '../../ui/notify';
import { fileSystemError } from '../../ui/fileSystemErrors';
import { BitbucketError } from '../../api/errors';
import type { Snippet } from '../../api/types';
import type { Account } from '../../auth/accounts';
import type { SnippetAccounts } from '../accounts';
import { Commands, ContextKeys, Schemes, WorkspaceStateKeys } from '../../constants';
import { DocumentBases, type BaseStorage } from '../../util/documentBases';
import type { Log } from '../../util/log';
import { describeError, messageContext } from '../../util/userMessages';
import { isUnreachable } from '../core/connectivity';
import { NotOwnerError, SignedOutError } from '../core/errors';
import { SnippetEditError, withFileAdded, withFileContent } from '../core/edits';
import type { ServiceChange, SnippetService } from '../core/service';
import type { SnippetLocation } from '../core/snippetUri';
import { byteLength, decideSave, editBaseOf, isEditBase, isUnchangedSave, type EditBase, type ReportedStat } from './saveLogic';
import { offerConflictChoices } from './conflicts';
import { snippetFileUri, snippetLocation } from '../uris';
import { serverHost } from '../../util/serverUrl';

/** A location with the signed-in account it belongs to, and that account's snippet service. */
type Located = SnippetLocation & { account: Account; service: SnippetService };

const encoder = new TextEncoder();

/**
 * Refusal of a write to a later file of a name several files share: the update finds a file by
 * its name, so it would change the first one of the name, never this one.
 */
const sameNameError = (fileName: string) =>
  fileSystemError.noPermissions(vscode.l10n.t('Another file of this snippet is also named "{0}", so this one is read-only here: a change would reach the other file. Rename one of them on the server to edit it.', fileName));
const decoder = new TextDecoder('utf-8');

export class SnippetFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  /** Per file URI: what the editor's document was read from (or last saved as) in this window. */
  private readonly loaded = new Map<string, Loaded>();
  /**
   * Per file URI, beyond the window: the base of `loaded`, for editors VS Code restores with
   * unsaved text (after a reload, a restart or a crash) without reading the file again.
   */
  private readonly bases: DocumentBases<EditBase>;
  /** Per file URI: what `stat` last told the editor. */
  private readonly reported = new Map<string, ReportedStat>();
  /** Per file URI: the server version a refused save met. */
  private readonly conflicts = new Map<string, number>();
  /** Per file URI: the server version the user chose to overwrite. */
  private readonly approvedOverwrites = new Map<string, number>();
  /** Snippet names, remembered to name a snippet after it was deleted. */
  private readonly names = new Map<string, string>();
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  /**
   * Documents being moved to a URI with a new snippet or file name, keyed by the old URI and by
   * the new one. The server already has the new name: VS Code's rename of them sends nothing,
   * and until VS Code has made it, the new URI reads as free and the old one as the file, as
   * they would on a disk (VS Code checks both before moving, and would delete a target that
   * exists).
   */
  private readonly moves = new Map<string, DocumentMove>();

  /** The services whose changes this provider follows, one per account a document was opened from. */
  private readonly watched = new Set<SnippetService>();

  constructor(private readonly accounts: SnippetAccounts, private readonly log: Log, workspaceState: BaseStorage) {
    this.bases = new DocumentBases(workspaceState, WorkspaceStateKeys.snippetFileBases, isEditBase);
    this.follow(accounts.services.defaultService);
    // A document named by its snippet's guid (an editor restored from an earlier version's URI)
    // takes the snippet's name once it is open in a tab: its file has been read, so the name is
    // known. Either may come first: a restored tab before its document, a shown document before its tab.
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((doc) => this.nameDocumentsNamedByGuid([doc.uri])),
      // A preview tab that shows another document is reported as changed, not opened.
      vscode.window.tabGroups.onDidChangeTabs((e) => this.nameDocumentsNamedByGuid([...e.opened, ...e.changed].flatMap((t) => (t.input instanceof vscode.TabInputText ? [t.input.uri] : [])))),
      // Closed with nothing unsaved: no later edit can be based on what it was loaded from.
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === Schemes.snippet && !doc.isDirty) this.bases.delete(doc.uri.toString());
      }),
      // VS Code closes and reopens a document whose language changes, without reading it again.
      vscode.workspace.onDidOpenTextDocument((doc) => {
        const loaded = doc.uri.scheme === Schemes.snippet ? this.loaded.get(doc.uri.toString()) : undefined;
        if (loaded && !this.bases.get(doc.uri.toString())) this.bases.set(doc.uri.toString(), loaded.base);
      }),
    );
  }

  /** Remembers what a document's text is now based on, in this window and beyond it. */
  private remember(uri: vscode.Uri, service: SnippetService, snippetGuid: string, fileName: string, updatedAt: number, content: string): void {
    const base = editBaseOf(updatedAt, content);
    this.loaded.set(uri.toString(), { uri, service, snippetGuid, fileName, updatedAt, content, base });
    this.bases.set(uri.toString(), base);
  }

  /** What the editor's text of this file is based on: read in this window, else kept from an earlier one. */
  private baseOf(key: string): EditBase | undefined {
    return this.loaded.get(key)?.base ?? this.bases.get(key);
  }

  private follow(service: SnippetService): void {
    if (this.watched.has(service)) return;
    this.watched.add(service);
    const subscription = service.onDidChange((c) => this.onServiceChange(service, c));
    this.disposables.push({ dispose: () => subscription.dispose() });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /**
   * The user chose Overwrite after a refused save: the next save of this file may replace the
   * server version that save met, and only that one. False when no save of it was refused.
   */
  approveOverwrite(uri: vscode.Uri): boolean {
    const version = this.conflicts.get(uri.toString());
    if (version === undefined) return false;
    this.approvedOverwrites.set(uri.toString(), version);
    return true;
  }

  private forgetConflict(key: string): void {
    this.conflicts.delete(key);
    this.approvedOverwrites.delete(key);
  }

  // ---- FileSystemProvider ------------------------------------------------------------------

  watch(): vscode.Disposable {
    // Changes are announced from the store (see onServiceChange): there is nothing to poll.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const move = this.moves.get(uri.toString());
    if (move) {
      const isTarget = move.to.toString() === uri.toString();
      if (isTarget === move.done) return this.statOf(move.to);
      throw fileSystemError.fileNotFound(uri);
    }
    return this.statOf(uri);
  }

  private async statOf(uri: vscode.Uri): Promise<vscode.FileStat> {
    const loc = this.locate(uri);
    if (!loc) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const snippet = await this.snippet(loc, 'open');
    // Offline, nothing can be saved: the editor says so before anyone types.
    // A later file of a shared name is read-only too: a save finds the file by name, which is the first one's.
    const readonly = loc.service.mayWrite(snippet) && !loc.service.connection().offline && !loc.occurrence ? {} : { permissions: vscode.FilePermission.Readonly };
    if (loc.fileName === undefined) return { type: vscode.FileType.Directory, ctime: snippet.createdAt, mtime: snippet.updatedAt, size: 0, ...readonly };
    const file = this.file(snippet, loc.fileName, loc.occurrence);
    const stat = { type: vscode.FileType.File, ctime: snippet.createdAt, mtime: snippet.updatedAt, size: byteLength(file.content), ...readonly };
    this.reported.set(uri.toString(), { mtime: stat.mtime, size: stat.size });
    return stat;
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const loc = this.locate(uri);
    if (!loc) return this.accounts.services.defaultService.snippetsOf('mine').map((s) => [s.guid, vscode.FileType.Directory]);
    if (loc.fileName !== undefined) throw fileSystemError.fileNotADirectory(uri);
    const snippet = await this.snippet(loc, 'list');
    return snippet.files.map((f) => [f.name, vscode.FileType.File]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw fileSystemError.fileIsADirectory(uri);
    const snippet = await this.snippet(loc, `open ${loc.fileName}`);
    const file = this.file(snippet, loc.fileName, loc.occurrence);
    this.remember(uri, loc.service, snippet.guid, file.name, snippet.updatedAt, file.content);
    this.forgetConflict(uri.toString());
    // An opened snippet stays readable offline, in later windows too.
    loc.service.rememberSnippets([snippet]);
    return encoder.encode(file.content);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): Promise<void> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw fileSystemError.fileIsADirectory(uri);
    if (loc.occurrence) throw sameNameError(loc.fileName);
    const fileName = loc.fileName;
    const key = uri.toString();
    const text = decoder.decode(content);
    if (isUnchangedSave(this.baseOf(key), text)) {
      this.log.debug(`save of ${fileName} in ${loc.snippetGuid}: unchanged since loaded, nothing sent`);
      return;
    }
    const known = loc.service.get(loc.snippetGuid);
    if (known && !loc.service.mayWrite(known)) throw this.readonlyError(known, fileName, text);
    let created = false;
    /** The server already had the editor's text (an editor restored with no known base). */
    let alreadyThere: Snippet | undefined;
    const updated = await this.write(loc, `save ${fileName}`, fileName, (fresh) => {
      // Read here, in the queue: an earlier save of the same file may have just moved it on.
      const base = this.baseOf(key);
      const exists = fresh.files.some((f) => f.name === fileName);
      if (!exists && !base) {
        if (!options.create) throw fileSystemError.fileNotFound(uri);
        created = true;
        return withFileAdded(fresh, fileName, text);
      }
      if (exists && !base && !options.overwrite) throw fileSystemError.fileExists(uri);
      const decision = decideSave({
        base,
        text,
        fresh,
        fileName,
        // VS Code checks what it restored from a backup against no version (seen in code-server):
        // its "file is newer" dialog cannot have been shown, whatever `stat` said since.
        reported: this.loaded.has(key) ? this.reported.get(key) : undefined,
        overwriteApproved: this.approvedOverwrites.get(key),
        overwriteWithoutAsking: vscode.workspace.getConfiguration('files', uri).get('saveConflictResolution') === 'overwriteFileOnDisk',
      });
      if (decision.kind === 'file-gone') {
        throw fileSystemError.unavailable(
          vscode.l10n.t('"{0}" was renamed or removed from snippet "{1}" on the server. Your text is still in the editor: keep it with Save As.', fileName, fresh.name),
        );
      }
      if (decision.kind === 'conflict') {
        this.conflicts.set(key, fresh.updatedAt);
        // VS Code shows the error thrown below as its own "Failed to save" notification, and there
        // is no way for a provider to stop that; this one is ours, the one with Compare / Overwrite.
        void offerConflictChoices(uri, fileName, fresh.name);
        this.log.warn(`save of ${fileName} in ${fresh.guid}: changed on the server since loaded (loaded ${base?.updatedAt ?? 'in an earlier window, version unknown'}, server ${fresh.updatedAt}); not overwritten`);
        throw fileSystemError.unavailable(
          vscode.l10n.t('"{0}" in snippet "{1}" was changed on the server since you opened it, so it was not overwritten. Your text is still in the editor: Compare it with the server\'s version, or Overwrite it.', fileName, fresh.name),
        );
      }
      if (decision.kind === 'unchanged') {
        alreadyThere = fresh;
        return undefined;
      }
      return withFileContent(fresh, fileName, text);
    }, text);
    if (!updated) {
      if (alreadyThere) {
        this.log.debug(`save of ${fileName} in ${loc.snippetGuid}: the server already has this text, nothing sent`);
        this.remember(uri, loc.service, alreadyThere.guid, fileName, alreadyThere.updatedAt, text);
        this.forgetConflict(key);
      }
      return;
    }
    const saved = updated.files.find((f) => f.name === fileName);
    this.remember(uri, loc.service, updated.guid, fileName, updated.updatedAt, saved?.content ?? text);
    this.forgetConflict(key);
    if (created) this.emitter.fire([{ type: vscode.FileChangeType.Created, uri }]);
    // The walkthrough's "edit a snippet file" step completes on this: a save that reached the server.
    void vscode.commands.executeCommand('setContext', ContextKeys.snippetFileSaved, true);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw fileSystemError.noPermissions(vscode.l10n.t('Delete snippets with the "Delete Snippet" command of the Snippets view.'));
    if (loc.occurrence) throw sameNameError(loc.fileName);
    const fileName = loc.fileName;
    await this.translate(loc, `delete ${fileName}`, fileName, () => loc.service.deleteFile(loc.snippetGuid, fileName));
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { overwrite: boolean }): Promise<void> {
    const move = this.moves.get(oldUri.toString());
    if (move && move.to.toString() === newUri.toString()) {
      move.done = true;
      return;
    }
    const from = this.locate(oldUri);
    const to = this.locate(newUri);
    if (!from?.fileName || !to?.fileName) throw fileSystemError.noPermissions(vscode.l10n.t('Only files of a snippet can be renamed.'));
    if (from.snippetGuid !== to.snippetGuid || from.service !== to.service) throw fileSystemError.noPermissions(vscode.l10n.t('Files cannot be moved between snippets.'));
    if (from.occurrence || to.occurrence) throw sameNameError(from.fileName);
    const [oldName, newName] = [from.fileName, to.fileName];
    // The same file under another snippet name: the path is only for display, nothing to send.
    if (oldName === newName) return;
    const known = from.service.get(from.snippetGuid);
    if (!options.overwrite && known?.files.some((f) => f.name === newName)) throw fileSystemError.fileExists(newUri);
    await this.translate(from, `rename ${oldName}`, oldName, () => from.service.renameFile(from.snippetGuid, oldName, newName));
  }

  createDirectory(): void {
    throw fileSystemError.noPermissions(vscode.l10n.t('Create snippets with the "New Snippet" command of the Snippets view.'));
  }

  // ---- Helpers -----------------------------------------------------------------------------

  /** Where a URI points, and the signed-in account (and its service) it belongs to. */
  private locate(uri: vscode.Uri): Located | undefined {
    const loc = snippetLocation(uri);
    if (!this.accounts.session.account) throw notSignedIn();
    if (!loc) return undefined;
    const account = this.accounts.ofLocation(loc);
    if (!account) {
      const who = loc.username ? `${loc.username} @ ${loc.authority}${loc.contextPath ?? ''}` : loc.authority;
      throw fileSystemError.unavailable(vscode.l10n.t('This snippet belongs to {0}, which is not signed in. Sign in to that account (Bitbucket Snippets: Sign In) to open it.', who));
    }
    const service = this.accounts.service(account);
    this.follow(service);
    return { ...loc, account, service };
  }

  /** The snippet as the core knows it (loaded or cached), fetched when it does not. */
  private async snippet(loc: Located, action: string): Promise<Snippet> {
    const known = loc.service.get(loc.snippetGuid);
    if (known) {
      this.names.set(known.guid, known.name);
      return known;
    }
    return this.fetchFresh(loc, action);
  }

  /** The cached copy at once (revalidated in the background), else one GET shared with anyone asking meanwhile, in file system terms. */
  private async fetchFresh(loc: Located, action: string): Promise<Snippet> {
    const snippet = await this.translate(loc, action, undefined, () => loc.service.snippet(loc.snippetGuid));
    this.names.set(snippet.guid, snippet.name);
    return snippet;
  }

  /** A read-modify-write through the core's queue, in file system terms. */
  private write(loc: Located, action: string, fileName: string, build: Parameters<SnippetService['update']>[1], unsaved?: string): Promise<Snippet | undefined> {
    return this.translate(loc, action, fileName, () => loc.service.update(loc.snippetGuid, build), unsaved);
  }

  /** Runs a core call and turns whatever it throws into the FileSystemError VS Code shows. */
  private async translate<T>(loc: Located, action: string, fileName: string | undefined, work: () => Promise<T>, unsaved?: string): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof vscode.FileSystemError) throw err;
      if (err instanceof SignedOutError) throw notSignedIn();
      if (err instanceof NotOwnerError && err.snippet && fileName !== undefined) throw this.readonlyError(err.snippet, fileName, unsaved);
      if (err instanceof SnippetEditError) throw fileSystemError.noPermissions(err.message);
      if (err instanceof BitbucketError && err.kind === 'not-found') throw this.deletedOnServer(loc);
      if (fileName !== undefined && unsaved !== undefined && isUnreachable(err)) throw this.offlineSaveError(err, fileName, loc.account);
      throw this.fsError(err, action, loc.account);
    }
  }

  /** The file of that name; with `occurrence` (2, 3…), the later file of a name several share. */
  private file(snippet: Snippet, fileName: string, occurrence = 1) {
    const file = snippet.files.filter((f) => f.name === fileName)[occurrence - 1];
    if (!file) throw fileSystemError.fileNotFound(vscode.l10n.t('Snippet "{0}" has no file named "{1}".', snippet.name, fileName));
    return file;
  }

  /** A snippet that the server no longer has: the core forgot it, and open editors learn of it. */
  private deletedOnServer(loc: SnippetLocation): vscode.FileSystemError {
    const name = this.names.get(loc.snippetGuid) ?? loc.snippetGuid;
    // The core forgot it on the 404; its change event marks open files deleted.
    const hadOpenFiles = [...this.loaded.values()].some((l) => l.snippetGuid === loc.snippetGuid);
    if (hadOpenFiles) {
      void showInfo(vscode.l10n.t('Snippet "{0}" was deleted on the server; your text is still in the editor — save it elsewhere with Save As.', name));
    }
    this.log.info(`snippet ${loc.snippetGuid} (${name}) no longer exists on the server`);
    return fileSystemError.fileNotFound(vscode.l10n.t('Snippet "{0}" was deleted on the server.', name));
  }

  /**
   * A refused save of someone else's snippet: besides the error VS Code shows, one notification
   * offers to copy the snippet to My Snippets with the text that could not be saved.
   */
  private readonlyError(snippet: Snippet, fileName: string, unsaved?: string): vscode.FileSystemError {
    if (unsaved !== undefined) {
      void showWarning(
        snippet.name
          ? vscode.l10n.t('"{0}" is in "{1}", another user\'s snippet, so it cannot be saved there. Copy the snippet to My Snippets with your text?', fileName, snippet.name)
          : vscode.l10n.t('"{0}" is in another user\'s snippet, so it cannot be saved there. Copy the snippet to My Snippets with your text?', fileName),
         vscode.l10n.t('Copy to My Snippets')).then((choice) => {
        if (choice) void vscode.commands.executeCommand(Commands.copyToMySnippets, { snippetGuid: snippet.guid, fileName }, { fileName, text: unsaved });
      });
    }
    return fileSystemError.noPermissions(vscode.l10n.t('"{0}" belongs to another user\'s snippet "{1}" and is read-only. Keep your text with Copy to My Snippets or Save As.', fileName, snippet.name));
  }

  /** A save the server could not be reached for: nothing was sent, and the editor keeps the text. */
  private offlineSaveError(err: unknown, fileName: string, account: Account): vscode.FileSystemError {
    const host = serverHost(account.serverUrl);
    this.log.warn(`save of ${fileName}: ${host} cannot be reached; nothing was sent`);
    this.log.error(`could not save ${fileName}`, err);
    return fileSystemError.unavailable(
      vscode.l10n.t('Offline: {0} cannot be reached, so "{1}" was not saved. Your text is still in the editor; save again once the server answers.', host, fileName),
    );
  }

  private fsError(err: unknown, action: string, account: Account): vscode.FileSystemError {
    const message = describeError(err, messageContext(action, account));
    this.log.error(`could not ${action}`, err);
    if (err instanceof BitbucketError && (err.kind === 'auth' || err.kind === 'forbidden')) return fileSystemError.noPermissions(message);
    if (err instanceof BitbucketError && err.kind === 'not-found') return fileSystemError.fileNotFound(message);
    return fileSystemError.unavailable(message);
  }

  /** Tells editors of files whose snippet changed or disappeared, so clean ones reload. */
  private onServiceChange(service: SnippetService, change: ServiceChange): void {
    const events: vscode.FileChangeEvent[] = [];
    if (change.connection) {
      // Offline or back: clean editors read the file again, and with it whether it is read-only.
      const dirty = new Set(vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString()));
      for (const l of this.loaded.values()) if (!dirty.has(l.uri.toString())) events.push({ type: vscode.FileChangeType.Changed, uri: l.uri });
    }
    const guids = new Set(change.snippets);
    for (const l of this.loaded.values()) {
      if (!guids.has(l.snippetGuid) || l.service !== service) continue;
      const snippet = service.get(l.snippetGuid);
      const file = snippet?.files.find((f) => f.name === l.fileName);
      if (!snippet || !file) {
        // `loaded` is kept: it is how a later save knows the file was there and says so.
        events.push({ type: vscode.FileChangeType.Deleted, uri: l.uri });
      } else if (snippet.updatedAt !== l.updatedAt && file.content !== l.content) {
        events.push({ type: vscode.FileChangeType.Changed, uri: l.uri });
      }
    }
    if (events.length > 0) this.emitter.fire(events);
    this.followRenames(service, change);
  }

  /**
   * A snippet got another name, or one of its files did: its open documents move to URIs with
   * the new names, so tabs, breadcrumbs and Open Editors show them. VS Code carries unsaved
   * text along to the new URI.
   */
  private followRenames(service: SnippetService, change: ServiceChange): void {
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
      if (service?.get(loc.snippetGuid)) this.moveToCurrentNames(service, new Set([loc.snippetGuid]), new Map());
    }
  }

  /** Moves the open documents of these snippets to URIs with their current snippet and file names (`renamed`: old file name to new, per snippet). */
  private moveToCurrentNames(service: SnippetService, guids: ReadonlySet<string>, renamed: ReadonlyMap<string, string>): void {
    const moves: Array<[vscode.Uri, vscode.Uri]> = [];
    // Documents in a tab, or with unsaved text: others are closed or about to be, and moving them
    // could race with opening the same file again.
    const inTabs = new Set(vscode.window.tabGroups.all.flatMap((g) => g.tabs).flatMap((t) => (t.input instanceof vscode.TabInputText ? [t.input.uri.toString()] : [])));
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.isClosed || doc.uri.scheme !== Schemes.snippet || this.moves.has(doc.uri.toString())) continue;
      if (!doc.isDirty && !inTabs.has(doc.uri.toString())) continue;
      const loc = snippetLocation(doc.uri);
      if (!loc?.fileName || !guids.has(loc.snippetGuid)) continue;
      const account = this.accounts.ofLocation(loc);
      if (!account || this.accounts.service(account) !== service) continue;
      const snippet = service.get(loc.snippetGuid);
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
      // VS Code moves unsaved text without reading the file at its new URI: the base moves along.
      const loaded = this.loaded.get(from.toString());
      const base = loaded?.base ?? this.bases.get(from.toString());
      const fileName = snippetLocation(to)?.fileName;
      if (loaded && fileName !== undefined) this.loaded.set(to.toString(), { ...loaded, uri: to, fileName });
      if (base) this.bases.set(to.toString(), base);
      const move: DocumentMove = { to, done: false };
      this.moves.set(from.toString(), move);
      this.moves.set(to.toString(), move);
      // Never `overwrite`: VS Code would delete the target first, and here that is the file itself.
      edit.renameFile(from, to, { overwrite: false });
    }
    try {
      if (!(await vscode.workspace.applyEdit(edit))) this.log.warn(`open editors of a renamed snippet kept their old names (${moves.length})`);
    } catch (err) {
      this.log.warn(`moving the editors of a renamed snippet failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      for (const [from, to] of moves) {
        this.moves.delete(from.toString());
        this.moves.delete(to.toString());
      }
    }
  }
}

/** What a document was read from (or last saved as) in this window, with its base. */
interface Loaded {
  uri: vscode.Uri;
  service: SnippetService;
  snippetGuid: string;
  fileName: string;
  updatedAt: number;
  content: string;
  base: EditBase;
}

/** A document moving to another URI of the same file (see SnippetFileSystem.moves). */
interface DocumentMove {
  to: vscode.Uri;
  /** VS Code has called rename: from now on the file is at `to`. */
  done: boolean;
}

const notSignedIn = () => fileSystemError.unavailable(vscode.l10n.t('You are not signed in to Bitbucket. Sign in (Bitbucket Snippets: Sign In) to open and save snippet files.'));
