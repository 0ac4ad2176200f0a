// A rule for one kind of credential: cheap substring checks first (most texts hold none of a
// kind's prefixes, and a rule that cannot match costs one `includes`), then its expressions, each
// written to run in linear time: a literal prefix or name behind a look-behind of its own
// alphabet (so a long run of that alphabet is entered once, not at each of its characters), and
// single bounded character classes after it. The value's exact range is reported: the mask shows
// the value's own first and last characters, never its name's.
import { matchesOf, type BuiltinRule, type Confidence, type SecretMatch } from '../secretMatch';
import { isPlaceholder } from './placeholders';

export interface TokenKind {
  id: string;
  confidence: Confidence;
  /** The rule runs only if the text holds one of these, as written. */
  hints?: readonly string[];
  /** Or one of these, in any case (lower case here). */
  hintsAnyCase?: readonly string[];
  /** Global expressions; with the `d` flag where the value is capture group 1. */
  patterns: readonly RegExp[];
  /** A check the value must pass (a checksum, a structure). */
  valid?: (value: string) => boolean;
  /** The format itself repeats a character six times (X's bearer tokens); others that do are placeholders. */
  repeats?: boolean;
}

/** `ghp_xxxxxxxx…`, `AKIA…EXAMPLE`, `sk_live_000000…`: documentation's tokens, not random ones. */
const DOCUMENTATION_VALUE = /(.)\1{5}|EXAMPLE|[xX]{4}|<|>/;
const isDocumentationValue = (value: string): boolean => DOCUMENTATION_VALUE.test(value) || isPlaceholder(value);

let lastText: string | undefined;
let lastLower = '';

/** The text in lower case, made once per text however many rules ask. */
export function lowerCaseOf(text: string): string {
  if (text !== lastText) {
    lastText = text;
    lastLower = text.toLowerCase();
  }
  return lastLower;
}

/**
 * A character's key, 6 bits: an ASCII character's code with the bit that tells A to Z from a to z
 * dropped (so both cases of a letter share it, and a few other characters too: `@` and a
 * backquote, a control character and the character 32 after it), the key of the letter for the
 * only two others whose lower case holds an ASCII letter, `K` (the Kelvin sign, "k") and `İ`
 * ("i̇"), and 0 for any other character. Three characters that spell a hint as written, or whose
 * lower case spells it, have the hint's three keys.
 */
function keyOf(code: number): number {
  return code < 0x80 ? ((code >> 1) & 0x20) | (code & 0x1f) : keyOutsideAscii(code);
}

const keyOutsideAscii = (code: number): number => (code === 0x212a ? KEY_OF_K : code === 0x130 ? KEY_OF_I : 0);

const KEY_OF_K = 0x2b;
const KEY_OF_I = 0x29;
/** Three keys: 2^18 bits, 32 KB, which a processor's cache holds as the pass writes them. */
const KEYS = 0x3ffff;
const PRINTABLE_ASCII = /^[ -~]*$/;

/**
 * The three-character sequences a text holds, by their keys, as bits made in one pass; a hint
 * one of whose sequences is missing is not in the text, as written or in lower case, and the
 * others are then looked for. Over 1 MB of code the pass takes about 2 ms, where one pattern of
 * every hint took 10 to 20, and one `includes` each 30.
 */
class Trigrams {
  private readonly bits = new Uint32Array((KEYS + 1) / 32);

  index(text: string): void {
    this.bits.fill(0);
    if (text.length < 3) return;
    let key = (keyOf(text.charCodeAt(0)) << 6) | keyOf(text.charCodeAt(1));
    for (let i = 2; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // keyOf written out: a fifth less time over a text than calling it.
      key = ((key << 6) | (code < 0x80 ? ((code >> 1) & 0x20) | (code & 0x1f) : keyOutsideAscii(code))) & KEYS;
      this.bits[key >>> 5] |= 1 << (key & 31);
    }
  }

  /** False when some three characters of `hint` are nowhere in the text (in lower case: `hint` is, in ASCII): the text cannot hold it. */
  mayHold(hint: string, anyCase: boolean): boolean {
    if (anyCase && !PRINTABLE_ASCII.test(hint)) return true;
    let key = 0;
    for (let i = 0; i < hint.length; i++) {
      key = ((key << 6) | keyOf(hint.charCodeAt(i))) & KEYS;
      if (i >= 2 && (this.bits[key >>> 5] & (1 << (key & 31))) === 0) return false;
    }
    return true;
  }
}

const anyCasePatterns = new Map<string, RegExp>();

/**
 * Whether the text in lower case holds `hint`, without making that text (over 1 MB, toLowerCase
 * alone takes a millisecond or more): a letter of a printable ASCII hint is found in either
 * case, `k` also as the Kelvin sign, and a last `i` also as `İ` (whose lower case is i and a
 * combining dot, so an `i` in the middle of a hint is never its). A hint with a capital letter is
 * never there; any other hint is looked for in the lower-case text itself.
 */
function holdsInLowerCase(text: string, hint: string): boolean {
  if (!PRINTABLE_ASCII.test(hint)) return lowerCaseOf(text).includes(hint);
  let pattern = anyCasePatterns.get(hint);
  if (!pattern) {
    const last = hint.length - 1;
    const classes = [...hint].map((c, i) => {
      if (c >= 'A' && c <= 'Z') return '(?!)';
      if (c < 'a' || c > 'z') return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
      const others = c === 'k' ? '\\u212A' : c === 'i' && i === last ? '\\u0130' : '';
      return `[${c}${c.toUpperCase()}${others}]`;
    });
    pattern = new RegExp(classes.join(''));
    anyCasePatterns.set(hint, pattern);
  }
  return pattern.test(text);
}

/**
 * Below this length a text is not indexed by its three-character sequences: clearing the index
 * (32 KB) costs more than looking for every hint in so short a text (a file's or a snippet's name).
 */
const SHORT_TEXT = 64;

/** More distinct hints than the rules have (about 150): past it the slots are given out anew. */
const MOST_HINTS = 4096;

/**
 * Which hints the last text asked about holds, each found once however many rules ask. A hint has
 * a slot, as written and in any case, for as long as the process runs; a slot's answer counts for
 * the text it was found in (its stamp), so a new text forgets the last one's answers without
 * clearing anything, and asking costs a map lookup of the rule's own string.
 */
class HintIndex {
  private indexed: string | undefined;
  private indexedByTrigrams = false;
  private readonly trigrams = new Trigrams();
  /** The text's number: answers stamped with another are the answers of an earlier text. */
  private textNumber = 1;
  private readonly slots = { asWritten: new Map<string, number>(), anyCase: new Map<string, number>() };
  private slotCount = 0;
  private stamps = new Uint32Array(256);
  private answers = new Uint8Array(256);

  holds(text: string, hint: string, anyCase: boolean): boolean {
    if (text !== this.indexed) {
      this.indexed = text;
      this.indexedByTrigrams = text.length >= SHORT_TEXT;
      if (this.indexedByTrigrams) this.trigrams.index(text);
      // A stamp wraps after four billion texts: forgetting every answer then is still right.
      if (++this.textNumber === 0xffffffff) this.forgetSlots();
    }
    const slot = this.slotOf(hint, anyCase);
    if (this.stamps[slot] === this.textNumber) return this.answers[slot] === 1;
    const held =
      (!this.indexedByTrigrams || this.trigrams.mayHold(hint, anyCase)) &&
      (anyCase ? holdsInLowerCase(text, hint) : text.includes(hint));
    this.stamps[slot] = this.textNumber;
    this.answers[slot] = held ? 1 : 0;
    return held;
  }

  private slotOf(hint: string, anyCase: boolean): number {
    const slots = anyCase ? this.slots.anyCase : this.slots.asWritten;
    let slot = slots.get(hint);
    if (slot === undefined) {
      if (this.slotCount >= MOST_HINTS) {
        this.forgetSlots();
        return this.slotOf(hint, anyCase);
      }
      slot = this.slotCount++;
      slots.set(hint, slot);
      if (slot >= this.stamps.length) {
        const stamps = new Uint32Array(this.stamps.length * 2);
        stamps.set(this.stamps);
        this.stamps = stamps;
        const answers = new Uint8Array(this.answers.length * 2);
        answers.set(this.answers);
        this.answers = answers;
      }
    }
    return slot;
  }

  private forgetSlots(): void {
    this.slots.asWritten.clear();
    this.slots.anyCase.clear();
    this.slotCount = 0;
    this.stamps.fill(0);
    this.textNumber = 1;
  }
}

const HINTS = new HintIndex();

/** Whether the text holds one of `hints` as written or one of `hintsAnyCase` (lower case) in any case; true when a rule has none. */
export function mayHold(
  text: string,
  hints: readonly string[] | undefined,
  hintsAnyCase: readonly string[] | undefined,
): boolean {
  if (hints === undefined && hintsAnyCase === undefined) return true;
  return (
    (hints?.some((hint) => HINTS.holds(text, hint, false)) ?? false) ||
    (hintsAnyCase?.some((hint) => HINTS.holds(text, hint, true)) ?? false)
  );
}

export function tokenRule(kind: TokenKind): BuiltinRule {
  return {
    id: kind.id,
    confidence: kind.confidence,
    find(text: string): SecretMatch[] {
      if (!mayHold(text, kind.hints, kind.hintsAnyCase)) return [];
      const valid = (value: string) =>
        (kind.repeats === true || !isDocumentationValue(value)) && (kind.valid?.(value) ?? true);
      return kind.patterns.flatMap((pattern) => matchesOf(kind.id, pattern, text, pattern.hasIndices ? 1 : 0, valid));
    },
  };
}

/** Characters that may separate a name from its value: `=`, `:`, `:=`, `=>`, quotes, and YAML's `- name: X` / `value: …` pair. */
const SEPARATOR = String.raw`["']?(?:[ \t]*(?::=|=>|[:=])|[ \t]*\r?\n[ \t]*value[ \t]*:)[ \t]*["']?`;

/**
 * A value of `value` (a regex source, no groups) assigned to a name matching `name` (lower case,
 * may use `[\w.-]{0,n}`-style bounded parts): in .env, shell, YAML, JSON, properties, code.
 */
export function assignment(name: string, value: string, valueEnd = String.raw`(?![A-Za-z0-9+/=_-])`): RegExp {
  return new RegExp(String.raw`(?<![A-Za-z0-9])(?:${name})${SEPARATOR}(${value})${valueEnd}`, 'dgi');
}
