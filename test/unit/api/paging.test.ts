import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { DEFAULT_MAX_PAGES, items, nextStartAfter, pages } from '../../../src/api/paging';
import type { Page, PageRequest } from '../../../src/api/types';

function page(start: number, values: number[], isLastPage: boolean, nextPageStart?: number): Page<number> {
  return {
    start,
    values,
    size: values.length,
    limit: 25,
    isLastPage,
    ...(nextPageStart === undefined ? {} : { nextPageStart }),
  };
}

describe('paging', () => {
  it('follows nextPageStart when the server gives it, even when it is not start + size', async () => {
    const requests: PageRequest[] = [];
    const served = new Map([
      [0, page(0, [1, 2], false, 10)],
      [10, page(10, [3], true)],
    ]);
    const got: number[] = [];
    for await (const v of items(async (r) => (requests.push(r), served.get(r.start ?? 0)!), { limit: 2 })) got.push(v);
    assert.deepEqual(got, [1, 2, 3]);
    assert.deepEqual(requests, [
      { start: 0, limit: 2 },
      { start: 10, limit: 2 },
    ]);
  });

  it('uses the requested start + size when nextPageStart is absent, not the start the page claims', () => {
    assert.equal(nextStartAfter(4, page(4, [1, 2, 3], false)).next, 7);
    assert.equal(nextStartAfter(4, page(0, [1, 2, 3], false)).next, 7, 'a page without start reads as start 0');
  });

  it('judges nextPageStart against the requested start: a repeated or backward one ends the listing with a warning', async () => {
    const warnings: string[] = [];
    const requests: number[] = [];
    // The server leaves `start` out (it reads as 0) and always says the next page starts at 25.
    const fetch = async (r: PageRequest) => (requests.push(r.start ?? 0), page(0, [requests.length], false, 25));
    for await (const _ of pages(fetch, { warn: (m) => warnings.push(m), label: 'GET list' })) void _;
    assert.deepEqual(requests, [0, 25]);
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0],
      /^GET list: ended before the server said "last page": the page at 25 says the next one starts at 25/,
    );
  });

  it('ends, with a warning, on a page whose entries were all listed already', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const got: number[] = [];
    const fetch = async (r: PageRequest) => (calls++, page(r.start ?? 0, [1, 2], false, (r.start ?? 0) + 2));
    for await (const v of items(fetch, { key: String, warn: (m) => warnings.push(m) })) got.push(v);
    assert.equal(calls, 2);
    assert.deepEqual(got, [1, 2]);
    assert.match(warnings[0], /repeats entries already listed/);
  });

  it('stops at 1,000 pages by default on a server that never says last', async () => {
    const warnings: string[] = [];
    let calls = 0;
    for await (const _ of pages(async (r) => (calls++, page(r.start ?? 0, [r.start ?? 0], false)), {
      warn: (m) => warnings.push(m),
    })) {
      void _;
    }
    assert.equal(calls, DEFAULT_MAX_PAGES);
    assert.equal(DEFAULT_MAX_PAGES, 1000);
    assert.match(warnings[0], /it took 1000 pages, the most one listing may take/);
  });

  it('for any pages a server may send, ends within the cap and never asks for the same start twice', async () => {
    const anyPage = fc.record({
      start: fc.option(fc.integer({ min: -5, max: 60 }), { nil: undefined }),
      nextPageStart: fc.option(fc.integer({ min: -5, max: 60 }), { nil: undefined }),
      isLastPage: fc.boolean(),
      values: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(anyPage, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        async (answers, maxPages, keyed) => {
          const requested: number[] = [];
          const fetch = async (r: PageRequest): Promise<Page<number>> => {
            // The server's answers, in turn and over again: it may ignore what was asked for entirely.
            const a = answers[requested.length % answers.length];
            requested.push(r.start ?? 0);
            return {
              size: a.values.length,
              limit: 4,
              isLastPage: a.isLastPage,
              values: a.values,
              start: a.start ?? 0,
              ...(a.nextPageStart === undefined ? {} : { nextPageStart: a.nextPageStart }),
            };
          };
          for await (const _ of pages(fetch, { maxPages, ...(keyed ? { key: String } : {}) })) void _;
          assert.ok(requested.length <= maxPages, `${requested.length} requests, cap ${maxPages}`);
          assert.equal(new Set(requested).size, requested.length, `a start asked twice: ${requested.join(', ')}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ends on a page that says "not last" but brings nothing (a known server bug)', async () => {
    let calls = 0;
    const all: Page<number>[] = [];
    for await (const p of pages(async () => (calls++, page(0, [], false)))) all.push(p);
    assert.equal(calls, 1);
    assert.equal(all.length, 1);
  });

  it('never loops on a nextPageStart that does not move forward', async () => {
    let calls = 0;
    for await (const _ of pages(async (r) => (calls++, page(r.start ?? 0, [1], false, r.start ?? 0)))) void _;
    assert.equal(calls, 1);
  });

  it('stops at maxPages on a server that never says last', async () => {
    let calls = 0;
    for await (const _ of pages(async (r) => (calls++, page(r.start ?? 0, [1], false)), { maxPages: 5 })) void _;
    assert.equal(calls, 5);
  });

  it('fetches the next page only when the caller reads on', async () => {
    let calls = 0;
    const it = items(async (r) => (calls++, page(r.start ?? 0, [r.start ?? 0], false)));
    await it.next();
    assert.equal(calls, 1);
    await it.next();
    assert.equal(calls, 2);
  });
});
