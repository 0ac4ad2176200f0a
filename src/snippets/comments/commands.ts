// Add, edit and delete comments on a snippet. Each is one request; the answer is patched into
// the store, which redraws the tree and the comment threads without fetching the snippet again.
import * as vscode from 'vscode';
import type { Comment, Snippet } from '../../api/types';
import type { Session } from '../../auth/session';
import { Commands } from '../../constants';
import type { Log } from '../../util/log';
import { describeError, messageContext } from '../../util/userMessages';
import { isBitbucketError } from '../../api/errors';
import type { SnippetStore } from '../store';
import type { CommentNode, CommentsNode, SnippetNode } from '../tree/nodes';
import { withoutComment, withComment } from './patch';

/** Where a comment is added: a snippet row, its Comments row, or just a guid (automation, reply box). */
type SnippetArg = SnippetNode | CommentsNode | { snippetGuid: string };
/** Automation may pass the new text to skip the input box. */
type CommentArg = CommentNode & { text?: string };

export class CommentActions {
  constructor(
    private readonly session: Session,
    private readonly store: SnippetStore,
    private readonly log: Log,
  ) {}

  /** Adds a comment; returns it, or undefined when the user gave up or it failed (after saying so). */
  async add(snippetGuid: string, text?: string): Promise<Comment | undefined> {
    const body = text ?? (await askText('Add Comment', 'Your comment', ''));
    if (body === undefined) return undefined;
    return this.run('add the comment', snippetGuid, async (client) => {
      const created = await client.createComment(snippetGuid, { text: body });
      this.patch(snippetGuid, (s) => withComment(s, created));
      return created;
    });
  }

  async edit(node: CommentArg): Promise<Comment | undefined> {
    const current = this.store.get(node.snippetGuid)?.comments.find((c) => c.guid === node.commentGuid);
    const text = node.text ?? (await askText('Edit Comment', 'Comment', current?.text ?? ''));
    if (text === undefined || (current && text === current.text)) return undefined;
    return this.run('edit the comment', node.snippetGuid, async (client) => {
      const updated = await client.updateComment(node.snippetGuid, node.commentGuid, { text });
      this.patch(node.snippetGuid, (s) => withComment(s, updated));
      return updated;
    });
  }

  async delete(node: CommentNode, confirmed = false): Promise<boolean> {
    if (!confirmed) {
      const current = this.store.get(node.snippetGuid)?.comments.find((c) => c.guid === node.commentGuid);
      const answer = await vscode.window.showWarningMessage(
        'Delete this comment?',
        { modal: true, detail: current ? `"${current.text.length > 200 ? `${current.text.slice(0, 199)}…` : current.text}"\n\nThis cannot be undone.` : 'This cannot be undone.' },
        'Delete',
      );
      if (answer !== 'Delete') return false;
    }
    const done = await this.run('delete the comment', node.snippetGuid, async (client) => {
      await client.deleteComment(node.snippetGuid, node.commentGuid);
      this.patch(node.snippetGuid, (s) => withoutComment(s, node.commentGuid));
      return true;
    });
    return done ?? false;
  }

  private patch(snippetGuid: string, change: (s: Snippet) => Snippet): void {
    const snippet = this.store.get(snippetGuid);
    if (snippet) this.store.put(change(snippet));
  }

  private async run<T>(action: string, snippetGuid: string, work: (client: NonNullable<Session['client']>) => Promise<T>): Promise<T | undefined> {
    const client = this.session.client;
    const account = this.session.account;
    if (!client || !account) {
      void vscode.window.showErrorMessage(`Could not ${action}: you are signed out. Sign in first.`);
      return undefined;
    }
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Bitbucket: ${action}…` }, () => work(client));
    } catch (err) {
      this.log.error(`${action} failed`, err);
      void vscode.window.showErrorMessage(describeError(err, messageContext(action, account)));
      // The snippet or the comment is gone on the server: one GET brings the tree up to date
      // (the store drops a snippet that answers 404).
      if (isBitbucketError(err, 'not-found')) void this.store.fetch(snippetGuid).catch(() => undefined);
      return undefined;
    }
  }
}

async function askText(title: string, prompt: string, value: string): Promise<string | undefined> {
  const text = await vscode.window.showInputBox({
    title: `Bitbucket Snippets: ${title}`,
    prompt,
    value,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? 'A comment needs some text.' : undefined),
  });
  return text === undefined || text.trim() === '' ? undefined : text;
}

export function registerCommentCommands(actions: CommentActions): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.addComment, (node?: SnippetArg, text?: unknown) =>
      node ? actions.add(node.snippetGuid, typeof text === 'string' ? text : undefined) : undefined,
    ),
    vscode.commands.registerCommand(Commands.editComment, (node?: CommentArg) => (node?.mine ? actions.edit(node) : undefined)),
    vscode.commands.registerCommand(Commands.deleteComment, (node?: CommentNode, confirmed?: boolean) =>
      node?.mine ? actions.delete(node, confirmed === true) : undefined,
    ),
  );
}
