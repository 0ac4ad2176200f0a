// A patch command's failure, told once. The patch core's errors are sentences already (what was
// refused and why, naming the file), shown as a warning with git's own text in the log; anything
// else (the server, a sign-out, the secret scan's "do not send") goes the way of every command.
import vscode = require('vscode');
import { PatchError } from '../../model/patches';
import type { Log } from '../../util/log';
import { showWarning } from '../ui/notify';
import { showFailure } from '../ui/showFailure';
import type { AccountContext } from '../ui/accountContext';
import { accountOf } from '../ui/accountContext';

/** Shows the failure; the patch core's sentence is logged as shown, with its reason and git's text. */
export function reportPatchFailure(deps: AccountContext, log: Log, action: string, err: unknown): void {
  if (err instanceof PatchError) {
    // A git the git extension named but that is not there: its setting is where to mend it.
    const hint =
      err.reason === 'gitMissing' ? ` ${vscode.l10n.t('Check git.path in the settings, or install git.')}` : '';
    const message = `${err.message}${hint}`;
    log.warn(`could not ${action} (${err.reason}): ${message}${err.detail ? `\n${err.detail}` : ''}`);
    void showWarning(message);
    return;
  }
  showFailure(err, { action, account: accountOf(deps), log });
}
