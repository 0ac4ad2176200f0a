// The session's last search as the view shows it: a search overtaken by a newer one reports
// nothing more, and an account that signs out takes only its own results with it.
import * as assert from 'node:assert/strict';
import type { Snippet } from '../../../src/api/types';
import { LastSearch } from '../../../src/model/snippets/search/lastSearch';
import type { SearchResult } from '../../../src/model/snippets/search/types';

const result = (name: string, accountId = 'http://h#alice'): SearchResult => ({
  snippet: {
    guid: name,
    name,
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: 2,
    createdAt: 0,
    updatedAt: 0,
    files: [],
    comments: [],
  } as Snippet,
  accountId,
  list: 'mine',
  matches: [{ field: 'name', column: 0, length: 1, text: name }],
});

describe('LastSearch', () => {
  it('keeps the newest search only: an older one that reports late changes nothing', () => {
    const last = new LastSearch();
    const told: number[] = [];
    last.onDidChange(() => told.push(1));
    const first = last.begin('one');
    const second = last.begin('two');
    last.add(first, [result('late')]);
    last.end(first, { cancelled: true, failures: [] });
    assert.deepEqual([last.state?.query, last.state?.results.length, last.state?.running], ['two', 0, true]);
    last.add(second, [result('a')]);
    last.end(second, { cancelled: false, failures: [{ list: 'browse', error: new Error('x') }] });
    assert.deepEqual(
      [last.state?.results.map((r) => r.snippet.name), last.state?.running, last.state?.failedLists],
      [['a'], false, ['browse']],
    );
    assert.equal(told.length, 4, 'two begins, one add, one end');
    last.clear();
    assert.equal(last.state, undefined);
    last.add(second, [result('after clear')]);
    assert.equal(last.state, undefined, 'a search cleared away reports nothing');
  });

  it("drops the results of an account that signed out and keeps every other account's", () => {
    const last = new LastSearch();
    const token = last.begin('word');
    last.add(token, [result('a', 'http://h#alice'), result('b', 'http://h#admin'), result('c', 'http://other#alice')]);
    last.end(token, { cancelled: false, failures: [] });
    let told = 0;
    last.onDidChange(() => told++);
    last.retainAccounts(['http://h#alice', 'http://h#admin', 'http://other#alice']);
    assert.equal(told, 0, 'nothing to drop: no change');
    last.retainAccounts(['http://h#alice', 'http://other#alice']);
    assert.deepEqual(
      last.state?.results.map((r) => r.snippet.name),
      ['a', 'c'],
    );
    assert.equal(last.state?.query, 'word');
    assert.equal(told, 1);
  });
});
