// Finding a lower-cased search text in a large text without lower-casing the text. A search
// matches case-insensitively by the definition `text.toLowerCase().indexOf(needle)`; for a 5 MB
// file that copies all 5 MB first (7 ms of the extension host's thread, and 5 MB for the garbage
// collector), on every search and every pause in typing. For a search text of lower-case ASCII,
// one regular expression finds the same offsets without the copy, in a quarter of the time. No
// `vscode` here.

/** The one character whose lower case is longer than itself ("İ" → "i̇"): offsets would shift. */
export const LENGTHENING = '\u0130';

/** Where `needle` starts in `text.toLowerCase()`, from `from` on, for a text without LENGTHENING. */
export type CaselessFind = (text: string, from?: number) => number;

let last: { needle: string; find: CaselessFind | undefined } | undefined;

/**
 * How to find `needle` in texts that hold no LENGTHENING character without lower-casing them;
 * undefined for a needle that is empty or not lower-case ASCII, which the caller finds in the
 * lower-cased text as ever. Of every character, only the ASCII letters and the Kelvin sign
 * (U+212A, "k") lower-case to ASCII (İ aside), so a class per letter finds exactly what
 * lower-casing would, at the same offsets. The last needle's finder is kept: a search asks for the
 * same one for every large file.
 */
export function caselessFind(needle: string): CaselessFind | undefined {
  if (last?.needle !== needle) last = { needle, find: makeFind(needle) };
  return last.find;
}

function makeFind(needle: string): CaselessFind | undefined {
  // ASCII without A-Z: what lower-casing leaves of an ASCII text.
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x40\x5b-\x7f]+$/.test(needle)) return undefined;
  const pattern = new RegExp([...needle].map(classOf).join(''), 'g');
  // Every match is needle.length characters long (one per class), so where it ends says where it
  // starts, and test() makes no match object.
  return (text, from = 0) => {
    pattern.lastIndex = from;
    return pattern.test(text) ? pattern.lastIndex - needle.length : -1;
  };
}

function classOf(c: string): string {
  if (c < 'a' || c > 'z') return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return `[${c}${c.toUpperCase()}${c === 'k' ? '\\u212a' : ''}]`;
}
