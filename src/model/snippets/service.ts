// The snippet core: one service that every snippet view and command goes through. It owns the
// store of loaded lists and snippets, who the signed-in user is, the one answer to "may I write
// this", and every write to a snippet. Views listen to `onDidChange` and translate its answers
// into tree rows, file system errors, comment threads and notifications; they never ask each
// other. No `vscode` here: it is unit-tested in plain Node against the local server.
import { BitbucketError } from '../../api/errors';
import type { BitbucketClient } from '../../api/client';
import type { Comment, Snippet, UpdateSnippetRequest } from '../../api/types';
import type { SnippetCache } from './cache/snippetCache';
import { Connectivity, type ConnectionState } from './connectivity';
import { NotOwnerError, SignedOutError } from './errors';
import { exportSnippets, type ExportOptions, type ExportResult } from './export/exporter';
import { withComment, withoutComment } from './commentPatch';
import { withDetails, withFileAdded, withFileDeleted, withFileRenamed, type SnippetDetails } from './edits';
import { Identity, type SignedInUser } from './identity';
import type { People } from './people';
import { KEPT_PAGES_MAX_AGE_MS, SnippetSearch } from './search/search';
import { SnippetStore, type ListId, type ListState, type StoreChange } from './store';
import { WriteQueue } from './writeQueue';
import { Emitter, type Event } from '../../util/emitter';
import * as l10n from '@vscode/l10n';

/** The part of the API client the core uses; tests hand in the real client. */
export type SnippetsApi = Pick<
  BitbucketClient,
  | 'baseUrl'
  | 'getMySnippets'
  | 'getStarredSnippets'
  | 'browseSnippets'
  | 'browseUserSnippets'
  | 'getCategorySnippets'
  | 'getSnippet'
  | 'createSnippet'
  | 'updateSnippet'
  | 'deleteSnippet'
  | 'createComment'
  | 'updateComment'
  | 'deleteComment'
>;

export interface ServiceChange extends StoreChange {
  /** Something was learned about people (the own id, a name): ownership marks and names may differ. */
  people: boolean;
  /** The server stopped or started answering (see `connection()`). */
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
}

export interface NewFile {
  name: string;
  content: string;
}

/**
 * Builds the body of an update from the snippet as the server has it now. It may throw a
 * `SnippetEditError` (or any error) to refuse, or return undefined when there is nothing to send.
 */
export type BuildUpdate = (fresh: Snippet) => UpdateSnippetRequest | undefined;

export interface CreateResult {
  snippet: Snippet;
  /** Set when the snippet was created but its description and categories could not be set. */
  detailsFailed?: unknown;
}

export class SnippetService {
  readonly identity = new Identity();
  /** Search Snippets… over this account's lists, with the pages it fetched and its last results. */
  readonly search: SnippetSearch;
  private readonly store: SnippetStore;
  private readonly writes = new WriteQueue();
  private readonly changed = new Emitter<ServiceChange>();
  private readonly connectivity: Connectivity;
  private cache: SnippetCache | undefined;
  /** Each client wrapped once, so every request it sends reports whether the server answered. */
  private readonly watchedApis = new WeakMap<SnippetsApi, SnippetsApi>();
  private readonly api: () => SnippetsApi | undefined;
  private readonly warn: ((message: string) => void) | undefined;

  constructor(api: () => SnippetsApi | undefined, private readonly pageSize: () => number, options: SnippetServiceOptions = {}) {
    this.api = () => {
      const raw = api();
      return raw && this.watched(raw);
    };
    this.cache = options.cache;
    this.connectivity = new Connectivity(() => this.probe(), options.probeIntervalMs, options.now);
    this.connectivity.onDidChange((state) => this.onConnectionChange(state));
    this.warn = options.warn;
    this.store = new SnippetStore(this.api, pageSize, options.now, options.warn);
    this.store.onDidChange((change) => {
      let people = false;
      for (const list of change.lists) {
        const state = this.store.list(list);
        if (state.loaded && !state.loading) people = this.identity.learnFromList(list, this.store.snippetsOf(list).map((s) => s.userId)) || people;
      }
      this.keepInCache(change);
      this.emit({ ...change, people });
    });
    this.search = new SnippetSearch(this, api, undefined, {
      restore: async (list) => {
        const cache = this.cache;
        if (!cache) return undefined;
        await cache.load();
        const kept = cache.searchPages(list, KEPT_PAGES_MAX_AGE_MS);
        return kept && { ...kept, appliedLimit: undefined };
      },
      forget: () => this.cache?.dropSearchPages(),
    }, options.warn);
    // What a search fetched goes into the persistent cache as it arrives: readable offline, opened
    // without a request, and searched again without one, in later windows too.
    this.search.pages.onDidRecord((list, state, fresh) => {
      this.rememberSnippets(fresh);
      this.cache?.putSearchPages(list, state.snippets, state.nextStart);
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

  people(): People {
    return this.identity.people();
  }

  /**
   * Hands the service the read cache of the account it now serves (or none). Whoever makes the
   * service picks the cache by account key and folder; the service never looks for "the account".
   */
  useCache(cache: SnippetCache | undefined): void {
    if (this.cache === cache) return;
    void this.cache?.dispose();
    this.cache = cache;
  }

  /** Forgets what the cache of this account keeps, on disk too (Sign Out, Clear Offline Cache). */
  async clearCache(): Promise<void> {
    await this.cache?.clear();
  }

  /** Keeps snippets in the persistent cache, as the server just sent them (an opened file, a search's results). */
  rememberSnippets(snippets: readonly Snippet[]): void {
    this.cache?.putSnippets(snippets);
  }

  /** Whether the server answered the last request; while it does not, cached lists and files are read-only. */
  connection(): ConnectionState {
    return this.connectivity.current;
  }

  /** When the server sent the oldest list shown now (the age an "offline (cached …)" refers to). */
  oldestListFetchedAt(): number | undefined {
    const times = this.store.listIds().map((id) => this.store.list(id).fetchedAt).filter((t): t is number => t !== undefined);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  // ---- Reading ------------------------------------------------------------------------------

  list(id: ListId): ListState {
    return this.store.list(id);
  }

  snippetsOf(id: ListId): Snippet[] {
    return this.store.snippetsOf(id);
  }

  get(guid: string): Snippet | undefined {
    return this.store.get(guid);
  }

  categories() {
    return this.store.categories();
  }

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
        // Its failure is kept in the list's state (and offline in connection()); nobody awaits it.
        void this.store.refresh(id).catch(() => undefined);
        return;
      }
    }
    return this.store.ensureLoaded(id);
  }

  refresh(id: ListId): Promise<void> {
    return this.store.refresh(id);
  }

  loadMore(id: ListId): Promise<void> {
    return this.store.loadMore(id);
  }

  /** One GET, shared with anyone asking meanwhile; the store learns the answer (and forgets a 404). */
  fetch(guid: string): Promise<Snippet> {
    return this.store.fetch(guid);
  }

  /**
   * The snippet as loaded; else as cached, shown at once while one GET in the background brings
   * the server's copy (views hear of it like any change); else fetched.
   */
  async snippet(guid: string): Promise<Snippet> {
    const known = this.store.get(guid);
    if (known) return known;
    const cache = this.cache;
    if (cache?.enabled && this.api()) {
      await cache.load();
      const cached = this.cache === cache ? cache.snippet(guid) : undefined;
      if (cached) {
        if (!this.store.get(guid)) this.store.put(cached.snippet);
        void this.store.fetch(guid).catch(() => undefined);
        return this.store.get(guid) ?? cached.snippet;
      }
    }
    return this.store.fetch(guid);
  }

  /** Adds a snippet that is not in My Snippets yet (it was just created elsewhere) to that list. */
  showAsMine(snippet: Snippet): void {
    if (!this.store.list('mine').guids.includes(snippet.guid)) this.store.put(snippet, { isNewOwn: true });
  }

  // ---- Rules --------------------------------------------------------------------------------

  /** The one answer to "may the signed-in user change this snippet". */
  mayWrite(snippet: Pick<Snippet, 'userId' | 'guid'>): boolean {
    return this.identity.mayWrite(snippet, (guid) => this.store.list('mine').guids.includes(guid));
  }

  /** The one answer to "may the signed-in user edit or delete this comment". */
  mayEditComment(comment: Pick<Comment, 'userId'>): boolean {
    return this.identity.mayEditComment(comment);
  }

  // ---- Writing a snippet --------------------------------------------------------------------

  /**
   * The one read-modify-write of a snippet, queued behind every other write of the same snippet:
   * a fresh GET, the ownership check, `build` makes the whole body from that fresh copy, one PUT,
   * and the store learns the answer. When `build` refuses (throws), the store still learns the
   * fresh copy, so views show what the server has. Resolves undefined when `build` had nothing
   * to send.
   */
  update(guid: string, build: BuildUpdate): Promise<Snippet | undefined> {
    return this.writes.run(guid, async () => {
      const api = this.requireApi();
      // Not through the store: it is told once, with the PUT's answer, so views redraw once per write.
      const fresh = await this.getFresh(api, guid);
      let body: UpdateSnippetRequest | undefined;
      try {
        if (!this.mayWrite(fresh)) throw new NotOwnerError(fresh);
        body = build(fresh);
      } catch (err) {
        if (fresh.updatedAt !== this.store.get(guid)?.updatedAt) this.store.put(fresh);
        throw err;
      }
      if (!body) return undefined;
      const updated = await this.forgetIfGone(guid, () => api.updateSnippet(guid, body));
      this.store.put(updated);
      return updated;
    });
  }

  editDetails(guid: string, details: SnippetDetails): Promise<Snippet | undefined> {
    return this.update(guid, (fresh) => withDetails(fresh, details));
  }

  addFile(guid: string, fileName: string, content = ''): Promise<Snippet | undefined> {
    return this.update(guid, (fresh) => withFileAdded(fresh, fileName, content));
  }

  async renameFile(guid: string, oldName: string, newName: string): Promise<Snippet | undefined> {
    const updated = await this.update(guid, (fresh) => withFileRenamed(fresh, oldName, newName));
    if (updated) this.emit({ lists: [], snippets: [guid], people: false, renamedFiles: [{ snippetGuid: guid, from: oldName, to: newName }] });
    return updated;
  }

  deleteFile(guid: string, fileName: string): Promise<Snippet | undefined> {
    return this.update(guid, (fresh) => withFileDeleted(fresh, fileName));
  }

  /**
   * Deletes a snippet of the user's, once every write of it queued before has settled (a save
   * still running would otherwise re-create nothing but fail, or land after the delete).
   */
  deleteSnippet(guid: string): Promise<void> {
    return this.writes.run(guid, async () => {
      const api = this.requireApi();
      const snippet = await this.snippet(guid);
      if (!this.mayWrite(snippet)) throw new NotOwnerError(snippet);
      await this.forgetIfGone(guid, () => api.deleteSnippet(guid));
      this.store.remove(guid);
    });
  }

  /**
   * Creates a snippet: one POST, and one PUT when it has a description or categories (the create
   * takes only a name and files). A failed PUT is not retried and never followed by a second
   * create: the snippet exists, and the result says what is missing.
   */
  async create(files: readonly NewFile[], details: SnippetDetails): Promise<CreateResult> {
    const api = this.requireApi();
    const created = await api.createSnippet({ name: details.name, files: files.map((f) => ({ name: f.name, content: f.content })) });
    let result: CreateResult = { snippet: created };
    if (details.description || details.categories.length > 0) {
      try {
        result = { snippet: await api.updateSnippet(created.guid, withDetails(created, details)) };
      } catch (err) {
        result = { snippet: created, detailsFailed: err };
      }
    }
    this.store.put(result.snippet, { isNewOwn: true });
    return result;
  }

  // ---- Comments -----------------------------------------------------------------------------

  /** One POST; the answer is patched into the store, so nothing is fetched again. */
  async addComment(guid: string, text: string): Promise<Comment> {
    const api = this.requireApi();
    const created = await this.refreshIfGone(guid, () => api.createComment(guid, { text }));
    this.patch(guid, (s) => withComment(s, created));
    return created;
  }

  async editComment(guid: string, commentGuid: string, text: string): Promise<Comment> {
    const api = this.requireApi();
    this.requireOwnComment(guid, commentGuid);
    const updated = await this.refreshIfGone(guid, () => api.updateComment(guid, commentGuid, { text }));
    this.patch(guid, (s) => withComment(s, updated));
    return updated;
  }

  async deleteComment(guid: string, commentGuid: string): Promise<void> {
    const api = this.requireApi();
    this.requireOwnComment(guid, commentGuid);
    await this.refreshIfGone(guid, () => api.deleteComment(guid, commentGuid));
    this.patch(guid, (s) => withoutComment(s, commentGuid));
  }

  /**
   * Exports lists into a folder on disk (export/exporter.ts). It reads its own large pages rather
   * than the store's, which pages for the tree, and leaves the store as it is.
   */
  export(options: ExportOptions): Promise<ExportResult> {
    return exportSnippets(this.requireApi(), { warn: this.warn, ...options });
  }

  // ---- Helpers ------------------------------------------------------------------------------

  private requireApi(): SnippetsApi {
    const api = this.api();
    if (!api) throw new SignedOutError();
    return api;
  }

  private requireOwnComment(guid: string, commentGuid: string): void {
    const comment = this.store.get(guid)?.comments.find((c) => c.guid === commentGuid);
    if (comment && !this.mayEditComment(comment)) throw new NotOwnerError(undefined, l10n.t('Only its author can change a comment.'));
  }

  private getFresh(api: SnippetsApi, guid: string): Promise<Snippet> {
    return this.forgetIfGone(guid, () => api.getSnippet(guid));
  }

  /** Runs a request about a snippet; when the server says it is gone, the store forgets it too. */
  private async forgetIfGone<T>(guid: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (err instanceof BitbucketError && err.kind === 'not-found') this.store.remove(guid);
      throw err;
    }
  }

  /**
   * Runs a comment request; a 404 means the snippet or the comment is gone, and one GET tells
   * which (the store drops a snippet that answers 404).
   */
  private async refreshIfGone<T>(guid: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (err instanceof BitbucketError && err.kind === 'not-found') void this.store.fetch(guid).catch(() => undefined);
      throw err;
    }
  }

  private patch(guid: string, change: (s: Snippet) => Snippet): void {
    const snippet = this.store.get(guid);
    if (snippet) this.store.put(change(snippet));
  }

  /** The first page of every list the server just sent, and every newer copy of a cached snippet, go to the cache. */
  private keepInCache(change: StoreChange): void {
    const cache = this.cache;
    if (!cache?.enabled) return;
    for (const id of change.lists) {
      const state = this.store.list(id);
      if (!state.loaded || state.loading || state.error || state.fromCache) continue;
      const size = Math.max(1, this.pageSize());
      const firstPage = state.guids.slice(0, size);
      const snippets = firstPage.map((g) => this.store.get(g)).filter((s): s is Snippet => s !== undefined);
      cache.putList(id, snippets, state.guids.length > size ? size : state.nextStart);
    }
    for (const guid of change.snippets) {
      const snippet = this.store.get(guid);
      if (snippet) cache.updateSnippet(snippet);
      else cache.removeSnippet(guid);
    }
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

  /** The client, wrapped so each request reports to `connectivity` whether the server answered. */
  private watched(raw: SnippetsApi): SnippetsApi {
    let wrapped = this.watchedApis.get(raw);
    if (!wrapped) {
      const connectivity = this.connectivity;
      wrapped = new Proxy(raw, {
        get(target, prop) {
          const value: unknown = Reflect.get(target, prop, target);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
            return result instanceof Promise ? connectivity.watch(() => result) : result;
          };
        },
      });
      this.watchedApis.set(raw, wrapped);
    }
    return wrapped;
  }

  private emit(change: ServiceChange): void {
    this.changed.fire(change);
  }
}
