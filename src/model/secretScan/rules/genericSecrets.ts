// A value given to a name that says it is secret — `DB_PASSWORD=…`, `password: …`,
// `"client_secret": "…"`, `api_key = '…'`, `--token=…`, `<password>…</password>` — in .env,
// shell, YAML, JSON, properties, Python, Java. Its format says nothing, so such a finding is
// 'generic', and values that stand for a secret (placeholders.ts), names that only talk about one
// (`token_url`, `password_policy`, `secretName`) and expressions (`os.environ["X"]`, `cfg.pw`)
// are let be. Linear: the text is searched for the keywords once; each name around a keyword is
// read once, then the search goes on after it.
import type { BuiltinRule, SecretMatch } from '../secretMatch';
import { RULE } from '../ruleIds';
import { isPlaceholder } from './placeholders';
import { mayHold } from './tokenRule';

const KEYWORD =
  /passw(?:or)?d|passphrase|pwd|pass(?![a-z])|secret|token|api[_.-]?key|access[_.-]?key|auth[_.-]?key|private[_.-]?key|credentials?|client[_.-]?secret/gi;
const KEYWORD_HINTS = ['pass', 'pwd', 'secret', 'token', 'key', 'credential'];
/** A character of a name: a letter, a digit, `_`, `.` or `-` (by code, as it is asked for every character around every keyword). */
function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 46 ||
    code === 45
  );
}
const LONGEST_NAME = 80;

/** Names that are about a secret, not one: where it is, what it is called, how long it lives. */
const NOT_A_SECRET_NAME =
  /(?:url|uri|endpoint|path|file|filename|dir|type|name|id|length|len|size|count|expiry|expires|expiration|ttl|timeout|policy|field|header|prefix|env|var|ref|arn|version|regex|pattern|label|hint|prompt|enabled|required|provider|store|location|format|kind|method|mode|source|usage|rotation|lifetime|validity|hash|sha|sha1|sha256|digest|checksum|salt|question|reset|changed|updated|created|expired)$/i;
const NOT_SECRET_NAMES =
  /^(?:token_?endpoint|tokenizer|next_?token|page_?token|csrf_?token|pass(?:ed|es|ing)?|bypass|compass)$/i;

/** `=`, `:`, `:=`, `=>`, after an optional closing quote; or YAML's `- name: X` then `value:` on the next line. */
const SEPARATOR = /["']?(?:[ \t]*(?::=|=>|[:=])|[ \t]*\r?\n[ \t]*(?:-[ \t]+)?value[ \t]*:)[ \t]*/y;
const CLI_SEPARATOR = /[ \t]+/y;
const QUOTED = /"([^"\\\r\n]{1,500})"|'([^'\\\r\n]{1,500})'|`([^`\\\r\n$]{1,500})`/y;
const BARE = /[^\s"'`,;&(){}[\]<>]{1,500}/y;
const XML_VALUE = /[^<\r\n]{1,500}(?=<\/)/y;

/** An unquoted value that is code, not a literal: a call, a member (`settings.DB_PASSWORD`), a variable (`db_password`). */
const EXPRESSION =
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^[a-z_][a-z0-9_]*_[a-z0-9_]*$|^(?:process|os|env|self|this|config|settings|args|params|request|req|options)\b/;

/** A secret mixes at least two kinds of characters and is at least 8 long; a word is not one. */
function looksSecret(value: string): boolean {
  if (value.length < 8 || /\s/.test(value)) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(value)).length;
  return kinds >= 2 && !isPlaceholder(value);
}

interface Value {
  start: number;
  end: number;
  quoted: boolean;
}

function sticky(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function valueAfter(text: string, nameStart: number, nameEnd: number): Value | undefined {
  if (text[nameStart - 1] === '<' && text[nameEnd] === '>') {
    const xml = sticky(XML_VALUE, text, nameEnd + 1);
    return xml ? { start: nameEnd + 1, end: nameEnd + 1 + xml[0].length, quoted: true } : undefined;
  }
  const separator =
    sticky(SEPARATOR, text, nameEnd) ??
    (text.startsWith('--', nameStart - 2) ? sticky(CLI_SEPARATOR, text, nameEnd) : null);
  if (!separator) return undefined;
  const at = nameEnd + separator[0].length;
  const quoted = sticky(QUOTED, text, at);
  if (quoted) return { start: at + 1, end: at + quoted[0].length - 1, quoted: true };
  const bare = sticky(BARE, text, at);
  if (!bare || '"\'`'.includes(text[at - 1]) || text[at + bare[0].length] === '(') return undefined;
  return { start: at, end: at + bare[0].length, quoted: false };
}

function genericSecrets(text: string): SecretMatch[] {
  if (!mayHold(text, undefined, KEYWORD_HINTS)) return [];
  const found: SecretMatch[] = [];
  const keyword = new RegExp(KEYWORD.source, KEYWORD.flags);
  for (let m = keyword.exec(text); m !== null; m = keyword.exec(text)) {
    let nameStart = m.index;
    while (nameStart > 0 && m.index - nameStart < LONGEST_NAME && isNameChar(text.charCodeAt(nameStart - 1))) {
      nameStart--;
    }
    let nameEnd = m.index + m[0].length;
    while (nameEnd < text.length && nameEnd - m.index < LONGEST_NAME && isNameChar(text.charCodeAt(nameEnd))) nameEnd++;
    // The other keywords of this name are this name.
    keyword.lastIndex = nameEnd;
    const name = text.slice(nameStart, nameEnd).replace(/^[-.]+|[-.]+$/g, '');
    if (NOT_A_SECRET_NAME.test(name) || NOT_SECRET_NAMES.test(name)) continue;
    const value = valueAfter(text, nameStart, nameEnd);
    if (value === undefined) continue;
    // A keyword inside the value (`password=password=…`) is the value's.
    keyword.lastIndex = Math.max(nameEnd, value.end);
    const literal = text.slice(value.start, value.end);
    if (!looksSecret(literal) || (!value.quoted && EXPRESSION.test(literal))) continue;
    found.push({ ruleId: RULE.genericSecret, start: value.start, end: value.end });
  }
  return found;
}

export const genericSecret: BuiltinRule = { id: RULE.genericSecret, confidence: 'generic', find: genericSecrets };
