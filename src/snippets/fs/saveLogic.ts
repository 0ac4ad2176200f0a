// When a save of a snippet file may go ahead: the rules that keep a document's save from
// overwriting a newer server version. Plain logic without `vscode`, unit-tested in Node.
import type { Snippet } from '../../api/types';

export const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** What the document of a file was read from: the snippet's version and the file's text then. */
export interface LoadedVersion {
  updatedAt: number;
  content: string;
}

/** What the editor was last told by `stat` about the file, just before it asked to write it. */
export interface ReportedStat {
  mtime: number;
  size: number;
}

export type SaveDecision =
  /** Nothing to send: the text is what the document was loaded with. */
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
export function isUnchangedSave(loaded: LoadedVersion | undefined, content: string): boolean {
  return loaded !== undefined && loaded.content === content;
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
 */
export function decideSave(input: {
  loaded: LoadedVersion | undefined;
  fresh: Snippet;
  fileName: string;
  /** What `stat` last reported for the file (undefined if it was never asked). */
  reported: ReportedStat | undefined;
  /**
   * The server version the user explicitly chose to overwrite (the Overwrite action). Being told
   * of a conflict is not enough: with auto-save on, the next save happens without any choice.
   */
  overwriteApproved?: number;
  /** `files.saveConflictResolution` is `overwriteFileOnDisk`: the user turned the check off. */
  overwriteWithoutAsking: boolean;
}): SaveDecision {
  const { loaded, fresh, fileName, reported } = input;
  const file = fresh.files.find((f) => f.name === fileName);
  if (!file) return { kind: 'file-gone' };
  if (!loaded || loaded.updatedAt === fresh.updatedAt) return { kind: 'write' };
  // Others changed other files, the name or the categories: nothing of this file is lost.
  if (file.content === loaded.content) return { kind: 'write' };
  if (input.overwriteWithoutAsking) return { kind: 'write' };
  const sizeDiffers = byteLength(file.content) !== byteLength(loaded.content);
  const editorSawIt = reported !== undefined && reported.mtime === fresh.updatedAt && reported.mtime > loaded.updatedAt && reported.size !== byteLength(loaded.content);
  if (editorSawIt || input.overwriteApproved === fresh.updatedAt) return { kind: 'write' };
  return { kind: 'conflict', editorCanCompare: sizeDiffers };
}
