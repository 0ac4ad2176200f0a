// The pages a search keeps for later searches stay within a byte budget per account
// (search/fetchedPages.ts): a list larger than the budget is searched whole as its pages stream by
// and not kept; beyond the budget the least recently used lists are dropped and the next search
// reads them again, from the offline cache when it has them, else from the server. Real HTTP
// against a loopback server that makes its lists up as they are asked for, so 100,000 snippets
// cost no setup.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BitbucketClient } from '../../../src/api/client';
import type { Snippet } from '../../../src/api/types';
import { SnippetCache } from '../../../src/model/snippets/cache/snippetCache';
import { DEFAULT_KEPT_PAGES_BYTES, FetchedPages } from '../../../src/model/snippets/search/fetchedPages';
import type { SearchList } from '../../../src/model/snippets/search/types';
import { SnippetService } from '../../../src/model/snippets/service';
import { startScriptedServer, type ScriptedServer } from '../../support/scriptedServer';
import { aSnippet } from '../../support/snippets';
import { testWire } from '../../support/testWire';

const SIZES: Record<string, number> = { mine: 400, starred: 400, browse: 3000 };

/** Snippet i of a list; one in 500 has the needle. */
const snippetAt = (list: string, i: number): Snippet =>
  aSnippet({
    guid: `${list}-${i}`,
    name: `${list} ${i}`,
    files: [{ guid: `f${i}`, name: 'a.txt', content: i % 500 === 7 ? 'a needle\n' : 'hay\n' }],
  });
const needles = (list: string, n: number) =>
  Array.from({ length: Math.ceil((n - 7) / 500) }, (_, k) => `${list}-${k * 500 + 7}`);

describe('pages kept for searching stay within a byte budget', function () {
  this.timeout(120_000);
  let server: ScriptedServer;
  let client: BitbucketClient;
  let dir: string;
  const services: SnippetService[] = [];
  const requestsOf = (list: SearchList) => server.seen.filter((r) => listOf(r.url) === list).length;

  const listOf = (url: string): string => {
    const p = new URL(url, 'http://x').pathname;
    return p.endsWith('/starred') ? 'starred' : p.endsWith('/browse') ? 'browse' : 'mine';
  };

  beforeEach(async () => {
    server = await startScriptedServer();
    server.script((req, res) => {
      const list = listOf(req.url);
      const query = new URL(req.url, 'http://x').searchParams;
      const start = Number(query.get('start') ?? 0);
      const limit = Math.min(Number(query.get('limit') ?? 25), 1000);
      const n = SIZES[list];
      const values = Array.from({ length: Math.max(0, Math.min(limit, n - start)) }, (_, i) =>
        snippetAt(list, start + i),
      );
      const isLastPage = start + values.length >= n;
      const page = {
        start,
        limit,
        size: values.length,
        isLastPage,
        values: list === 'starred' ? values.map((snippet) => ({ snippet, userId: 2, starredAt: 1 })) : values,
        ...(isLastPage ? {} : { nextPageStart: start + values.length }),
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(page));
    });
    client = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-search-memory-'));
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.dispose()));
    await client.dispose();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const newService = (keptPagesBytes: (() => number) | undefined, cache?: SnippetCache) => {
    const service = new SnippetService(
      () => client,
      () => 25,
      { keptPagesBytes, cache },
    );
    service.reset({ username: 'alice', userId: 2 });
    services.push(service);
    return service;
  };
  const find = async (service: SnippetService, lists: SearchList[]) => {
    const summary = await service.search.find('needle', { lists });
    assert.deepEqual(summary.failures, []);
    return summary.results.map((r) => r.snippet.guid);
  };

  it('stays under the budget after searching a list larger than it, and a later search reads a dropped list again', async () => {
    const bytes = (list: SearchList) => {
      const pages = new FetchedPages();
      pages.restore(list, {
        snippets: Array.from({ length: SIZES[list] }, (_, i) => snippetAt(list, i)),
        nextStart: undefined,
        appliedLimit: 1000,
      });
      return pages.bytes;
    };
    // Room for My Snippets or Starred, not for both, and far from room for Browse.
    const budget = Math.floor(bytes('mine') * 1.5);
    assert.ok(bytes('browse') > 2 * budget);
    const service = newService(() => budget);
    const pages = service.search.pages;

    assert.deepEqual(await find(service, ['mine']), needles('mine', 400));
    assert.ok(pages.get('mine'), 'My Snippets is kept');
    assert.deepEqual(
      await find(service, ['browse']),
      needles('browse', 3000),
      'every match of a list larger than the budget',
    );
    assert.ok(pages.bytes <= budget, `${pages.bytes} bytes kept, budget ${budget}`);
    assert.equal(pages.get('browse'), undefined, 'Browse is not kept');
    assert.ok(pages.get('mine'), 'and dropped no other list');

    assert.deepEqual(await find(service, ['starred']), needles('starred', 400));
    assert.ok(pages.bytes <= budget, `${pages.bytes} bytes kept, budget ${budget}`);
    assert.equal(pages.get('mine'), undefined, 'My Snippets, the least recently used, was dropped');

    const mineBefore = requestsOf('mine');
    const starredBefore = requestsOf('starred');
    assert.deepEqual(
      await find(service, ['mine', 'starred']),
      [...needles('mine', 400), ...needles('starred', 400)],
      'a match of the dropped list is found',
    );
    assert.ok(requestsOf('mine') > mineBefore, 'My Snippets was read from the server again');
    assert.equal(requestsOf('starred'), starredBefore, 'Starred, still kept, sent no request');
    assert.ok(pages.bytes <= budget);
  });

  it('a list dropped from memory is read again from the offline cache, with no request', async () => {
    const cache = new SnippetCache({
      dir,
      key: `${server.url}#alice`,
      maxBytes: () => 32 * 1024 * 1024,
      writeDelayMs: 5,
    });
    // Room for My Snippets or Starred, not for both.
    const service = newService(() => 250_000, cache);
    await find(service, ['mine']);
    await find(service, ['starred']);
    assert.equal(service.search.pages.get('mine'), undefined, 'dropped from memory');
    const before = server.seen.length;
    assert.deepEqual(await find(service, ['mine']), needles('mine', 400));
    assert.equal(server.seen.length, before, 'no request: the cache had it');
  });

  it('a search through a list larger than the offline cache leaves the lists the user opened in it, and the next window goes on from the pages it kept', async () => {
    // Browse's 3,000 snippets take about 1.4 MB in the cache, more than its bound: its half has room
    // for one page of 1,000.
    const bound = 1_200_000;
    const windowWith = () => {
      const cache = new SnippetCache({ dir, key: `${server.url}#alice`, maxBytes: () => bound, writeDelayMs: 5 });
      return {
        cache,
        service: new SnippetService(
          () => client,
          () => 25,
          { cache },
        ),
      };
    };
    const first = windowWith();
    first.service.reset({ username: 'alice', userId: 2 });
    services.push(first.service);
    await first.cache.load();
    await first.service.ensureLoaded('mine');
    const mineGuids = first.cache.list('mine')?.snippets.map((s) => s.guid);
    assert.equal(mineGuids?.length, 25, 'My Snippets is cached');
    assert.deepEqual(await find(first.service, ['browse']), needles('browse', 3000));
    assert.deepEqual(
      first.cache.list('mine')?.snippets.map((s) => s.guid),
      mineGuids,
      'My Snippets is still cached, whole',
    );
    const kept = await first.cache.searchPages('browse', 60_000);
    assert.ok(
      kept && kept.snippets.length > 0 && kept.snippets.length < 3000,
      `a part of Browse is kept: ${kept?.snippets.length}`,
    );
    assert.deepEqual(
      kept.snippets.map((s) => s.guid),
      Array.from({ length: kept.snippets.length }, (_, i) => `browse-${i}`),
      'its first pages, in order',
    );
    assert.equal(kept.nextStart, kept.snippets.length, 'with where the next page starts');
    assert.ok(first.cache.size <= bound, `${first.cache.size} bytes kept, bound ${bound}`);
    await first.cache.flush();

    const next = windowWith();
    next.service.reset({ username: 'alice', userId: 2 });
    services.push(next.service);
    const before = requestsOf('browse');
    assert.deepEqual(
      await find(next.service, ['browse']),
      needles('browse', 3000),
      'the next window finds every match',
    );
    const pagesAfterKept = Math.ceil((3000 - kept.snippets.length) / 1000);
    assert.ok(
      requestsOf('browse') - before <= pagesAfterKept + 4,
      `${requestsOf('browse') - before} requests: it went on from the kept pages`,
    );
  });

  it('a complete search over 100,000 snippets finds every match with the default budget smaller than the list', async () => {
    SIZES.browse = 100_000;
    try {
      const service = newService(undefined);
      const found = await find(service, ['browse']);
      assert.deepEqual(found, needles('browse', 100_000));
      assert.ok(service.search.pages.bytes <= DEFAULT_KEPT_PAGES_BYTES);
      assert.equal(service.search.pages.get('browse'), undefined, 'larger than the budget: not kept');
      assert.ok(requestsOf('browse') <= 100 + 4, `${requestsOf('browse')} requests`);
    } finally {
      SIZES.browse = 3000;
    }
  });
});
