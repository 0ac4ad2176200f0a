// The one way accounts are offered in a quick pick (Sign Out, Switch Account, Check Connection,
// Export, Browse User): each by its label (the shortest that tells it from the other signed-in
// accounts), "default" beside the default account, as the Snippets view's account root says it,
// and its server URL below.
import vscode = require('vscode');
import { accountId, type Account } from '../../model/accounts/accounts';
import { accountLabel } from '../../util/accountLabels';
import { showSafeQuickPick } from './quickInputText';

export type AccountItem = vscode.QuickPickItem & { account: Account };

/** One item for each of `accounts` (all that are signed in, in the order to offer them). */
export function accountItems(accounts: readonly Account[], defaultAccount: Account | undefined): AccountItem[] {
  const defaultId = defaultAccount && accountId(defaultAccount);
  return accounts.map((account) => ({
    iconPath: new vscode.ThemeIcon('account'),
    label: accountLabel(account, accounts),
    description: accountId(account) === defaultId ? vscode.l10n.t('default') : undefined,
    detail: account.serverUrl,
    account,
  }));
}

/** Asks which of `accounts`; undefined when the user pressed Escape. */
export async function pickAccount(
  accounts: readonly Account[],
  defaultAccount: Account | undefined,
  options: vscode.QuickPickOptions,
): Promise<Account | undefined> {
  return (await showSafeQuickPick(accountItems(accounts, defaultAccount), options))?.account;
}
