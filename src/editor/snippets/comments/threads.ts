// A snippet's comments as a comment thread on line 1 of each of its open files, through VS
// Code's Comments API. The thread only shows what the snippet core holds (no extra request when a file
// opens); its reply box adds a comment to the snippet. A file of any signed-in account shows its
// comments from that account's service, and its reply box comments on that account's server.
import vscode = require('vscode');
import { Disposable } from '../../ui/disposable';
import type { Comment, Snippet } from '../../../api/types';
import { dateOf } from '../../../api/timestamps';
import { accountId, type Account } from '../../../model/accounts/accounts';
import { Ids, Schemes } from '../../../util/constants';
import { personLabel, type People } from '../../../model/snippets/people';
import type { SnippetService } from '../../../model/snippets/service';
import type { SnippetAccounts } from '../snippetAccounts';
import { snippetLocation } from '../../ui/snippetUris';
import type { CommentActions } from './commands';

/** A snippet file of a signed-in account: which snippet, and whose. */
type Owned = { snippetGuid: string; account: Account };

export class SnippetCommentThreads extends Disposable {
  private readonly controller = vscode.comments.createCommentController(
    Ids.commentController,
    vscode.l10n.t('Bitbucket Snippets'),
  );
  /** Our thread per open document, by URI. */
  private readonly threads = new Map<string, vscode.CommentThread>();
  /** The services whose changes redraw the threads (each account's, once one of its files is open). */
  private readonly followed = new Map<SnippetService, { dispose(): void }>();

  constructor(
    private readonly accounts: SnippetAccounts,
    private readonly actions: CommentActions,
  ) {
    super();
    this.register(this.controller);
    this.controller.options = {
      prompt: vscode.l10n.t('Comment on this snippet…'),
      placeHolder: vscode.l10n.t('A comment on the whole snippet'),
    };
    // Comments belong to the snippet, not to a line: only the first line offers a new one.
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: (document) => (this.ownerOf(document.uri) ? [new vscode.Range(0, 0, 0, 0)] : []),
    };
    this.register(
      vscode.workspace.onDidOpenTextDocument((d) => this.update(d.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => this.drop(d.uri.toString())),
      accounts.session.onDidChange(() => this.updateAll()),
    );
    for (const d of vscode.workspace.textDocuments) this.update(d.uri);
  }

  override dispose(): void {
    for (const t of this.threads.values()) t.dispose();
    this.threads.clear();
    super.dispose();
    for (const s of this.followed.values()) s.dispose();
    this.followed.clear();
  }

  /** The reply box's Comment button (src/onDemand/snippets/commands.ts registers it). */
  async reply(reply: vscode.CommentReply): Promise<void> {
    const owned = this.ownerOf(reply.thread.uri);
    if (!owned || reply.text.trim() === '') return;
    const added = await this.actions.add(
      { snippetGuid: owned.snippetGuid, accountId: accountId(owned.account) },
      reply.text,
    );
    // A thread the user started from the gutter is replaced by ours, which now shows the comment.
    if (added && this.threads.get(reply.thread.uri.toString()) !== reply.thread) reply.thread.dispose();
    this.update(reply.thread.uri);
  }

  private updateAll(): void {
    // Services of accounts that signed out are dropped; so are their subscriptions.
    const live = new Set(
      this.accounts.session.accounts().flatMap((a) => this.accounts.services.existing(accountId(a)) ?? []),
    );
    for (const [service, subscription] of this.followed) {
      if (live.has(service)) continue;
      subscription.dispose();
      this.followed.delete(service);
    }
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const key of [...this.threads.keys()]) if (!open.has(key)) this.drop(key);
    for (const d of vscode.workspace.textDocuments) this.update(d.uri);
  }

  private update(uri: vscode.Uri): void {
    const owned = this.ownerOf(uri);
    const service = owned && this.serviceOf(owned.account);
    const snippet = owned && service?.store.get(owned.snippetGuid);
    if (!service || !snippet) {
      this.drop(uri.toString());
      return;
    }
    let thread = this.threads.get(uri.toString());
    if (!thread) {
      thread = this.controller.createCommentThread(uri, new vscode.Range(0, 0, 0, 0), []);
      thread.collapsibleState = vscode.CommentThreadCollapsibleState.Collapsed;
      thread.canReply = true;
      thread.contextValue = 'snippetComments';
      this.threads.set(uri.toString(), thread);
    }
    thread.label = vscode.l10n.t('Comments on {0} ({1})', snippet.name, snippet.comments.length);
    thread.comments = this.toComments(snippet, service);
  }

  /** An account's service, followed from its first open file on. */
  private serviceOf(account: Account): SnippetService {
    const service = this.accounts.service(account);
    if (!this.followed.has(service)) {
      this.followed.set(
        service,
        service.onDidChange(() => this.updateAll()),
      );
    }
    return service;
  }

  private toComments(snippet: Snippet, service: SnippetService): vscode.Comment[] {
    const people = service.identity.people();
    return [...snippet.comments].sort((a, b) => a.createdAt - b.createdAt).map((c) => toVsComment(c, people));
  }

  private drop(key: string): void {
    this.threads.get(key)?.dispose();
    this.threads.delete(key);
  }

  /** The snippet and signed-in account of one of our file documents. */
  private ownerOf(uri: vscode.Uri): Owned | undefined {
    if (uri.scheme !== Schemes.snippet) return undefined;
    const location = snippetLocation(uri);
    const account = location?.fileName !== undefined ? this.accounts.ofLocation(location) : undefined;
    return location && account ? { snippetGuid: location.snippetGuid, account } : undefined;
  }
}

function toVsComment(comment: Comment, people: People): vscode.Comment {
  const body = new vscode.MarkdownString();
  body.appendText(comment.text);
  const edited = comment.updatedAt > comment.createdAt + 1000;
  const timestamp = dateOf(comment.createdAt);
  return {
    body,
    mode: vscode.CommentMode.Preview,
    author: { name: personLabel(comment.userId, people) },
    ...(timestamp ? { timestamp } : {}),
    ...(edited ? { label: vscode.l10n.t('edited') } : {}),
  };
}
