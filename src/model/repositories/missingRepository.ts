// A 404 from the Pages or hook REST APIs means either "no such repository" or "no such hook"
// (or ref). Only the first should turn the whole panel (or a hook document) into "not found".
// Shared by hooks/ and settingsPanel/. Pure logic, no `vscode`.
import type { BitbucketError } from '../../api/errors';
import * as l10n from '@vscode/l10n';

/**
 * True when the server said the repository itself does not exist. Matched on the exception's
 * class name exactly: the missing-hook exception is NoSuchRepositoryHookException, which a
 * looser match would take for a missing repository.
 */
export function isMissingRepository(err: BitbucketError): boolean {
  return (
    err.kind === 'not-found' &&
    err.serverMessages.some(
      (m) =>
        /\bNoSuchRepositoryException$/.test(m.exceptionName ?? '') || /^Repository \S+ does not exist/.test(m.message),
    )
  );
}

/** What the panel and the hook documents say when the repository itself is missing. */
export const missingRepositoryMessage = (where: string, host: string): string =>
  l10n.t('Repository {0} was not found on {1}.', where, host);
