// The status bar's "offline (cached …)": shown only while the server does not answer, so the
// user knows why files open read-only and saves are refused. Clicking it asks the server again.
import vscode = require('vscode');
import { setStatusBarMessage, statusText } from '../../ui/statusText';
import { Commands, Ids } from '../../../util/constants';
import type { Session } from '../../accounts/session';
import type { SnippetService } from '../../../model/snippets/service';
import { formatDateTime, relativeTime } from '../../../util/localeFormat';

/**
 * Follows the default account's service (`current`), whichever account that is, once it is made:
 * a sign-in does not make one just for this (the view or a command will), and a service not made
 * yet has asked nothing, so it is not offline. `onDidMake` says when one is made.
 */
export function registerOfflineStatus(
  session: Session,
  current: () => SnippetService | undefined,
  onDidMake: (listener: () => void) => { dispose(): void },
): vscode.Disposable {
  let service = current();
  const item = vscode.window.createStatusBarItem(Ids.offlineStatusBarItem, vscode.StatusBarAlignment.Left, -1);
  item.name = vscode.l10n.t('Bitbucket Snippets Offline');
  item.command = Commands.refreshExplorer;
  let wasOffline = false;
  let backOnline: vscode.Disposable | undefined;
  const update = () => {
    const { offline, since } = service?.connectivity.current ?? { offline: false, since: undefined };
    if (!offline) {
      item.hide();
      // The view revalidates by itself; this says why the offline marks went away.
      if (wasOffline) {
        backOnline = setStatusBarMessage(
          vscode.l10n.t('Bitbucket answers again: what was shown offline is being reloaded'),
          8000,
          'cloud',
        );
      }
      wasOffline = false;
      return;
    }
    wasOffline = true;
    backOnline?.dispose();
    const dataAt = service?.store.oldestListFetchedAt();
    item.text = statusText(
      'cloud-offline',
      dataAt === undefined
        ? vscode.l10n.t('offline')
        : vscode.l10n.t('offline (cached {0})', relativeTime(dataAt, Date.now(), vscode.env.language)),
    );
    item.tooltip = vscode.l10n.t(
      'The Bitbucket server has not answered since {0}. Lists and files show the copies loaded or cached before, read-only; saves are refused until it answers. It is checked again every 30 seconds; click to retry now.',
      since ? formatDateTime(since, vscode.env.language) : '?',
    );
    item.show();
  };
  // While offline, a list that loads or fails changes how old the oldest rows are.
  const listen = (followed: SnippetService | undefined) =>
    followed?.onDidChange((change) => {
      if (change.connection || followed.connectivity.current.offline) update();
    });
  let subscription = listen(service);
  const follow = () => {
    if (current() === service) return;
    subscription?.dispose();
    service = current();
    wasOffline = false;
    subscription = listen(service);
    update();
  };
  const followDefault = session.onDidChange(follow);
  const followMade = onDidMake(follow);
  update();
  return vscode.Disposable.from(item, followDefault, followMade, {
    dispose: () => (subscription?.dispose(), backOnline?.dispose()),
  });
}
