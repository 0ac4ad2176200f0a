// Browse User… and Remove: the users whose snippets the Snippets view lists under an account,
// each a root of its own (kept in global state: browsedUsers.ts). A user is added under the
// account root it was started from, else the only account, else the one the user picks, and only
// once Bitbucket says the user exists.
import vscode = require('vscode');
import { showFailure, showNotSignedIn } from '../../ui/showFailure';
import { showWarning } from '../../ui/notify';
import { withProgress } from '../../ui/progress';
import { input, pick } from '../../ui/prompts';
import { accountItems } from '../../ui/accountPick';
import { accountId, type Account } from '../../../model/accounts/accounts';
import type { Session } from '../../accounts/session';
import type { Log } from '../../../util/log';
import type { AccountNode, RootNode, TreeNode } from '../../../model/snippets/tree/nodes';
import { accountLabel } from '../../../util/accountLabels';
import { revealSelected } from '../../../model/snippets/tree/revealSelected';
import { validateUserName, type BrowsedUsers } from './browsedUsers';
import type { SnippetTreeProvider } from './provider';
import { errorMessage } from '../../../util/errorMessage';

/** The account Browse User adds a user under: its id, its name when several. */
type BrowseTarget = { accountId: string; label: string | undefined };

export class BrowseUserCommands {
  constructor(
    private readonly session: Session,
    private readonly browsedUsers: BrowsedUsers,
    private readonly provider: SnippetTreeProvider,
    private readonly view: vscode.TreeView<TreeNode>,
    /** The signed-in accounts, the default first. */
    private readonly orderedAccounts: () => Account[],
    /** Resolves once the view is still (explorer.ts): a reveal waits for it. */
    private readonly quiet: () => Promise<void>,
    private readonly log: Log,
  ) {}

  /**
   * Adds a user to browse under an account: the account root's it was started from, else the
   * only one, else the one the user picks (the default first).
   */
  async browse(arg?: string | AccountNode): Promise<void> {
    // Reachable signed out (the Palette): say so, with Sign In, before anything is asked.
    if (!this.session.account) return showNotSignedIn();
    const target =
      typeof arg === 'object' && arg?.kind === 'account' ? this.accountOfRoot(arg) : await this.pickAccount();
    if (!target) return;
    const picked =
      typeof arg === 'string'
        ? arg
        : await input({
            title: vscode.l10n.t('Bitbucket Snippets: Browse User'),
            prompt: target.label
              ? vscode.l10n.t(
                  'Whose snippets do you want to browse as {0}? The user stays in the tree until you remove it.',
                  target.label,
                )
              : vscode.l10n.t('Whose snippets do you want to browse? The user stays in the tree until you remove it.'),
            placeHolder: vscode.l10n.t('Bitbucket user name, e.g. bob'),
            validateInput: validateUserName,
          });
    if (picked === undefined || validateUserName(picked) !== undefined) return;
    const user = picked.trim();
    const known = this.browsedUsers.list(target.accountId).some((u) => u.toLowerCase() === user.toLowerCase());
    if (!known && !(await this.userExists(target.accountId, user))) return;
    await this.browsedUsers.add(target.accountId, user);
    const existing =
      this.browsedUsers.list(target.accountId).find((u) => u.toLowerCase() === user.toLowerCase()) ?? user;
    this.provider.redraw();
    await this.quiet();
    // The user's row is in the tree whether or not VS Code manages to show it selected.
    const row = this.provider.rootNode(`user:${existing}`, target.accountId);
    await revealSelected(this.view, row, { focus: true, quiet: this.quiet }).catch((err: unknown) =>
      this.log.info(`a browsed user's new row was not revealed: ${errorMessage(err)}`),
    );
  }

  /**
   * Whether the user to browse exists, asked of Bitbucket's core users API (one GET): the snippets
   * browse answers an empty page for a user who does not exist, which would look like a user
   * with no snippets. Says so when not; a failure to ask is shown and adds nothing either.
   */
  private async userExists(id: string, user: string): Promise<boolean> {
    const account = this.session.accountById(id);
    if (!account) return false;
    try {
      const exists = await withProgress('view', undefined, (signal) =>
        this.session.clientFor(account).userExists(user, { signal }),
      );
      if (exists === false) {
        void showWarning(vscode.l10n.t('Bitbucket has no user "{0}". Check the user name and browse again.', user));
      }
      return exists !== false;
    } catch (err) {
      return showFailure(err, { action: vscode.l10n.t('look up the user {0}', user), account, log: this.log }) ?? false;
    }
  }

  /** The account of an account root, if it is still signed in. */
  private accountOfRoot(node: AccountNode): BrowseTarget | undefined {
    const account = this.session.accountById(node.accountId);
    return account && this.browseTarget(account, this.session.accounts());
  }

  /** With several accounts, asks which one (the default first); with one, it is that one. */
  private async pickAccount(): Promise<BrowseTarget | undefined> {
    const fallback = this.session.account;
    if (!fallback) return undefined;
    const all = this.session.accounts();
    if (all.length <= 1) return { accountId: accountId(fallback), label: undefined };
    const chosen = await pick(accountItems(this.orderedAccounts(), fallback), {
      title: vscode.l10n.t('Bitbucket Snippets: Browse User'),
      placeHolder: vscode.l10n.t("Browse a user's snippets with which account?"),
    });
    return chosen && this.browseTarget(chosen.account, all);
  }

  private browseTarget(account: Account, all: readonly Account[]): BrowseTarget {
    return { accountId: accountId(account), label: all.length > 1 ? accountLabel(account, all) : undefined };
  }

  async remove(node?: RootNode): Promise<void> {
    if (!node || !node.list.startsWith('user:')) return;
    await this.browsedUsers.remove(node.accountId, node.list.slice('user:'.length));
    this.provider.redraw();
  }
}
