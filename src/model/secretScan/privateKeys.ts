// Private keys of every PEM kind: PKCS#1 (RSA, DSA, EC), PKCS#8 (plain and ENCRYPTED), OpenSSH,
// PGP secret key blocks, and the SSH2 (RFC 4716) form. A key spans lines, so the rule reads the
// whole text, not line by line. A marker alone is not a key: documentation writes
// `-----BEGIN RSA PRIVATE KEY-----` around "..." or "<your key>"; only a body of base64 counts.
// A key cut off before its END line still counts, up to the last line of base64.
import type { BuiltinRule, SecretMatch } from './secretMatch';
import { PRIVATE_KEY_RULE } from './ruleIds';
import { mayHold } from './rules/tokenRule';

const BEGIN = /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----|---- BEGIN (SSH2 ENCRYPTED PRIVATE KEY) ----/g;

/** Fewer base64 characters than this is a placeholder, not a key (the smallest real key has ~100). */
const LEAST_BODY = 64;
/** How far an END line is looked for: an RSA key of 16384 bits is about 13 KB. */
const LONGEST_KEY = 64 * 1024;

const BASE64_CHARS = /[A-Za-z0-9+/]/g;
const baseCharCount = (text: string): number => text.match(BASE64_CHARS)?.length ?? 0;

/** A line of a key's body: base64 (a PGP checksum starts with `=`), or a header such as `Proc-Type: 4,ENCRYPTED`. */
const BODY_LINE = /^[ \t]*(?:[A-Za-z0-9+/=]+|[A-Za-z-]+:.*)?[ \t]*\r?$/;
const BASE64_LINE = /^[ \t]*[A-Za-z0-9+/=]+[ \t]*\r?$/;

/** Where each END marker next occurs, found once per text: a text of many BEGINs and no END is not searched again for each. */
class EndMarkers {
  private readonly next = new Map<string, number>();

  constructor(private readonly text: string) {}

  after(marker: string, from: number): number {
    const known = this.next.get(marker);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = this.text.indexOf(marker, from);
    this.next.set(marker, at);
    return at;
  }
}

/** The key that starts at `begin`, and where the search for the next one goes on. */
function keyAt(text: string, begin: RegExpExecArray, ends: EndMarkers): { key?: SecretMatch; next: number } {
  const start = begin.index;
  const afterBegin = start + begin[0].length;
  const kind = begin[1] ?? begin[2];
  const endMarker = begin[1] !== undefined ? `-----END ${kind}-----` : `---- END ${kind} ----`;
  const endAt = ends.after(endMarker, afterBegin);
  if (endAt >= 0 && endAt - afterBegin <= LONGEST_KEY) {
    // Between the markers, anything but the body's own base64 (escaped line breaks in a JSON string, headers) is let be.
    const body = text
      .slice(afterBegin, endAt)
      .replace(/\\[nr]/g, '\n')
      .replace(/^[ \t]*[A-Za-z-]+:.*$/gm, '');
    const next = endAt + endMarker.length;
    return {
      key: baseCharCount(body) >= LEAST_BODY ? { ruleId: PRIVATE_KEY_RULE, start, end: next } : undefined,
      next,
    };
  }
  // No END line: the lines of base64 that follow, up to the first that is not.
  let end = afterBegin;
  let count = 0;
  const limit = Math.min(text.length, afterBegin + LONGEST_KEY);
  let lineStart = text.indexOf('\n', afterBegin);
  while (lineStart >= 0 && lineStart < limit) {
    lineStart++;
    const newline = text.indexOf('\n', lineStart);
    const line = text.slice(lineStart, newline < 0 || newline > limit ? limit : newline);
    if (!BODY_LINE.test(line)) break;
    if (BASE64_LINE.test(line)) {
      count += baseCharCount(line);
      end = lineStart + line.trimEnd().length;
    }
    lineStart = newline;
  }
  return {
    key: count >= LEAST_BODY ? { ruleId: PRIVATE_KEY_RULE, start, end } : undefined,
    next: Math.max(afterBegin, end),
  };
}

function findKeys(text: string): SecretMatch[] {
  // Both kinds of BEGIN line say PRIVATE KEY: a text without it is not searched for them.
  if (!mayHold(text, ['PRIVATE KEY'], undefined)) return [];
  const found: SecretMatch[] = [];
  const ends = new EndMarkers(text);
  const begins = new RegExp(BEGIN.source, BEGIN.flags);
  for (let begin = begins.exec(text); begin !== null; begin = begins.exec(text)) {
    const { key, next } = keyAt(text, begin, ends);
    if (key) found.push(key);
    begins.lastIndex = next;
  }
  return found;
}

export const privateKeys: BuiltinRule = {
  id: PRIVATE_KEY_RULE,
  confidence: 'known',
  find: findKeys,
};
