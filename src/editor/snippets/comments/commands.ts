// Add, edit and delete comments on a snippet (the handlers of the comment commands, which
// src/onDemand/snippets/commands.ts registers). Each is one request; the answer is patched into the store, which
// redraws the tree and the comment threads without fetching the snippet again. Each acts on the
// account of the row or file it was started from (its own service and client).
import vscode = require('vscode');
import type { Comment } from '../../../api/types';
import type { Account } from '../../../model/accounts/accounts';
import { showFailure } from '../../ui/showFailure';
import { withProgress } from '../../ui/progress';
import { confirm, input } from '../../ui/prompts';
import type { Log } from '../../../util/log';
import type { SnippetAccounts } from '../snippetAccounts';
import type { SnippetService } from '../../../model/snippets/service';

/** Where a comment is added: a snippet row, its Comments row, or the reply box's snippet; rows of another account carry it. */
export type SnippetArg = { snippetGuid: string; accountId?: string };
/** A comment row. */
export type CommentArg = { snippetGuid: string; commentGuid: string; accountId?: string };

export class CommentActions {
  constructor(
    private readonly accounts: SnippetAccounts,
    private readonly log: Log,
  ) {}

  /** Adds a comment; returns it, or undefined when the user gave up or it failed (after saying so). */
  async add(target: SnippetArg, text?: string): Promise<Comment | undefined> {
    const account = this.accountOf(target);
    if (!account) return undefined;
    const body = text ?? (await askText(vscode.l10n.t('Add Comment'), vscode.l10n.t('Your comment'), ''));
    if (body === undefined) return undefined;
    return this.run(account, vscode.l10n.t('add the comment'), (service) =>
      service.comments.add(target.snippetGuid, body),
    );
  }

  async edit(node: CommentArg): Promise<Comment | undefined> {
    const account = this.accountOf(node);
    if (!account) return undefined;
    const current = this.comment(node);
    const text = await askText(vscode.l10n.t('Edit Comment'), vscode.l10n.t('Comment'), current?.text ?? '');
    if (text === undefined || (current && text === current.text)) return undefined;
    return this.run(account, vscode.l10n.t('edit the comment'), (service) =>
      service.comments.edit(node.snippetGuid, node.commentGuid, text),
    );
  }

  async delete(node: CommentArg): Promise<boolean> {
    const account = this.accountOf(node);
    if (!account) return false;
    const current = this.comment(node);
    const quoted = current
      ? `"${current.text.length > 200 ? `${current.text.slice(0, 199)}…` : current.text}"\n\n`
      : '';
    if (
      !(await confirm(
        vscode.l10n.t('Delete this comment?'),
        quoted + vscode.l10n.t('This cannot be undone.'),
        vscode.l10n.t('Delete'),
      ))
    ) {
      return false;
    }
    const done = await this.run(account, vscode.l10n.t('delete the comment'), async (service) => {
      await service.comments.delete(node.snippetGuid, node.commentGuid);
      return true;
    });
    return done ?? false;
  }

  /** The comment a row stands for, if the user may change it. */
  mine(node: CommentArg | undefined): CommentArg | undefined {
    const comment = node && this.comment(node);
    const service = node && this.serviceOf(node);
    return comment && service?.identity.mayEditComment(comment) ? node : undefined;
  }

  /**
   * The account named by the row (or reply box), else the default one. A row of an account that
   * signed out meanwhile acts on none: the same guid on another server is another snippet.
   */
  private accountOf(arg: SnippetArg): Account | undefined {
    const { session } = this.accounts;
    return arg.accountId === undefined ? session.account : session.accountById(arg.accountId);
  }

  private serviceOf(arg: SnippetArg): SnippetService | undefined {
    const account = this.accountOf(arg);
    return account && this.accounts.service(account);
  }

  private comment(node: CommentArg): Comment | undefined {
    return this.serviceOf(node)
      ?.store.get(node.snippetGuid)
      ?.comments.find((c) => c.guid === node.commentGuid);
  }

  private async run<T>(
    account: Account,
    action: string,
    work: (service: SnippetService) => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await withProgress('status', vscode.l10n.t('Bitbucket: {0}…', action), () =>
        work(this.accounts.service(account)),
      );
    } catch (err) {
      return showFailure(err, { action, account, log: this.log });
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
