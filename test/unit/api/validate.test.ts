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
    assert.throws(
      () => check.page(check.snippet)({ values: [snippet(), bad], size: 2, limit: 25, isLastPage: true, start: 0 }, ''),
      {
        message: 'field values[1].files[0].content of snippet "n" (guid "g1") should be a string',
      },
    );
  });

  it('names the field of a failure at any depth the same way, given a path or none', () => {
    const cases: Array<[(s: ReturnType<typeof snippet>) => void, string]> = [
      [(s) => ((s as Record<string, unknown>).name = null), 'name'],
      [(s) => ((s.categories[0] as Record<string, unknown>).guid = 1), 'categories[0].guid'],
      [(s) => (s.files as unknown[]).push('not a file'), 'files[1]'],
      [(s) => ((s as Record<string, unknown>).files = {}), 'files'],
      [
        (s) =>
          ((s as Record<string, unknown>).comments = [
            { guid: 'c', text: 't', userId: 1, createdAt: 1, updatedAt: 1.5 },
          ]),
        'comments[0].updatedAt',
      ],
    ];
    for (const [spoil, field] of cases) {
      const bad = snippet();
      spoil(bad);
      assert.throws(
        () => check.snippet(bad, ''),
        (err: check.ShapeError) => err.path === field,
        field,
      );
      assert.throws(
        () => check.snippet(snippet(), '') && check.snippet(bad, 'snippets[7]'),
        (err: check.ShapeError) => err.path === `snippets[7].${field}`,
        field,
      );
      assert.throws(
        () => check.array(check.snippet)([snippet(), bad], 'values'),
        (err: check.ShapeError) => err.path === `values[1].${field}` && err.subject?.includes('guid "g1"') === true,
        field,
      );
    }
    assert.throws(
      () => check.array(check.array(check.int))([[1], [2, 'x']], ''),
      (err: check.ShapeError) => err.path === '[1][1]',
    );
  });

  it('checks an answer in place: its objects and lists are the ones parsed, not copies', () => {
    const raw = snippet();
    const files = raw.files;
    const checked = check.array(check.snippet)([raw], 'values');
    assert.equal(checked[0], raw);
    assert.equal(checked[0].files, files);
  });

  it('refuses a page without isLastPage', () => {
    assert.throws(() => check.page(check.int)({ values: [], size: 0, limit: 25, start: 0 }, ''), /isLastPage/);
  });

  it("reads old servers' scopeTypes as supportedScopes", () => {
    const hook = check.repositoryHook(
      {
        details: { key: 'k', name: 'K', type: 'PRE_RECEIVE', scopeTypes: ['REPOSITORY'] },
        enabled: true,
        configured: false,
      },
      '',
    );
    assert.deepEqual(hook.details.supportedScopes, ['REPOSITORY']);
  });

  it('refuses hook settings that are not an object', () => {
    assert.throws(() => check.hookSettings([1, 2], ''), /should be an object/);
  });
});
