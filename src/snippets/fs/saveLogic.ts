// How a change to one snippet becomes the body of one `updateSnippet` PUT, and when a save may
// go ahead. The update replaces name, description, categories and all files at once, so every
// body here is built from the whole snippet: a field or file left out would be lost on the server.
// Plain logic without `vscode`, unit-tested in Node.
import type { Snippet, UpdateSnippetRequest } from '../../api/types';

/** A refusal the user can act on; its message is shown as it is. */
export class SnippetEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnippetEditError';
  }
}

export interface SnippetDetails {
  name: string;
  description: string;
  /** Category names. */
  categories: string[];
}

/** The snippet as an update body, unchanged: the starting point of every edit. */
export function asUpdate(snippet: Snippet): UpdateSnippetRequest {
  return {
    name: snippet.name,
    description: snippet.description ?? '',
    categories: snippet.categories.map((c) => c.name),
    files: snippet.files.map((f) => ({ name: f.name, content: f.content })),
  };
}

/** Saving one file: its content replaced, every other file and field kept, file order kept. */
export function withFileContent(snippet: Snippet, fileName: string, content: string): UpdateSnippetRequest {
  const body = asUpdate(snippet);
  const file = body.files.find((f) => f.name === fileName);
  if (!file) throw new SnippetEditError(`"${snippet.name}" has no file named "${fileName}" any more.`);
  file.content = content;
  return body;
}

export function withFileAdded(snippet: Snippet, fileName: string, content: string): UpdateSnippetRequest {
  const problem = fileNameProblem(fileName, snippet.files.map((f) => f.name));
  if (problem) throw new SnippetEditError(problem);
  const body = asUpdate(snippet);
  body.files.push({ name: fileName, content });
  return body;
}

export function withFileRenamed(snippet: Snippet, oldName: string, newName: string): UpdateSnippetRequest {
  const body = asUpdate(snippet);
  const file = body.files.find((f) => f.name === oldName);
  if (!file) throw new SnippetEditError(`"${snippet.name}" has no file named "${oldName}" any more.`);
  const problem = fileNameProblem(newName, body.files.filter((f) => f !== file).map((f) => f.name));
  if (problem) throw new SnippetEditError(problem);
  file.name = newName;
  return body;
}

export function withFileDeleted(snippet: Snippet, fileName: string): UpdateSnippetRequest {
  const body = asUpdate(snippet);
  if (!body.files.some((f) => f.name === fileName)) throw new SnippetEditError(`"${snippet.name}" has no file named "${fileName}" any more.`);
  if (body.files.length === 1) {
    throw new SnippetEditError(`"${fileName}" is the only file of "${snippet.name}", and a snippet needs at least one file. Delete the snippet instead.`);
  }
  body.files = body.files.filter((f) => f.name !== fileName);
  return body;
}

export function withDetails(snippet: Snippet, details: SnippetDetails): UpdateSnippetRequest {
  const name = details.name.trim();
  if (!name) throw new SnippetEditError('A snippet needs a name.');
  return { ...asUpdate(snippet), name, description: details.description, categories: [...details.categories] };
}

/** Why a file name cannot be used, or undefined when it can. Names are compared exactly, as the server does. */
export function fileNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (name.trim() === '') return 'A file needs a name, for example "snippet.txt".';
  if (name !== name.trim()) return 'A file name cannot start or end with spaces.';
  if (/[/\\]/.test(name)) return 'A file name cannot contain "/" or "\\".';
  if (name === '.' || name === '..') return `"${name}" cannot be a file name.`;
  if (existing.includes(name)) return `The snippet already has a file named "${name}".`;
  return undefined;
}

/** "a, b c ,, a" → ["a", "b c"]: trimmed, empty ones dropped, duplicates (ignoring case) once. */
export function parseCategories(text: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of text.split(',')) {
    const name = raw.trim().replace(/\s+/g, ' ');
    const key = name.toLocaleLowerCase();
    if (name && !seen.has(key)) {
      seen.add(key);
      result.push(name);
    }
  }
  return result;
}

export const formatCategories = (names: readonly string[]): string => names.join(', ');

/** The name a new snippet is offered: its file's name, with the selected lines when it is a selection. */
export function defaultSnippetName(fileNames: readonly string[], lines?: { first: number; last: number }): string {
  if (fileNames.length === 0) return '';
  const base = fileNames.length === 1 ? fileNames[0] : `${fileNames[0]} and ${fileNames.length - 1} more`;
  if (!lines) return base;
  return lines.first === lines.last ? `${base} line ${lines.first}` : `${base} lines ${lines.first}-${lines.last}`;
}

/**
 * File names for a new snippet from several sources: duplicates get " (2)", " (3)" before the
 * extension, so no file replaces another.
 */
export function uniqueFileNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) {
      const dot = name.lastIndexOf('.');
      candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
    }
    used.add(candidate);
    return candidate;
  });
}

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
