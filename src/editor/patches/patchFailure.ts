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

/** Shows the failure; resolves to the patch core's sentence when it was one (what a test checks), else undefined. */
export function reportPatchFailure(deps: AccountContext, log: Log, action: string, err: unknown): string | undefined {
  if (err instanceof PatchError) {
    log.warn(`could not ${action}: ${err.reason}${err.detail ? `\n${err.detail}` : ''}`);
    // A git the git extension named but that is not there: its setting is where to mend it.
    const hint = err.reason === 'gitMissing' ? ` ${vscode.l10n.t('Check git.path in the settings, or install git.')}` : '';
    const message = `${err.message}${hint}`;
    void showWarning(message);
    return message;
  }
  return showFailure(err, { action, account: accountOf(deps), log });
}
