// The core's own refusals, apart from the server's (`BitbucketError`). Views turn them into
// their own words: a notification with Sign In, a read-only file system error, and so on.
import type { Snippet } from '../../api/types';
import { SnippetEditError } from './edits';
import * as l10n from '@vscode/l10n';

/** Nothing can be asked of the server: no account is signed in. */
export class SignedOutError extends Error {
  constructor() {
    super(l10n.t('Not signed in to Bitbucket.'));
    this.name = 'SignedOutError';
  }
}

/** A change to someone else's snippet or comment. `snippet` is the one refused, when known. */
export class NotOwnerError extends SnippetEditError {
  constructor(
    readonly snippet: Snippet | undefined,
    message = snippet
      ? l10n.t('"{0}" belongs to another user: only its owner can change it.', snippet.name)
      : l10n.t('Only its owner can change this.'),
  ) {
    super(message);
    this.name = 'NotOwnerError';
  }
}
