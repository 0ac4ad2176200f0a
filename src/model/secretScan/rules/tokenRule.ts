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
 * Which of every rule's hints a text holds, found in one pass over it rather than one `includes`
 * per hint: over 1 MB, a hundred hints cost about 30 ms one by one, 10 in one pattern.
 */
class HintIndex {
  private readonly hints = new Set<string>();
  private readonly anyCase = new Set<string>();
  private pattern: RegExp | undefined;
  private indexedText: string | undefined;
  private present = new Set<string>();

  /** Rules say their hints when they are made, so that the first text is not indexed again for each rule. */
  learnAll(hints: readonly string[] | undefined, anyCase: readonly string[] | undefined): void {
    this.learn(hints, this.hints);
    this.learn(anyCase, this.anyCase);
  }

  holdsAny(text: string, hints: readonly string[] | undefined, anyCase: readonly string[] | undefined): boolean {
    this.learnAll(hints, anyCase);
    if (text !== this.indexedText) this.index(text);
    return (
      (hints?.some((hint) => this.present.has(hint)) ?? false) ||
      (anyCase?.some((hint) => this.present.has(`\0${hint}`)) ?? false)
    );
  }

  private learn(hints: readonly string[] | undefined, into: Set<string>): void {
    for (const hint of hints ?? []) {
      if (into.has(hint)) continue;
      into.add(hint);
      this.pattern = undefined;
      this.indexedText = undefined;
    }
  }

  private index(text: string): void {
    this.pattern ??= HintIndex.patternOf(this.hints);
    this.present = new Set();
    this.indexedText = text;
    this.collect(text, this.pattern, this.hints);
    // The few hints in any case (names: `password`, `secret`, `heroku`) are frequent words: one `includes` each costs less than a pattern's every match.
    if (this.anyCase.size > 0) {
      const lower = lowerCaseOf(text);
      for (const hint of this.anyCase) if (lower.includes(hint)) this.present.add(`\0${hint}`);
    }
  }

  /** Every place a hint starts (a look-ahead: hints that overlap are each seen), with the shorter hints it begins with. */
  private collect(text: string, pattern: RegExp, hints: ReadonlySet<string>): void {
    for (const m of text.matchAll(pattern)) {
      const found = m[1];
      if (this.present.has(found)) continue;
      for (const hint of hints) if (found.startsWith(hint)) this.present.add(hint);
    }
  }

  private static patternOf(hints: ReadonlySet<string>): RegExp {
    const longestFirst = [...hints]
      .sort((a, b) => b.length - a.length)
      .map((hint) => hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`(?=(${longestFirst.join('|') || '(?!)'}))`, 'g');
  }
}

const HINTS = new HintIndex();

/** Hints a rule will ask about (mayHold): each rule's module says them as it loads. */
export function willAsk(hints: readonly string[] | undefined, hintsAnyCase: readonly string[] | undefined): void {
  HINTS.learnAll(hints, hintsAnyCase);
}

export function mayHold(
  text: string,
  hints: readonly string[] | undefined,
  hintsAnyCase: readonly string[] | undefined,
): boolean {
  if (hints === undefined && hintsAnyCase === undefined) return true;
  return HINTS.holdsAny(text, hints, hintsAnyCase);
}

export function tokenRule(kind: TokenKind): BuiltinRule {
  willAsk(kind.hints, kind.hintsAnyCase);
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
