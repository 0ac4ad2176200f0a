// The snippet core of one account: the owner that wires its parts, which every snippet view and
// command uses directly: the store of loaded lists and snippets (store.ts), who the signed-in
// user is (identity.ts), whether the server answers (connectivity.ts), Search (search/), every
// write of a snippet (snippetWrites.ts) and of a comment (snippetComments.ts). The service itself
// answers for what spans the parts: another account, reads that start from the persistent cache,
// "may I write this", and the one `onDidChange` views listen to. Views translate its answers into
// tree rows, file system errors, comment threads and notifications; they never ask each other.
// No `vscode` here: it is unit-tested in plain Node against the local server.
import type { Snippet } from '../../api/types';
import type { SnippetCache } from './cache/snippetCache';
import { keepInCache } from './cache/keepInCache';
import { Connectivity, type ConnectionState } from './connectivity';
import { SignedOutError } from './errors';
import { exportSnippets, type ExportOptions, type ExportResult } from './export/exporter';
import { Identity, type SignedInUser } from './identity';
import { FetchedPages } from './search/fetchedPages';
import { KEPT_PAGES_MAX_AGE_MS, SnippetSearch } from './search/search';
import { SnippetComments } from './comments/snippetComments';
import { watchedApi, type SnippetsApi } from './snippetsApi';
import type { OutgoingCheck } from './outgoing';
import { SnippetWrites } from './snippetWrites';
import { SnippetStore, type ListId, type StoreChange } from './store';
import { Emitter, type Event } from '../../util/emitter';

export interface ServiceChange extends StoreChange {
  /** Something was learned about people (the own id, a name): ownership marks and names may differ. */
  people: boolean;
  /** The server stopped or started answering (see `connectivity`). */
  connection?: boolean;
  /** Files renamed by this service: open documents of them follow to the new name. */
  renamedFiles?: ReadonlyArray<{ snippetGuid: string; from: string; to: string }>;
}

export interface SnippetServiceOptions {
  /**
   * The persistent read cache of this service's account (cache/snippetCache.ts), made by whoever
   * makes the service with the account's key and folder. Without one, everything stays in memory.
   */
  cache?: SnippetCache;
  /** How often one cheap GET checks whether the server is back, while it does not answer. */
  probeIntervalMs?: number;
  now?: () => number;
  /** For the log: why a listing (Load more, Search, Export) ended before the server's last page. */
  warn?: (message: string) => void;
  /** Page requests a search or an export of this account has in flight at once (a setting); default 4. */
  concurrentRequests?: () => number;
  /** The bytes of pages a search keeps in memory for later searches (a setting); default 32 MB. */
  keptPagesBytes?: () => number;
  /** Runs before any snippet text or comment of this account is sent (the secret scan). */
  checkOutgoing?: OutgoingCheck;
}

export class SnippetService {
  readonly identity = new Identity();
  /** Whether the server answered the last request; while it does not, cached lists and files are read-only. */
  readonly connectivity: Connectivity;
  /** The loaded lists and snippets, read and (re)loaded through the server. */
  readonly store: SnippetStore;
  /** Search Snippets… over this account's lists, with the pages it fetched and its last results. */
  readonly search: SnippetSearch;
  readonly writes: SnippetWrites;
  readonly comments: SnippetComments;
  private readonly changed = new Emitter<ServiceChange>();
  private cache: SnippetCache | undefined;
  /** Each client wrapped once, so every request it sends reports whether the server answered. */
  private readonly watchedApis = new WeakMap<SnippetsApi, SnippetsApi>();
  private readonly api: () => SnippetsApi | undefined;
  private readonly warn: ((message: string) => void) | undefined;
  private readonly concurrentRequests: (() => number) | undefined;

  constructor(
    api: () => SnippetsApi | undefined,
    private readonly pageSize: () => number,
    options: SnippetServiceOptions = {},
  ) {
    this.api = () => {
      const raw = api();
      return raw && this.watched(raw);
    };
    this.cache = options.cache;
    this.connectivity = new Connectivity(() => this.probe(), options.probeIntervalMs, options.now);
    this.connectivity.onDidChange((state) => this.onConnectionChange(state));
    this.warn = options.warn;
    this.concurrentRequests = options.concurrentRequests;
    this.store = new SnippetStore(this.api, pageSize, options.now, options.warn);
    this.store.onDidChange((change) => {
      let people = false;
      for (const list of change.lists) {
        const state = this.store.list(list);
        if (state.loaded && !state.loading) {
          people =
            this.identity.learnFromList(
              list,
              this.store.snippetsOf(list).map((s) => s.userId),
            ) || people;
        }
      }
      if (this.cache?.enabled) keepInCache(this.cache, this.store, change, this.pageSize);
      this.emit({ ...change, people });
    });
    const requireApi = () => this.requireApi();
    this.writes = new SnippetWrites({
      store: this.store,
      requireApi,
      mayWrite: (snippet) => this.mayWrite(snippet),
      snippet: (guid) => this.snippet(guid),
      renamed: (snippetGuid, from, to) =>
        this.emit({ lists: [], snippets: [snippetGuid], people: false, renamedFiles: [{ snippetGuid, from, to }] }),
      checkOutgoing: options.checkOutgoing,
    });
    this.comments = new SnippetComments({
      store: this.store,
      identity: this.identity,
      requireApi,
      checkOutgoing: options.checkOutgoing,
    });
    // The search matches the store's copies and hears of their changes through the service, first of all listeners.
    const loaded = {
      snippetsOf: (id: ListId) => this.store.snippetsOf(id),
      get: (guid: string) => this.store.get(guid),
      onDidChange: this.onDidChange,
    };
    this.search = new SnippetSearch(
      loaded,
      api,
      new FetchedPages(options.keptPagesBytes),
      {
        restore: async (list) => {
          const cache = this.cache;
          if (!cache) return undefined;
          await cache.load();
          const kept = await cache.searchPages(list, KEPT_PAGES_MAX_AGE_MS);
          return kept && { ...kept, appliedLimit: undefined };
        },
        forget: () => this.cache?.dropSearchPages(),
      },
      options.warn,
      { concurrency: options.concurrentRequests },
    );
    // What a search fetched goes into the persistent cache as it arrives: readable offline, opened
    // without a request, and searched again without one, in later windows too; up to the list's
    // share of the cache. A list dropped from memory (over the budget) keeps in the cache what it
    // had, a list without holes, and nothing more of it goes in.
    this.search.pages.onDidRecord((list, state, fresh) => {
      if (state) this.cache?.putSearchPages(list, state.snippets, state.nextStart, fresh);
    });
  }

  /** Stops the offline check and writes what the cache still holds in memory. */
  async dispose(): Promise<void> {
    this.connectivity.dispose();
    await this.cache?.dispose();
  }

  readonly onDidChange: Event<ServiceChange> = this.changed.event;

  // ---- Account ------------------------------------------------------------------------------

  /** Another account (or none): every loaded list and everything learned is dropped. */
  reset(user: SignedInUser | undefined): void {
    this.identity.reset(user);
    // The store first: going back online revalidates the lists it holds, and these are the old account's.
    this.store.clear();
    this.connectivity.reset();
    this.search.forget();
    this.emit({ lists: [], snippets: [], people: true });
  }

  /** What an answer's `X-AUSERID` / `X-AUSERNAME` said about the caller. */
  learnCurrentUser(id: number, name: string | undefined): void {
    if (this.identity.learnCurrentUser(id, name)) this.emit({ lists: [], snippets: [], people: true });
  }

  /**
   * Hands the service the read cache of the account it now serves (or none). Whoever makes the
   * service picks the cache by account key and folder; the service never looks for "the account".
   * (The benchmark swaps caches on the editor's service.)
   */
  useCache(cache: SnippetCache | undefined): void {
    if (this.cache === cache) return;
    void this.cache?.dispose();
    this.cache = cache;
  }

  /** Writes what the cache holds now instead of after its write-behind's pause (the extension's tests). */
  flushCache(): Promise<void> {
    return this.cache?.flush() ?? Promise.resolve();
  }

  /** Forgets what the cache of this account keeps, on disk too (Sign Out, Clear Offline Cache). */
  async clearCache(): Promise<void> {
    await this.cache?.clear();
  }

  /** Keeps snippets in the persistent cache, as the server just sent them (an opened file, a search's results). */
  rememberSnippets(snippets: readonly Snippet[]): void {
    this.cache?.putSnippets(snippets);
  }

  // ---- Reading, cache first -----------------------------------------------------------------

  /**
   * Loads a list's first page unless it is loaded. With a cache that has the list, the cached rows
   * are shown at once (no request before them) and one request in the background brings the
   * server's rows, which replace them in place.
   */
  async ensureLoaded(id: ListId): Promise<void> {
    const cache = this.cache;
    if (cache?.enabled && !this.store.list(id).loaded && !this.store.list(id).loading) {
      await cache.load();
      const cached = this.cache === cache ? cache.list(id) : undefined;
      if (cached && this.api() && this.store.seed(id, cached.snippets, cached.nextStart, cached.fetchedAt)) {
        // Its failure is kept in the list's state (and offline in connectivity); nobody awaits it.
        void this.store.refresh(id).catch(() => undefined);
        return;
      }
    }
    return this.store.ensureLoaded(id);
  }

  /**
   * The snippet as loaded; else as cached, shown at once while one GET in the background brings
   * the server's copy (views hear of it like any change); else fetched.
   */
  async snippet(guid: string): Promise<Snippet> {
    const known = this.store.get(guid);
    if (known) return known;
    const cached = await this.fromCache(guid);
    if (cached) {
      void this.store.fetch(guid).catch(() => undefined);
      return cached;
    }
    return this.store.fetch(guid);
  }

  /**
   * The snippet as loaded, else as cached, without any request (not even the background one of
   * `snippet`): undefined when neither has it. Compare with… reads what the user already has.
   */
  async knownSnippet(guid: string): Promise<Snippet | undefined> {
    return this.store.get(guid) ?? (await this.fromCache(guid));
  }

  /** The cached copy of a snippet, put in the store (unless it has one by now); undefined without one. */
  private async fromCache(guid: string): Promise<Snippet | undefined> {
    const cache = this.cache;
    if (!cache?.enabled || !this.api()) return undefined;
    await cache.load();
    const cached = this.cache === cache ? cache.snippet(guid) : undefined;
    if (!cached) return undefined;
    if (!this.store.get(guid)) this.store.put(cached.snippet);
    return this.store.get(guid) ?? cached.snippet;
  }

  // ---- Rules --------------------------------------------------------------------------------

  /** The one answer to "may the signed-in user change this snippet". */
  mayWrite(snippet: Pick<Snippet, 'userId' | 'guid'>): boolean {
    return this.identity.mayWrite(snippet, (guid) => this.store.list('mine').guids.includes(guid));
  }

  /**
   * Exports lists into a folder on disk (export/exporter.ts). It reads its own large pages rather
   * than the store's, which pages for the tree, and leaves the store as it is.
   */
  export(options: ExportOptions): Promise<ExportResult> {
    return exportSnippets(this.requireApi(), { warn: this.warn, concurrency: this.concurrentRequests?.(), ...options });
  }

  // ---- Helpers ------------------------------------------------------------------------------

  private requireApi(): SnippetsApi {
    const api = this.api();
    if (!api) throw new SignedOutError();
    return api;
  }

  /** Back online: lists shown from the cache or left failed are asked again, one request each. */
  private onConnectionChange(state: ConnectionState): void {
    if (!state.offline) {
      for (const id of this.store.listIds()) {
        const list = this.store.list(id);
        if (!list.loading && (list.fromCache || list.error)) void this.store.refresh(id).catch(() => undefined);
      }
    }
    this.emit({ lists: [], snippets: [], people: false, connection: true });
  }

  /** The cheapest request that shows the server answers: one row of My Snippets. */
  private async probe(): Promise<void> {
    await this.api()?.getMySnippets({ start: 0, limit: 1 });
  }

  /** The client, wrapped once so each request reports to `connectivity` whether the server answered. */
  private watched(raw: SnippetsApi): SnippetsApi {
    let wrapped = this.watchedApis.get(raw);
    if (!wrapped) {
      wrapped = watchedApi(raw, this.connectivity);
      this.watchedApis.set(raw, wrapped);
    }
    return wrapped;
  }

  private emit(change: ServiceChange): void {
    this.changed.fire(change);
  }
}
