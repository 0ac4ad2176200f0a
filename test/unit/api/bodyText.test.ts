// An answer's text decoded chunk by chunk (bodyText.ts) is the text of the whole body decoded at
// once, however the chunks cut it: through a character of two, three or four bytes, or bytes
// that are not UTF-8 at all.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { BodyText } from '../../../src/api/bodyText';

/** Bytes of the kinds that decoding can get wrong at a cut: UTF-8 sequences, their pieces, and stray bytes. */
const piece = fc.oneof(
  fc.constantFrom('A', '{', 'é', '€', '😀', '\u0130').map((c) => [...Buffer.from(c)]),
  fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 3 }),
  fc.array(fc.integer({ min: 0, max: 0xff }), { maxLength: 4 }),
);
const body = fc.array(piece, { maxLength: 30 }).map((pieces) => Buffer.from(pieces.flat()));

function decodedIn(bytes: Buffer, cuts: number[], streamFrom?: number): string {
  const text = new BodyText(streamFrom);
  let from = 0;
  for (const at of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    text.add(bytes.subarray(from, at));
    from = at;
  }
  text.add(bytes.subarray(from));
  return text.text();
}

describe('an answer decoded chunk by chunk (bodyText.ts)', () => {
  it('is the whole body decoded at once, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(body, fc.array(fc.nat(), { maxLength: 12 }), (bytes, cuts) =>
        assert.equal(decodedIn(bytes, cuts), bytes.toString('utf8')),
      ),
      { numRuns: 2000 },
    );
  });

  it('is the same decoded chunk by chunk from any size on (a large body) as kept whole until the end (a page)', () => {
    fc.assert(
      fc.property(
        body,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 0, max: 40 }),
        (bytes, cuts, streamFrom) => assert.equal(decodedIn(bytes, cuts, streamFrom), bytes.toString('utf8')),
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a character of four bytes cut after each of its bytes, and marks a cut-off one at the end', () => {
    const bytes = Buffer.from('{"name":"😀"}');
    for (const streamFrom of [0, 1024]) {
      assert.equal(decodedIn(bytes, [10, 11, 12], streamFrom), '{"name":"😀"}');
      assert.equal(decodedIn(bytes.subarray(0, 11), [10], streamFrom), '{"name":"\ufffd');
    }
  });

  it('is empty for an empty body and for no chunk at all', () => {
    assert.equal(decodedIn(Buffer.alloc(0), []), '');
    assert.equal(new BodyText().text(), '');
  });
});
