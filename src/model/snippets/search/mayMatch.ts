// Whether a snippet can match a search text at all, told without lower-casing or copying anything:
// most snippets of a search match nothing, and matching each in full (a lower-cased copy of every
// field and file) was a fifth of a complete search's CPU, most of it garbage for the collector.
// A match needs every character of the search text in the snippet in some case; one character of
// it, the one least common in code, is looked for in each field by indexOf in each case that
// lower-cases to it, and only a field that has it is lower-cased to look for the whole text. False
// only when matchSnippet would find nothing
// (test/unit/snippets/mayMatch.test.ts). No `vscode` here.
import type { Snippet } from '../../../api/types';
import { LARGE_CONTENT } from './match';

/** ASCII letters and digits, most common in code and text first; a character not listed is rarer than all. */
const COMMON = 'etaoinsrlcdhupmfgbywvkxjqz0123456789';

/**
 * The characters whose lower case holds `c`: itself, its upper case, the Kelvin sign for "k" and
 * "İ" (lower-cased "i̇") for "i"; undefined for a character outside ASCII, which other characters
 * may lower-case to.
 */
function casesOf(c: string): string[] | undefined {
  if (c.charCodeAt(0) > 0x7f) return undefined;
  const upper = c.toUpperCase();
  const cases = upper === c ? [c] : [c, upper];
  if (c === 'k') cases.push('\u212a');
  if (c === 'i') cases.push('\u0130');
  return cases;
}

let last: { needle: string; cases: string[] | undefined } | undefined;

/** The cases of the needle's rarest ASCII character; undefined when it has none (then every snippet may match). */
function rarest(needle: string): string[] | undefined {
  if (last?.needle === needle) return last.cases;
  let best: string | undefined;
  for (const c of needle) {
    if (casesOf(c) === undefined) continue;
    if (best === undefined || rank(c) > rank(best)) best = c;
  }
  last = { needle, cases: best === undefined ? undefined : casesOf(best) };
  return last.cases;
}

const rank = (c: string): number => {
  const at = COMMON.indexOf(c);
  return at < 0 ? COMMON.length : at;
};

/** False when `snippet` certainly has no match of `needle` (from normalizeQuery); true when it may. */
export function mayMatch(snippet: Snippet, needle: string): boolean {
  const cases = rarest(needle);
  if (!cases) return true;
  const has = (text: string | undefined) => {
    if (!text || !cases.some((c) => text.includes(c))) return false;
    // A field with the character is lower-cased to look (matchSnippet does more: lines, excerpts); a large one is left to it.
    return text.length > LARGE_CONTENT || text.toLowerCase().includes(needle);
  };
  if (has(snippet.name) || has(snippet.description)) return true;
  for (const c of snippet.categories) if (has(c.name)) return true;
  for (const f of snippet.files) if (has(f.name) || has(f.content)) return true;
  return false;
}
