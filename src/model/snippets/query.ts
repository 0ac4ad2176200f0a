// Sorting and filtering of loaded snippets: plain functions, unit-tested in Node.
import type { Category, Snippet } from '../../api/types';

export type SortOrder = 'updated' | 'name';

export function sortSnippets(snippets: readonly Snippet[], order: SortOrder): Snippet[] {
  const byName = (a: Snippet, b: Snippet) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  return [...snippets].sort(
    order === 'name'
      ? (a, b) => byName(a, b) || b.updatedAt - a.updatedAt
      : (a, b) => b.updatedAt - a.updatedAt || byName(a, b),
  );
}

/**
 * A snippet matches when every word of the filter occurs in its name, description, a file
 * name or a category name (case- and accent-insensitive).
 */
export function matchesFilter(snippet: Snippet, filter: string): boolean {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(
    [
      snippet.name,
      snippet.description ?? '',
      ...snippet.files.map((f) => f.name),
      ...snippet.categories.map((c) => c.name),
    ].join('\n'),
  );
  return words.every((w) => haystack.includes(w));
}

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Categories known from the given snippets, one per guid, sorted by name. */
export function knownCategories(snippets: Iterable<Snippet>): Category[] {
  const byGuid = new Map<string, Category>();
  for (const s of snippets) for (const c of s.categories) byGuid.set(c.guid, c);
  return [...byGuid.values()].sort((a, b) => a.name.localeCompare(b.name));
}
