// Search Snippets: finds a text in every list the user can see (My Snippets, Starred, Browse and
// browsed users). It matches what is loaded first, with no request, then pages through the server
// in the largest pages it allows, list by list in parallel, and reports results as they come.
// Fetched pages stay in `FetchedPages` for the rest of the session: searching again sends no
// request. Cancellable through an AbortSignal. No `vscode` here.
import type { BitbucketClient } from '../../../api/client';
import type { Page, PageRequest, Snippet } from '../../../api/types';
import { PageWalk } from '../../../api/paging';
import { SignedOutError } from '../errors';
import type { ListId } from '../store';
import { FetchedPages, type FetchedList } from './fetchedPages';
import { matchSnippet, normalizeQuery } from './match';
import { EmptyQueryError, type FoundSnippet, type SearchList, type SearchOptions, type SearchSummary } from './types';

/** The server caps a page (Bitbucket at 1,000) and says in the answer what it applied. */
export const SEARCH_PAGE_LIMIT = 1000;

export type SearchApi = Pick<BitbucketClient, 'getMySnippets' | 'getStarredSnippets' | 'browseSnippets' | 'browseUserSnippets'>;

/** What the search reads of the snippet core (SnippetService provides it from its store). */
export interface LoadedSnippets {
  snippetsOf(id: ListId): Snippet[];
  get(guid: string): Snippet | undefined;
  onDidChange(listener: (change: { lists: ListId[]; snippets: string[] }) => void): { dispose(): void };
}

/**
 * Where fetched pages are kept across sessions (the account's offline cache), so a new window's
 * first search reads them instead of the server.
 */
export interface KeptPages {
  /** A list's pages kept from an earlier session, if any and young enough. */
  restore(list: SearchList): Promise<(FetchedList & { fetchedAt: number }) | undefined>;
  /** Drops every kept page: the next search reads the server again. */
  forget(): void;
}

/**
 * Pages kept from an earlier session are searched for a day after they were fetched; older ones
 * are read again, so snippets made elsewhere meanwhile are found. Refresh reads them again at once.
 */
export const KEPT_PAGES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Matching runs in slices of this many milliseconds, so a large list never blocks the host. */
const SLICE_MS = 8;

export class SnippetSearch {
  /** The client the fetched pages came from. */
  private client: unknown;
  private readonly subscription: { dispose(): void };

  /** Lists whose kept pages were already asked for this session (asked once). */
  private readonly restored = new Set<SearchList>();
  /** When the kept pages in use were fetched, per list (until they are read again). */
  private readonly keptSince = new Map<SearchList, number>();

  constructor(
    private readonly loaded: LoadedSnippets,
    private readonly api: () => SearchApi | undefined,
    readonly pages = new FetchedPages(),
    private readonly kept?: KeptPages,
    /** Told why a list's paging ended before the server said it was the last page. */
    private readonly warn?: (message: string) => void,
  ) {
    // Saved, renamed and deleted snippets are matched as they are now.
    this.subscription = loaded.onDidChange((change) => {
      for (const guid of change.snippets) {
        const now = loaded.get(guid);
        if (now) pages.update(now);
        else pages.remove(guid);
      }
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }

  /** Drops the fetched pages, as on sign-out. (The last search is the session's: lastSearch.ts.) */
  forget(): void {
    this.pages.clear();
    this.restored.clear();
    this.keptSince.clear();
  }

  /** Refresh: the next search reads the server again, here and in later windows. */
  readAgain(): void {
    this.pages.clear();
    this.keptSince.clear();
    this.kept?.forget();
  }

  /**
   * Finds `query` in the given lists: first in what is loaded (no request), then in pages fetched
   * from the server, `onResults` told of each batch. Rejects an empty query and, when the server
   * is needed, a signed-out session; a list that fails is reported in the summary. Records
   * nothing: the runner (everyAccount.ts) keeps the session's last search.
   */
  find(query: string, options: SearchOptions): Promise<SearchSummary> {
    return this.run(query, options);
  }

  private async run(query: string, options: SearchOptions): Promise<SearchSummary> {
    const needle = normalizeQuery(query);
    if (!needle) throw new EmptyQueryError();
    const api = this.api();
    // Another client is another account (or new credentials): its lists may differ.
    if (api !== this.client) {
      this.pages.clear();
      this.client = api;
    }
    const summary: SearchSummary = { query: query.trim(), results: [], requests: 0, cancelled: false, failures: [] };
    // 0. Pages an earlier session fetched (once per list and session).
    for (const list of options.lists) {
      if (!this.kept || this.restored.has(list) || this.pages.get(list)) continue;
      this.restored.add(list);
      const kept = await this.kept.restore(list).catch(() => undefined);
      if (!kept) continue;
      this.pages.restore(list, kept);
      this.keptSince.set(list, kept.fetchedAt);
    }
    for (const list of options.lists) {
      const since = this.keptSince.get(list);
      if (since !== undefined && this.pages.get(list)) summary.keptSince = Math.min(summary.keptSince ?? since, since);
    }
    const seen = new Set<string>();
    const slicer = new Slicer();
    const matchAll = async (list: SearchList, snippets: Iterable<Snippet>) => {
      const batch: FoundSnippet[] = [];
      for (const s of snippets) {
        if (seen.has(s.guid)) continue;
        // The store's copy is the newest (it learns every save); a fetched page may be older.
        const snippet = this.loaded.get(s.guid) ?? s;
        const matches = matchSnippet(snippet, needle);
        if (matches.length > 0) {
          seen.add(s.guid);
          batch.push({ snippet, list, matches });
        }
        await slicer.maybeYield();
        if (options.signal?.aborted) break;
      }
      if (batch.length > 0) {
        summary.results.push(...batch);
        options.onResults?.(batch);
      }
    };

    // 1. What is loaded already: the tree's lists and pages fetched by earlier searches.
    for (const list of options.lists) {
      await matchAll(list, [...this.loaded.snippetsOf(list), ...(this.pages.get(list)?.snippets ?? [])]);
      if (options.signal?.aborted) return { ...summary, cancelled: true };
    }

    // 2. The rest from the server, every list at once, each page matched as it arrives. A list the
    // tree has loaded to its end is read too, once per session: snippets made elsewhere since are
    // found, and from then on its pages are kept.
    const remaining = options.lists.filter((list) => !this.pages.isComplete(list));
    if (remaining.length > 0 && !api) throw new SignedOutError();
    await Promise.all(
      remaining.map(async (list) => {
        try {
          // Goes on where an earlier (cancelled) search stopped, with the paging every listing shares.
          const kept = this.pages.get(list);
          const start = kept?.nextStart ?? 0;
          const walk = new PageWalk<Snippet>({ start, key: (s) => s.guid, known: start > 0 ? kept?.snippets.map((s) => s.guid) : [], warn: this.warn, label: `search ${list}` });
          while (!options.signal?.aborted && walk.next !== undefined) {
            const requested = walk.next;
            const page = await this.fetchPage(api!, list, { start: requested, limit: SEARCH_PAGE_LIMIT }, options.signal);
            summary.requests++;
            walk.record(page);
            this.pages.record(list, page, requested, walk.next);
            await matchAll(list, page.values);
          }
        } catch (err) {
          if (!options.signal?.aborted) summary.failures.push({ list, error: err });
        }
      }),
    );
    return { ...summary, cancelled: options.signal?.aborted === true };
  }

  private async fetchPage(api: SearchApi, list: SearchList, request: PageRequest, signal: AbortSignal | undefined): Promise<Page<Snippet>> {
    if (list === 'mine') return api.getMySnippets(request, { signal });
    if (list === 'browse') return api.browseSnippets(request, { signal });
    if (list === 'starred') {
      const page = await api.getStarredSnippets(request, { signal });
      return { ...page, values: page.values.map((e) => e.snippet) };
    }
    return api.browseUserSnippets(list.slice('user:'.length), request, { signal });
  }
}

/** Gives the event loop a turn every SLICE_MS of matching. */
class Slicer {
  private since = performance.now();
  async maybeYield(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}
