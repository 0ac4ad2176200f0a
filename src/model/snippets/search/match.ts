// Where a search text occurs in one snippet: its name, description, categories, file names and
// file content, matched literally and case-insensitively (a search text is never read as a regular
// expression: `.*` is two characters to find). The work per file is bounded, so a 5 MB file costs one scan and a few
// line extractions, never a split into lines nor a lower-cased copy. Plain functions, unit-tested in Node.
import type { Snippet } from '../../../api/types';
import { caselessFind, LENGTHENING } from './caseless';

export type MatchField = 'name' | 'description' | 'category' | 'fileName' | 'content';

export interface SearchMatch {
  field: MatchField;
  /** The file, for `fileName` and `content` matches. */
  fileName?: string;
  /** 1-based line of a `content` match. */
  line?: number;
  /** Where the match starts in the full line (or field value), 0-based, and how long it is. */
  column: number;
  length: number;
  /** The line (or field value) around the match, shortened when long. */
  text: string;
}

/** Matched lines reported per file: enough to choose from, bounded for a file that matches everywhere. */
export const MAX_LINES_PER_FILE = 5;
/** Longest text kept for a matched line; the rest is cut around the match. */
export const MAX_LINE_TEXT = 160;
/** Content from this length on is searched without a lower-cased copy (caseless.ts); below it, the copy costs less than the regular expression. */
export const LARGE_CONTENT = 64 * 1024;

/** The search text as it is matched: trimmed and lower-cased. Empty means "nothing to search for". */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Every place `needle` (from normalizeQuery) occurs in the snippet; empty when it does not. */
export function matchSnippet(snippet: Snippet, needle: string): SearchMatch[] {
  if (!needle) return [];
  const matches: SearchMatch[] = [];
  const inValue = (field: MatchField, value: string | undefined, fileName?: string) => {
    if (!value) return;
    const found = findInLine(value, needle);
    if (found) matches.push({ field, ...(fileName !== undefined ? { fileName } : {}), ...found });
  };
  inValue('name', snippet.name);
  inValue('description', firstLineWith(snippet.description, needle));
  for (const c of snippet.categories) inValue('category', c.name);
  for (const f of snippet.files) inValue('fileName', f.name, f.name);
  for (const f of snippet.files) {
    for (const m of matchContent(f.content, needle)) matches.push({ field: 'content', fileName: f.name, ...m });
  }
  return matches;
}

/** Matched lines of a file's content, at most MAX_LINES_PER_FILE, one per line. */
export function matchContent(
  content: string,
  needle: string,
  maxLines = MAX_LINES_PER_FILE,
): Array<{ line: number; column: number; length: number; text: string }> {
  if (!needle || !content) return [];
  const find = findIn(content, needle);
  // A few characters change length when lower-cased (e.g. "İ"): offsets in the lower-cased text
  // would not be offsets in `content`, so such content is matched line by line instead.
  if (!find) return matchByLine(content, needle, maxLines);
  const found: Array<{ line: number; column: number; length: number; text: string }> = [];
  let line = 1;
  let counted = 0;
  let from = 0;
  while (found.length < maxLines) {
    const at = find(from);
    if (at < 0) break;
    line += countNewlines(content, counted, at);
    counted = at;
    const start = content.lastIndexOf('\n', at - 1) + 1;
    const newline = content.indexOf('\n', at);
    const end = newline < 0 ? content.length : newline;
    found.push({ line, ...excerpt(content, start, end, at - start, needle.length) });
    if (newline < 0) break;
    // One result per line: go on after this line's end.
    from = newline + 1;
    line += countNewlines(content, counted, from);
    counted = from;
  }
  return found;
}

/** Where `needle` is in the lower-cased `content`, from an offset on; undefined where offsets would shift. */
function findIn(content: string, needle: string): ((from: number) => number) | undefined {
  const caseless = content.length >= LARGE_CONTENT && !content.includes(LENGTHENING) ? caselessFind(needle) : undefined;
  if (caseless) return (from) => caseless(content, from);
  // Lower-cased once, however many lines match.
  const lower = content.toLowerCase();
  return lower.length === content.length ? (from) => lower.indexOf(needle, from) : undefined;
}

function matchByLine(
  content: string,
  needle: string,
  maxLines: number,
): Array<{ line: number; column: number; length: number; text: string }> {
  const found: Array<{ line: number; column: number; length: number; text: string }> = [];
  let start = 0;
  for (let line = 1; start <= content.length && found.length < maxLines; line++) {
    const newline = content.indexOf('\n', start);
    const end = newline < 0 ? content.length : newline;
    const hit = findInLine(content.slice(start, end), needle);
    if (hit) found.push({ line, ...hit });
    if (newline < 0) break;
    start = newline + 1;
  }
  return found;
}

/** A match inside one short value (a name, one line), with its column in that value. */
function findInLine(value: string, needle: string): { column: number; length: number; text: string } | undefined {
  const lower = value.toLowerCase();
  const at = lower.indexOf(needle);
  if (at < 0) return undefined;
  // Same length: `at` is an offset in `value` too; otherwise the column is only approximate.
  const column = lower.length === value.length ? at : Math.min(at, value.length);
  return excerpt(value, 0, value.length, column, needle.length);
}

function firstLineWith(text: string | undefined, needle: string): string | undefined {
  if (!text) return undefined;
  return text.split(/\r?\n/).find((l) => l.toLowerCase().includes(needle));
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** The text of a line [start, end) around a match at `column`, cut to MAX_LINE_TEXT. */
function excerpt(
  s: string,
  start: number,
  end: number,
  column: number,
  length: number,
): { column: number; length: number; text: string } {
  const lineEnd = end > start && s[end - 1] === '\r' ? end - 1 : end;
  if (lineEnd - start <= MAX_LINE_TEXT) return { column, length, text: s.slice(start, lineEnd) };
  const before = Math.max(0, Math.min(column - 40, lineEnd - start - MAX_LINE_TEXT));
  const from = start + before;
  const to = Math.min(lineEnd, from + MAX_LINE_TEXT);
  return { column, length, text: `${before > 0 ? '…' : ''}${s.slice(from, to)}${to < lineEnd ? '…' : ''}` };
}
