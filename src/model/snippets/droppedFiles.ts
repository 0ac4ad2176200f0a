// Which files dropped on a snippet can become its files: text only (by the rule of fileText.ts,
// which Create from File follows too), no folders, and not so many that a stray drop of a whole
// directory's selection goes unnoticed. Plain logic, unit-tested in Node; the tree's drop handler
// reads the files and asks the user.
import * as l10n from '@vscode/l10n';
import { fileText } from './fileText';
export interface DroppedEntry {
  name: string;
  /** Undefined for a folder. */
  bytes: Uint8Array | undefined;
}

/** More files than this in one drop are added only after the user confirms. */
export const CONFIRM_DROP_FILES = 50;

export type DropPlan = { files: Array<{ name: string; content: string }> } | { refusal: string };

/** Text files as they will be added, or why the drop adds nothing. */
export function planDroppedFiles(entries: readonly DroppedEntry[]): DropPlan {
  if (entries.length === 0) return { refusal: l10n.t('Nothing to add: drop files from the Explorer.') };
  const folders = entries.filter((e) => e.bytes === undefined).map((e) => e.name);
  if (folders.length > 0) {
    const refusal =
      folders.length === 1
        ? l10n.t('{0} is a folder: drop the files inside instead. Nothing was added.', quoteList(folders))
        : l10n.t('{0} are folders: drop the files inside instead. Nothing was added.', quoteList(folders));
    return { refusal };
  }
  const files: Array<{ name: string; content: string }> = [];
  const binary: string[] = [];
  const notUtf8: string[] = [];
  for (const e of entries) {
    const read = fileText(e.bytes!);
    if ('text' in read) files.push({ name: e.name, content: read.text });
    else (read.notText === 'binary' ? binary : notUtf8).push(e.name);
  }
  if (binary.length > 0) {
    const refusal =
      binary.length === 1
        ? l10n.t('{0} looks like a binary file; snippets hold text only. Nothing was added.', quoteList(binary))
        : l10n.t('{0} look like binary files; snippets hold text only. Nothing was added.', quoteList(binary));
    return { refusal };
  }
  if (notUtf8.length > 0) {
    const refusal =
      notUtf8.length === 1
        ? l10n.t(
            '{0} is not UTF-8 text, which snippets hold: save it as UTF-8 (Save with Encoding) and try again. Nothing was added.',
            quoteList(notUtf8),
          )
        : l10n.t(
            '{0} are not UTF-8 text, which snippets hold: save them as UTF-8 (Save with Encoding) and try again. Nothing was added.',
            quoteList(notUtf8),
          );
    return { refusal };
  }
  return { files };
}

function quoteList(names: readonly string[]): string {
  const shown = names
    .slice(0, 3)
    .map((n) => `"${n}"`)
    .join(', ');
  return names.length > 3 ? l10n.t('{0} and {1} more', shown, names.length - 3) : shown;
}
