// Pages fetched for a search, kept per list for the rest of the session, so the next search
// reads them instead of the server (a repeated search sends no request), and a search cancelled
// half-way is continued where it stopped. What is kept stays within a byte budget per account:
// beyond it the least recently used lists are dropped, and the next search reads them again (from
// the offline cache or the server); a list larger than the whole budget is searched as its pages
// stream by and not kept. This is the one seam for a persistent cache: it can feed lists in with
// `restore` and persist what `onDidRecord` reports.
import type { Page, Snippet } from '../../../api/types';
import type { ListId } from '../store';
import { Emitter, type Subscription } from '../../../util/emitter';

export interface FetchedList {
  /** Snippets in the server's order, as fetched so far. */
  snippets: Snippet[];
  /** Where the next page starts; undefined when the whole list is here. */
  nextStart: number | undefined;
  /** The page size the server applied (it caps what was asked for). */
  appliedLimit: number | undefined;
}

/** The budget when nothing says otherwise: the offline cache's default size (cache.maxSizeMB). */
export const DEFAULT_KEPT_PAGES_BYTES = 32 * 1024 * 1024;

/**
 * `state`: the list as kept after this page; undefined when the list is not kept (it was dropped
 * to stay within the budget). `fresh`: the snippets of the page just recorded.
 */
type RecordListener = (list: ListId, state: FetchedList | undefined, fresh: readonly Snippet[]) => void;

interface KeptList extends FetchedList {
  bytes: number;
  /** The guids of `snippets`, so that a page is checked for what the list lacks at the cost of the page alone. */
  guids: Set<string>;
}

export class FetchedPages {
  /** In order of use, the least recently used first. */
  private readonly lists = new Map<ListId, KeptList>();
  private keptBytes = 0;
  private readonly recorded = new Emitter<{
    list: ListId;
    state: FetchedList | undefined;
    fresh: readonly Snippet[];
  }>();
  private readonly dropped = new Emitter<ListId>();

  /** `budgetBytes` is read at each page kept (a setting may change it). */
  constructor(private readonly budgetBytes: () => number = () => DEFAULT_KEPT_PAGES_BYTES) {}

  /** A list's kept pages; counts as a use. */
  get(list: ListId): FetchedList | undefined {
    const state = this.lists.get(list);
    if (state) this.touch(list, state);
    return state;
  }

  /** True when the whole list has been fetched and is kept. */
  isComplete(list: ListId): boolean {
    const state = this.lists.get(list);
    return state !== undefined && state.nextStart === undefined;
  }

  /** The estimated size of everything kept, as counted against the budget. */
  get bytes(): number {
    return this.keptBytes;
  }

  /**
   * Adds a page the server answered for the start `requested`; pages of one list arrive in order.
   * `next` is where the listing goes on, as the walk over it decided (api/paging.ts). A page after
   * the first of a list that is not kept (dropped meanwhile) is not kept either: a kept list never
   * has a hole.
   */
  record(list: ListId, page: Page<Snippet>, requested: number, next: number | undefined): void {
    const previous = this.lists.get(list);
    if (requested !== 0 && !previous) {
      this.recorded.fire({ list, state: undefined, fresh: page.values });
      return;
    }
    // The page goes onto the end of the list in place: copying the list at each page would make a
    // search of n snippets cost n² / the page size.
    const state = requested === 0 || !previous ? keptList([], undefined, page.limit) : previous;
    this.forget(list);
    for (const s of page.values) {
      if (state.guids.has(s.guid)) continue;
      state.guids.add(s.guid);
      state.snippets.push(s);
      state.bytes += snippetBytes(s);
    }
    state.nextStart = next;
    state.appliedLimit = page.limit;
    this.put(list, state);
    this.recorded.fire({ list, state: this.lists.get(list), fresh: page.values });
  }

  /** Puts back a list kept elsewhere (a persistent cache), as if its pages had been fetched. */
  restore(list: ListId, state: FetchedList): void {
    this.put(list, keptList([...state.snippets], state.nextStart, state.appliedLimit));
  }

  /** A snippet changed (saved, renamed): later searches match its new text. */
  update(snippet: Snippet): void {
    for (const state of this.lists.values()) {
      const i = state.snippets.findIndex((s) => s.guid === snippet.guid);
      if (i < 0) continue;
      const delta = snippetBytes(snippet) - snippetBytes(state.snippets[i]);
      state.snippets[i] = snippet;
      state.bytes += delta;
      this.keptBytes += delta;
    }
  }

  /** A snippet was deleted. */
  remove(guid: string): void {
    for (const state of this.lists.values()) {
      const i = state.snippets.findIndex((s) => s.guid === guid);
      if (i >= 0) {
        const bytes = snippetBytes(state.snippets[i]);
        state.snippets.splice(i, 1);
        state.guids.delete(guid);
        state.bytes -= bytes;
        this.keptBytes -= bytes;
        if (state.nextStart !== undefined) state.nextStart = Math.max(0, state.nextStart - 1);
      }
    }
  }

  /** Forgets one list (it was refreshed) or every list (another account). */
  clear(list?: ListId): void {
    for (const id of list ? [list] : [...this.lists.keys()]) this.forget(id);
  }

  /** Told after each page recorded, for a cache that keeps them across sessions. */
  onDidRecord(listener: RecordListener): Subscription {
    return this.recorded.event(({ list, state, fresh }) => listener(list, state, fresh));
  }

  /** Told of a list dropped to stay within the budget. */
  onDidDrop(listener: (list: ListId) => void): Subscription {
    return this.dropped.event(listener);
  }

  /**
   * Keeps `state` as the most recently used list, then drops the least recently used ones while
   * over the budget. A list larger than the whole budget is not kept, and drops no other.
   */
  private put(list: ListId, state: KeptList): void {
    this.forget(list);
    const budget = this.budgetBytes();
    if (state.bytes > budget) {
      this.dropped.fire(list);
      return;
    }
    this.lists.set(list, state);
    this.keptBytes += state.bytes;
    for (const [id] of this.lists) {
      if (this.keptBytes <= budget) break;
      this.forget(id);
      this.dropped.fire(id);
    }
  }

  private touch(list: ListId, state: KeptList): void {
    this.lists.delete(list);
    this.lists.set(list, state);
  }

  private forget(list: ListId): void {
    const state = this.lists.get(list);
    if (!state) return;
    this.lists.delete(list);
    this.keptBytes -= state.bytes;
  }
}

/** Bytes a snippet is counted for: about the size of its JSON, without the cost of making it. */
export function snippetBytes(s: Snippet): number {
  let bytes = 300 + s.guid.length + s.name.length + (s.description?.length ?? 0);
  for (const c of s.categories) bytes += 80 + c.name.length;
  for (const f of s.files) bytes += 120 + f.name.length + f.content.length;
  for (const c of s.comments) bytes += 150 + c.text.length;
  return bytes;
}

function keptList(snippets: Snippet[], nextStart: number | undefined, appliedLimit: number | undefined): KeptList {
  return {
    snippets,
    nextStart,
    appliedLimit,
    bytes: snippetsBytes(snippets),
    guids: new Set(snippets.map((s) => s.guid)),
  };
}

function snippetsBytes(snippets: readonly Snippet[]): number {
  let bytes = 0;
  for (const s of snippets) bytes += snippetBytes(s);
  return bytes;
}
