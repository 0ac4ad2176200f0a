// JSON whose numbers keep the text they were written with, for hook settings. JSON.parse reads
// every number as a JavaScript double: a 64-bit id such as 9007199254740993 becomes
// 9007199254740992, `1e400` becomes Infinity (which JSON.stringify then writes as null), and
// `1.0` or `1E2` lose how they were written. Bitbucket (Java, Jackson) keeps a 64-bit long
// exactly, so settings read with JSON.parse and sent back would change numbers nobody edited.
// Here a number is a JsonNumber holding its text, which goes back as it came. Parsing is
// iterative and nesting is limited, so a deeply nested answer gives an error, never a stack
// overflow. Pure logic, no `vscode`.

/**
 * How deep objects and arrays may nest. Hook settings are a flat object for Bitbucket (values
 * are text, numbers or true/false), so this only turns away a hostile or broken answer; it is
 * far above any real settings and keeps the recursive walks over a parsed value (printing it,
 * jsonc-parser's tree of the editor's text) a small part of the stack. Jackson, which Bitbucket
 * reads JSON with, allows 1000 levels by default.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * The extension is split into bundles (esbuild.js), and each that uses this class has its own
 * copy of it; a registered symbol shared by every copy makes `instanceof JsonNumber` hold across them.
 */
const BRAND = Symbol.for('bitbucket-snippets.JsonNumber');

/** A JSON number as it was written: its text goes back unchanged; `value` is the nearest JavaScript number. */
export class JsonNumber {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  constructor(readonly text: string) {
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** The nearest JavaScript number (rounded for 9007199254740993, Infinity for 1e400). */
  get value(): number {
    return Number(this.text);
  }

  /**
   * Whether a JavaScript number holds exactly the number written: true for `1.0`, `1E2`, `-0` and
   * `0.1` (which JavaScript writes back as written), false for 9007199254740993 (a neighbour),
   * `1e400` (Infinity) and `1e-400` (zero).
   */
  get isExact(): boolean {
    const value = this.value;
    if (!Number.isFinite(value)) return false;
    return decimalOf(this.text) === decimalOf(Object.is(value, -0) ? '-0' : String(value));
  }
}

/** A JSON value whose numbers keep their text; plain numbers are accepted when writing, never produced when reading. */
export type ExactJson = null | boolean | string | number | JsonNumber | ExactJson[] | ExactJsonObject;
export interface ExactJsonObject {
  [key: string]: ExactJson;
}

export class ExactJsonError extends Error {
  constructor(
    message: string,
    /** Where in the text, when reading. */
    readonly offset: number,
    /** The nesting limit was passed (the text may be valid JSON). */
    readonly tooDeep: boolean,
  ) {
    super(message);
    this.name = 'ExactJsonError';
  }
}

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const STRING = /"(?:[^"\\\u0000-\u001f]+|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERALS: ReadonlyArray<[string, ExactJson]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];

interface Open {
  container: ExactJson[] | ExactJsonObject;
  /** For an object: the key whose value is read next. */
  key?: string;
}

/**
 * Reads JSON as JSON.parse does (the same grammar; a key given twice keeps the last value), except
 * that every number is a JsonNumber with its text. Without recursion: deeper nesting than
 * `maxDepth` is an ExactJsonError, as is any syntax error.
 */
export function parseExactJson(text: string, maxDepth = MAX_JSON_DEPTH): ExactJson {
  let pos = 0;
  const open: Open[] = [];
  const fail = (what: string): never => {
    throw new ExactJsonError(`${what} at offset ${pos}`, pos, false);
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.exec(text);
    pos = WHITESPACE.lastIndex;
  };
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = pos;
    const found = pattern.exec(text)?.[0];
    if (found !== undefined) pos += found.length;
    return found;
  };
  const readKey = () => {
    const key = match(STRING) ?? fail('a key in double quotes expected');
    skipWhitespace();
    if (text[pos] !== ':') fail('":" expected');
    pos++;
    return JSON.parse(key) as string;
  };

  let root: ExactJson = null;
  for (;;) {
    // A value is expected here.
    skipWhitespace();
    const first = text[pos];
    let value: ExactJson;
    let opened: Open | undefined;
    if (first === '{' || first === '[') {
      if (open.length >= maxDepth) {
        throw new ExactJsonError(`nested deeper than ${maxDepth} levels at offset ${pos}`, pos, true);
      }
      pos++;
      value = first === '{' ? {} : [];
      opened = { container: value };
    } else if (first === '"') {
      value = JSON.parse(match(STRING) ?? fail('a broken string')) as string;
    } else {
      const number = match(NUMBER);
      const literal = number === undefined ? LITERALS.find(([word]) => text.startsWith(word, pos)) : undefined;
      if (number !== undefined) value = new JsonNumber(number);
      else if (literal) {
        pos += literal[0].length;
        value = literal[1];
      } else return fail('a value expected');
    }

    const parent = open[open.length - 1];
    if (!parent) root = value;
    else if (Array.isArray(parent.container)) parent.container.push(value);
    // A key such as `__proto__` stays an own field, as JSON.parse keeps it.
    else {
      Object.defineProperty(parent.container, parent.key as string, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }

    if (opened) {
      open.push(opened);
      skipWhitespace();
      const closer = Array.isArray(opened.container) ? ']' : '}';
      if (text[pos] !== closer) {
        if (!Array.isArray(opened.container)) opened.key = readKey();
        continue;
      }
      pos++;
      open.pop();
    }

    // After a value: close what ends here, until a comma asks for the next value.
    for (;;) {
      skipWhitespace();
      const current = open[open.length - 1];
      if (!current) {
        if (pos < text.length) fail('the end expected');
        return root;
      }
      const closer = Array.isArray(current.container) ? ']' : '}';
      if (text[pos] === closer) {
        pos++;
        open.pop();
        continue;
      }
      if (text[pos] !== ',') fail(`"," or "${closer}" expected`);
      pos++;
      if (!Array.isArray(current.container)) {
        skipWhitespace();
        current.key = readKey();
      }
      break;
    }
  }
}

/**
 * Writes a value as JSON.stringify(value, null, indent) would, except that a JsonNumber is
 * written as its text. A plain number that JSON cannot write (Infinity, NaN) is an error, never
 * null; so is nesting deeper than `maxDepth`.
 */
export function stringifyExact(value: ExactJson, indent = 0, maxDepth = MAX_JSON_DEPTH): string {
  const write = (v: ExactJson, depth: number, margin: string): string => {
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new ExactJsonError(`${v} has no JSON form`, 0, false);
      return JSON.stringify(v);
    }
    if (v instanceof JsonNumber) return v.text;
    if (typeof v !== 'object') throw new ExactJsonError(`a ${typeof v} has no JSON form`, 0, false);
    if (depth >= maxDepth) throw new ExactJsonError(`nested deeper than ${maxDepth} levels`, 0, true);
    const inner = margin + ' '.repeat(indent);
    const parts = Array.isArray(v)
      ? v.map((item) => write(item, depth + 1, inner))
      : Object.keys(v)
          .filter((key) => v[key] !== undefined)
          .map((key) => `${JSON.stringify(key)}:${indent > 0 ? ' ' : ''}${write(v[key], depth + 1, inner)}`);
    const [start, end] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    if (parts.length === 0) return start + end;
    return indent > 0
      ? `${start}\n${inner}${parts.join(`,\n${inner}`)}\n${margin}${end}`
      : `${start}${parts.join(',')}${end}`;
  };
  return write(value, 0, '');
}

/**
 * The decimal a number's text writes, in one form: sign, digits without leading or trailing
 * zeros, exponent (`1.0`, `1E0` and `10e-1` all give `1e0`; every zero gives `0` or `-0`).
 */
function decimalOf(text: string): string {
  const parts = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (!parts) return text;
  const [, sign, whole, fraction = '', exponent = '0'] = parts;
  const digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') return `${sign}0`;
  const significant = digits.replace(/0+$/, '');
  return `${sign}${significant}e${BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - significant.length)}`;
}
