// The snippet core: one service that every snippet view and command goes through. It owns the
// store of loaded lists and snippets, who the signed-in user is, the one answer to "may I write
// this", and every write to a snippet. Views listen to `onDidChange` and translate its answers
// into tree rows, file system errors, comment threads and notifications; they never ask each
// other. No `vscode` here: it is unit-tested in plain Node against the local server.
import { BitbucketError } from '../../api/errors';
import type { BitbucketClient } from '../../api/client';
import type { Comment, Snippet, UpdateSnippetRequest } from '../../api/types';
import { NotOwnerError, SignedOutError } from './errors';
import { exportSnippets, type ExportOptions, type ExportResult } from './export/exporter';
import { withComment, withoutComment } from './commentPatch';
import { withDetails, withFileAdded, withFileDeleted, withFileRenamed, type SnippetDetails } from './edits';
import { Identity, type SignedInUser } from './identity';
import type { People } from './people';
import { SnippetSearch } from './search/search';
import { SnippetStore, type ListId, type ListState, type StoreChange } from './store';
import { WriteQueue } from './writeQueue';
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

type Listener = (change: ServiceChange) => void;

export class SnippetService {
  readonly identity = new Identity();
  /** Search Snippets… over this account's lists, with the pages it fetched and its last results. */
  readonly search: SnippetSearch;
  private readonly store: SnippetStore;
  private readonly writes = new WriteQueue();
  private readonly listeners = new Set<Listener>();

  constructor(private readonly api: () => SnippetsApi | undefined, pageSize: () => number) {
    this.store = new SnippetStore(api, pageSize);
    this.store.onDidChange((change) => {
      let people = false;
      for (const list of change.lists) {
        const state = this.store.list(list);
        if (state.loaded && !state.loading) people = this.identity.learnFromList(list, this.store.snippetsOf(list).map((s) => s.userId)) || people;
      }
      this.emit({ ...change, people });
    });
    this.search = new SnippetSearch(this, api);
  }

  onDidChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  // ---- Account ------------------------------------------------------------------------------

  /** Another account (or none): every loaded list and everything learned is dropped. */
  reset(user: SignedInUser | undefined): void {
    this.identity.reset(user);
    this.store.clear();
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

  ensureLoaded(id: ListId): Promise<void> {
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

  /** The snippet as loaded, fetched when it is not. */
  async snippet(guid: string): Promise<Snippet> {
    return this.store.get(guid) ?? (await this.store.fetch(guid));
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

  renameFile(guid: string, oldName: string, newName: string): Promise<Snippet | undefined> {
    return this.update(guid, (fresh) => withFileRenamed(fresh, oldName, newName));
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
    return exportSnippets(this.requireApi(), options);
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

  private emit(change: ServiceChange): void {
    for (const l of this.listeners) l(change);
  }
}
