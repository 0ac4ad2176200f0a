// What every match of a server rule's line expression must contain, as scanners such as gitleaks
// ask of each rule's keywords: a line without it holds no match, so the engine is not run there.
// Most lines of most texts hold none of a rule's literal, and finding one with `indexOf` costs far
// less than running re2js over each line. The literal is read off the expression's text (RE2/J's
// syntax, as Bitbucket keeps it) and only where that is sure: a run of plain characters the match
// cannot skip; any `|`, any construct not known here, and the expression has no literal (every
// line is searched, as before). Characters are ASCII only: under `(?i)` RE2 folds `k` with the
// Kelvin sign (U+212A) and `s` with the long s (U+017F), the only characters outside ASCII that
// fold with one inside it, and the search for a literal in any case finds those too.

/** A text every match contains: as written, or (`anyCase`) in any case, as RE2's `(?i)` folds it. */
export interface RequiredLiteral {
  text: string;
  anyCase: boolean;
}

/** What a piece of expression adds to the literal runs: a plain character, or the end of a run. */
const CUT = null;
type Piece = string | typeof CUT;

/** Characters that escape with a backslash into themselves: RE2 takes any ASCII punctuation so. */
const PUNCTUATION = /^[!-/:-@[-`{-~ ]$/;
/** Escapes of a class or an assertion, each one character long after the backslash. */
const CLASS_ESCAPES = new Set(['d', 'D', 's', 'S', 'w', 'W', 'b', 'B', 'A', 'z', 'C', 't', 'n', 'r', 'f', 'v', 'a']);
const REPEAT = /^\{(\d+)(?:,\d*)?\}/;
const FLAGS = /^\(\?(-?)([imsU]+)(?:-([imsU]*))?\)/;

/** Thrown inside the reader when the expression holds something it cannot be sure about. */
class Unsure extends Error {}

class Reader {
  pos = 0;

  constructor(private readonly java: string) {}

  get done(): boolean {
    return this.pos >= this.java.length;
  }

  peek(): string {
    return this.java.charAt(this.pos);
  }

  /** Moves past `end` (searched from here), or is unsure when the expression has none. */
  skipPast(end: string): void {
    const at = this.java.indexOf(end, this.pos);
    if (at < 0) throw new Unsure();
    this.pos = at + end.length;
  }

  /** A sequence up to `)` (in a group) or the end: the pieces its literal runs are made of. */
  sequence(inGroup: boolean): Piece[] {
    const pieces: Piece[] = [];
    for (;;) {
      if (this.done) {
        if (inGroup) throw new Unsure();
        return pieces;
      }
      if (this.peek() === ')') {
        if (!inGroup) throw new Unsure();
        this.pos++;
        return pieces;
      }
      const atom = this.atom();
      const least = this.repeatLeast();
      if (least === undefined) pieces.push(...atom);
      else if (least === 0) pieces.push(CUT);
      // The first time is next to what comes before it, the last next to what follows it.
      else pieces.push(...atom, CUT, ...atom);
    }
  }

  /** The fewest times the quantifier after an atom lets it repeat (undefined: no quantifier). */
  private repeatLeast(): number | undefined {
    const c = this.peek();
    let least: number;
    if (c === '*' || c === '?') least = 0;
    else if (c === '+') least = 1;
    else if (c === '{') {
      const repeat = REPEAT.exec(this.java.slice(this.pos, this.pos + 24));
      if (!repeat) throw new Unsure();
      least = Number(repeat[1]);
      this.pos += repeat[0].length - 1;
    } else return undefined;
    this.pos++;
    if (this.peek() === '?') this.pos++;
    return least;
  }

  private atom(): Piece[] {
    const c = this.peek();
    this.pos++;
    if (c === '\\') return this.escape();
    if (c === '[') {
      this.skipClass();
      return [CUT];
    }
    if (c === '(') return this.group();
    if (c === '.' || c === '^' || c === '$') return [CUT];
    if ('|*+?{}])'.includes(c)) throw new Unsure();
    return c.charCodeAt(0) < 0x80 ? [c] : [CUT];
  }

  private escape(): Piece[] {
    const c = this.peek();
    this.pos++;
    if (PUNCTUATION.test(c)) return [c];
    if (CLASS_ESCAPES.has(c)) return [CUT];
    if (c === 'p' || c === 'P' || c === 'x') {
      if (this.peek() === '{') this.skipPast('}');
      else this.pos += c === 'x' ? 2 : 1;
      return [CUT];
    }
    if (c === 'Q') {
      const end = this.java.indexOf('\\E', this.pos);
      this.pos = end < 0 ? this.java.length : end + 2;
      return [CUT];
    }
    throw new Unsure();
  }

  /** Past a class's closing `]`: `[]a]` and `[^]a]` hold a `]`, `[[:alpha:]]` a named class, `\]` an escaped one. */
  private skipClass(): void {
    if (this.peek() === '^') this.pos++;
    if (this.peek() === ']') this.pos++;
    for (;;) {
      if (this.done) throw new Unsure();
      const c = this.peek();
      this.pos++;
      if (c === ']') return;
      if (c === '[' && this.peek() === ':') this.skipPast(':]');
      else if (c === '\\') {
        const escaped = this.peek();
        this.pos++;
        if ((escaped === 'p' || escaped === 'P' || escaped === 'x') && this.peek() === '{') this.skipPast('}');
      }
    }
  }

  /** A group's pieces: a plain, capturing or named group is its content; one with flags is a whole the runs stop at. */
  private group(): Piece[] {
    if (this.peek() !== '?') return this.sequence(true);
    const rest = this.java.slice(this.pos + 1, this.pos + 3);
    if (rest.startsWith(':')) {
      this.pos += 2;
      return this.sequence(true);
    }
    if (rest === 'P<' || (rest.startsWith('<') && rest !== '<=' && rest !== '<!')) {
      this.skipPast('>');
      return this.sequence(true);
    }
    const flags = /^\?-?[imsU]*(?:-[imsU]*)?:/.exec(this.java.slice(this.pos, this.pos + 12));
    if (!flags) throw new Unsure();
    this.pos += flags[0].length;
    this.sequence(true);
    return [CUT];
  }
}

/** The longest run of plain characters every match of `java` holds, or undefined when none is sure. */
export function requiredLiteral(java: string): RequiredLiteral | undefined {
  if (java.includes('|')) return undefined;
  const reader = new Reader(java);
  let anyCase = false;
  for (let flags = FLAGS.exec(java); flags; flags = FLAGS.exec(java.slice(reader.pos))) {
    if (flags[1] === '-') anyCase &&= !flags[2].includes('i');
    else anyCase = (anyCase || flags[2].includes('i')) && !(flags[3] ?? '').includes('i');
    reader.pos += flags[0].length;
  }
  let pieces: Piece[];
  try {
    pieces = reader.sequence(false);
  } catch (err) {
    if (err instanceof Unsure) return undefined;
    throw err;
  }
  let longest = '';
  let run = '';
  for (const piece of [...pieces, CUT]) {
    if (piece !== CUT) run += piece;
    else {
      if (run.length > longest.length) longest = run;
      run = '';
    }
  }
  return longest === '' ? undefined : { text: longest, anyCase };
}

/** RE2's `(?i)` classes of the ASCII letters: the letter in both cases, and the one character outside ASCII that folds with `k` or `s`. */
function anyCaseClass(c: string): string {
  const lower = c.toLowerCase();
  const upper = c.toUpperCase();
  if (lower === upper) return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const outside = lower === 'k' ? '\\u212A' : lower === 's' ? '\\u017F' : '';
  return `[${lower}${upper}${outside}]`;
}

/** Where the literal is first found in `text` at or after `from`, or -1. */
export type LiteralSearch = (text: string, from: number) => number;

export function literalSearch({ text: literal, anyCase }: RequiredLiteral): LiteralSearch {
  if (!anyCase) return (text, from) => text.indexOf(literal, from);
  const pattern = new RegExp([...literal].map(anyCaseClass).join(''), 'g');
  return (text, from) => {
    pattern.lastIndex = from;
    return pattern.exec(text)?.index ?? -1;
  };
}
