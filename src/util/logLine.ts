// A log message as exactly one line. Log lines carry outside text (server messages, snippet and
// user names, error details, stack traces); left as they are, a line break in a name could start
// a line of its own that reads like the extension's ("signed in to … as admin"), a carriage
// return or an escape sequence could overwrite what a terminal shows of a copied log, and bidi
// controls could make a line read in another order. No `vscode` here: plain logic, tested in Node.
//
// The escaping is the one of a JavaScript string literal, so it reads as people expect and can be
// undone: a backslash is written `\\` (so a name that holds the two characters `\n` shows as
// `\\n`, never as an escaped line break), the usual breaks and blanks as `\n`, `\r`, `\t`, `\v`,
// `\f`, other C0 and C1 controls and DEL as `\xHH`, and the Unicode breaks, the bidi and invisible
// formatting marks and unpaired surrogates (which an encoder would turn into U+FFFD, so that two
// messages would log alike) as `\uHHHH`. Everything else, letters of every script and emoji
// included, is left alone.

const NAMED: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\f': '\\f',
};

/**
 * What is escaped: a backslash, C0 controls, DEL and C1 controls (NEL, U+0085, among them), the
 * line and paragraph separators U+2028 and U+2029, the bidi marks and isolates (U+061C, U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069), the invisible ones (U+200B, U+2060–U+2064, U+FEFF), and
 * a surrogate that is not half of a pair.
 */
const ESCAPED =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\\\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const hex = (code: number, digits: number) => code.toString(16).toUpperCase().padStart(digits, '0');

function escaped(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

/** `text` on one line that no outside character can break, reorder or hide; see the top of this file. */
export function oneLogLine(text: string): string {
  return text.replace(ESCAPED, escaped);
}
