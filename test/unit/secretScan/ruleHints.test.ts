// A rule runs only on a text that holds one of its hints: as written, or in any case (the text in
// lower case holds the hint). The text's three-character sequences rule most hints out before any
// search; what it says is exactly what `includes` says, text after text, short and long, and
// with the characters whose lower case is ASCII (the Kelvin sign, the dotted capital I).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { mayHold } from '../../../src/model/secretScan/rules/tokenRule';

const PIECES = ['a', 'b', 'K', 'k', 'S', 's', 'I', 'i', '_', '-', '.', ' ', '\n', '\u212A', '\u0130', '\u0307', 'é'];
const MORE_PIECES = [
  'ſ',
  '😀',
  '\uD800',
  '\u00E0',
  '\u0100',
  '\u0080',
  'AKIA',
  'ghp_',
  'pass',
  'PASS',
  'Key',
  'AB\u0130',
  'x\u212Ay',
];

/** Texts of a few characters, some repeated past the length whose bits are cleared all at once. */
const text = fc
  .tuple(
    fc.array(fc.constantFrom(...PIECES, ...MORE_PIECES), { maxLength: 30 }).map((parts) => parts.join('')),
    fc.constantFrom(1, 1, 1, 3000),
  )
  .map(([piece, times]) => piece.repeat(times));

/** Hints of the same characters, some cut from the text itself, as written and in lower case. */
const hintsFor = (where: string) =>
  fc.array(
    fc.oneof(
      fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
      fc
        .tuple(fc.nat(Math.max(0, where.length - 1)), fc.integer({ min: 1, max: 8 }))
        .map(([at, length]) => where.slice(at, at + length)),
      fc
        .tuple(fc.nat(Math.max(0, where.length - 1)), fc.integer({ min: 1, max: 8 }))
        .map(([at, length]) => where.slice(at, at + length).toLowerCase()),
    ),
    { minLength: 1, maxLength: 6 },
  );

const step = text.chain((where) => fc.tuple(fc.constant(where), hintsFor(where)));

describe('secret scan: the hints a text holds', () => {
  it('says a text holds a hint exactly when includes does, as written and in lower case, text after text', () => {
    let held = 0;
    let heldAnyCase = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 4 }), (steps) => {
        for (const [where, hints] of steps) {
          const lower = where.toLowerCase();
          for (const hint of hints) {
            assert.equal(mayHold(where, [hint], undefined), where.includes(hint), `${hint} in ${where.slice(0, 40)}`);
            assert.equal(mayHold(where, undefined, [hint]), lower.includes(hint), `${hint} in any case`);
            if (where.includes(hint)) held++;
            if (lower.includes(hint) && !where.includes(hint)) heldAnyCase++;
          }
          assert.equal(
            mayHold(where, hints, undefined),
            hints.some((hint) => where.includes(hint)),
          );
        }
      }),
      { numRuns: 400 },
    );
    assert.ok(held > 500 && heldAnyCase > 100, `held ${held}, only in lower case ${heldAnyCase}`);
  });

  it('finds a hint in lower case where the text has the Kelvin sign or a dotted capital I, as toLowerCase makes them', () => {
    const long = 'x'.repeat(70 * 1024);
    for (const where of ['api_\u212Aey = 1', `${long}api_\u212Aey = 1`]) {
      assert.equal(mayHold(where, undefined, ['api_key']), true);
      assert.equal(mayHold(where, ['api_key'], undefined), false);
    }
    for (const where of ['CL\u0130NK', `${long}CL\u0130NK`]) {
      assert.equal(mayHold(where, undefined, ['cli']), true);
      assert.equal(mayHold(where, undefined, ['lin']), false, 'İ is i and a combining dot in lower case');
    }
    assert.equal(mayHold('any text', undefined, undefined), true, 'a rule without hints runs on every text');
  });

  it('answers right after more distinct hints than the rules have, and for a text asked about again after others', () => {
    const long = `${'x'.repeat(100)}needle`;
    // More hints than the index keeps slots for: it starts its slots anew and still answers as includes does.
    for (let i = 0; i < 5000; i++) {
      const hint = `h${i}`;
      assert.equal(mayHold(long, [hint], undefined), false);
      assert.equal(mayHold(`a h${i} b`, [hint], undefined), true);
    }
    assert.equal(mayHold(long, ['needle'], undefined), true);
    assert.equal(mayHold('short', ['needle'], undefined), false);
    assert.equal(mayHold(long, ['needle'], undefined), true, 'the answer is the text asked about, not the last one');
    assert.equal(mayHold(long, undefined, ['NEEDLE'.toLowerCase()]), true);
  });
});
