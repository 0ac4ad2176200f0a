// Every write of a snippet: the one read-modify-write, queued behind every other write of the
// same snippet (writeQueue.ts: a fresh GET, the ownership check, the whole body from edits.ts, one
// PUT, and the store learns the answer), a delete, and a create. No `vscode` here.
import { BitbucketError } from '../../api/errors';
import type { Snippet, UpdateSnippetRequest } from '../../api/types';
import { NotOwnerError } from './errors';
import {
  withCategoryAdded,
  withDetails,
  withFileAdded,
  withFileDeleted,
  withFileRenamed,
  withFilesAdded,
  type SnippetDetails,
} from './edits';
import type { SnippetsApi } from './snippetsApi';
import { outgoingOfCreate, outgoingOfUpdate, type Outgoing, type OutgoingCheck, type OutgoingFile } from './outgoing';
import type { SnippetStore } from './store';
import { WriteQueue } from './writeQueue';

/** A file of a new snippet; `source` says where the user can edit its text, for the secret scan. */
export type NewFile = OutgoingFile;

/**
 * Builds the body of an update from the snippet as the server has it now. It may throw a
 * `SnippetEditError` (or any error) to refuse, or return undefined when there is nothing to send.
 */
export type BuildUpdate = (fresh: Snippet) => UpdateSnippetRequest | undefined;

export interface UpdateOptions {
  /**
   * The body the update is expected to send, made from the store's copy of the snippet (what the
   * user's document is based on), with no side effect at all: the check before the send starts on
   * it while the fresh copy is read, and the send's check takes that result only when it checks
   * exactly the same texts. A `build` that is pure may be given here too; one that records or logs
   * what it saw may not.
   */
  expected?: BuildUpdate;
}

export interface CreateResult {
  snippet: Snippet;
  /** Set when the snippet was created but its description and categories could not be set. */
  detailsFailed?: unknown;
}

/** What the writes use of the snippet core (SnippetService wires them per account). */
export interface SnippetWritesParts {
  store: SnippetStore;
  /** The account's client; throws `SignedOutError` without one. */
  requireApi: () => SnippetsApi;
  mayWrite: (snippet: Pick<Snippet, 'userId' | 'guid'>) => boolean;
  /** The snippet as loaded, cached or fetched. */
  snippet: (guid: string) => Promise<Snippet>;
  /** A file was renamed: open documents of it follow to the new name. */
  renamed: (snippetGuid: string, from: string, to: string) => void;
  /** Runs before any text is sent (the secret scan); throws to stop the send. None: send. */
  checkOutgoing?: OutgoingCheck;
}

export class SnippetWrites {
  private readonly queue = new WriteQueue();

  constructor(private readonly parts: SnippetWritesParts) {}

  /**
   * The one read-modify-write of a snippet, queued behind every other write of the same snippet:
   * a fresh GET, the ownership check, `build` makes the whole body from that fresh copy, one PUT,
   * and the store learns the answer. When `build` refuses (throws), the store still learns the
   * fresh copy, so views show what the server has. Resolves undefined when `build` had nothing
   * to send. With `options.expected`, the check starts on the store's copy while the GET runs
   * (checkAhead); what it checks is still exactly what the fresh copy gives.
   */
  update(guid: string, build: BuildUpdate, options: UpdateOptions = {}): Promise<Snippet | undefined> {
    const { store } = this.parts;
    return this.queue.run(guid, async () => {
      const api = this.parts.requireApi();
      // Not through the store: it is told once, with the PUT's answer, so views redraw once per write.
      const got = this.forgetIfGone(guid, () => api.getSnippet(guid));
      // The check starts on the store's copy once the GET is on its way; it is ended once the check is done.
      const endAhead = this.checkAhead(guid, options.expected);
      let body: UpdateSnippetRequest | undefined;
      try {
        const fresh = await got;
        try {
          if (!this.parts.mayWrite(fresh)) throw new NotOwnerError(fresh);
          body = build(fresh);
          if (body) await this.check(outgoingOfUpdate(fresh, body));
        } catch (err) {
          if (fresh.updatedAt !== store.get(guid)?.updatedAt) store.put(fresh);
          throw err;
        }
      } finally {
        endAhead();
      }
      if (!body) return undefined;
      const updated = await this.forgetIfGone(guid, () => api.updateSnippet(guid, body));
      store.put(updated);
      return updated;
    });
  }

  editDetails(guid: string, details: SnippetDetails): Promise<Snippet | undefined> {
    const build: BuildUpdate = (fresh) => withDetails(fresh, details);
    return this.update(guid, build, { expected: build });
  }

  addFile(guid: string, fileName: string, content = ''): Promise<Snippet | undefined> {
    const build: BuildUpdate = (fresh) => withFileAdded(fresh, fileName, content);
    return this.update(guid, build, { expected: build });
  }

  async renameFile(guid: string, oldName: string, newName: string): Promise<Snippet | undefined> {
    const build: BuildUpdate = (fresh) => withFileRenamed(fresh, oldName, newName);
    const updated = await this.update(guid, build, { expected: build });
    if (updated) this.parts.renamed(guid, oldName, newName);
    return updated;
  }

  /** Files dropped on a snippet, added in one update (names that clash get " (2)"). */
  addFiles(guid: string, files: ReadonlyArray<{ name: string; content: string }>): Promise<Snippet | undefined> {
    const build: BuildUpdate = (fresh) => withFilesAdded(fresh, files);
    return this.update(guid, build, { expected: build });
  }

  /** A category added (a snippet dropped on a category row); nothing is sent when it has it already. */
  addCategory(guid: string, category: string): Promise<Snippet | undefined> {
    const build: BuildUpdate = (fresh) => withCategoryAdded(fresh, category);
    return this.update(guid, build, { expected: build });
  }

  deleteFile(guid: string, fileName: string): Promise<Snippet | undefined> {
    return this.update(guid, (fresh) => withFileDeleted(fresh, fileName));
  }

  /**
   * Deletes a snippet of the user's, once every write of it queued before has settled (a save
   * still running would otherwise re-create nothing but fail, or land after the delete).
   */
  deleteSnippet(guid: string): Promise<void> {
    return this.queue.run(guid, async () => {
      const api = this.parts.requireApi();
      const snippet = await this.parts.snippet(guid);
      if (!this.parts.mayWrite(snippet)) throw new NotOwnerError(snippet);
      await this.forgetIfGone(guid, () => api.deleteSnippet(guid));
      this.parts.store.remove(guid);
    });
  }

  /**
   * Creates a snippet: one POST, and one PUT when it has a description or categories (the create
   * takes only a name and files). A failed PUT is not retried and never followed by a second
   * create: the snippet exists, and the result says what is missing.
   */
  async create(files: readonly NewFile[], details: SnippetDetails): Promise<CreateResult> {
    const api = this.parts.requireApi();
    await this.check(outgoingOfCreate(files, details));
    const created = await api.createSnippet({
      name: details.name,
      files: files.map((f) => ({ name: f.name, content: f.content })),
    });
    let result: CreateResult = { snippet: created };
    if (details.description || details.categories.length > 0) {
      try {
        result = { snippet: await api.updateSnippet(created.guid, withDetails(created, details)) };
      } catch (err) {
        result = { snippet: created, detailsFailed: err };
      }
    }
    this.parts.store.put(result.snippet, { isNewOwn: true });
    return result;
  }

  /**
   * A create (or a send of files) begins: the check before its send gets ready (the secret scan's
   * worker starts) while the user is still asked for a name or a confirmation, so the first save
   * of a session does not wait for it.
   */
  prepareCheck(): void {
    this.parts.checkOutgoing?.prepare?.();
  }

  /**
   * Starts the check of the update `expected` makes of the store's copy, ahead of the fresh GET:
   * with an unchanged snippet the send's check finds it done or under way. None when the store has
   * no copy, the user may not write it, or the expected body sends nothing new or cannot be made.
   */
  private checkAhead(guid: string, expected: BuildUpdate | undefined): () => void {
    const ahead = this.parts.checkOutgoing?.ahead;
    if (!ahead || !expected) return () => undefined;
    try {
      const cached = this.parts.store.get(guid);
      if (!cached || !this.parts.mayWrite(cached)) return () => undefined;
      const body = expected(cached);
      const outgoing = body && outgoingOfUpdate(cached, body);
      return outgoing && outgoing.texts.length > 0 ? ahead(outgoing) : () => undefined;
    } catch {
      // Only a head start is lost: the send's own check runs as it always did.
      return () => undefined;
    }
  }

  /** The check before a send; an update that sends nothing new (a deleted file) needs none. */
  private async check(outgoing: Outgoing): Promise<void> {
    if (outgoing.texts.length > 0 && this.parts.checkOutgoing) await this.parts.checkOutgoing(outgoing);
  }

  /** Runs a request about a snippet; when the server says it is gone, the store forgets it too. */
  private async forgetIfGone<T>(guid: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (err instanceof BitbucketError && err.kind === 'not-found') this.parts.store.remove(guid);
      throw err;
    }
  }
}
