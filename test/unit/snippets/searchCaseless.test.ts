// Finding a search text in a large file without lower-casing the file (caseless.ts) finds exactly
// what lower-casing finds, at the same offset, for any text and any search text it takes.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { caselessFind, LENGTHENING } from '../../../src/model/snippets/search/caseless';

/** The definition of a match the search has always had. */
const lowerCased = (text: string, needle: string, from: number) => text.toLowerCase().indexOf(needle, from);

// Characters where lower-casing is not a plain ASCII case change: the Kelvin sign (lower-cases to
// "k"), "ſ" (upper-cases to "S", lower-cases to itself), final and other sigmas, "ß" and "ẞ",
// Turkish dotless i, a ligature, a letter outside the BMP and a lone surrogate.
const TRICKY = ['\u212a', '\u017f', 'Σ', 'σ', 'ς', 'ß', '\u1e9e', 'ı', 'ﬀ', '𐐀', '𐐨', '\ud800'];
const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) });
const mixedText = fc
  .array(
    fc.oneof(
      fc.constantFrom('k', 'K', 's', 'S', 'i', 'I', 'a', 'A', '.', '*', '\n', '\r', ' '),
      fc.constantFrom(...TRICKY),
    ),
    { maxLength: 40 },
  )
  .map((cs) => cs.join(''));
const anyText = fc.oneof(
  mixedText,
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
/** Search texts as the search makes them (lower-cased), and some it never makes (upper case left in). */
const needleOf = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    text.map((t) => t.toLowerCase()),
    text,
  );
const lowerCaseAscii = (needle: string) =>
  needle !== '' && [...needle].every((c) => c.charCodeAt(0) < 0x80 && (c < 'A' || c > 'Z'));

describe('finding a search text without lower-casing the text (caseless.ts)', () => {
  it('finds what lower-casing finds, where it finds it, in any text without İ, and takes every needle of lower-case ASCII', () => {
    fc.assert(
      fc.property(anyText, needleOf(fc.oneof(ascii, mixedText, anyText)), fc.nat({ max: 45 }), (text, needle, from) => {
        fc.pre(!text.includes(LENGTHENING));
        const find = caselessFind(needle);
        assert.equal(find !== undefined, lowerCaseAscii(needle), `a finder for ${JSON.stringify(needle)}`);
        if (find) assert.equal(find(text, from), lowerCased(text, needle, from));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a search text put into a text in upper case, at the place it was put', () => {
    const chars = fc.array(fc.constantFrom('k', 's', 'i', 'a', '.', '*'), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(mixedText, chars, mixedText, (before, put, after) => {
        const needle = put.join('');
        const text = `${before}${needle.toUpperCase().replace(/K/g, () => (before.length % 2 ? 'K' : '\u212a'))}${after}`;
        const found = caselessFind(needle)!(text, 0);
        assert.equal(found, lowerCased(text, needle, 0));
        assert.ok(found >= 0 && found <= before.length, `found at ${found}, put at ${before.length}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('matches the Kelvin sign as k, and takes regular expression characters literally', () => {
    assert.equal(caselessFind('kafka')!('the \u212aAFKA topic'), 4);
    assert.equal(caselessFind('a.*c')!('abc A.*C'), 4);
    assert.equal(caselessFind('(x|y)+')!('x (X|Y)+'), 2);
    assert.equal(caselessFind('\\d')!('\\D 1'), 0);
    assert.equal(caselessFind('[z]')!('z [Z]'), 2);
  });

  it('leaves a search text with upper case or outside ASCII, or an empty one, to lower-casing', () => {
    assert.equal(caselessFind('Kafka'), undefined);
    assert.equal(caselessFind('grüße'), undefined);
    assert.equal(caselessFind(''), undefined);
  });

  it('searches on from the offset given', () => {
    const find = caselessFind('ab')!;
    assert.deepEqual(
      [0, 1, 3, 4].map((from) => find('AB AB', from)),
      [0, 3, 3, -1],
    );
  });
});
