// Matching a snippet with a very large file a window of lines at a time, with a turn for the
// event loop between windows: in one go, a 50 MB file (the largest answer the client takes) held
// the extension host's thread for tens of milliseconds whenever a match sat near its end or its
// text had to be lower-cased. A window ends at a line's end, and a line is matched on its own
// either way, so the results are those of matchSnippet, in the same order
// (test/unit/snippets/largeMatch.test.ts). No `vscode` here.
import type { Snippet } from '../../../api/types';
import { matchContent, matchSnippet, MAX_LINES_PER_FILE, type SearchMatch } from './match';

/** Characters of a file matched before the event loop gets a turn: about a millisecond of work. */
export const MATCH_WINDOW_CHARS = 512 * 1024;

/** Whether a snippet has a file worth matching in windows (matchSnippetInWindows). */
export function hasLargeFile(snippet: Snippet, windowChars = MATCH_WINDOW_CHARS): boolean {
  for (const f of snippet.files) if (f.content.length > 2 * windowChars) return true;
  return false;
}

/** What matchSnippet(snippet, needle) gives, with a large file's content matched a window at a time. */
export async function matchSnippetInWindows(
  snippet: Snippet,
  needle: string,
  turn: () => Promise<void>,
  windowChars = MATCH_WINDOW_CHARS,
): Promise<SearchMatch[]> {
  // Every field but the contents, in matchSnippet's order (the contents come last there too).
  const matches = matchSnippet({ ...snippet, files: snippet.files.map((f) => ({ ...f, content: '' })) }, needle);
  for (const f of snippet.files) {
    for (const m of await matchContentInWindows(f.content, needle, turn, MAX_LINES_PER_FILE, windowChars)) {
      matches.push({ field: 'content', fileName: f.name, ...m });
    }
  }
  return matches;
}

/** What matchContent(content, needle, maxLines) gives, a window of whole lines at a time. */
export async function matchContentInWindows(
  content: string,
  needle: string,
  turn: () => Promise<void>,
  maxLines = MAX_LINES_PER_FILE,
  windowChars = MATCH_WINDOW_CHARS,
): Promise<ReturnType<typeof matchContent>> {
  // A text to find that spans lines could span two windows.
  if (!needle || content.length <= 2 * windowChars || needle.includes('\n')) {
    return matchContent(content, needle, maxLines);
  }
  const found: ReturnType<typeof matchContent> = [];
  // Lines are counted only up to a window with a match: a file without one is never counted.
  let line = 1;
  let counted = 0;
  for (let start = 0; start < content.length && found.length < maxLines;) {
    const newline = content.indexOf('\n', Math.min(content.length, start + windowChars));
    const end = newline < 0 ? content.length : newline + 1;
    const matches = matchContent(content.slice(start, end), needle, maxLines - found.length);
    if (matches.length > 0) {
      line += await newlinesBetween(content, counted, start, turn);
      counted = start;
      for (const m of matches) found.push({ ...m, line: line + m.line - 1 });
    }
    start = end;
    await turn();
  }
  return found;
}

/** The newlines in content[from, to), counted a window at a time. */
async function newlinesBetween(content: string, from: number, to: number, turn: () => Promise<void>): Promise<number> {
  let n = 0;
  for (let i = content.indexOf('\n', from), checked = 0; i >= 0 && i < to; i = content.indexOf('\n', i + 1)) {
    n++;
    if (++checked % 65536 === 0) await turn();
  }
  return n;
}
