import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { cutText, firstOf, joinWithin, shownOf } from '../../../src/model/agentTools/bounds';

describe('agent tools: bounds', () => {
  it('states the totals when it cuts a list', () => {
    assert.deepEqual(firstOf([1, 2, 3], 2), { items: [1, 2], total: 3 });
    assert.equal(shownOf(20, 143, 'matches'), 'Showing 20 of 143 matches.');
    assert.equal(shownOf(3, 3, 'matches'), undefined);
  });

  it('cuts text to at most the bound, never inside a surrogate pair, and says how long it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, max) => {
        const cut = cutText(text, max);
        assert.ok(cut.text.length <= max);
        assert.equal(cut.total, text.length);
        assert.equal(cut.cut, text.length > max);
        assert.ok(text.startsWith(cut.text));
        const last = cut.text.charCodeAt(cut.text.length - 1);
        assert.ok(!(last >= 0xd800 && last <= 0xdbff), 'no lone high surrogate at the end');
      }),
    );
  });

  it('joins parts until the bound, the first always', () => {
    assert.deepEqual(joinWithin(['aaaa', 'bbbb', 'cccc'], 10, '\n'), { text: 'aaaa\nbbbb', shown: 2 });
    assert.deepEqual(joinWithin(['a'.repeat(50)], 10), { text: 'a'.repeat(10), shown: 1 });
  });
});
