// JSON read and written a slice at a time, for texts so large that JSON.parse or JSON.stringify
// in one go would hold the extension host's thread past what a user notices: a page with a snippet
// of 50 MB (the largest answer the client accepts) took 60 ms to parse and 100-150 ms to write back
// as text, and every other extension of the window waited meanwhile. Here the text is read value by
// value, a long string in pieces of PIECE_CHARS, and the event loop gets a turn every SLICE_MS.
// Every string and number is still read by JSON.parse itself (a string a piece at a time), so the
// result is what JSON.parse gives, errors included (a SyntaxError); the slicing is invisible but
// for the time (test/unit/api/slicedJson.test.ts holds both to JSON.parse and JSON.stringify).
// Below LARGE_JSON_CHARS the callers use JSON.parse, which costs less CPU. No `vscode` here.

/**
 * From this length on a text is parsed here; below it, JSON.parse holds the thread for 5 to 15 ms
 * on the bench's 2-core machine and costs a quarter of the CPU (a page with a 5 MB file: 4.5 ms of
 * the thread, against 30 ms of CPU here, spread over turns).
 */
export const LARGE_JSON_CHARS = 8 * 1024 * 1024;

/** Characters of a string read (or written) at a time: a fraction of a millisecond of JSON.parse. */
export const PIECE_CHARS = 256 * 1024;

/**
 * How deep a large answer may nest. Nothing Bitbucket sends nests deeper than a few levels; a
 * hostile 50 MB of `[` would otherwise cost a container and a stack entry per byte.
 */
export const MAX_DEPTH = 512;

/** How long a slice runs before the event loop gets a turn (as util/slicer.ts). */
const SLICE_MS = 8;

/** What gives the event loop a turn now and then (util/slicer.ts's Slicer is one). */
export interface YieldsTurns {
  maybeYield(): Promise<void>;
}

/** Gives the event loop a turn once a slice has run its time. */
export class Turns implements YieldsTurns {
  private since = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  async maybeYield(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

const WHITESPACE = /[ \t\n\r]*/y;
/** A string's text: characters but a quote or a backslash, and whole escapes (JSON.parse checks which). */
const STRING_TEXT = /[^"\\]*(?:\\(?:u[0-9a-fA-F]{4}|[^u])[^"\\]*)*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface Open {
  container: unknown[] | Record<string, unknown>;
  /** For an object: the key whose value is read next. */
  key?: string;
}

/**
 * What JSON.parse(text) gives, read a slice at a time (see the top of this file). Iterative: a
 * deeply nested text costs memory in proportion to its length, never the stack.
 */
export async function parseJsonSliced(
  text: string,
  turns: YieldsTurns = new Turns(),
  pieceChars = PIECE_CHARS,
): Promise<unknown> {
  // A turn first: making a text this large (joining an answer's chunks, decoding a file's line) was a slice of its own.
  await new Promise((resolve) => setImmediate(resolve));
  let pos = 0;
  // Where the next quote and backslash are, kept across strings: looking again from every string's
  // start would read far ahead each time in a text that has few of them.
  let quote = -2;
  let backslash = -2;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} in JSON at position ${pos}`);
  };
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.test(text);
    pos = WHITESPACE.lastIndex;
  };
  /**
   * How far a string's text goes on from `at` within a window of a piece's length: to its closing
   * quote, to an escape the window cuts (it ends before it) or to the window's end; every place it
   * stops at is one where no escape is cut. An escape the text cannot have fails.
   */
  const scanFrom = (at: number): number => {
    const end = Math.min(text.length, at + Math.max(pieceChars, 8));
    STRING_TEXT.lastIndex = 0;
    STRING_TEXT.test(end === text.length && at === 0 ? text : text.slice(at, end));
    const stop = at + STRING_TEXT.lastIndex;
    if (stop === text.length) return unterminated();
    // A backslash that does not start a whole escape, with room for one after it: not JSON.
    if (text.charCodeAt(stop) === BACKSLASH && (stop + 6 <= end || end === text.length)) {
      pos = stop;
      return fail('Bad escaped character');
    }
    return stop;
  };
  /**
   * The string whose opening quote is at `pos`, when it ends within a piece: `pos` ends after its
   * closing quote. Undefined for a longer one, which readLongString reads.
   */
  const readShortString = (): string | undefined => {
    const start = pos;
    if (quote !== -1 && quote <= start) quote = text.indexOf('"', start + 1);
    if (backslash !== -1 && backslash <= start) backslash = text.indexOf('\\', start + 1);
    if (quote === -1) return unterminated();
    // The usual string, without an escape: its end is the next quote.
    let end = quote;
    if (backslash !== -1 && backslash < quote) {
      end = scanFrom(start + 1);
      if (text.charCodeAt(end) !== QUOTE) return undefined;
    }
    if (end - start > pieceChars) return undefined;
    pos = end + 1;
    return JSON.parse(text.slice(start, pos)) as string;
  };
  /** A string longer than a piece, read a piece at a time, each cut where no escape is cut. */
  const readLongString = async (): Promise<string> => {
    let pieceStart = pos + 1;
    const pieces: string[] = [];
    for (let at = pieceStart; ;) {
      const stop = scanFrom(at);
      const ended = text.charCodeAt(stop) === QUOTE;
      if (ended || stop - pieceStart >= pieceChars) {
        pieces.push(JSON.parse(`"${text.slice(pieceStart, stop)}"`) as string);
        pieceStart = stop;
      }
      if (ended) {
        pos = stop + 1;
        return pieces.length === 1 ? pieces[0] : pieces.join('');
      }
      at = stop;
      await turns.maybeYield();
    }
  };
  const unterminated = (): never => {
    pos = text.length;
    return fail('Unterminated string');
  };

  const open: Open[] = [];
  let root: unknown;
  let values = 0;
  let checkedAt = 0;
  for (;;) {
    // A value is expected here.
    skipWhitespace();
    const first = text.charCodeAt(pos);
    let value: unknown;
    let opened: Open | undefined;
    if (first === 0x7b || first === 0x5b) {
      if (open.length >= MAX_DEPTH) fail(`Nested deeper than ${MAX_DEPTH} levels`);
      pos++;
      value = first === 0x7b ? {} : [];
      opened = { container: value as Open['container'] };
    } else if (first === QUOTE) {
      value = readShortString() ?? (await readLongString());
    } else {
      NUMBER.lastIndex = pos;
      if (NUMBER.test(text)) {
        value = Number(text.slice(pos, NUMBER.lastIndex));
        pos = NUMBER.lastIndex;
      } else if (text.startsWith('true', pos)) {
        value = true;
        pos += 4;
      } else if (text.startsWith('false', pos)) {
        value = false;
        pos += 5;
      } else if (text.startsWith('null', pos)) {
        value = null;
        pos += 4;
      } else return fail(pos >= text.length ? 'Unexpected end' : 'Unexpected token');
    }

    const parent = open[open.length - 1];
    if (!parent) root = value;
    else if (Array.isArray(parent.container)) parent.container.push(value);
    else setField(parent.container, parent.key as string, value);

    if (opened) {
      open.push(opened);
      skipWhitespace();
      const closer = Array.isArray(opened.container) ? 0x5d : 0x7d;
      if (text.charCodeAt(pos) !== closer) {
        if (!Array.isArray(opened.container)) {
          const key = readKey();
          opened.key = typeof key === 'string' ? key : await key;
        }
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
        if (pos < text.length) fail('Unexpected non-whitespace character after JSON');
        return root;
      }
      const closer = Array.isArray(current.container) ? 0x5d : 0x7d;
      const c = text.charCodeAt(pos);
      if (c === closer) {
        pos++;
        open.pop();
        continue;
      }
      if (c !== 0x2c) fail(pos >= text.length ? 'Unexpected end' : 'Expected "," or a closing bracket');
      pos++;
      if (!Array.isArray(current.container)) {
        skipWhitespace();
        const key = readKey();
        current.key = typeof key === 'string' ? key : await key;
      }
      break;
    }
    // A turn now and then: every 64 values, or sooner after much text (a string up to a piece long).
    if ((++values & 63) === 0 || pos - checkedAt > pieceChars / 4) {
      checkedAt = pos;
      await turns.maybeYield();
    }
  }

  function readKey(): string | Promise<string> {
    if (text.charCodeAt(pos) !== QUOTE) fail('Expected a key in double quotes');
    const afterKey = (key: string) => {
      skipWhitespace();
      if (text.charCodeAt(pos) !== 0x3a) fail('Expected ":"');
      pos++;
      return key;
    };
    const short = readShortString();
    return short !== undefined ? afterKey(short) : readLongString().then(afterKey);
  }
}

/** As JSON.parse sets a field: `__proto__` stays an own field, a key given twice keeps the last value. */
function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}

/**
 * What JSON.stringify(value) gives for JSON data (what JSON.parse made, or plain objects, arrays,
 * strings, finite numbers, booleans and null), made a slice at a time: a long string is written in
 * pieces, never cut between the two halves of a character outside the BMP.
 */
export async function stringifyJsonSliced(
  value: unknown,
  turns: YieldsTurns = new Turns(),
  pieceChars = PIECE_CHARS,
): Promise<string> {
  const out: string[] = [];
  for (const part of jsonParts(value, pieceChars)) {
    out.push(part);
    await turns.maybeYield();
  }
  return out.join('');
}

/**
 * The text JSON.stringify(value) gives for JSON data, in parts to be joined: a string longer than
 * `pieceChars` in parts of that length, so that making one part holds the thread for a moment only.
 */
export function* jsonParts(value: unknown, pieceChars = PIECE_CHARS): Generator<string> {
  if (typeof value === 'string') {
    if (value.length <= pieceChars) return yield JSON.stringify(value);
    for (let at = 0; at < value.length;) {
      let end = Math.min(value.length, at + pieceChars);
      // A high surrogate stays with its low one: cut apart, each would be written as an escape.
      if (end < value.length && isHighSurrogate(value.charCodeAt(end - 1))) end++;
      const written = JSON.stringify(value.slice(at, end));
      yield `${at === 0 ? '"' : ''}${written.slice(1, -1)}${end === value.length ? '"' : ''}`;
      at = end;
    }
    return;
  }
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return yield JSON.stringify(value) ?? 'null';
  }
  const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item: unknown = value[i];
      if (skipped(item)) yield 'null';
      else yield* jsonParts(item, pieceChars);
    }
    return yield ']';
  }
  let first = true;
  yield '{';
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (skipped(field)) continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonParts(field, pieceChars);
  }
  yield '}';
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
