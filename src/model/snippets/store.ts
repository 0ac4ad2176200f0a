// The snippets the user has loaded, per list, with paging state: the read side of the snippet
// core (service.ts owns it; snippetWrites.ts does every write). It does not import `vscode`.
import type { BitbucketClient } from '../../api/client';
import { BitbucketError } from '../../api/errors';
import type { Page, PageRequest, Snippet, StarredEntry } from '../../api/types';
import { PageWalk } from '../../api/paging';
import { SignedOutError } from './errors';
import { knownCategories } from './query';
import { Emitter, type Event } from '../../util/emitter';
import { Generations, type Ticket } from '../../util/generation';

/** A list of snippets: a root of the tree, a browsed user, or a category. */
export type ListId = 'mine' | 'starred' | 'browse' | `user:${string}` | `category:${string}`;

export interface ListState {
  /** Snippet guids in the server's order, as loaded so far. */
  guids: string[];
  /** Where the next page starts; undefined when everything is loaded. */
  nextStart: number | undefined;
  /** Pages loaded since the first one, so that Load more, too, stops at the cap on pages. */
  pagesRead?: number;
  loading: boolean;
  loaded: boolean;
  error: BitbucketError | undefined;
  /** When the server sent what is shown (ms since the epoch); undefined before the first answer. */
  fetchedAt?: number;
  /** The rows came from the persistent cache and the server has not confirmed them yet. */
  fromCache?: boolean;
}

export interface StoreChange {
  lists: ListId[];
  snippets: string[];
}

/** The part of the client the store uses: tests can hand in the real client. */
export type ListsApi = Pick<
  BitbucketClient,
  | 'getMySnippets'
  | 'getStarredSnippets'
  | 'browseSnippets'
  | 'browseUserSnippets'
  | 'getCategorySnippets'
  | 'getSnippet'
>;

const emptyList = (): ListState => ({ guids: [], nextStart: 0, loading: false, loaded: false, error: undefined });

export class SnippetStore {
  private readonly snippets = new Map<string, Snippet>();
  private readonly lists = new Map<ListId, ListState>();
  /** Started over by every refresh (and clear), so an older in-flight page cannot overwrite a newer one. */
  private readonly loads = new Generations<ListId>();
  private readonly inFlight = new Map<ListId, Promise<void>>();
  /** GETs of single snippets under way, shared by everyone who asks meanwhile. */
  private readonly fetching = new Map<string, Promise<Snippet>>();
  private readonly changed = new Emitter<StoreChange>();

  constructor(
    private readonly api: () => ListsApi | undefined,
    private readonly pageSize: () => number,
    private readonly now: () => number = Date.now,
    /** Told why a listing ended before the server said it was the last page. */
    private readonly warn?: (message: string) => void,
  ) {}

  readonly onDidChange: Event<StoreChange> = this.changed.event;

  list(id: ListId): ListState {
    return this.lists.get(id) ?? emptyList();
  }

  /** The snippets of a list, in the server's order. */
  snippetsOf(id: ListId): Snippet[] {
    return this.list(id)
      .guids.map((g) => this.snippets.get(g))
      .filter((s): s is Snippet => s !== undefined);
  }

  get(guid: string): Snippet | undefined {
    return this.snippets.get(guid);
  }

  /** Every list that has a state (loaded, loading or failed). */
  listIds(): ListId[] {
    return [...this.lists.keys()];
  }

  /** When the server sent the oldest list shown now (the age an "offline (cached …)" refers to). */
  oldestListFetchedAt(): number | undefined {
    const times = this.listIds()
      .map((id) => this.list(id).fetchedAt)
      .filter((t): t is number => t !== undefined);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  /**
   * Shows a list from the persistent cache until the server answers: only when nothing of it is
   * loaded or loading, and without replacing snippets the store already has fresher.
   */
  seed(id: ListId, listed: readonly Snippet[], nextStart: number | undefined, fetchedAt: number): boolean {
    const state = this.list(id);
    if (state.loaded || state.loading || this.inFlight.has(id)) return false;
    const snippets = firstOfEach(listed, new Set());
    for (const s of snippets) if (!this.snippets.has(s.guid)) this.snippets.set(s.guid, s);
    this.lists.set(id, {
      guids: snippets.map((s) => s.guid),
      nextStart,
      loading: false,
      loaded: true,
      error: undefined,
      fetchedAt,
      fromCache: true,
    });
    this.emit({ lists: [id], snippets: snippets.map((s) => s.guid) });
    return true;
  }

  /** Categories known from every snippet loaded so far. */
  categories() {
    return knownCategories(this.snippets.values());
  }

  /**
   * Loads a list from its first page. A list that had more pages loaded is reloaded as far
   * as it was, in one request, so a refresh neither shrinks nor collapses what the user saw.
   */
  refresh(id: ListId): Promise<void> {
    const ticket = this.loads.next(id);
    const loadedCount = this.list(id).guids.length;
    const limit = Math.min(1000, Math.max(this.pageSize(), loadedCount));
    // Signed out is not a failure of the list: nothing is asked, and the list keeps no error.
    const api = this.api();
    if (!api) return Promise.reject(new SignedOutError());
    const work = this.fetchInto(api, id, { start: 0, limit }, ticket, true);
    this.inFlight.set(id, work);
    return work;
  }

  /** Loads the first page unless the list is loaded or loading already. */
  ensureLoaded(id: ListId): Promise<void> {
    const state = this.list(id);
    if (state.loaded && !state.error) return Promise.resolve();
    return this.inFlight.get(id) ?? this.refresh(id);
  }

  /** Fetches the next page with one request. */
  loadMore(id: ListId): Promise<void> {
    const state = this.list(id);
    if (state.nextStart === undefined || !state.loaded) return this.ensureLoaded(id);
    const running = this.inFlight.get(id);
    if (running) return running;
    const api = this.api();
    if (!api) return Promise.reject(new SignedOutError());
    const work = this.fetchInto(
      api,
      id,
      { start: state.nextStart, limit: this.pageSize() },
      this.loads.ticket(id),
      false,
    );
    this.inFlight.set(id, work);
    return work;
  }

  /**
   * Fetches one snippet fresh from the server and updates every list that shows it. Callers
   * asking for the same snippet while a GET is under way share it (an editor's `stat` and
   * `readFile` of a file not loaded yet cost one request, not two).
   */
  fetch(guid: string): Promise<Snippet> {
    const running = this.fetching.get(guid);
    if (running) return running;
    const work: Promise<Snippet> = this.getAndPut(guid).finally(() => {
      if (this.fetching.get(guid) === work) this.fetching.delete(guid);
    });
    this.fetching.set(guid, work);
    return work;
  }

  private async getAndPut(guid: string): Promise<Snippet> {
    try {
      const snippet = await this.requireApi().getSnippet(guid);
      this.put(snippet);
      return snippet;
    } catch (err) {
      if (err instanceof BitbucketError && err.kind === 'not-found') this.remove(guid);
      throw err;
    }
  }

  /** Records what the server answered to a create or update; a new own snippet joins My Snippets. */
  put(snippet: Snippet, options: { isNewOwn?: boolean } = {}): void {
    this.snippets.set(snippet.guid, snippet);
    const lists: ListId[] = [];
    if (options.isNewOwn) {
      const mine = this.lists.get('mine');
      if (mine && !mine.guids.includes(snippet.guid)) {
        mine.guids.unshift(snippet.guid);
        if (mine.nextStart !== undefined) mine.nextStart += 1;
        lists.push('mine');
      }
    }
    for (const [id, state] of this.lists) if (state.guids.includes(snippet.guid) && !lists.includes(id)) lists.push(id);
    this.emit({ lists, snippets: [snippet.guid] });
  }

  /** Adds a snippet that is not in My Snippets yet (it was just created elsewhere) to that list. */
  showAsMine(snippet: Snippet): void {
    if (!this.list('mine').guids.includes(snippet.guid)) this.put(snippet, { isNewOwn: true });
  }

  /** Forgets a snippet that was deleted, here or elsewhere. */
  remove(guid: string): void {
    this.snippets.delete(guid);
    const lists: ListId[] = [];
    for (const [id, state] of this.lists) {
      const i = state.guids.indexOf(guid);
      if (i >= 0) {
        state.guids.splice(i, 1);
        if (state.nextStart !== undefined) state.nextStart = Math.max(0, state.nextStart - 1);
        lists.push(id);
      }
    }
    this.emit({ lists, snippets: [guid] });
  }

  /** Drops everything, as on sign-out or account switch. */
  clear(): void {
    const lists = [...this.lists.keys()];
    this.snippets.clear();
    this.lists.clear();
    this.inFlight.clear();
    for (const id of lists) this.loads.next(id);
    this.emit({ lists, snippets: [] });
  }

  private async fetchInto(
    api: ListsApi,
    id: ListId,
    request: PageRequest,
    ticket: Ticket,
    replace: boolean,
  ): Promise<void> {
    const before = this.list(id);
    this.lists.set(id, { ...before, loading: true });
    this.emit({ lists: [id], snippets: [] });
    try {
      const page = await this.fetchPage(api, id, request);
      if (!this.loads.isCurrent(id, ticket)) return;
      const current = this.list(id);
      // The paging every listing shares: judged against the start asked for, and ended by a page
      // that adds no snippet the list has not shown yet.
      const walk = new PageWalk<Snippet>({
        start: request.start ?? 0,
        pagesRead: replace ? 0 : (current.pagesRead ?? 0),
        key: (s) => s.guid,
        known: replace ? [] : current.guids,
        warn: this.warn,
        label: `GET ${id}`,
      });
      // A snippet listed twice (in this page, or on a page loaded before) is shown once, as first listed.
      const fresh = walk.record(page);
      for (const s of fresh) this.snippets.set(s.guid, s);
      const incoming = fresh.map((s) => s.guid);
      const guids = replace ? incoming : [...current.guids, ...incoming];
      this.lists.set(id, {
        guids,
        nextStart: walk.next,
        pagesRead: walk.pagesRead,
        loading: false,
        loaded: true,
        error: undefined,
        fetchedAt: replace ? this.now() : current.fetchedAt,
        fromCache: replace ? false : current.fromCache,
      });
      this.emit({ lists: [id], snippets: incoming });
    } catch (err) {
      if (!this.loads.isCurrent(id, ticket)) return;
      const error =
        err instanceof BitbucketError ? err : new BitbucketError('unexpected-response', String(err), { cause: err });
      this.lists.set(id, { ...this.list(id), loading: false, error });
      this.emit({ lists: [id], snippets: [] });
      throw error;
    } finally {
      if (this.loads.isCurrent(id, ticket)) this.inFlight.delete(id);
    }
  }

  private async fetchPage(api: ListsApi, id: ListId, request: PageRequest): Promise<Page<Snippet>> {
    if (id === 'mine') return api.getMySnippets(request);
    if (id === 'browse') return api.browseSnippets(request);
    if (id === 'starred') return unwrap(await api.getStarredSnippets(request));
    if (id.startsWith('user:')) return api.browseUserSnippets(id.slice('user:'.length), request);
    return unwrap(await api.getCategorySnippets(id.slice('category:'.length), request));
  }

  private requireApi(): ListsApi {
    const api = this.api();
    if (!api) throw new SignedOutError();
    return api;
  }

  private emit(change: StoreChange): void {
    if (change.lists.length === 0 && change.snippets.length === 0) return;
    this.changed.fire(change);
  }
}

/**
 * The snippets of `listed` whose guid is not in `seen` nor listed before them: a server that lists
 * one snippet twice would otherwise give the tree two rows with one id, which VS Code refuses.
 */
function firstOfEach(listed: readonly Snippet[], seen: Set<string>): Snippet[] {
  return listed.filter((s) => {
    if (seen.has(s.guid)) return false;
    seen.add(s.guid);
    return true;
  });
}

function unwrap(page: Page<StarredEntry>): Page<Snippet> {
  return { ...page, values: page.values.map((e) => e.snippet) };
}
