// Shows who is signed in to which server; clicking it switches account.
import vscode = require('vscode');
import { Commands, Ids } from '../constants';
import type { Session } from './session';
import { serverHost } from '../util/serverUrl';

export function registerStatusBar(session: Session): vscode.Disposable {
  const item = vscode.window.createStatusBarItem(Ids.statusBarItem, vscode.StatusBarAlignment.Left, 0);
  item.name = vscode.l10n.t('Bitbucket Snippets Account');
  item.command = Commands.switchAccount;
  const update = () => {
    const account = session.account;
    if (!account) {
      item.hide();
      return;
    }
    const host = serverHost(account.serverUrl);
    item.text = `$(repo) ${account.username}@${host}`;
    item.tooltip = vscode.l10n.t('Bitbucket Snippets: signed in to {0} as {1}. Click to switch account.', account.serverUrl, account.username);
    item.show();
  };
  update();
  return vscode.Disposable.from(item, session.onDidChange(update));
}
