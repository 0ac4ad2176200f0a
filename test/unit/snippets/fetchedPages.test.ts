// The pages a search keeps (search/fetchedPages.ts), page by page: each page costs the work of
// that page whatever the list's length, and a list keeps each snippet once, in the server's order,
// however its pages come (two searches at once, pages after a restore, a snippet deleted).
import * as assert from 'node:assert/strict';
import type { Page, Snippet } from '../../../src/api/types';
import { FetchedPages } from '../../../src/model/snippets/search/fetchedPages';
import type { ListId } from '../../../src/model/snippets/store';
import { aSnippet } from '../../support/snippets';

const PAGE = 100;

const snippet = (i: number): Snippet =>
  aSnippet({ guid: `g${i}`, name: `snippet ${i}`, files: [{ guid: `f${i}`, name: 'a.txt', content: 'hay\n' }] });
const indexes = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
const pageOf = (start: number, values: Snippet[], isLastPage = false): Page<Snippet> => ({
  start,
  limit: PAGE,
  size: values.length,
  isLastPage,
  values,
});
const guidsOf = (pages: FetchedPages, list: ListId = 'browse') => pages.get(list)?.snippets.map((s) => s.guid);

describe('pages kept for searching, page by page', () => {
  it('a page costs the work of that page: what is read of the kept snippets does not grow with the list', () => {
    // Every read of a snippet's guid is counted: the kept ones are the pages recorded before.
    let reads = 0;
    const counted = (i: number): Snippet => {
      const s = snippet(i);
      Object.defineProperty(s, 'guid', { get: () => (reads++, `g${i}`), enumerable: true });
      return s;
    };
    const pages = new FetchedPages();
    const readsPerPage: number[] = [];
    for (let start = 0; start < 50 * PAGE; start += PAGE) {
      const values = indexes(start, start + PAGE).map(counted);
      reads = 0;
      pages.record('browse', pageOf(start, values), start, start + PAGE);
      readsPerPage.push(reads);
    }
    assert.equal(guidsOf(pages)?.length, 50 * PAGE);
    assert.ok(readsPerPage[1] <= 5 * PAGE, `the second page read ${readsPerPage[1]} guids`);
    assert.equal(
      readsPerPage[49],
      readsPerPage[1],
      `the 50th page read ${readsPerPage[49]} guids, the second ${readsPerPage[1]}`,
    );
  });

  it('two searches recording the same pages of a list keep each snippet once, in order', () => {
    const pages = new FetchedPages();
    for (const start of [0, 0]) {
      pages.record('browse', pageOf(start, indexes(start, start + PAGE).map(snippet)), start, PAGE);
    }
    for (const start of [PAGE, PAGE]) {
      pages.record('browse', pageOf(start, indexes(start, start + PAGE).map(snippet), true), start, undefined);
    }
    assert.deepEqual(
      guidsOf(pages),
      indexes(0, 2 * PAGE).map((i) => `g${i}`),
    );
    assert.equal(pages.isComplete('browse'), true);
  });

  it('a page after a restored list adds only what the list lacks, and counts it once against the budget', () => {
    const pages = new FetchedPages();
    pages.restore('browse', { snippets: indexes(0, PAGE).map(snippet), nextStart: PAGE, appliedLimit: PAGE });
    const restoredBytes = pages.bytes;
    // Overlapping: the server's list moved by ten since the restored pages were fetched.
    pages.record('browse', pageOf(PAGE - 10, indexes(PAGE - 10, 2 * PAGE - 10).map(snippet), true), PAGE, undefined);
    assert.deepEqual(
      guidsOf(pages),
      indexes(0, 2 * PAGE - 10).map((i) => `g${i}`),
    );
    assert.ok(
      pages.bytes < 2 * restoredBytes,
      `${pages.bytes} bytes for ${2 * PAGE - 10} snippets, ${restoredBytes} for ${PAGE}`,
    );
  });

  it('a first page again begins the list anew', () => {
    const pages = new FetchedPages();
    pages.record('browse', pageOf(0, indexes(0, PAGE).map(snippet)), 0, PAGE);
    pages.record('browse', pageOf(PAGE, indexes(PAGE, 2 * PAGE).map(snippet)), PAGE, 2 * PAGE);
    pages.record('browse', pageOf(0, indexes(5, PAGE + 5).map(snippet)), 0, PAGE);
    assert.deepEqual(
      guidsOf(pages),
      indexes(5, PAGE + 5).map((i) => `g${i}`),
    );
    assert.equal(pages.get('browse')?.nextStart, PAGE);
  });

  it('a deleted snippet leaves the list; listed again by a later page, it is kept again', () => {
    const pages = new FetchedPages();
    pages.record('browse', pageOf(0, [snippet(1), snippet(2), snippet(3)]), 0, 3);
    pages.remove('g2');
    assert.deepEqual(guidsOf(pages), ['g1', 'g3']);
    assert.equal(pages.get('browse')?.nextStart, 2, "the server's list moved up by one");
    pages.record('browse', pageOf(2, [snippet(2), snippet(4)], true), 2, undefined);
    assert.deepEqual(guidsOf(pages), ['g1', 'g3', 'g2', 'g4']);
  });
});
