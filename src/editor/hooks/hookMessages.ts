// What a failed read or save of hook settings tells the user: a missing right, a missing
// repository or hook, or the failure as every other request describes it; and how many more
// problems a refused text has than the one named.
import vscode = require('vscode');
import { type BitbucketError, isBitbucketError } from '../../api/errors';
import type { HookDocument } from '../../model/hooks/hookUri';
import type { SettingsProblem } from '../../model/hooks/settingsValidator';
import { isMissingRepository, missingRepositoryMessage } from '../../model/repositories/missingRepository';
import { describeError } from '../../util/describeError';

/** Why reading or saving the settings of `target` as `user` failed, for a notification or an editor's error. */
export function describeHookFailure(
  err: unknown,
  action: string,
  target: HookDocument,
  user: string | undefined,
): string {
  const where = `${target.projectKey}/${target.repositorySlug}`;
  if (isBitbucketError(err, 'forbidden')) {
    return vscode.l10n.t(
      'You need repository admin rights on {0} to change hooks (signed in as {1}).',
      where,
      user ?? 'nobody',
    );
  }
  if (isBitbucketError(err, 'not-found')) return notFoundMessage(err, where, target.authority);
  return describeError(err, { action, host: target.authority, user });
}

/** " (and N more problems, marked in the editor)" after the first problem of a refused text. */
export const moreProblems = (problems: SettingsProblem[]): string =>
  problems.length === 2
    ? ` ${vscode.l10n.t('(and 1 more problem, marked in the editor)')}`
    : problems.length > 2
      ? ` ${vscode.l10n.t('(and {0} more problems, marked in the editor)', problems.length - 1)}`
      : '';

/** A 404 says either that the repository or that the hook does not exist; tell which. */
export function notFoundMessage(err: BitbucketError, where: string, host: string): string {
  const server = err.serverMessages.find((m) => m.message)?.message ?? err.message;
  if (isMissingRepository(err)) return missingRepositoryMessage(where, host);
  return vscode.l10n.t(
    '{0} on {1} ({2}): the hook is not installed there. Pick another one with Change… in the repository settings.',
    server,
    where,
    host,
  );
}

/** Settings shown again that VS Code could not read from the server again (it failed, or took too long). */
export function staleSettingsMessage(target: HookDocument): string {
  return vscode.l10n.t(
    'The settings of {0} on {1} could not be read again and may be out of date. A save still checks them against the server first.',
    target.hookKey,
    `${target.projectKey}/${target.repositorySlug}`,
  );
}
