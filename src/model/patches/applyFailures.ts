// `git apply`'s refusal in plain words: its error lines (in English, gitProcess.ts sets LC_ALL=C)
// are read into a reason and the file they name, and the sentence the user reads is the
// extension's own. Git's text stays the error's `detail`, for the log: it is outside data (it
// quotes names from the patch).
import * as l10n from '@vscode/l10n';
import { PatchError, type PatchReason } from './patchErrors';

/** Git's error lines, in the order of the reason they give (the first found decides). */
const PATTERNS: ReadonlyArray<[PatchReason, RegExp]> = [
  ['uncommittedChanges', /^error: (.+): does not match index$/],
  ['throughLink', /^error: affected file '(.+)' is beyond a symbolic link$/],
  ['badName', /^error: invalid path '(.+)'$/],
  ['alreadyExists', /^error: (.+): already exists in (?:working directory|index)$/],
  ['missing', /^error: (.+): (?:does not exist in index|No such file or directory)$/],
  ['binaryWithoutData', /^error: cannot apply binary patch to '(.+)' without full index line$/],
  ['noBaseForThreeWay', /^error: repository lacks the necessary blob/],
  ['doesNotApply', /^error: (.+): patch does not apply$/],
  ['doesNotApply', /^error: the patch applies to '(.+)' \([0-9a-f]+\), which does not match the current contents\.$/],
  ['corrupt', /^(?:error|fatal): (?:corrupt patch|corrupt binary patch|No valid patches|patch with only garbage)/],
];

/** Git's write failing after its check passed: the file and the system's reason (`Not a directory`, `No space left on device`). */
const WRITE_FAILED = /^(?:error|fatal): unable to (?:write|create) (?:new )?file '?(.+?)'?(?: mode [0-7]+)?: (.+)$/;

/** The file git names in a "patch does not apply" line, which a three-way failure's reason lacks. */
const FAILED_FILE = /^error: (.+): patch does not apply$/;

export interface FailureContext {
  /** The patch's lines all end in CRLF: a base that differs is then most likely only that. */
  crlfPatch: boolean;
  threeWay: boolean;
}

function words(reason: PatchReason, file: string, context: FailureContext): string {
  switch (reason) {
    case 'uncommittedChanges':
      return context.threeWay
        ? l10n.t(
            '{0} has changes that are not staged; a three-way apply merges only into staged or committed files. Stage or stash them first.',
            file,
          )
        : l10n.t('{0} has uncommitted changes; commit or stash them first, or apply with a three-way merge.', file);
    case 'throughLink':
      return l10n.t('Git refused {0}: it goes through a symbolic link.', file);
    case 'badName':
      return l10n.t('Git refused the path {0}.', file);
    case 'alreadyExists':
      return l10n.t('{0} already exists, and the patch would create it.', file);
    case 'missing':
      return l10n.t('{0} does not exist, and the patch changes it.', file);
    case 'binaryWithoutData':
      return l10n.t('The patch holds no data for the binary file {0}: it was made without --binary.', file);
    case 'noBaseForThreeWay':
      return l10n.t(
        '{0} has changed since the patch was made, and this repository lacks the version it was made from, so a three-way apply cannot merge it.',
        file,
      );
    case 'lineEndings':
      return l10n.t(
        "{0}: the patch does not apply because its lines end in CRLF (it passed through Windows) and the file's lines do not.",
        file,
      );
    case 'doesNotApply':
      return l10n.t('{0} has changed since the patch was made, so the patch does not apply to it.', file);
    case 'corrupt':
      return l10n.t('The patch is damaged: git cannot read it.');
    default:
      return l10n.t('Git could not apply the patch.');
  }
}

/** The reason git's `stderr` gives for not applying, as a PatchError whose detail is git's text. */
export function applyFailure(stderr: string, context: FailureContext): PatchError {
  const lines = stderr.split(/\r?\n/);
  const unwritten = lines.map((line) => WRITE_FAILED.exec(line)).find((m) => m !== null);
  if (unwritten) {
    const [, file, reason] = unwritten;
    return new PatchError('writeFailed', l10n.t('Git could not write {0}: {1}.', file, reason), {
      path: file,
      detail: stderr,
    });
  }
  const failedFile = lines.map((line) => FAILED_FILE.exec(line)?.[1]).find((name) => name !== undefined);
  for (const [reason, pattern] of PATTERNS) {
    const match = lines.map((line) => pattern.exec(line)).find((m) => m !== null);
    if (!match) continue;
    const file = match[1] ?? failedFile ?? '';
    const final: PatchReason = reason === 'doesNotApply' && context.crlfPatch ? 'lineEndings' : reason;
    return new PatchError(final, words(final, file, context), { path: file || undefined, detail: stderr });
  }
  return new PatchError('notApplied', words('notApplied', failedFile ?? '', context), {
    path: failedFile,
    detail: stderr,
  });
}
