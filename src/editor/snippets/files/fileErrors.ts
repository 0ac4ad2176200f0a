// How the snippet file system says no: the FileSystemError VS Code shows for each failure of the
// snippet core or the server (VS Code wraps its message in its own "Failed to save …"), and the
// notification of ours that goes with some of them (Copy to My Snippets, a deleted snippet).
import vscode = require('vscode');
import { showInfo, showWarning } from '../../ui/notify';
import { fileSystemError } from '../../ui/fileSystemErrors';
import { BitbucketError } from '../../../api/errors';
import type { Snippet } from '../../../api/types';
import type { Account } from '../../../model/accounts/accounts';
import { Commands } from '../../../util/constants';
import type { Log } from '../../../util/log';
import { serverHost } from '../../../util/serverUrl';
import { describeError, messageContext } from '../../../util/describeError';
import { isUnreachable } from '../../../model/snippets/connectivity';
import { SnippetEditError } from '../../../model/snippets/edits';
import { NotOwnerError, SignedOutError } from '../../../model/snippets/errors';
import { SendDeclinedError } from '../../../model/snippets/outgoing';
import type { SnippetLocation } from '../../../model/snippets/snippetUri';

export const notSignedIn = () =>
  fileSystemError.unavailable(
    vscode.l10n.t(
      'You are not signed in to Bitbucket. Sign in (Bitbucket Snippets: Sign In) to open and save snippet files.',
    ),
  );

/**
 * Refusal of a write to a later file of a name several files share: the update finds a file by
 * its name, so it would change the first one of the name, never this one.
 */
export const sameNameError = (fileName: string) =>
  fileSystemError.noPermissions(
    vscode.l10n.t(
      'Another file of this snippet is also named "{0}", so this one is read-only here: a change would reach the other file. Rename one of them on the server to edit it.',
      fileName,
    ),
  );

/** A document of an account that is not signed in (any more). */
export function accountNotSignedIn(loc: SnippetLocation): vscode.FileSystemError {
  const who = loc.username ? `${loc.username} @ ${loc.authority}${loc.contextPath ?? ''}` : loc.authority;
  return fileSystemError.unavailable(
    vscode.l10n.t(
      'This snippet belongs to {0}, which is not signed in. Sign in to that account (Bitbucket Snippets: Sign In) to open it.',
      who,
    ),
  );
}

export const noSuchFile = (snippetName: string, fileName: string) =>
  fileSystemError.fileNotFound(vscode.l10n.t('Snippet "{0}" has no file named "{1}".', snippetName, fileName));

/** A save of a file that the server's snippet no longer has. */
export const fileGoneError = (fileName: string, snippetName: string) =>
  fileSystemError.unavailable(
    vscode.l10n.t(
      '"{0}" was renamed or removed from snippet "{1}" on the server. Your text is still in the editor: keep it with Save As.',
      fileName,
      snippetName,
    ),
  );

/** What a failed core call was doing, for its error. */
export interface FailedWork {
  /** In words for the log and the message, e.g. `save a.txt`. */
  action: string;
  /** The file it was about, if any. */
  fileName: string | undefined;
  /** The editor's text, when it was a save. */
  unsaved: string | undefined;
  account: Account;
  log: Log;
  /** The error for a snippet the server no longer has. */
  deleted: () => vscode.FileSystemError;
}

/** The FileSystemError for whatever a core call threw. */
export function fileErrorOf(err: unknown, work: FailedWork): vscode.FileSystemError {
  const { fileName, unsaved } = work;
  if (err instanceof vscode.FileSystemError) return err;
  if (err instanceof SignedOutError) return notSignedIn();
  if (err instanceof NotOwnerError && err.snippet && fileName !== undefined) {
    return readonlyError(err.snippet, fileName, unsaved);
  }
  if (err instanceof SnippetEditError) return fileSystemError.noPermissions(err.message);
  // The user chose, after the secret scan, not to send: the save is refused and the editor stays dirty.
  if (err instanceof SendDeclinedError) return fileSystemError.noPermissions(err.message);
  if (err instanceof BitbucketError && err.kind === 'not-found') return work.deleted();
  if (fileName !== undefined && unsaved !== undefined && isUnreachable(err)) {
    return offlineSaveError(err, fileName, work.account, work.log);
  }
  const message = describeError(err, messageContext(work.action, work.account));
  work.log.error(`could not ${work.action}`, err);
  if (err instanceof BitbucketError && (err.kind === 'auth' || err.kind === 'forbidden')) {
    return fileSystemError.noPermissions(message);
  }
  if (err instanceof BitbucketError && err.kind === 'not-found') return fileSystemError.fileNotFound(message);
  return fileSystemError.unavailable(message);
}

/** A snippet the server no longer has; with files of it open, a notification says their text is still there. */
export function deletedOnServerError(
  log: Log,
  snippetGuid: string,
  name: string,
  hadOpenFiles: boolean,
): vscode.FileSystemError {
  if (hadOpenFiles) {
    void showInfo(
      vscode.l10n.t(
        'Snippet "{0}" was deleted on the server; your text is still in the editor — save it elsewhere with Save As.',
        name,
      ),
    );
  }
  log.info(`snippet ${snippetGuid} (${name}) no longer exists on the server`);
  return fileSystemError.fileNotFound(vscode.l10n.t('Snippet "{0}" was deleted on the server.', name));
}

/**
 * A refused save of someone else's snippet: besides the error VS Code shows, one notification
 * offers to copy the snippet to My Snippets with the text that could not be saved.
 */
export function readonlyError(snippet: Snippet, fileName: string, unsaved?: string): vscode.FileSystemError {
  if (unsaved !== undefined) {
    void showWarning(
      snippet.name
        ? vscode.l10n.t(
            '"{0}" is in "{1}", another user\'s snippet, so it cannot be saved there. Copy the snippet to My Snippets with your text?',
            fileName,
            snippet.name,
          )
        : vscode.l10n.t(
            '"{0}" is in another user\'s snippet, so it cannot be saved there. Copy the snippet to My Snippets with your text?',
            fileName,
          ),
      vscode.l10n.t('Copy to My Snippets'),
    ).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand(
          Commands.copyToMySnippets,
          { snippetGuid: snippet.guid, fileName },
          { fileName, text: unsaved },
        );
      }
    });
  }
  return fileSystemError.noPermissions(
    vscode.l10n.t(
      '"{0}" belongs to another user\'s snippet "{1}" and is read-only. Keep your text with Copy to My Snippets or Save As.',
      fileName,
      snippet.name,
    ),
  );
}

/** A save the server could not be reached for: nothing was sent, and the editor keeps the text. */
function offlineSaveError(err: unknown, fileName: string, account: Account, log: Log): vscode.FileSystemError {
  const host = serverHost(account.serverUrl);
  log.warn(`save of ${fileName}: ${host} cannot be reached; nothing was sent`);
  log.error(`could not save ${fileName}`, err);
  return fileSystemError.unavailable(
    vscode.l10n.t(
      'Offline: {0} cannot be reached, so "{1}" was not saved. Your text is still in the editor; save again once the server answers.',
      host,
      fileName,
    ),
  );
}
