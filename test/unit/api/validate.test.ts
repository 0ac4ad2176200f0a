import * as assert from 'node:assert/strict';
import * as check from '../../../src/api/validate';

const snippet = () => ({
  guid: 'g1',
  name: 'n',
  isVisible: true,
  isPublic: false,
  userId: 2,
  createdAt: 1,
  updatedAt: 2,
  files: [{ guid: 'f', name: 'a.ts', content: 'x' }],
  comments: [],
  categories: [{ guid: 'c', name: 'cat' }],
});

describe('response checking', () => {
  it('accepts a snippet and keeps unknown extra fields', () => {
    const s = check.snippet({ ...snippet(), extra: 42 }, '') as unknown as Record<string, unknown>;
    assert.equal(s.extra, 42);
  });

  it('fills categories and comments with [] when a server leaves them out', () => {
    const raw = snippet() as Partial<ReturnType<typeof snippet>>;
    delete raw.categories;
    delete raw.comments;
    const s = check.snippet(raw, '');
    assert.deepEqual(s.categories, []);
    assert.deepEqual(s.comments, []);
  });

  it('names the offending field of a nested value', () => {
    const bad = snippet();
    (bad.files[0] as Record<string, unknown>).content = 7;
    assert.throws(() => check.page(check.snippet)({ values: [snippet(), bad], size: 2, limit: 25, isLastPage: true, start: 0 }, ''), {
      message: 'field values[1].files[0].content of snippet "n" (guid "g1") should be a string',
    });
  });

  it('refuses a page without isLastPage', () => {
    assert.throws(() => check.page(check.int)({ values: [], size: 0, limit: 25, start: 0 }, ''), /isLastPage/);
  });

  it('reads old servers\' scopeTypes as supportedScopes', () => {
    const hook = check.repositoryHook(
      { details: { key: 'k', name: 'K', type: 'PRE_RECEIVE', scopeTypes: ['REPOSITORY'] }, enabled: true, configured: false },
      '',
    );
    assert.deepEqual(hook.details.supportedScopes, ['REPOSITORY']);
  });

  it('refuses hook settings that are not an object', () => {
    assert.throws(() => check.hookSettings([1, 2], ''), /should be an object/);
  });
});
