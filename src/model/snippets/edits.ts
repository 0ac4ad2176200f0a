// How a change to one snippet becomes the body of one `updateSnippet` PUT. The update replaces
// name, description, categories and all files at once, so every body here is built from the
// whole snippet: a field or file left out would be lost on the server. Also the rules for names
// a user types (file names, categories). Plain logic without `vscode`, unit-tested in Node.
import type { Snippet, UpdateSnippetRequest } from '../../api/types';
import * as l10n from '@vscode/l10n';

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
  if (!file) throw new SnippetEditError(l10n.t('"{0}" has no file named "{1}" any more.', snippet.name, fileName));
  file.content = content;
  return body;
}

export function withFileAdded(snippet: Snippet, fileName: string, content: string): UpdateSnippetRequest {
  const problem = fileNameProblem(
    fileName,
    snippet.files.map((f) => f.name),
  );
  if (problem) throw new SnippetEditError(problem);
  const body = asUpdate(snippet);
  body.files.push({ name: fileName, content });
  return body;
}

export function withFileRenamed(snippet: Snippet, oldName: string, newName: string): UpdateSnippetRequest {
  const body = asUpdate(snippet);
  const file = body.files.find((f) => f.name === oldName);
  if (!file) throw new SnippetEditError(l10n.t('"{0}" has no file named "{1}" any more.', snippet.name, oldName));
  const problem = fileNameProblem(
    newName,
    body.files.filter((f) => f !== file).map((f) => f.name),
  );
  if (problem) throw new SnippetEditError(problem);
  file.name = newName;
  return body;
}

export function withFileDeleted(snippet: Snippet, fileName: string): UpdateSnippetRequest {
  const body = asUpdate(snippet);
  if (!body.files.some((f) => f.name === fileName)) {
    throw new SnippetEditError(l10n.t('"{0}" has no file named "{1}" any more.', snippet.name, fileName));
  }
  if (body.files.length === 1) {
    throw new SnippetEditError(
      l10n.t(
        '"{0}" is the only file of "{1}", and a snippet needs at least one file. Delete the snippet instead.',
        fileName,
        snippet.name,
      ),
    );
  }
  // Only the first of the name: when a server let two files share it, the row deleted is the first.
  const index = body.files.findIndex((f) => f.name === fileName);
  body.files = body.files.filter((_, i) => i !== index);
  return body;
}

export function withDetails(snippet: Snippet, details: SnippetDetails): UpdateSnippetRequest {
  const name = details.name.trim();
  if (!name) throw new SnippetEditError(l10n.t('A snippet needs a name.'));
  return { ...asUpdate(snippet), name, description: details.description, categories: [...details.categories] };
}

/** Why a file name cannot be used, or undefined when it can. Names are compared exactly, as the server does. */
export function fileNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (name.trim() === '') return l10n.t('A file needs a name, for example "snippet.txt".');
  if (name !== name.trim()) return l10n.t('A file name cannot start or end with spaces.');
  if (/[/\\]/.test(name)) return l10n.t('A file name cannot contain "/" or "\\".');
  if (name === '.' || name === '..') return l10n.t('"{0}" cannot be a file name.', name);
  if (existing.includes(name)) return l10n.t('The snippet already has a file named "{0}".', name);
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

/** Several files added in one update (files dropped on a snippet); names clashing with the snippet's get " (2)". */
export function withFilesAdded(
  snippet: Snippet,
  files: ReadonlyArray<{ name: string; content: string }>,
): UpdateSnippetRequest {
  const body = asUpdate(snippet);
  const existing = body.files.map((f) => f.name);
  const names = uniqueFileNames([...existing, ...files.map((f) => f.name)]).slice(existing.length);
  files.forEach((f, i) => {
    const problem = fileNameProblem(
      names[i],
      body.files.map((x) => x.name),
    );
    if (problem) throw new SnippetEditError(problem);
    body.files.push({ name: names[i], content: f.content });
  });
  return body;
}

/** A category added (a snippet dropped on a category row); undefined when the snippet has it already. */
export function withCategoryAdded(snippet: Snippet, category: string): UpdateSnippetRequest | undefined {
  const body = asUpdate(snippet);
  if (body.categories.some((c) => c.toLocaleLowerCase() === category.toLocaleLowerCase())) return undefined;
  body.categories.push(category);
  return body;
}
