// What the offline cache of one account keeps and how, under its API (snippetCache.ts): the kept
// snippets in their order of use and the lists by id, their size in bytes against the bound, the
// file they are read from and written behind to (cacheWriter.ts), and the reading of that file.
// No `vscode` here.
import * as nodeFs from 'node:fs/promises';
import {
  CACHE_READ_SLICE_MS,
  cacheFilePath,
  cacheFilePieces,
  readCacheFile,
  type CacheFileSystem,
  type CacheLog,
} from './cacheFile';
import { listFromFile, recountSearchLists, type ListEntry } from './cachedLists';
import { CacheWriter } from './cacheWriter';
import { evictLeastUsed } from './eviction';
import { Slicer } from '../../../util/slicer';
import { LIST_SLOT_BYTES, putInOrderOfUse, textOfEntry, type KeptSnippet, type SnippetEntry } from './keptText';

export interface SnippetCacheOptions {
  /** The folder of cache files (in the extension's global storage). */
  dir: string;
  /** Which server and account, e.g. `https://bitbucket.example.com#alice`; never credentials. Only its hash is written. */
  key: string;
  /** The bound in bytes, read at each write (a setting); 0 turns the cache off. */
  maxBytes: () => number;
  log?: CacheLog;
  /** How long changes gather before one write (coalescing). */
  writeDelayMs?: number;
  fs?: CacheFileSystem;
  now?: () => number;
}

export abstract class CacheEntries {
  protected readonly snippets = new Map<string, SnippetEntry>();
  /** The tree's first pages by list id, and the pages searches fetched by `search:<list>`. */
  protected readonly lists = new Map<string, ListEntry>();
  protected readonly file: string;
  protected readonly fs: CacheFileSystem;
  protected readonly now: () => number;
  protected loading: Promise<void> | undefined;
  /** Its failure (disk full, read-only) turns the cache off for the session. */
  protected readonly writer: CacheWriter;
  protected bytes = 0;
  /** A write made texts since the last settleAfterWrite: sizes changed from estimated to exact. */
  protected resized = false;
  /** Search lists past their share: how long each was when refused (a shorter one is a new search). */
  protected readonly overShare = new Map<string, number>();

  constructor(protected readonly options: SnippetCacheOptions) {
    this.file = cacheFilePath(options.dir, options.key);
    this.fs = options.fs ?? nodeFs;
    this.now = options.now ?? Date.now;
    this.writer = new CacheWriter({
      file: this.file,
      dir: options.dir,
      fs: this.fs,
      log: options.log,
      delayMs: options.writeDelayMs ?? 1000,
      enabled: () => this.enabled,
      settle: () => this.evict(),
      written: () => this.settleAfterWrite(),
      body: () => this.serialize(),
    });
  }

  /** Whether the cache keeps anything: the setting is not 0 and no write failed this session. */
  get enabled(): boolean {
    return !this.writer.broken && this.options.maxBytes() > 0;
  }

  /** Reads the file once (later calls share the first read). Never rejects: a bad file is an empty cache. */
  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  protected setSnippet({ guid, held, bytes }: KeptSnippet, now: number, usedAt = now): void {
    const previous = this.snippets.get(guid);
    if (previous) this.bytes -= previous.bytes;
    // A use moves the entry to the end; a newer copy alone (a save's answer) keeps its place.
    if (previous && previous.usedAt !== usedAt) this.snippets.delete(guid);
    this.snippets.set(guid, { guid: previous?.guid ?? guid, held, fetchedAt: now, usedAt, bytes });
    this.bytes += bytes;
  }

  /** The map's order is the order of use, the least recently used first: eviction needs no sort. */
  protected use(entry: SnippetEntry, now: number): void {
    entry.usedAt = now;
    this.snippets.delete(entry.guid);
    this.snippets.set(entry.guid, entry);
  }

  /** A list's kept entries, each a use; `whole`: undefined when one is missing, else the missing are left out. */
  protected entriesOf(entry: ListEntry, now: number, whole: boolean): SnippetEntry[] | undefined {
    const entries: SnippetEntry[] = [];
    for (const s of entry.guids.map((guid) => this.snippets.get(guid))) {
      if (!s && whole) return undefined;
      if (s) entries.push(s);
    }
    for (const s of entries) this.use(s, now);
    return entries;
  }

  /** The guid string that keys a kept snippet, so a list shares it rather than holding a copy. */
  protected keyOf(guid: string): string {
    return this.snippets.get(guid)?.guid ?? guid;
  }

  protected setList(id: string, entry: ListEntry): void {
    this.deleteList(id);
    this.lists.set(id, entry);
    this.bytes += LIST_SLOT_BYTES * entry.guids.length;
  }

  protected deleteList(id: string): void {
    const entry = this.lists.get(id);
    if (!entry) return;
    this.lists.delete(id);
    this.bytes -= LIST_SLOT_BYTES * entry.guids.length;
  }

  /** Within the bound again: the least recently used snippets go (eviction.ts); true when any went. */
  protected evict(): boolean {
    const kept = this.snippets.size;
    this.bytes = evictLeastUsed(this.snippets, this.lists, this.bytes, this.options.maxBytes());
    return this.snippets.size !== kept;
  }

  /** The text of a waiting entry, made as the write reaches it; a current entry counts its real size from then. */
  protected textOf(entry: SnippetEntry): string | Iterable<string> {
    return textOfEntry(entry, (grew) => {
      if (this.snippets.get(entry.guid) === entry) this.bytes += grew;
      this.resized = true;
    });
  }

  /** After a write that made texts: the search lists count them exactly, and the bound holds again (true: something went). */
  protected settleAfterWrite(): boolean {
    if (!this.resized) return false;
    this.resized = false;
    recountSearchLists(this.lists, this.snippets);
    return this.evict();
  }

  protected changed(): void {
    this.writer.changed();
  }

  protected serialize(): Iterable<string> {
    return cacheFilePieces(this.options.key, this.now(), {
      snippets: [...this.snippets.values()].map((e) => ({
        text: typeof e.held === 'string' ? e.held : () => this.textOf(e),
        fetchedAt: e.fetchedAt,
        usedAt: e.usedAt,
      })),
      lists: [...this.lists.entries()].map(([id, l]) => ({
        id,
        guids: l.guids,
        nextStart: l.nextStart ?? null,
        fetchedAt: l.fetchedAt,
        usedAt: l.usedAt,
      })),
    });
  }

  protected async read(): Promise<void> {
    // A clear() meanwhile wins: nothing read from the old file is put back after it.
    const epoch = this.writer.epoch;
    if (this.options.maxBytes() <= 0) {
      // Off: what an earlier session kept is not left lying on disk.
      await this.fs.rm(this.file, { force: true }).catch(() => undefined);
      return;
    }
    await this.writer.deletion();
    // One slicer for reading and keeping: a full file never holds the thread for long.
    const slicer = new Slicer(CACHE_READ_SLICE_MS);
    const parsed = await readCacheFile(this.fs, this.file, this.options.key, this.options.log, slicer);
    if (!parsed || epoch !== this.writer.epoch) return;
    // What the server sent while the file was read is newer than the file.
    for (const s of parsed.snippets) {
      if (!this.snippets.has(s.kept.guid)) this.setSnippet(s.kept, s.fetchedAt, s.usedAt);
      await slicer.maybeYield();
      if (epoch !== this.writer.epoch) return;
    }
    for (const l of parsed.lists) {
      const entry = this.lists.has(l.id) ? undefined : listFromFile(l, this.snippets);
      if (entry) this.setList(l.id, entry);
      await slicer.maybeYield();
      if (epoch !== this.writer.epoch) return;
    }
    // What this session used before or while the file was read goes among the file's by its time.
    putInOrderOfUse(this.snippets);
    // The bound may have shrunk since the file was written.
    this.evict();
  }
}
