// The persistent read cache of one account on one server: the first pages of the lists the user
// opened, the snippets they opened, and what searches fetched, kept in one file (JSON, a line per
// snippet, read a line at a time) in the extension's global storage so a new window can paint
// rows before any request and browse offline. It is only ever a copy: nothing is written to the
// server from it, and anything odd about the file (truncated, another version, hand-edited) drops
// it rather than trusting it (cacheFile.ts). It is bounded in size, dropping the least recently
// used snippets; the bound holds in memory too, as it keeps each snippet as its JSON text
// (keptText.ts). Its writes happen behind the caller's back (cacheWriter.ts). No `vscode` here.
import * as nodeFs from 'node:fs/promises';
import type { Snippet } from '../../../api/types';
import type { ListId } from '../store';
import { CACHE_READ_SLICE_MS, cacheFilePath, cacheFilePieces, readCacheFile, type CacheFileSystem, type CacheLog } from './cacheFile';
import { SEARCH_SHARE, isSearchList, listFromFile, recountSearchLists, removeFromLists, searchListId, startsWith, type ListEntry } from './cachedLists';
import { CacheWriter } from './cacheWriter';
import { evictLeastUsed } from './eviction';
import { Slicer } from '../../../util/slicer';
import { LIST_SLOT_BYTES, keptSnippet, putInOrderOfUse, snippetOf, snippetOfSliced, textOfEntry, waitingSnippet, type KeptSnippet, type SnippetEntry } from './keptText';
import type { CachedList, CachedSearchPages, CachedSnippet } from './cachedAnswers';

export type { CachedList, CachedSearchPages, CachedSnippet } from './cachedAnswers';

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

export class SnippetCache {
  private readonly snippets = new Map<string, SnippetEntry>();
  /** The tree's first pages by list id, and the pages searches fetched by `search:<list>`. */
  private readonly lists = new Map<string, ListEntry>();
  private readonly file: string;
  private readonly fs: CacheFileSystem;
  private readonly now: () => number;
  private loading: Promise<void> | undefined;
  /** Its failure (disk full, read-only) turns the cache off for the session. */
  private readonly writer: CacheWriter;
  private bytes = 0;
  /** A write made texts since the last settleAfterWrite: sizes changed from estimated to exact. */
  private resized = false;
  /** Search lists past their share: how long each was when refused (a shorter one is a new search). */
  private readonly overShare = new Map<string, number>();

  constructor(private readonly options: SnippetCacheOptions) {
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

  /** A cached list with its snippets in the server's order; undefined when not cached. Counts as a use. */
  list(id: ListId): CachedList | undefined {
    const entry = this.lists.get(id);
    if (!entry || !this.enabled) return undefined;
    const now = this.now();
    entry.usedAt = now;
    return { snippets: this.entriesOf(entry, now, false)!.map((e) => snippetOf(e.held)), nextStart: entry.nextStart, fetchedAt: entry.fetchedAt };
  }

  /**
   * The pages a search fetched of a list in an earlier session, unless older than `maxAgeMs` or
   * missing a snippet (dropped to keep the size bound): a search must see the whole list or read
   * the server, never a list with holes.
   */
  async searchPages(list: string, maxAgeMs: number, slicer = new Slicer(CACHE_READ_SLICE_MS)): Promise<CachedSearchPages | undefined> {
    const entry = this.lists.get(searchListId(list));
    if (!entry || !this.enabled) return undefined;
    const now = this.now();
    if (now - entry.fetchedAt > maxAgeMs) return undefined;
    const entries = this.entriesOf(entry, now, true);
    if (!entries) return undefined;
    entry.usedAt = now;
    // The texts as they are now, made into snippets a slice at a time: a search list can hold
    // half the cache, and parsing it in one go held the thread for 150-260 ms in the bench.
    const snippets: Snippet[] = [];
    for (const e of entries) {
      snippets.push(await snippetOfSliced(e.held, slicer));
      await slicer.maybeYield();
    }
    return { snippets, nextStart: entry.nextStart, fetchedAt: entry.fetchedAt };
  }

  /**
   * Keeps the pages a search fetched of a list so far (every page, as FetchedPages holds them);
   * `fresh`: the snippets the server just sent, which replace older copies. Within the list's
   * share of the bound (SEARCH_SHARE): a page past it is not kept, nor any later one of that search.
   */
  putSearchPages(list: string, snippets: readonly Snippet[], nextStart: number | undefined, fresh: readonly Snippet[] = []): void {
    if (!this.enabled) return;
    const id = searchListId(list);
    const refusedAt = this.overShare.get(id);
    if (refusedAt !== undefined && snippets.length >= refusedAt) return;
    this.overShare.delete(id);
    const now = this.now();
    const previous = this.lists.get(id);
    // Pages added to ones fetched earlier keep the time of the first: their age is the list's age.
    const fetchedAt = previous && snippets.length > previous.guids.length ? previous.fetchedAt : now;
    // The usual case, a page at a time: the list so far is whole (an evicted snippet drops it), so
    // only the page is new. Redoing the whole list at each page would cost a search n² / page size.
    const extended = previous && startsWith(snippets, previous.guids) ? previous : undefined;
    const added = extended ? snippets.slice(extended.guids.length) : snippets;
    const isFresh = new Set(fresh.map((s) => s.guid));
    // A copy kept already counts as it is; a new one, or the server's newer one, goes in as the
    // object, its text made by the next write: not on the search's way to its results.
    const toKeep: KeptSnippet[] = [];
    let bytes = (extended?.bytes ?? 0) + LIST_SLOT_BYTES * added.length;
    for (const s of added) {
      const kept = isFresh.has(s.guid) ? undefined : this.snippets.get(s.guid);
      if (kept) bytes += kept.bytes;
      else toKeep.push(waitingSnippet(s));
    }
    for (const k of toKeep) bytes += k.bytes;
    if (bytes > SEARCH_SHARE * this.options.maxBytes()) {
      this.overShare.set(id, snippets.length);
      // Another list than the one kept (a search from the start): the old one is out of date.
      if (!extended && previous) {
        this.deleteList(id);
        this.changed();
      }
      return;
    }
    for (const k of toKeep) this.setSnippet(k, now);
    if (extended) {
      for (const s of added) extended.guids.push(this.keyOf(s.guid));
      this.bytes += LIST_SLOT_BYTES * added.length;
      Object.assign(extended, { nextStart, fetchedAt, usedAt: now, bytes });
    } else {
      this.setList(id, { guids: snippets.map((s) => this.keyOf(s.guid)), nextStart, fetchedAt, usedAt: now, bytes });
    }
    this.changed();
  }

  /** Forgets every kept search page (Refresh: the next search reads the server again). */
  dropSearchPages(): void {
    this.overShare.clear();
    const dropped = [...this.lists.keys()].filter(isSearchList);
    for (const id of dropped) this.deleteList(id);
    if (dropped.length > 0) this.changed();
  }

  /** A cached snippet; undefined when not cached. Counts as a use. */
  snippet(guid: string): CachedSnippet | undefined {
    const entry = this.snippets.get(guid);
    if (!entry || !this.enabled) return undefined;
    this.use(entry, this.now());
    return { snippet: snippetOf(entry.held), fetchedAt: entry.fetchedAt };
  }

  /** Keeps the first page of a list as the server just sent it. */
  putList(id: ListId, snippets: readonly Snippet[], nextStart: number | undefined): void {
    if (!this.enabled) return;
    const now = this.now();
    for (const s of snippets) this.setSnippet(keptSnippet(s), now);
    this.setList(id, { guids: snippets.map((s) => this.keyOf(s.guid)), nextStart, fetchedAt: now, usedAt: now });
    this.changed();
  }

  /** Keeps snippets the user opened or a search fetched, as the server just sent them. */
  putSnippets(snippets: readonly Snippet[]): void {
    if (!this.enabled || snippets.length === 0) return;
    const now = this.now();
    for (const s of snippets) this.setSnippet(keptSnippet(s), now);
    this.changed();
  }

  /** A newer copy of a snippet (a save's answer): replaces the cached one, adds nothing new. */
  updateSnippet(snippet: Snippet): void {
    const entry = this.snippets.get(snippet.guid);
    if (!entry || !this.enabled) return;
    this.setSnippet(keptSnippet(snippet), this.now(), entry.usedAt);
    this.changed();
  }

  /** Forgets a snippet that was deleted: the lists that had it lose it, and stay whole (the server no longer has it either). */
  removeSnippet(guid: string): void {
    const entry = this.snippets.get(guid);
    if (!entry) return;
    this.snippets.delete(guid);
    this.bytes -= entry.bytes + removeFromLists(this.lists, entry);
    this.changed();
  }

  /** Forgets everything of this account, on disk too (Sign Out, Clear Offline Cache). */
  async clear(): Promise<void> {
    this.overShare.clear();
    this.snippets.clear();
    this.lists.clear();
    this.bytes = 0;
    // A read still under way must not bring the old file's contents back.
    this.loading = Promise.resolve();
    await this.writer.discard();
  }

  /** Writes pending changes now (before the window closes; tests). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Stops the timer; pending changes are written by a last flush when the caller awaits it. */
  dispose(): Promise<void> {
    return this.flush();
  }

  /** Total size of what is kept, as counted against the bound: in memory, or in the file where that is more (keptText.ts). */
  get size(): number {
    return this.bytes;
  }

  // ---- Helpers ------------------------------------------------------------------------------

  private setSnippet({ guid, held, bytes }: KeptSnippet, now: number, usedAt = now): void {
    const previous = this.snippets.get(guid);
    if (previous) this.bytes -= previous.bytes;
    // A use moves the entry to the end; a newer copy alone (a save's answer) keeps its place.
    if (previous && previous.usedAt !== usedAt) this.snippets.delete(guid);
    this.snippets.set(guid, { guid: previous?.guid ?? guid, held, fetchedAt: now, usedAt, bytes });
    this.bytes += bytes;
  }

  /** The map's order is the order of use, the least recently used first: eviction needs no sort. */
  private use(entry: SnippetEntry, now: number): void {
    entry.usedAt = now;
    this.snippets.delete(entry.guid);
    this.snippets.set(entry.guid, entry);
  }

  /** A list's kept entries, each a use; `whole`: undefined when one is missing, else the missing are left out. */
  private entriesOf(entry: ListEntry, now: number, whole: boolean): SnippetEntry[] | undefined {
    const entries: SnippetEntry[] = [];
    for (const s of entry.guids.map((guid) => this.snippets.get(guid))) {
      if (!s && whole) return undefined;
      if (s) entries.push(s);
    }
    for (const s of entries) this.use(s, now);
    return entries;
  }

  /** The guid string that keys a kept snippet, so a list shares it rather than holding a copy. */
  private keyOf(guid: string): string {
    return this.snippets.get(guid)?.guid ?? guid;
  }

  private setList(id: string, entry: ListEntry): void {
    this.deleteList(id);
    this.lists.set(id, entry);
    this.bytes += LIST_SLOT_BYTES * entry.guids.length;
  }

  private deleteList(id: string): void {
    const entry = this.lists.get(id);
    if (!entry) return;
    this.lists.delete(id);
    this.bytes -= LIST_SLOT_BYTES * entry.guids.length;
  }

  /** Within the bound again: the least recently used snippets go (eviction.ts); true when any went. */
  private evict(): boolean {
    const kept = this.snippets.size;
    this.bytes = evictLeastUsed(this.snippets, this.lists, this.bytes, this.options.maxBytes());
    return this.snippets.size !== kept;
  }

  /** The text of a waiting entry, made as the write reaches it; a current entry counts its real size from then. */
  private textOf(entry: SnippetEntry): string | Iterable<string> {
    return textOfEntry(entry, (grew) => {
      if (this.snippets.get(entry.guid) === entry) this.bytes += grew;
      this.resized = true;
    });
  }

  /** After a write that made texts: the search lists count them exactly, and the bound holds again (true: something went). */
  private settleAfterWrite(): boolean {
    if (!this.resized) return false;
    this.resized = false;
    recountSearchLists(this.lists, this.snippets);
    return this.evict();
  }

  private changed(): void {
    this.writer.changed();
  }

  private serialize(): Iterable<string> {
    return cacheFilePieces(this.options.key, this.now(), {
      snippets: [...this.snippets.values()].map((e) => ({ text: typeof e.held === 'string' ? e.held : () => this.textOf(e), fetchedAt: e.fetchedAt, usedAt: e.usedAt })),
      lists: [...this.lists.entries()].map(([id, l]) => ({ id, guids: l.guids, nextStart: l.nextStart ?? null, fetchedAt: l.fetchedAt, usedAt: l.usedAt })),
    });
  }

  private async read(): Promise<void> {
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
