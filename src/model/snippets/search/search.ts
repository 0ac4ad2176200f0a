// Search Snippets: finds a text in every list the user can see (My Snippets, Starred, Browse and
// browsed users). It matches what is loaded first, with no request, then pages through the server
// in the largest pages it allows, every list at once and a few pages of each at a time (through
// one RequestGate per search, api/concurrentPaging.ts), and reports results as they come; the
// final results are in list order, whatever order the pages arrived in. Fetched pages stay in
// `FetchedPages` for the rest of the session, within its byte budget: searching again sends no
// request. A snippet two lists have (every own snippet is in Browse too), unchanged between them,
// is kept and matched once. Cancellable through an AbortSignal. No `vscode` here.
import type { BitbucketClient } from '../../../api/client';
import type { Page, PageRequest, Snippet } from '../../../api/types';
import { walkPages } from '../../../api/concurrentPaging';
import { RequestGate } from '../../../api/requestGate';
import { SignedOutError } from '../errors';
import type { ListId } from '../store';
import { FetchedPages, type FetchedList } from './fetchedPages';
import { matchSnippet, normalizeQuery, type SearchMatch } from './match';
import { hasLargeFile, matchSnippetInWindows } from './largeMatch';
import { mayMatch } from './mayMatch';
import { EmptyQueryError, type FoundSnippet, type SearchList, type SearchOptions, type SearchSummary } from './types';
import { Slicer } from '../../../util/slicer';

/** What a snippet that does not match is matched to (one list, never changed). */
const NO_MATCHES: SearchMatch[] = [];

/** The server caps a page (Bitbucket at 1,000) and says in the answer what it applied. */
export const SEARCH_PAGE_LIMIT = 1000;

export type SearchApi = Pick<
  BitbucketClient,
  'getMySnippets' | 'getStarredSnippets' | 'browseSnippets' | 'browseUserSnippets'
>;

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

/** How a search pages, set by the editor from settings. */
export interface SearchPaging {
  /** Page requests of this account in flight at once; default api/requestGate's DEFAULT_CONCURRENT_REQUESTS. */
  concurrency?: () => number;
}

export class SnippetSearch {
  /** The client the fetched pages came from. */
  private client: unknown;

  /** Lists whose kept pages were already asked for this session (asked once). */
  private readonly restored = new Set<SearchList>();
  /** When the kept pages in use were fetched, per list (until they are read again). */
  private readonly keptSince = new Map<SearchList, number>();
  /** Lists dropped from memory to stay within the budget: the next search asks the cache again. */
  private readonly dropped = new Set<SearchList>();
  private readonly subscriptions: Array<{ dispose(): void }>;

  constructor(
    private readonly loaded: LoadedSnippets,
    private readonly api: () => SearchApi | undefined,
    readonly pages = new FetchedPages(),
    private readonly kept?: KeptPages,
    /** Told why a list's paging ended before the server said it was the last page. */
    private readonly warn?: (message: string) => void,
    private readonly paging: SearchPaging = {},
  ) {
    this.subscriptions = [
      // Saved, renamed and deleted snippets are matched as they are now.
      loaded.onDidChange((change) => {
        for (const guid of change.snippets) {
          const now = loaded.get(guid);
          if (now) pages.update(now);
          else pages.remove(guid);
        }
      }),
      pages.onDidDrop((list) => this.dropped.add(list as SearchList)),
    ];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  /** Drops the fetched pages, as on sign-out. (The last search is the session's: lastSearch.ts.) */
  forget(): void {
    this.pages.clear();
    this.restored.clear();
    this.keptSince.clear();
    this.dropped.clear();
  }

  /** Refresh: the next search reads the server again, here and in later windows. */
  readAgain(): void {
    this.pages.clear();
    this.keptSince.clear();
    this.dropped.clear();
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
    // 0. Pages an earlier session fetched (once per list and session, and again once dropped
    // from memory: the cache has what this session fetched of it too).
    for (const list of options.lists) {
      if (!this.kept || this.pages.get(list) || (this.restored.has(list) && !this.dropped.has(list))) continue;
      const readAgain = this.dropped.delete(list);
      this.restored.add(list);
      const kept = await this.kept.restore(list).catch(() => undefined);
      if (!kept) continue;
      this.pages.restore(list, kept);
      if (!readAgain) this.keptSince.set(list, kept.fetchedAt);
    }
    for (const list of options.lists) {
      const since = this.keptSince.get(list);
      if (since !== undefined && this.pages.get(list)) summary.keptSince = Math.min(summary.keptSince ?? since, since);
    }
    const results = new ResultsInListOrder(options.lists);
    // A snippet listed twice (in Browse as in My Snippets) is matched once per search.
    const decided = new Map<Snippet, SearchMatch[]>();
    const slicer = new Slicer();
    const turn = () => slicer.maybeYield();
    const matchAll = async (list: SearchList, snippets: Iterable<Snippet>) => {
      const batch: FoundSnippet[] = [];
      for (const s of snippets) {
        if (results.has(list, s.guid)) continue;
        // The store's copy is the newest (it learns every save); a fetched page may be older.
        const snippet = this.loaded.get(s.guid) ?? s;
        // Most snippets are told apart without a copy (mayMatch.ts); a file of megabytes is matched a window at a time (largeMatch.ts).
        let matches = decided.get(snippet);
        if (matches === undefined) {
          matches = !mayMatch(snippet, needle)
            ? NO_MATCHES
            : hasLargeFile(snippet)
              ? await matchSnippetInWindows(snippet, needle, turn)
              : matchSnippet(snippet, needle);
          decided.set(snippet, matches);
        }
        if (matches.length > 0 && results.add({ snippet, list, matches })) batch.push({ snippet, list, matches });
        if (slicer.due()) await slicer.maybeYield();
        if (options.signal?.aborted) break;
      }
      if (batch.length > 0) options.onResults?.(batch);
    };

    // 1. What is loaded already: the tree's lists and pages fetched by earlier searches.
    for (const list of options.lists) {
      await matchAll(list, [...this.loaded.snippetsOf(list), ...(this.pages.get(list)?.snippets ?? [])]);
      if (options.signal?.aborted) return { ...summary, results: results.ordered(), cancelled: true };
    }

    // 2. The rest from the server, every list at once, each page matched as it arrives. A list the
    // tree has loaded to its end is read too, once per session: snippets made elsewhere since are
    // found, and from then on its pages are kept.
    const remaining = options.lists.filter((list) => !this.pages.isComplete(list));
    if (remaining.length > 0 && !api) throw new SignedOutError();
    // One gate for the whole search: its lists share the account's few requests at once.
    const gate = new RequestGate({ concurrency: this.paging.concurrency?.() });
    // A search of one list has nothing to share.
    const sameSnippets = remaining.length > 1 ? new SameSnippets() : undefined;
    await Promise.all(
      remaining.map(async (list) => {
        try {
          // Goes on where an earlier (cancelled) search stopped, with the paging every listing shares.
          const kept = this.pages.get(list);
          const start = kept?.nextStart ?? 0;
          const fetch = (request: PageRequest, signal: AbortSignal) => {
            summary.requests++;
            return this.fetchPage(api!, list, request, signal);
          };
          const walked = walkPages(fetch, {
            start,
            limit: SEARCH_PAGE_LIMIT,
            key: (s) => s.guid,
            known: start > 0 ? kept?.snippets.map((s) => s.guid) : [],
            warn: this.warn,
            label: `search ${list}`,
            gate,
            signal: options.signal,
          });
          for await (const { page, requested, next } of walked) {
            sameSnippets?.share(page.values);
            this.pages.record(list, page, requested, next);
            await matchAll(list, page.values);
            if (options.signal?.aborted) break;
          }
        } catch (err) {
          if (!options.signal?.aborted) summary.failures.push({ list, error: err });
        }
      }),
    );
    return { ...summary, results: results.ordered(), cancelled: options.signal?.aborted === true };
  }

  private async fetchPage(
    api: SearchApi,
    list: SearchList,
    request: PageRequest,
    signal: AbortSignal,
  ): Promise<Page<Snippet>> {
    if (list === 'mine') return api.getMySnippets(request, { signal });
    if (list === 'browse') return api.browseSnippets(request, { signal });
    if (list === 'starred') {
      const page = await api.getStarredSnippets(request, { signal });
      return { ...page, values: page.values.map((e) => e.snippet) };
    }
    return api.browseUserSnippets(list.slice('user:'.length), request, { signal });
  }
}

/**
 * The results of one search per list, each list's in the order its snippets were listed; a snippet
 * found in several lists counts for the first of them in the order the search was asked for, so
 * the final list does not depend on which page arrived first.
 */
class ResultsInListOrder {
  private readonly byList = new Map<SearchList, { found: FoundSnippet[]; guids: Set<string> }>();
  private readonly reported = new Set<string>();

  constructor(private readonly lists: readonly SearchList[]) {}

  has(list: SearchList, guid: string): boolean {
    return this.byList.get(list)?.guids.has(guid) === true;
  }

  /** Keeps a result; true when it is new to this search (to be reported as it streams). */
  add(result: FoundSnippet): boolean {
    const entry = this.byList.get(result.list) ?? { found: [], guids: new Set<string>() };
    this.byList.set(result.list, entry);
    entry.found.push(result);
    entry.guids.add(result.snippet.guid);
    if (this.reported.has(result.snippet.guid)) return false;
    this.reported.add(result.snippet.guid);
    return true;
  }

  ordered(): FoundSnippet[] {
    const seen = new Set<string>();
    const out: FoundSnippet[] = [];
    for (const list of this.lists) {
      for (const r of this.byList.get(list)?.found ?? []) {
        if (seen.has(r.snippet.guid)) continue;
        seen.add(r.snippet.guid);
        out.push(r);
      }
    }
    return out;
  }
}

/**
 * The snippets one search fetched, by guid: a snippet listed again (in Browse as in My Snippets)
 * with the same time of its last change is the one fetched first, so that the session keeps and
 * the search matches one copy of it, and the second dies young.
 */
class SameSnippets {
  private readonly byGuid = new Map<string, Snippet>();

  share(values: Snippet[]): void {
    for (let i = 0; i < values.length; i++) {
      const s = values[i];
      const first = this.byGuid.get(s.guid);
      if (first === undefined) this.byGuid.set(s.guid, s);
      else if (first !== s && first.updatedAt === s.updatedAt) values[i] = first;
    }
  }
}
