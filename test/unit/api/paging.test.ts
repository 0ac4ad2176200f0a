import * as assert from 'node:assert/strict';
import { items, nextStart, pages } from '../../../src/api/paging';
import type { Page, PageRequest } from '../../../src/api/types';

function page(start: number, values: number[], isLastPage: boolean, nextPageStart?: number): Page<number> {
  return { start, values, size: values.length, limit: 25, isLastPage, ...(nextPageStart === undefined ? {} : { nextPageStart }) };
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
    assert.deepEqual(requests, [{ start: 0, limit: 2 }, { start: 10, limit: 2 }]);
  });

  it('uses start + size when nextPageStart is absent', () => {
    assert.equal(nextStart(page(4, [1, 2, 3], false)), 7);
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
