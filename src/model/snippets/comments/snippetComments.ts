// Adding, editing and deleting the comments of a snippet: one request each, whose answer is
// patched into the store, so nothing is fetched again. No `vscode` here.
import * as l10n from '@vscode/l10n';
import { BitbucketError } from '../../../api/errors';
import type { Comment, Snippet } from '../../../api/types';
import { withComment, withoutComment } from './commentPatch';
import { NotOwnerError } from '../errors';
import type { Identity } from '../identity';
import { outgoingOfComment, type OutgoingCheck } from '../outgoing';
import type { SnippetsApi } from '../snippetsApi';
import type { SnippetStore } from '../store';

/** What the comment writes use of the snippet core (SnippetService wires them per account). */
export interface SnippetCommentsParts {
  store: SnippetStore;
  identity: Identity;
  /** The account's client; throws `SignedOutError` without one. */
  requireApi: () => SnippetsApi;
  /** Runs before a comment's text is sent (the secret scan); throws to stop the send. */
  checkOutgoing?: OutgoingCheck;
}

export class SnippetComments {
  constructor(private readonly parts: SnippetCommentsParts) {}

  /** One POST; the answer is patched into the store, so nothing is fetched again. */
  async add(guid: string, text: string): Promise<Comment> {
    const api = this.parts.requireApi();
    await this.check(guid, text);
    const created = await this.refreshIfGone(guid, () => api.createComment(guid, { text }));
    this.patch(guid, (s) => withComment(s, created));
    return created;
  }

  async edit(guid: string, commentGuid: string, text: string): Promise<Comment> {
    const api = this.parts.requireApi();
    this.requireOwnComment(guid, commentGuid);
    await this.check(guid, text, this.parts.store.get(guid)?.comments.find((c) => c.guid === commentGuid)?.text);
    const updated = await this.refreshIfGone(guid, () => api.updateComment(guid, commentGuid, { text }));
    this.patch(guid, (s) => withComment(s, updated));
    return updated;
  }

  async delete(guid: string, commentGuid: string): Promise<void> {
    const api = this.parts.requireApi();
    this.requireOwnComment(guid, commentGuid);
    await this.refreshIfGone(guid, () => api.deleteComment(guid, commentGuid));
    this.patch(guid, (s) => withoutComment(s, commentGuid));
  }

  private async check(guid: string, text: string, previous?: string): Promise<void> {
    if (this.parts.checkOutgoing) {
      await this.parts.checkOutgoing(
        outgoingOfComment({ guid, name: this.parts.store.get(guid)?.name ?? guid }, text, previous),
      );
    }
  }

  private requireOwnComment(guid: string, commentGuid: string): void {
    const comment = this.parts.store.get(guid)?.comments.find((c) => c.guid === commentGuid);
    if (comment && !this.parts.identity.mayEditComment(comment)) {
      throw new NotOwnerError(undefined, l10n.t('Only its author can change a comment.'));
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
      if (err instanceof BitbucketError && err.kind === 'not-found') {
        void this.parts.store.fetch(guid).catch(() => undefined);
      }
      throw err;
    }
  }

  private patch(guid: string, change: (s: Snippet) => Snippet): void {
    const snippet = this.parts.store.get(guid);
    if (snippet) this.parts.store.put(change(snippet));
  }
}
