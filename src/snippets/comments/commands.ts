// Add, edit and delete comments on a snippet. Each is one request; the answer is patched into
// the store, which redraws the tree and the comment threads without fetching the snippet again.
import vscode = require('vscode');
import type { Comment } from '../../api/types';
import type { Session } from '../../auth/session';
import { Commands } from '../../constants';
import { showFailure } from '../../ui/messages';
import { withProgress } from '../../ui/progress';
import { confirm, input } from '../../ui/prompts';
import type { Log } from '../../util/log';
import type { SnippetService } from '../core/service';

/** Where a comment is added: a snippet row, its Comments row, or the reply box's snippet. */
type SnippetArg = { snippetGuid: string };
/** A comment row. */
type CommentArg = { snippetGuid: string; commentGuid: string };

export class CommentActions {
  constructor(
    private readonly session: Session,
    private readonly service: SnippetService,
    private readonly log: Log,
  ) {}

  /** Adds a comment; returns it, or undefined when the user gave up or it failed (after saying so). */
  async add(snippetGuid: string, text?: string): Promise<Comment | undefined> {
    const body = text ?? (await askText(vscode.l10n.t('Add Comment'), vscode.l10n.t('Your comment'), ''));
    if (body === undefined) return undefined;
    return this.run(vscode.l10n.t('add the comment'), () => this.service.addComment(snippetGuid, body));
  }

  async edit(node: CommentArg): Promise<Comment | undefined> {
    const current = this.comment(node);
    const text = await askText(vscode.l10n.t('Edit Comment'), vscode.l10n.t('Comment'), current?.text ?? '');
    if (text === undefined || (current && text === current.text)) return undefined;
    return this.run(vscode.l10n.t('edit the comment'), () => this.service.editComment(node.snippetGuid, node.commentGuid, text));
  }

  async delete(node: CommentArg): Promise<boolean> {
    const current = this.comment(node);
    const quoted = current ? `"${current.text.length > 200 ? `${current.text.slice(0, 199)}…` : current.text}"\n\n` : '';
    if (!(await confirm(vscode.l10n.t('Delete this comment?'), quoted + vscode.l10n.t('This cannot be undone.'), vscode.l10n.t('Delete')))) return false;
    const done = await this.run(vscode.l10n.t('delete the comment'), async () => {
      await this.service.deleteComment(node.snippetGuid, node.commentGuid);
      return true;
    });
    return done ?? false;
  }

  /** The comment a row stands for, if the user may change it. */
  mine(node: CommentArg | undefined): CommentArg | undefined {
    const comment = node && this.comment(node);
    return comment && this.service.mayEditComment(comment) ? node : undefined;
  }

  private comment(node: CommentArg): Comment | undefined {
    return this.service.get(node.snippetGuid)?.comments.find((c) => c.guid === node.commentGuid);
  }

  private async run<T>(action: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withProgress('status', vscode.l10n.t('Bitbucket: {0}…', action), work);
    } catch (err) {
      return showFailure(err, { action, account: this.session.account, log: this.log });
    }
  }
}

async function askText(title: string, prompt: string, value: string): Promise<string | undefined> {
  const text = await input({
    title: vscode.l10n.t('Bitbucket Snippets: {0}', title),
    prompt,
    value,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('A comment needs some text.') : undefined),
  });
  return text === undefined || text.trim() === '' ? undefined : text;
}

export function registerCommentCommands(actions: CommentActions): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.addComment, (node?: SnippetArg, text?: unknown) =>
      node ? actions.add(node.snippetGuid, typeof text === 'string' ? text : undefined) : undefined,
    ),
    vscode.commands.registerCommand(Commands.editComment, (node?: CommentArg) => {
      const own = actions.mine(node);
      return own ? actions.edit(own) : undefined;
    }),
    vscode.commands.registerCommand(Commands.deleteComment, (node?: CommentArg) => {
      const own = actions.mine(node);
      return own ? actions.delete(own) : undefined;
    }),
  );
}
