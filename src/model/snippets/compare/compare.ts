// Compare with… and Compare with Snippet…: the diff's title, made of names from outside (a file
// name another user chose, a local file's name), and which snippet files Compare with Snippet…
// offers, in which order. Plain Node; the commands are src/editor/snippets/compare/compare.ts.
import * as l10n from '@vscode/l10n';
import type { Snippet, SnippetFile } from '../../../api/types';
import { lineText } from '../../../util/outsideText';

/** How much of one name a diff's title shows: the tab has room for little more. */
const NAME_MAX = 60;

/** One name for a title: on one line, without control or bidi characters, cut, never empty. */
function titleName(name: string): string {
  return lineText(name, NAME_MAX).trim() || '…';
}

/** What the diff's tab says: "<file> (snippet <name>) ↔ <local side>". */
export function comparisonTitle(fileName: string, snippetName: string, localName: string): string {
  return l10n.t('{0} (snippet {1}) ↔ {2}', titleName(fileName), titleName(snippetName), titleName(localName));
}

/** A snippet as one account knows it: from a loaded list or the last search's results. */
export interface KnownSnippet {
  accountId: string;
  snippet: Snippet;
}

/** A file Compare with Snippet… offers. */
export interface FileChoice extends KnownSnippet {
  file: SnippetFile;
}

/**
 * The files of the given snippets, most recently updated snippet first (its files in their order).
 * A snippet known twice in one account (a list and a search) counts once, as its latest copy; a
 * second file of the same name is left out, as every command addresses a file by its name.
 */
export function fileChoices(known: Iterable<KnownSnippet>): FileChoice[] {
  const latest = new Map<string, KnownSnippet>();
  for (const entry of known) {
    const key = `${entry.accountId}\n${entry.snippet.guid}`;
    const seen = latest.get(key);
    if (!seen || entry.snippet.updatedAt > seen.snippet.updatedAt) latest.set(key, entry);
  }
  // Array.prototype.sort is stable: snippets updated at the same moment keep the order they were given in.
  const snippets = [...latest.values()].sort((a, b) => b.snippet.updatedAt - a.snippet.updatedAt);
  return snippets.flatMap(({ accountId, snippet }) => {
    const names = new Set<string>();
    return snippet.files.filter((file) => !names.has(file.name) && names.add(file.name)).map((file) => ({ accountId, snippet, file }));
  });
}
