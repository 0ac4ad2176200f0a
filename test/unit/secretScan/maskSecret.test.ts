// A masked secret shows at most four of its characters and never its length.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MASK_FILLER, maskSecret } from '../../../src/model/secretScan/maskSecret';

/** The characters of the mask that are not the filler's. */
const shown = (masked: string): string[] => Array.from(masked.replace(MASK_FILLER, ''));

describe('secret scan: masking', () => {
  it('shows the first and last two characters of a long value, and none of a value of 8 or fewer', () => {
    assert.equal(maskSecret('hunter2hunter2'), `hu${MASK_FILLER}r2`);
    assert.equal(maskSecret('123456789'), `12${MASK_FILLER}89`);
    assert.equal(maskSecret('12345678'), MASK_FILLER);
    assert.equal(maskSecret('a'), MASK_FILLER);
    assert.equal(maskSecret(''), MASK_FILLER);
    // Whole characters: never half of a surrogate pair.
    assert.equal(maskSecret('🔑🔑abcdefgh🗝️'), `🔑🔑${MASK_FILLER}🗝️`);
  });

  it('property: never more than four characters of the value, each one of its ends', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (value) => {
        const masked = maskSecret(value);
        const chars = Array.from(value);
        const visible = shown(masked);
        assert.ok(visible.length <= 4, masked);
        if (visible.length > 0) assert.deepEqual(visible, [...chars.slice(0, 2), ...chars.slice(-2)]);
      }),
      { numRuns: 500 },
    );
  });

  it('property: two values with the same ends and different lengths mask the same', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 2, maxLength: 2 }),
        fc.string({ minLength: 2, maxLength: 2 }),
        fc.string({ minLength: 5, maxLength: 40 }),
        fc.string({ minLength: 5, maxLength: 40 }),
        (head, tail, a, b) => {
          fc.pre(
            Array.from(head).length === 2 &&
              Array.from(tail).length === 2 &&
              Array.from(a).length >= 5 &&
              Array.from(b).length >= 5,
          );
          assert.equal(maskSecret(head + a + tail), maskSecret(head + b + tail));
        },
      ),
      { numRuns: 300 },
    );
  });
});
