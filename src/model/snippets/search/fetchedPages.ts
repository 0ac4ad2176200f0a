// Pages fetched for a search, kept per list for the rest of the session, so the next search
// reads them instead of the server (a repeated search sends no request), and a search cancelled
// half-way is continued where it stopped. This is the one seam for a persistent cache: it can
// feed lists in with `restore` and persist what `onDidRecord` reports.
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

/** `fresh`: the snippets of the page just recorded. */
type RecordListener = (list: ListId, state: FetchedList, fresh: readonly Snippet[]) => void;

export class FetchedPages {
  private readonly lists = new Map<ListId, FetchedList>();
  private readonly recorded = new Emitter<{ list: ListId; state: FetchedList; fresh: readonly Snippet[] }>();

  get(list: ListId): FetchedList | undefined {
    return this.lists.get(list);
  }

  /** True when the whole list has been fetched. */
  isComplete(list: ListId): boolean {
    const state = this.lists.get(list);
    return state !== undefined && state.nextStart === undefined;
  }

  /**
   * Adds a page the server answered for the start `requested`; pages of one list arrive in order.
   * `next` is where the listing goes on, as the walk over it decided (api/paging.ts).
   */
  record(list: ListId, page: Page<Snippet>, requested: number, next: number | undefined): void {
    const state = this.lists.get(list) ?? { snippets: [], nextStart: 0, appliedLimit: undefined };
    const known = new Set(state.snippets.map((s) => s.guid));
    const snippets = requested === 0 ? page.values : [...state.snippets, ...page.values.filter((s) => !known.has(s.guid))];
    const updated = { snippets, nextStart: next, appliedLimit: page.limit };
    this.lists.set(list, updated);
    this.recorded.fire({ list, state: updated, fresh: page.values });
  }

  /** Puts back a list kept elsewhere (a persistent cache), as if its pages had been fetched. */
  restore(list: ListId, state: FetchedList): void {
    this.lists.set(list, { ...state, snippets: [...state.snippets] });
  }

  /** A snippet changed (saved, renamed): later searches match its new text. */
  update(snippet: Snippet): void {
    for (const state of this.lists.values()) {
      const i = state.snippets.findIndex((s) => s.guid === snippet.guid);
      if (i >= 0) state.snippets[i] = snippet;
    }
  }

  /** A snippet was deleted. */
  remove(guid: string): void {
    for (const state of this.lists.values()) {
      const i = state.snippets.findIndex((s) => s.guid === guid);
      if (i >= 0) {
        state.snippets.splice(i, 1);
        if (state.nextStart !== undefined) state.nextStart = Math.max(0, state.nextStart - 1);
      }
    }
  }

  /** Forgets one list (it was refreshed) or every list (another account). */
  clear(list?: ListId): void {
    if (list) this.lists.delete(list);
    else this.lists.clear();
  }

  /** Told after each page recorded, for a cache that keeps them across sessions. */
  onDidRecord(listener: RecordListener): Subscription {
    return this.recorded.event(({ list, state, fresh }) => listener(list, state, fresh));
  }
}
