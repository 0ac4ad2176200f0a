// The edit tool's one change: an exact text of a file of the user's own snippet replaced by
// another, refused unless the text occurs exactly once (a find that matches twice would change a
// place the agent did not mean), bound by its digest to the file's text it was made from, and
// written only while the server still has that text. Plain Node.
import { createHash } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import type { Snippet } from '../../../api/types';
import { quoted } from '../outsideData';
import { tooLargeToConfirm } from '../saveProposal';
import { withFileContent } from '../../snippets/edits';
import { expectedSave } from '../../snippets/files/saveLogic';
import type { SnippetWrites } from '../../snippets/snippetWrites';

export type Replaced = { ok: true; text: string } | { ok: false; occurrences: number };

export function replaceOnce(text: string, find: string, replace: string): Replaced {
  if (find === '') return { ok: false, occurrences: 0 };
  const first = text.indexOf(find);
  if (first < 0) return { ok: false, occurrences: 0 };
  let occurrences = 1;
  for (let at = text.indexOf(find, first + 1); at >= 0 && occurrences < 1000; at = text.indexOf(find, at + 1)) {
    occurrences++;
  }
  if (occurrences > 1) return { ok: false, occurrences };
  return { ok: true, text: text.slice(0, first) + replace + text.slice(first + find.length) };
}

/** What an edit writes, in one order: the digest its confirmation code is bound to (the text it was made from included). */
export function editDigest(
  accountId: string,
  snippetGuid: string,
  fileName: string,
  base: string,
  text: string,
): string {
  return createHash('sha256')
    .update(JSON.stringify(['edit-v1', accountId, snippetGuid, fileName, base, text]), 'utf8')
    .digest('hex');
}

export type EditProposal =
  | { ok: true; fileName: string; base: string; text: string; digest: string; summary: string }
  | { ok: false; text: string };

/** The edit of `fileName` (the first file when undefined) of a snippet the user may write, checked. */
export function editProposal(
  accountId: string,
  snippet: Snippet,
  mayWrite: boolean,
  fileName: string | undefined,
  find: string,
  replace: string,
): EditProposal {
  if (!mayWrite) {
    return {
      ok: false,
      text: l10n.t(
        "Nothing was written: snippet {0} is not the user's own, and only their own snippets can be edited.",
        quoted(snippet.name),
      ),
    };
  }
  const file = fileName !== undefined ? snippet.files.find((f) => f.name === fileName) : snippet.files[0];
  if (!file) {
    return { ok: false, text: l10n.t('Nothing was written: snippet {0} has no such file.', quoted(snippet.name)) };
  }
  const base = file.content ?? '';
  const replaced = replaceOnce(base, find, replace);
  if (!replaced.ok) {
    return {
      ok: false,
      text:
        replaced.occurrences === 0
          ? l10n.t(
              'Nothing was written: the text to find does not occur in file {0} as it is now. Read the file again and copy the text exactly.',
              quoted(file.name),
            )
          : l10n.t(
              'Nothing was written: the text to find occurs {0} times in file {1}. Give a longer text that occurs exactly once.',
              replaced.occurrences,
              quoted(file.name),
            ),
    };
  }
  const tooLarge = tooLargeToConfirm([{ name: file.name, content: replaced.text }]);
  if (tooLarge) return { ok: false, text: tooLarge };
  return {
    ok: true,
    fileName: file.name,
    base,
    text: replaced.text,
    digest: editDigest(accountId, snippet.guid, file.name, base, replaced.text),
    summary: l10n.t(
      'This would change file {0} of snippet {1} ({2} characters replaced by {3}).',
      quoted(file.name),
      quoted(snippet.name),
      find.length,
      replace.length,
    ),
  };
}

/**
 * Writes the edit through the one read-modify-write (ownership, secret scan): `changed` when the
 * server's file is no longer the text the edit was made from, and nothing is sent then.
 */
export async function writeEdit(
  writes: Pick<SnippetWrites, 'update'>,
  snippetGuid: string,
  edit: { fileName: string; base: string; text: string },
): Promise<'written' | 'changed'> {
  let changed = false;
  try {
    const build = (fresh: Snippet) => {
      if (fresh.files.find((f) => f.name === edit.fileName)?.content !== edit.base) {
        changed = true;
        throw new Error('changed on the server');
      }
      return withFileContent(fresh, edit.fileName, edit.text);
    };
    // The same body from the store's copy, with no side effect: its scan starts with the GET.
    await writes.update(snippetGuid, build, { expected: expectedSave(edit.fileName, edit.text) });
  } catch (err) {
    if (changed) return 'changed';
    throw err;
  }
  return 'written';
}
