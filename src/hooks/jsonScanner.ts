// A strict JSON reader that keeps where everything is. JSON.parse cannot do the two things hook
// settings need: say at which offset a field is (for diagnostics at the field) and notice a key
// given twice (JSON.parse silently keeps the last one). Pure logic, no `vscode`.

import * as l10n from '@vscode/l10n';

export type JsonNode =
  | { type: 'object'; offset: number; length: number; members: JsonMember[] }
  | { type: 'array'; offset: number; length: number; items: JsonNode[] }
  | { type: 'string'; offset: number; length: number; value: string }
  | { type: 'number'; offset: number; length: number; value: number }
  | { type: 'boolean'; offset: number; length: number; value: boolean }
  | { type: 'null'; offset: number; length: number; value: null };

export interface JsonMember {
  key: string;
  /** Offset and length of the key including its quotes. */
  keyOffset: number;
  keyLength: number;
  value: JsonNode;
}

export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Reads one JSON value spanning the whole text (whitespace around it allowed); throws JsonSyntaxError. */
export function scanJson(text: string): JsonNode {
  let pos = 0;

  const fail = (message: string, at = pos): never => {
    throw new JsonSyntaxError(message, Math.min(at, text.length));
  };
  const skipSpace = (): void => {
    while (pos < text.length && ' \t\n\r'.includes(text[pos])) pos++;
  };
  const describe = (): string => (pos >= text.length ? l10n.t('the end of the text') : `"${text[pos]}"`);

  const readString = (): { value: string; offset: number; length: number } => {
    const start = pos;
    pos++; // opening quote
    let value = '';
    for (;;) {
      if (pos >= text.length) fail(l10n.t('A string is not closed: a quote (") is missing.'), start);
      const ch = text[pos];
      if (ch === '"') {
        pos++;
        return { value, offset: start, length: pos - start };
      }
      if (ch === '\\') {
        const next = text[pos + 1];
        if (next === 'u') {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(l10n.t('A \\u escape needs four hexadecimal digits.'));
          value += String.fromCharCode(parseInt(hex, 16));
          pos += 6;
        } else if (next !== undefined && next in ESCAPES) {
          value += ESCAPES[next];
          pos += 2;
        } else {
          fail(l10n.t('"\\{0}" is not a valid escape in a JSON string.', next ?? ''));
        }
        continue;
      }
      if (ch < ' ') fail(l10n.t('A line break or control character inside a string must be escaped (for example \\n).'));
      value += ch;
      pos++;
    }
  };

  const readValue = (): JsonNode => {
    skipSpace();
    const start = pos;
    const ch = text[pos];
    if (ch === '{') {
      pos++;
      const members: JsonMember[] = [];
      skipSpace();
      if (text[pos] === '}') {
        pos++;
        return { type: 'object', offset: start, length: pos - start, members };
      }
      for (;;) {
        skipSpace();
        if (text[pos] !== '"') fail(l10n.t('Expected a field name in double quotes, found {0}.', describe()));
        const key = readString();
        skipSpace();
        if (text[pos] !== ':') fail(l10n.t('Expected ":" after the field name "{0}", found {1}.', key.value, describe()));
        pos++;
        const value = readValue();
        members.push({ key: key.value, keyOffset: key.offset, keyLength: key.length, value });
        skipSpace();
        if (text[pos] === ',') {
          pos++;
          skipSpace();
          if (text[pos] === '}') fail(l10n.t('A comma before "}" is not allowed in JSON.'));
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return { type: 'object', offset: start, length: pos - start, members };
        }
        fail(`Expected "," or "}", found ${describe()}.`);
      }
    }
    if (ch === '[') {
      pos++;
      const items: JsonNode[] = [];
      skipSpace();
      if (text[pos] === ']') {
        pos++;
        return { type: 'array', offset: start, length: pos - start, items };
      }
      for (;;) {
        items.push(readValue());
        skipSpace();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return { type: 'array', offset: start, length: pos - start, items };
        }
        fail(`Expected "," or "]", found ${describe()}.`);
      }
    }
    if (ch === '"') {
      const s = readString();
      return { type: 'string', ...s };
    }
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(pos, pos + 400));
    if (number && number[0].length > 0) {
      pos += number[0].length;
      return { type: 'number', offset: start, length: number[0].length, value: Number(number[0]) };
    }
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value === null ? { type: 'null', offset: start, length: word.length, value } : { type: 'boolean', offset: start, length: word.length, value };
      }
    }
    if (pos >= text.length) return fail(l10n.t('The text ends where a value was expected.'));
    return fail(l10n.t('Unexpected {0}: expected a value (text in double quotes, a number, true, false, an object or an array).', describe()));
  };

  const root = readValue();
  skipSpace();
  if (pos < text.length) fail(l10n.t('Unexpected {0} after the end of the JSON value.', describe()));
  return root;
}
