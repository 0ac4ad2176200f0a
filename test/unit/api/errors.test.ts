// The extension's bundles each carry their own copy of BitbucketError (esbuild.js); an error made
// by one copy must still be recognised by another, and nothing else may pass for one.
import * as assert from 'node:assert/strict';
import { BitbucketError, isBitbucketError } from '../../../src/api/errors';

/** A second, separately evaluated copy of the errors module, as another bundle would have. */
function anotherCopy(): typeof import('../../../src/api/errors') {
  const id = require.resolve('../../../src/api/errors');
  const cached = require.cache[id];
  delete require.cache[id];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh evaluation is the point
    return require(id) as typeof import('../../../src/api/errors');
  } finally {
    require.cache[id] = cached;
  }
}

describe('BitbucketError across bundles', () => {
  const other = anotherCopy();

  it('is a separate class in the other copy', () => {
    assert.notEqual(other.BitbucketError, BitbucketError);
  });

  it('an error made by either copy is an instance for both, with its kind', () => {
    const made = new other.BitbucketError('not-found', 'gone', { status: 404 });
    assert.ok(made instanceof Error);
    assert.ok(made instanceof BitbucketError);
    assert.ok(isBitbucketError(made, 'not-found'));
    assert.ok(!isBitbucketError(made, 'auth'));
    assert.ok(new BitbucketError('auth', 'no') instanceof other.BitbucketError);
  });

  it('plain errors and look-alike objects are not BitbucketErrors', () => {
    assert.ok(!(new Error('x') instanceof BitbucketError));
    assert.ok(!isBitbucketError({ name: 'BitbucketError', kind: 'auth', message: 'x' }));
    assert.ok(!isBitbucketError(undefined));
    assert.ok(!isBitbucketError('auth'));
  });
});
