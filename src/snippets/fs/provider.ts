// Snippet files as documents: a writable FileSystemProvider on `bitbucket-snippet:`.
//
// Where the data comes from: `stat` and `readFile` serve the snippet as the store last learned it
// (from the tree's lists, a save, or a GET when the store does not know the snippet), so opening
// a file from the tree sends no request. A save fetches the snippet fresh (one GET; the API has
// no conditional PUT) to detect conflicts and to keep every other file, then sends one PUT.
// See saveLogic.ts for when a save goes ahead.
import * as vscode from 'vscode';
import { BitbucketError } from '../../api/errors';
import type { Snippet } from '../../api/types';
import type { Session } from '../../auth/session';
import type { Log } from '../../util/log';
import { describeError, messageContext } from '../../util/userMessages';
import type { SnippetStore, StoreChange } from '../store';
import { byteLength, decideSave, isUnchangedSave, SnippetEditError, withFileAdded, withFileContent, withFileDeleted, withFileRenamed, type LoadedVersion, type ReportedStat } from './saveLogic';
import { isOnServer, type SnippetLocation } from './snippetUri';
import { offerConflictChoices } from './conflicts';
import { snippetFileUri, snippetLocation } from './uris';
import { serverHost } from '../../util/serverUrl';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

export class SnippetFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  /** Per file URI: what the editor's document was read from (or last saved as). */
  private readonly loaded = new Map<string, LoadedVersion & { uri: vscode.Uri; snippetGuid: string; fileName: string }>();
  /** Per file URI: what `stat` last told the editor. */
  private readonly reported = new Map<string, ReportedStat>();
  /** Per file URI: the server version a refused save met. */
  private readonly conflicts = new Map<string, number>();
  /** Per file URI: the server version the user chose to overwrite. */
  private readonly approvedOverwrites = new Map<string, number>();
  /** Snippet names, remembered to name a snippet after it was deleted. */
  private readonly names = new Map<string, string>();
  private readonly disposables: vscode.Disposable[] = [this.emitter];

  constructor(private readonly session: Session, private readonly store: SnippetStore, private readonly log: Log) {
    const subscription = store.onDidChange((c) => this.onStoreChange(c));
    this.disposables.push({ dispose: () => subscription.dispose() });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** Whether the signed-in user owns a snippet; without a known user id, My Snippets decides. */
  isOwn(snippet: Snippet): boolean {
    const ownId = this.session.account?.userId ?? this.learnedOwnId();
    return ownId !== undefined ? snippet.userId === ownId : this.store.list('mine').guids.includes(snippet.guid);
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
    // Changes are announced from the store (see onStoreChange): there is nothing to poll.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const loc = this.locate(uri);
    if (!loc) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const snippet = await this.snippet(loc, 'open');
    const readonly = this.isOwn(snippet) ? {} : { permissions: vscode.FilePermission.Readonly };
    if (loc.fileName === undefined) return { type: vscode.FileType.Directory, ctime: snippet.createdAt, mtime: snippet.updatedAt, size: 0, ...readonly };
    const file = this.file(snippet, loc.fileName);
    const stat = { type: vscode.FileType.File, ctime: snippet.createdAt, mtime: snippet.updatedAt, size: byteLength(file.content), ...readonly };
    this.reported.set(uri.toString(), { mtime: stat.mtime, size: stat.size });
    return stat;
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const loc = this.locate(uri);
    if (!loc) return this.store.snippetsOf('mine').map((s) => [s.guid, vscode.FileType.Directory]);
    if (loc.fileName !== undefined) throw vscode.FileSystemError.FileNotADirectory(uri);
    const snippet = await this.snippet(loc, 'list');
    return snippet.files.map((f) => [f.name, vscode.FileType.File]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw vscode.FileSystemError.FileIsADirectory(uri);
    const snippet = await this.snippet(loc, `open ${loc.fileName}`);
    const file = this.file(snippet, loc.fileName);
    this.loaded.set(uri.toString(), { uri, snippetGuid: snippet.guid, fileName: file.name, updatedAt: snippet.updatedAt, content: file.content });
    this.forgetConflict(uri.toString());
    return encoder.encode(file.content);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): Promise<void> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw vscode.FileSystemError.FileIsADirectory(uri);
    const fileName = loc.fileName;
    const key = uri.toString();
    const text = decoder.decode(content);
    const loaded = this.loaded.get(key);
    if (isUnchangedSave(loaded, text)) {
      this.log.debug(`save of ${fileName} in ${loc.snippetGuid}: unchanged since loaded, nothing sent`);
      return;
    }
    const known = this.store.get(loc.snippetGuid);
    if (known && !this.isOwn(known)) throw this.readonlyError(known, fileName);

    await this.store.exclusive(loc.snippetGuid, async () => {
      const fresh = await this.fetchFresh(loc, `save ${fileName}`, false);
      try {
        await this.saveOver(uri, fresh, fileName, text, options);
      } catch (err) {
        // The save did not go through: the store (and so the tree and `stat`) still learns the
        // server's version, which is what lets VS Code offer Compare / Overwrite on the next save.
        const gone = err instanceof vscode.FileSystemError && err.code === 'FileNotFound';
        if (!gone && fresh.updatedAt !== this.store.get(loc.snippetGuid)?.updatedAt) this.store.put(fresh);
        throw err;
      }
    });
  }

  /** The part of a save after the GET: decides, sends the PUT, records what was saved. */
  private async saveOver(uri: vscode.Uri, fresh: Snippet, fileName: string, text: string, options: { create: boolean; overwrite: boolean }): Promise<void> {
    const key = uri.toString();
    const loaded = this.loaded.get(key);
    if (!this.isOwn(fresh)) throw this.readonlyError(fresh, fileName);
    const exists = fresh.files.some((f) => f.name === fileName);
    let body;
    if (!exists && !loaded) {
      if (!options.create) throw vscode.FileSystemError.FileNotFound(uri);
      body = this.build(() => withFileAdded(fresh, fileName, text));
    } else if (exists && !loaded && !options.overwrite) {
      throw vscode.FileSystemError.FileExists(uri);
    } else {
      const decision = decideSave({
        loaded,
        fresh,
        fileName,
        reported: this.reported.get(key),
        overwriteApproved: this.approvedOverwrites.get(key),
        overwriteWithoutAsking: vscode.workspace.getConfiguration('files', uri).get('saveConflictResolution') === 'overwriteFileOnDisk',
      });
      if (decision.kind === 'file-gone') {
        throw vscode.FileSystemError.Unavailable(
          `"${fileName}" was renamed or removed from snippet "${fresh.name}" on the server. Your text is still in the editor: keep it with Save As.`,
        );
      }
      if (decision.kind === 'conflict') {
        this.conflicts.set(key, fresh.updatedAt);
        void offerConflictChoices(uri, fileName, fresh.name);
        this.log.warn(`save of ${fileName} in ${fresh.guid}: changed on the server since loaded (loaded ${loaded?.updatedAt}, server ${fresh.updatedAt}); not overwritten`);
        throw vscode.FileSystemError.Unavailable(
          `"${fileName}" in snippet "${fresh.name}" was changed on the server since you opened it, so it was not overwritten. Your text is still in the editor: Compare it with the server's version, or Overwrite it.`,
        );
      }
      if (decision.kind === 'unchanged') return;
      body = this.build(() => withFileContent(fresh, fileName, text));
    }
    const updated = await this.update(fresh, body, `save ${fileName}`);
    const saved = updated.files.find((f) => f.name === fileName);
    this.loaded.set(key, { uri, snippetGuid: updated.guid, fileName, updatedAt: updated.updatedAt, content: saved?.content ?? text });
    this.forgetConflict(key);
    this.store.put(updated);
    if (!exists) this.emitter.fire([{ type: vscode.FileChangeType.Created, uri }]);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    const loc = this.locate(uri);
    if (!loc?.fileName) throw vscode.FileSystemError.NoPermissions('Delete snippets with the "Delete Snippet" command of the Snippets view.');
    const fileName = loc.fileName;
    await this.store.exclusive(loc.snippetGuid, async () => {
      const fresh = await this.fetchFresh(loc, `delete ${fileName}`, false);
      if (!this.isOwn(fresh)) throw this.readonlyError(fresh, fileName);
      const updated = await this.update(fresh, this.build(() => withFileDeleted(fresh, fileName)), `delete ${fileName}`);
      this.store.put(updated);
    });
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { overwrite: boolean }): Promise<void> {
    const from = this.locate(oldUri);
    const to = this.locate(newUri);
    if (!from?.fileName || !to?.fileName) throw vscode.FileSystemError.NoPermissions('Only files of a snippet can be renamed.');
    if (from.snippetGuid !== to.snippetGuid) throw vscode.FileSystemError.NoPermissions('Files cannot be moved between snippets.');
    const [oldName, newName] = [from.fileName, to.fileName];
    await this.store.exclusive(from.snippetGuid, async () => {
      const fresh = await this.fetchFresh(from, `rename ${oldName}`, false);
      if (!this.isOwn(fresh)) throw this.readonlyError(fresh, oldName);
      if (fresh.files.some((f) => f.name === newName) && !options.overwrite) throw vscode.FileSystemError.FileExists(newUri);
      const updated = await this.update(fresh, this.build(() => withFileRenamed(fresh, oldName, newName)), `rename ${oldName}`);
      this.store.put(updated);
    });
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions('Create snippets with the "New Snippet" command of the Snippets view.');
  }

  // ---- Helpers -----------------------------------------------------------------------------

  /** Where a URI points, checked against the signed-in server. */
  private locate(uri: vscode.Uri): SnippetLocation | undefined {
    const loc = snippetLocation(uri);
    const account = this.session.account;
    if (!account) throw vscode.FileSystemError.Unavailable('Not signed in to Bitbucket: sign in (Bitbucket Snippets: Sign In) to open snippet files.');
    if (loc && !isOnServer(loc, account.serverUrl)) {
      throw vscode.FileSystemError.Unavailable(`This snippet is on ${loc.authority}, but you are signed in to ${serverHost(account.serverUrl)}. Switch account to open it.`);
    }
    return loc;
  }

  /** The snippet as the store knows it, fetched when it does not. */
  private async snippet(loc: SnippetLocation, action: string): Promise<Snippet> {
    const known = this.store.get(loc.snippetGuid);
    if (known) {
      this.names.set(known.guid, known.name);
      return known;
    }
    return this.fetchFresh(loc, action);
  }

  /**
   * One GET. With `remember` false the store is not told (a save tells it once, with the answer of
   * its PUT, so the tree redraws once per save rather than twice in a row).
   */
  private async fetchFresh(loc: SnippetLocation, action: string, remember = true): Promise<Snippet> {
    try {
      const client = this.session.client;
      if (!remember && !client) throw vscode.FileSystemError.Unavailable('Not signed in to Bitbucket.');
      const snippet = remember || !client ? await this.store.fetch(loc.snippetGuid) : await client.getSnippet(loc.snippetGuid);
      this.names.set(snippet.guid, snippet.name);
      return snippet;
    } catch (err) {
      if (err instanceof vscode.FileSystemError) throw err;
      if (err instanceof BitbucketError && err.kind === 'not-found') throw this.deletedOnServer(loc);
      throw this.fsError(err, action);
    }
  }

  private async update(fresh: Snippet, body: ReturnType<typeof withFileContent>, action: string): Promise<Snippet> {
    const client = this.session.client;
    if (!client) throw vscode.FileSystemError.Unavailable('Not signed in to Bitbucket.');
    try {
      return await client.updateSnippet(fresh.guid, body);
    } catch (err) {
      if (err instanceof BitbucketError && err.kind === 'not-found') throw this.deletedOnServer({ authority: '', snippetGuid: fresh.guid, fileName: undefined });
      throw this.fsError(err, action);
    }
  }

  private build<T>(make: () => T): T {
    try {
      return make();
    } catch (err) {
      if (err instanceof SnippetEditError) throw vscode.FileSystemError.NoPermissions(err.message);
      throw err;
    }
  }

  private file(snippet: Snippet, fileName: string) {
    const file = snippet.files.find((f) => f.name === fileName);
    if (!file) throw vscode.FileSystemError.FileNotFound(`Snippet "${snippet.name}" has no file named "${fileName}".`);
    return file;
  }

  /** A snippet that the server no longer has: the store forgets it and open editors learn of it. */
  private deletedOnServer(loc: SnippetLocation): vscode.FileSystemError {
    const name = this.names.get(loc.snippetGuid) ?? loc.snippetGuid;
    // store.fetch already forgot it on 404; the store's change event marks open files deleted.
    this.store.remove(loc.snippetGuid);
    const hadOpenFiles = [...this.loaded.values()].some((l) => l.snippetGuid === loc.snippetGuid);
    if (hadOpenFiles) {
      void vscode.window.showInformationMessage(`Snippet "${name}" was deleted on the server; your text is still in the editor — save it elsewhere with Save As.`);
    }
    this.log.info(`snippet ${loc.snippetGuid} (${name}) no longer exists on the server`);
    return vscode.FileSystemError.FileNotFound(`Snippet "${name}" was deleted on the server.`);
  }

  private readonlyError(snippet: Snippet, fileName: string): vscode.FileSystemError {
    return vscode.FileSystemError.NoPermissions(`"${fileName}" belongs to another user's snippet "${snippet.name}" and is read-only. Keep your text with Save As.`);
  }

  private fsError(err: unknown, action: string): vscode.FileSystemError {
    const account = this.session.account;
    const message = describeError(err, messageContext(action, account));
    this.log.error(`could not ${action}`, err);
    if (err instanceof BitbucketError && (err.kind === 'auth' || err.kind === 'forbidden')) return vscode.FileSystemError.NoPermissions(message);
    if (err instanceof BitbucketError && err.kind === 'not-found') return vscode.FileSystemError.FileNotFound(message);
    return vscode.FileSystemError.Unavailable(message);
  }

  private learnedOwnId(): number | undefined {
    const owners = new Set(this.store.snippetsOf('mine').map((s) => s.userId));
    return owners.size === 1 ? [...owners][0] : undefined;
  }

  /** Tells editors of files whose snippet changed or disappeared, so clean ones reload. */
  private onStoreChange(change: StoreChange): void {
    const events: vscode.FileChangeEvent[] = [];
    const guids = new Set(change.snippets);
    for (const l of this.loaded.values()) {
      if (!guids.has(l.snippetGuid)) continue;
      const snippet = this.store.get(l.snippetGuid);
      const file = snippet?.files.find((f) => f.name === l.fileName);
      if (!snippet || !file) {
        // `loaded` is kept: it is how a later save knows the file was there and says so.
        events.push({ type: vscode.FileChangeType.Deleted, uri: l.uri });
      } else if (snippet.updatedAt !== l.updatedAt && file.content !== l.content) {
        events.push({ type: vscode.FileChangeType.Changed, uri: l.uri });
      }
    }
    if (events.length > 0) this.emitter.fire(events);
  }
}

/** The document URI of a file of a snippet on the signed-in server. */
export function fileUriFor(session: Session, snippetGuid: string, fileName: string): vscode.Uri {
  const account = session.account;
  if (!account) throw new Error('Not signed in to Bitbucket.');
  return snippetFileUri(account.serverUrl, snippetGuid, fileName);
}
