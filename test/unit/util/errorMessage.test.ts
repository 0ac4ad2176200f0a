import * as assert from 'node:assert/strict';
import { errorMessage } from '../../../src/util/errorMessage';
import { isRecord } from '../../../src/util/isRecord';

describe('errorMessage and isRecord', () => {
  it("says an Error's message, and anything else thrown as text", () => {
    assert.equal(errorMessage(new Error('disk full')), 'disk full');
    assert.equal(errorMessage(new TypeError('not a function')), 'not a function', 'a subclass too');
    assert.equal(errorMessage('plain text'), 'plain text');
    assert.equal(errorMessage(42), '42');
    assert.equal(errorMessage(undefined), 'undefined');
    assert.equal(errorMessage(null), 'null');
  });

  it('takes plain objects as records, and not null, arrays or other values', () => {
    assert.equal(isRecord({}), true);
    assert.equal(isRecord({ a: 1 }), true);
    assert.equal(isRecord(Object.create(null)), true);
    for (const v of [null, undefined, [], [1], 'x', 3, true]) assert.equal(isRecord(v), false, JSON.stringify(v));
  });
});
