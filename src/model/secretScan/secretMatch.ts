// What every rule, built in, the library's or a server's, reports inside a text: which rule, and
// where the secret's value starts and ends (offsets in the text, end exclusive).

export interface SecretMatch {
  ruleId: string;
  start: number;
  end: number;
  /** When a rule's matches differ in how sure they are (its rule's confidence otherwise). */
  confidence?: Confidence;
}

/**
 * How sure a finding is: 'known' for a token of a known format (its prefix, length, alphabet,
 * checksum), 'generic' for a value found by its name (`password=…`) or its randomness alone.
 */
export type Confidence = 'known' | 'generic';

/** A rule of the scan's own: a name for the allow-list, how sure its findings are, and a search over one whole text. */
export interface BuiltinRule {
  id: string;
  confidence: Confidence;
  find(text: string): SecretMatch[];
}

/** Every match of a global expression; the value is capture group `group` (0: the whole match), whose place the `d` flag gives. */
export function matchesOf(
  ruleId: string,
  pattern: RegExp,
  text: string,
  group = 0,
  keep: (value: string) => boolean = () => true,
): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const m of text.matchAll(pattern)) {
    const value = m[group];
    const place = group === 0 ? [m.index, m.index + m[0].length] : m.indices?.[group];
    if (value === undefined || place === undefined || !keep(value)) continue;
    found.push({ ruleId, start: place[0], end: place[1] });
  }
  return found;
}
