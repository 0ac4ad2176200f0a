// A snippet's comments as a comment thread on line 1 of each of its open files, through VS
// Code's Comments API. The thread only shows what the snippet core holds (no extra request when a file
// opens); its reply box adds a comment to the snippet.
import vscode = require('vscode');
import type { Comment, Snippet } from '../../api/types';
import { accountId } from '../../auth/accounts';
import { Commands, Ids, Schemes } from '../../constants';
import { personLabel, type People } from '../core/people';
import type { SnippetService } from '../core/service';
import type { SnippetAccounts } from '../accounts';
import { snippetLocation } from '../uris';
import type { CommentActions } from './commands';



export class SnippetCommentThreads implements vscode.Disposable {
  private readonly controller = vscode.comments.createCommentController(Ids.commentController, vscode.l10n.t('Bitbucket Snippets'));
  /** Our thread per open document, by URI. */
  private readonly threads = new Map<string, vscode.CommentThread>();
  private readonly disposables: vscode.Disposable[] = [this.controller];

  constructor(
    private readonly accounts: SnippetAccounts,
    private readonly actions: CommentActions,
    // Comment threads follow the default account's service; documents of other accounts show none yet.
    private readonly service: SnippetService = accounts.services.defaultService,
  ) {
    this.controller.options = { prompt: vscode.l10n.t('Comment on this snippet…'), placeHolder: vscode.l10n.t('A comment on the whole snippet') };
    // Comments belong to the snippet, not to a line: only the first line offers a new one.
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: (document) => (this.guidOf(document.uri) ? [new vscode.Range(0, 0, 0, 0)] : []),
    };
    const subscription = service.onDidChange(() => this.updateAll());
    this.disposables.push(
      { dispose: () => subscription.dispose() },
      vscode.workspace.onDidOpenTextDocument((d) => this.update(d.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => this.drop(d.uri.toString())),
      accounts.session.onDidChange(() => this.updateAll()),
      vscode.commands.registerCommand(Commands.replyToSnippet, (reply: vscode.CommentReply) => this.reply(reply)),
    );
    for (const d of vscode.workspace.textDocuments) this.update(d.uri);
  }

  dispose(): void {
    for (const t of this.threads.values()) t.dispose();
    this.threads.clear();
    for (const d of this.disposables) d.dispose();
  }

  private async reply(reply: vscode.CommentReply): Promise<void> {
    const guid = this.guidOf(reply.thread.uri);
    if (!guid || reply.text.trim() === '') return;
    const added = await this.actions.add(guid, reply.text);
    // A thread the user started from the gutter is replaced by ours, which now shows the comment.
    if (added && this.threads.get(reply.thread.uri.toString()) !== reply.thread) reply.thread.dispose();
    this.update(reply.thread.uri);
  }

  private updateAll(): void {
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const key of [...this.threads.keys()]) if (!open.has(key)) this.drop(key);
    for (const d of vscode.workspace.textDocuments) this.update(d.uri);
  }

  private update(uri: vscode.Uri): void {
    const guid = this.guidOf(uri);
    const snippet = guid ? this.service.get(guid) : undefined;
    if (!snippet) {
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
    thread.comments = this.toComments(snippet);
  }

  private toComments(snippet: Snippet): vscode.Comment[] {
    const people = this.service.people();
    return [...snippet.comments].sort((a, b) => a.createdAt - b.createdAt).map((c) => toVsComment(c, people));
  }

  private drop(key: string): void {
    this.threads.get(key)?.dispose();
    this.threads.delete(key);
  }

  /** The snippet guid of one of our documents of the default account. */
  private guidOf(uri: vscode.Uri): string | undefined {
    const account = this.accounts.session.account;
    if (uri.scheme !== Schemes.snippet || !account) return undefined;
    const location = snippetLocation(uri);
    const owner = location && this.accounts.ofLocation(location);
    return location?.fileName !== undefined && owner && accountId(owner) === accountId(account) ? location.snippetGuid : undefined;
  }
}

function toVsComment(comment: Comment, people: People): vscode.Comment {
  const body = new vscode.MarkdownString();
  body.appendText(comment.text);
  const edited = comment.updatedAt > comment.createdAt + 1000;
  return {
    body,
    mode: vscode.CommentMode.Preview,
    author: { name: personLabel(comment.userId, people) },
    timestamp: new Date(comment.createdAt),
    ...(edited ? { label: vscode.l10n.t('edited') } : {}),
  };
}
