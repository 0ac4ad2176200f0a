// Private keys of every PEM kind: PKCS#1 (RSA, DSA, EC), PKCS#8 (plain and ENCRYPTED), OpenSSH,
// PGP secret key blocks, and the SSH2 (RFC 4716) form. A key spans lines, so the rule reads the
// whole text, not line by line. A marker alone is not a key: documentation writes
// `-----BEGIN RSA PRIVATE KEY-----` around "..." or "<your key>"; only a body of base64 counts.
// A key cut off before its END line still counts, up to the last line of base64.
import type { BuiltinRule, SecretMatch } from './secretMatch';
import { PRIVATE_KEY_RULE } from './ruleIds';


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

function keyAt(text: string, begin: RegExpMatchArray): SecretMatch | undefined {
  const start = begin.index ?? 0;
  const afterBegin = start + begin[0].length;
  const kind = begin[1] ?? begin[2];
  const endMarker = begin[1] !== undefined ? `-----END ${kind}-----` : `---- END ${kind} ----`;
  const endIn = text.slice(afterBegin, afterBegin + LONGEST_KEY + endMarker.length).indexOf(endMarker);
  const endAt = afterBegin + endIn;
  if (endIn >= 0) {
    // Between the markers, anything but the body's own base64 (escaped line breaks in a JSON string, headers) is let be.
    const body = text.slice(afterBegin, endAt).replace(/\\[nr]/g, '\n').replace(/^[ \t]*[A-Za-z-]+:.*$/gm, '');
    return baseCharCount(body) >= LEAST_BODY ? { ruleId: PRIVATE_KEY_RULE, start, end: endAt + endMarker.length } : undefined;
  }
  // No END line: the lines of base64 that follow, up to the first that is not.
  let end = afterBegin;
  let count = 0;
  let lineStart = afterBegin;
  for (const [i, line] of text.slice(afterBegin, afterBegin + LONGEST_KEY).split('\n').entries()) {
    if (i > 0 && !BODY_LINE.test(line)) break;
    if (i > 0 && BASE64_LINE.test(line)) {
      count += baseCharCount(line);
      end = lineStart + line.trimEnd().length;
    }
    lineStart += line.length + 1;
  }
  return count >= LEAST_BODY ? { ruleId: PRIVATE_KEY_RULE, start, end } : undefined;
}

export const privateKeys: BuiltinRule = {
  id: PRIVATE_KEY_RULE,
  confidence: 'known',
  find: (text) => [...text.matchAll(BEGIN)].map((begin) => keyAt(text, begin)).filter((m): m is SecretMatch => m !== undefined),
};
