// Shows the account of the active editor's snippet file, or the default account; clicking it
// switches the default account.
import vscode = require('vscode');
import { statusText } from '../ui/statusText';
import { Commands, Ids } from '../../util/constants';
import { accountLabel } from '../../util/accountLabels';
import { accountId, type Account } from '../../model/accounts/accounts';
import type { Session } from './session';
import { serverHost } from '../../util/serverUrl';

/** The signed-in account a snippet document belongs to; undefined for any other document. */
function accountOfEditor(session: Session, editor: vscode.TextEditor | undefined): Account | undefined {
  return editor && session.accountOfDocument(editor.document.uri);
}

export function registerStatusBar(session: Session): { item: vscode.StatusBarItem; disposable: vscode.Disposable } {
  const item = vscode.window.createStatusBarItem(Ids.statusBarItem, vscode.StatusBarAlignment.Left, 0);
  item.name = vscode.l10n.t('Bitbucket Snippets Account');
  item.command = Commands.switchAccount;
  const update = () => {
    const fallback = session.account;
    const account = accountOfEditor(session, vscode.window.activeTextEditor) ?? fallback;
    if (!account) {
      item.hide();
      return;
    }
    const all = session.accounts();
    const label = accountLabel(account, all);
    const isDefault = fallback !== undefined && accountId(fallback) === accountId(account);
    item.text = statusText('repo', label);
    item.tooltip =
      all.length > 1
        ? isDefault
          ? vscode.l10n.t(
              'Bitbucket Snippets: {0} ({1}), the default account. {2} accounts are signed in: click to choose the default one.',
              label,
              account.serverUrl,
              all.length,
            )
          : vscode.l10n.t(
              'Bitbucket Snippets: {0} ({1}), the account of this file. {2} accounts are signed in: click to choose the default one.',
              label,
              account.serverUrl,
              all.length,
            )
        : vscode.l10n.t(
            'Bitbucket Snippets: signed in to {0} as {1}. Click to switch account.',
            account.serverUrl,
            account.username,
          );
    // Read aloud, the text would be "repo alice at host": say who is signed in where, and what pressing it does.
    item.accessibilityInformation = {
      label:
        all.length > 1
          ? String(item.tooltip)
          : vscode.l10n.t(
              'Bitbucket Snippets: signed in to {0} as {1}. Switch account',
              serverHost(account.serverUrl),
              account.username,
            ),
      role: 'button',
    };
    item.show();
  };
  update();
  return {
    item,
    disposable: vscode.Disposable.from(
      item,
      session.onDidChange(update),
      vscode.window.onDidChangeActiveTextEditor(update),
    ),
  };
}
