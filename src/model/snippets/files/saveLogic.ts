// When a save of a snippet file may go ahead: the rules that keep a document's save from
// overwriting a newer server version. Plain logic without `vscode`, unit-tested in Node.
import type { Snippet, UpdateSnippetRequest } from '../../../api/types';
import { withFileContent } from '../edits';
import type { ReportedStat } from '../../documents/documentVersions';
import { textHash } from '../../../util/documentBases';

export const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * What the editor's text of a file was based on: the snippet's version it was read (or last saved)
 * from, and a hash and the size of the file's text then. Small and without the text, so that it
 * can be kept beyond the window (see util/documentBases.ts) for editors VS Code restores from its
 * backup without reading the file again.
 */
export interface EditBase {
  updatedAt: number;
  hash: string;
  size: number;
}

export function editBaseOf(updatedAt: number, content: string): EditBase {
  return { updatedAt, hash: textHash(content), size: byteLength(content) };
}

export function isEditBase(value: unknown): value is EditBase {
  const v = value as Partial<EditBase> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.updatedAt === 'number' &&
    typeof v.hash === 'string' &&
    typeof v.size === 'number'
  );
}

export type SaveDecision =
  /** Nothing to send: the server already has the editor's text. */
  | { kind: 'unchanged' }
  /** Send the update, built from the fresh snippet. */
  | { kind: 'write' }
  /** The server's copy of this file changed since it was loaded, and the user has not chosen to overwrite it. */
  | { kind: 'conflict'; editorCanCompare: boolean }
  | { kind: 'file-gone' };

/**
 * Before any request: a save whose text equals what the document was loaded with sends
 * nothing. Writing it could only put back old text over a newer server version, and there is
 * nothing of the user's to keep, so no GET is needed either.
 */
export function isUnchangedSave(base: EditBase | undefined, content: string): boolean {
  return base !== undefined && base.size === byteLength(content) && base.hash === textHash(content);
}

/**
 * After fetching the snippet fresh: may the save go ahead?
 *
 * VS Code's own "file is newer" check (its file service, before calling writeFile) compares the
 * mtime the document was loaded with against the mtime `stat` reports, AND the size, so it only
 * fires when the file's size differs too. It offers Compare and Overwrite; Overwrite saves again
 * without the check. So when `stat` had already reported this fresh version with a different size,
 * getting here means the user chose Overwrite. Otherwise a changed file is a conflict, reported
 * once per server version: on the next save the editor offers Compare / Overwrite itself when
 * the sizes differ; when they are equal it cannot tell, so having been told is the user's
 * go-ahead and that save overwrites.
 *
 * Without any base (an editor restored from a backup of a window older than the bases), nothing
 * says which version the edit started from: the save goes ahead only when the server already has
 * the editor's text (then there is nothing to send) or the user chose to overwrite; any other
 * difference is a conflict, never a blind write.
 */
export function decideSave(input: {
  /** What the editor's text was based on; undefined when that is not known. */
  base: EditBase | undefined;
  /** The editor's text, to be saved. */
  text: string;
  fresh: Snippet;
  fileName: string;
  /**
   * What `stat` last reported for the file: undefined if it was never asked, or if the editor's
   * own check cannot be relied on (an editor restored from its backup, which VS Code checks
   * against no version).
   */
  reported: ReportedStat | undefined;
  /**
   * The server version the user explicitly chose to overwrite (the Overwrite action). Being told
   * of a conflict is not enough: with auto-save on, the next save happens without any choice.
   */
  overwriteApproved?: number;
  /** `files.saveConflictResolution` is `overwriteFileOnDisk`: the user turned the check off. */
  overwriteWithoutAsking: boolean;
}): SaveDecision {
  const { base, fresh, fileName, reported } = input;
  const file = fresh.files.find((f) => f.name === fileName);
  if (!file) return { kind: 'file-gone' };
  if (!base) {
    if (file.content === input.text) return { kind: 'unchanged' };
    if (input.overwriteWithoutAsking || input.overwriteApproved === fresh.updatedAt) return { kind: 'write' };
    // The editor's own check compares with what its backup recorded, which says nothing here.
    return { kind: 'conflict', editorCanCompare: false };
  }
  if (base.updatedAt === fresh.updatedAt) return { kind: 'write' };
  const size = byteLength(file.content);
  // Others changed other files, the name or the categories: nothing of this file is lost.
  if (size === base.size && textHash(file.content) === base.hash) return { kind: 'write' };
  if (input.overwriteWithoutAsking) return { kind: 'write' };
  const sizeDiffers = size !== base.size;
  const editorSawIt =
    reported !== undefined &&
    reported.mtime === fresh.updatedAt &&
    reported.mtime > base.updatedAt &&
    reported.size !== base.size;
  if (editorSawIt || input.overwriteApproved === fresh.updatedAt) return { kind: 'write' };
  return { kind: 'conflict', editorCanCompare: sizeDiffers };
}

/**
 * The body a save of `fileName` is expected to send, made from the store's copy of the snippet
 * with no side effect (SnippetWrites.update starts the save's scan on it while the fresh copy is
 * read): the file's text replaced; none when the copy has no such file (a save that adds it).
 */
export const expectedSave =
  (fileName: string, text: string) =>
  (cached: Snippet): UpdateSnippetRequest | undefined =>
    cached.files.some((f) => f.name === fileName) ? withFileContent(cached, fileName, text) : undefined;
