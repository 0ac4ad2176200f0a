// A password in a URL's user info: `https://user:password@host`, `postgres://app:pw@db/x`. Not
// `user@host` (no password), not a placeholder that a tool fills in later (`${DB_PASSWORD}`,
// `$PASS`, `%PASS%`, `{{ password }}`, `***`, the word "password" itself).
import type { BuiltinRule, SecretMatch } from './secretMatch';
import { URL_PASSWORD_RULE } from './ruleIds';
import { mayHold } from './rules/tokenRule';

// scheme://user:password@ then a host (a name, an IPv4 or IPv6 address). The user has no `:`, so
// the first `:` after `//` starts the password, and a port (`host:8080/…`) never reaches an `@`.
// Tried only where a scheme may start before a `://`: the scan of each character of a text for a
// scheme took most of the rule's time (over 1 MB of code, 3 to 6 ms; now under one).
const URL_WITH_PASSWORD = /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/?#@'"`<>]*:([^\s/?#@'"`<>]+)@(?=[a-z0-9[])/diy;
/** `[a-z]{1}[a-z0-9+.-]{0,30}`: a scheme starts at most this far before its `://`. */
const LONGEST_SCHEME = 31;

/** `[a-z0-9+.-]` in any case, as the expression reads it (without the `u` flag only ASCII letters are letters in any case). */
function isSchemeCode(code: number): boolean {
  const letter = code | 0x20;
  return (
    (letter >= 0x61 && letter <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2b ||
    code === 0x2e ||
    code === 0x2d
  );
}

const isLetter = (code: number): boolean => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

const PLACEHOLDERS = [
  String.raw`\$\{\{[^}]*\}\}`, // ${{ secrets.X }}
  String.raw`\$\{[^}]*\}`, // ${VAR}
  String.raw`\$\(?[A-Za-z_][A-Za-z0-9_]*\)?`, // $VAR, $(VAR)
  String.raw`%[A-Za-z_][A-Za-z0-9_]*%`, // %VAR%
  String.raw`\{\{[^}]*\}\}`, // {{var}}
  String.raw`\*+|x+|\.{3}|…`,
  'password|passwd|pass|pwd|secret|token',
];
const PLACEHOLDER = new RegExp(`^(?:${PLACEHOLDERS.join('|')})$`, 'i');

/**
 * Every match of URL_WITH_PASSWORD, as matchAll finds them, each tried only at the letters of the
 * scheme characters just before a `://` (a match holds the first `://` after its start, and
 * starts no more than LONGEST_SCHEME before it).
 */
function urlPasswordMatches(text: string): SecretMatch[] {
  if (!mayHold(text, ['://'], undefined)) return [];
  const found: SecretMatch[] = [];
  let from = 0;
  for (let slashes = text.indexOf('://'); slashes >= 0; slashes = text.indexOf('://', Math.max(slashes + 1, from))) {
    let first = slashes;
    while (first > from && slashes - first < LONGEST_SCHEME && isSchemeCode(text.charCodeAt(first - 1))) first--;
    for (let start = first; start < slashes; start++) {
      if (!isLetter(text.charCodeAt(start))) continue;
      URL_WITH_PASSWORD.lastIndex = start;
      const m = URL_WITH_PASSWORD.exec(text);
      const place = m?.indices?.[1];
      if (!m || !place) continue;
      from = start + m[0].length;
      if (!PLACEHOLDER.test(m[1])) found.push({ ruleId: URL_PASSWORD_RULE, start: place[0], end: place[1] });
      break;
    }
  }
  return found;
}

export const urlPasswords: BuiltinRule = {
  id: URL_PASSWORD_RULE,
  confidence: 'known',
  find: urlPasswordMatches,
};
