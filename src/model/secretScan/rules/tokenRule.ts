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

export function mayHold(text: string, hints: readonly string[] | undefined, hintsAnyCase: readonly string[] | undefined): boolean {
  if (hints === undefined && hintsAnyCase === undefined) return true;
  if (hints?.some((hint) => text.includes(hint))) return true;
  if (hintsAnyCase === undefined) return false;
  const lower = lowerCaseOf(text);
  return hintsAnyCase.some((hint) => lower.includes(hint));
}

export function tokenRule(kind: TokenKind): BuiltinRule {
  return {
    id: kind.id,
    confidence: kind.confidence,
    find(text: string): SecretMatch[] {
      if (!mayHold(text, kind.hints, kind.hintsAnyCase)) return [];
      const valid = (value: string) => (kind.repeats === true || !isDocumentationValue(value)) && (kind.valid?.(value) ?? true);
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
