// The persistent read cache of one account on one server: the first pages of the lists the user
// opened, the snippets they opened, and what searches fetched, kept in one file (JSON, a line per
// snippet, read a line at a time) in the extension's global storage so a new window can paint
// rows before any request and browse offline. It is only ever a copy: nothing is written to the
// server from it, and anything odd about the file (truncated, another version, hand-edited) drops
// it rather than trusting it (cacheFile.ts). It is bounded in size, dropping the least recently
// used snippets; the bound holds in memory too, as it keeps each snippet as its JSON text
// (keptText.ts). Its writes happen behind the caller's back (cacheWriter.ts). No `vscode` here.
import type { Snippet } from '../../../api/types';
import type { ListId } from '../store';
import { CACHE_READ_SLICE_MS } from './cacheFile';
import { SEARCH_SHARE, isSearchList, removeFromLists, searchListId, startsWith } from './cachedLists';
import { Slicer } from '../../../util/slicer';
import { LIST_SLOT_BYTES, keptSnippet, snippetOf, snippetOfSliced, waitingSnippet, type KeptSnippet } from './keptText';
import type { CachedList, CachedSearchPages, CachedSnippet } from './cachedAnswers';
import { CacheEntries } from './cacheEntries';

export type { CachedList, CachedSearchPages, CachedSnippet } from './cachedAnswers';
export type { SnippetCacheOptions } from './cacheEntries';

export class SnippetCache extends CacheEntries {
  /** A cached list with its snippets in the server's order; undefined when not cached. Counts as a use. */
  list(id: ListId): CachedList | undefined {
    const entry = this.lists.get(id);
    if (!entry || !this.enabled) return undefined;
    const now = this.now();
    entry.usedAt = now;
    return {
      snippets: this.entriesOf(entry, now, false)!.map((e) => snippetOf(e.held)),
      nextStart: entry.nextStart,
      fetchedAt: entry.fetchedAt,
    };
  }

  /**
   * The pages a search fetched of a list in an earlier session, unless older than `maxAgeMs` or
   * missing a snippet (dropped to keep the size bound): a search must see the whole list or read
   * the server, never a list with holes.
   */
  async searchPages(
    list: string,
    maxAgeMs: number,
    slicer = new Slicer(CACHE_READ_SLICE_MS),
  ): Promise<CachedSearchPages | undefined> {
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
  putSearchPages(
    list: string,
    snippets: readonly Snippet[],
    nextStart: number | undefined,
    fresh: readonly Snippet[] = [],
  ): void {
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
}
