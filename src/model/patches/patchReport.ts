// What the patch commands say about a patch in words: the files a preview could not apply, the
// notes on files that become executable or that tools read, and a list of changed files short
// enough for a notification. The names are outside data (a colleague's patch names them): the
// editor shows these sentences only through its notification helpers.
import * as l10n from '@vscode/l10n';
import { MAX_PREVIEW_FILE_BYTES, type PathNoteKind, type PreviewFile } from './';

/** The most names a notification lists before it says how many more. */
const MAX_NAMES = 8;

/** `a, b, c` or `a, b, c and 4 more`. */
export function fileList(paths: readonly string[]): string {
  if (paths.length <= MAX_NAMES) return paths.join(', ');
  return l10n.t('{0} and {1} more', paths.slice(0, MAX_NAMES).join(', '), paths.length - MAX_NAMES);
}

/** What a note on a path means for the user. */
export function noteWords(path: string, kind: PathNoteKind): string {
  switch (kind) {
    case 'becomesExecutable':
      return l10n.t('{0} becomes executable.', path);
    case 'changesScripts':
      return l10n.t('{0}: the patch changes the scripts or hooks a package manager runs.', path);
    default:
      return l10n.t(
        '{0} is a file that tools read or run (a task, a hook, a CI workflow): read it before you apply the patch.',
        path,
      );
  }
}

/** The sentences a preview adds beside its diffs: why a file is not shown, and what a file becomes. */
export function previewNotes(files: readonly PreviewFile[]): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  for (const file of files) {
    if (file.problem) {
      const message = file.problem.message;
      problems.push(message.includes(file.path) ? message : l10n.t('{0}: {1}', file.path, message));
    } else if (file.binary) {
      notes.push(l10n.t('{0} is a binary file: the preview does not show it.', file.path));
    } else if (file.tooLarge) {
      notes.push(
        l10n.t(
          '{0} is larger than {1} MB: the preview does not show it.',
          file.path,
          MAX_PREVIEW_FILE_BYTES / (1024 * 1024),
        ),
      );
    }
    for (const kind of file.notes) notes.push(noteWords(file.path, kind));
  }
  return { problems, notes };
}
