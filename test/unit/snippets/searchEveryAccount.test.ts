import * as assert from 'node:assert/strict';
import type { Snippet } from '../../../src/api/types';
import { searchAccounts, type AccountToSearch } from '../../../src/model/snippets/search/everyAccount';
import { LastSearch } from '../../../src/model/snippets/search/lastSearch';
import {
  EmptyQueryError,
  type FoundSnippet,
  type SearchOptions,
  type SearchResult,
  type SearchSummary,
} from '../../../src/model/snippets/search/types';

const snippet = (guid: string, name: string): Snippet =>
  ({ guid, name, files: [], categories: [] }) as unknown as Snippet;
const result = (guid: string, name: string): FoundSnippet => ({
  snippet: snippet(guid, name),
  list: 'mine',
  matches: [{ field: 'name', text: name, column: 0, length: 1 }] as SearchResult['matches'],
});

/** A search that reports `found` in two batches, then ends (or throws `fails`). */
function fakeSearch(found: FoundSnippet[], fails?: Error): AccountToSearch['search'] {
  return {
    async find(query: string, options: SearchOptions): Promise<SearchSummary> {
      options.onResults?.(found.slice(0, 1));
      await new Promise((resolve) => setImmediate(resolve));
      if (fails) throw fails;
      options.onResults?.(found.slice(1));
      return { query, results: found, requests: 2, cancelled: false, failures: [] };
    },
  };
}

describe('searching every signed-in account at once', () => {
  it('marks each result with its account, the default one too, and records them all as the last search', async () => {
    const last = new LastSearch();
    const seen: SearchResult[] = [];
    const summary = await searchAccounts(
      'needle',
      [
        {
          accountId: 'https://prod#alice',
          search: fakeSearch([result('g1', 'a'), result('g2', 'b')]),
          lists: ['mine'],
        },
        {
          accountId: 'https://staging#alice',
          search: fakeSearch([result('g1', 'same guid on staging')]),
          lists: ['mine', 'browse'],
        },
      ],
      last,
      { onResults: (r) => seen.push(...r) },
    );
    assert.equal(summary.results.length, 3);
    assert.equal(summary.requests, 4);
    assert.deepEqual(
      seen.map((r) => [r.snippet.guid, r.accountId]).sort(),
      [
        ['g1', 'https://prod#alice'],
        ['g1', 'https://staging#alice'],
        ['g2', 'https://prod#alice'],
      ].sort(),
    );
    assert.equal(last.state?.running, false);
    assert.equal(last.state?.results.length, 3, 'the same guid on two servers is two results');
  });

  it("one account failing keeps the other's results, and names the failing account", async () => {
    const last = new LastSearch();
    const down = new Error('staging is down');
    const summary = await searchAccounts(
      'needle',
      [
        { accountId: 'prod', search: fakeSearch([result('g1', 'a')]), lists: ['mine'] },
        { accountId: 'staging', search: fakeSearch([result('g9', 'first batch')], down), lists: ['starred'] },
      ],
      last,
      {},
    );
    assert.deepEqual(summary.results.map((r) => r.snippet.guid).sort(), ['g1', 'g9']);
    assert.deepEqual(summary.failures, [{ accountId: 'staging', list: 'starred', error: down }]);
    assert.deepEqual(last.state?.failedLists, ['starred']);
  });

  it('ends with the results in the order of the accounts and of their lists, not of their arrival', async () => {
    const last = new LastSearch();
    /** Reports its results last first, after `waitMs`, and ends with them in list order. */
    const backwards = (found: FoundSnippet[], waitMs: number): AccountToSearch['search'] => ({
      async find(query: string, options: SearchOptions): Promise<SearchSummary> {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        for (const r of [...found].reverse()) options.onResults?.([r]);
        return { query, results: found, requests: 1, cancelled: false, failures: [] };
      },
    });
    const summary = await searchAccounts(
      'needle',
      [
        { accountId: 'first', search: backwards([result('a1', 'a'), result('a2', 'b')], 30), lists: ['mine'] },
        { accountId: 'second', search: backwards([result('b1', 'c'), result('b2', 'd')], 0), lists: ['mine'] },
      ],
      last,
      {},
    );
    const order = (results: readonly SearchResult[]) => results.map((r) => `${r.accountId}:${r.snippet.guid}`);
    assert.deepEqual(order(summary.results), ['first:a1', 'first:a2', 'second:b1', 'second:b2']);
    assert.deepEqual(order(last.state?.results ?? []), ['first:a1', 'first:a2', 'second:b1', 'second:b2']);
  });

  it('refuses an empty query before replacing the last search', async () => {
    const last = new LastSearch();
    last.begin('earlier');
    await assert.rejects(
      searchAccounts('  ', [{ accountId: 'prod', search: fakeSearch([]), lists: ['mine'] }], last, {}),
      EmptyQueryError,
    );
    assert.equal(last.state?.query, 'earlier');
  });
});
