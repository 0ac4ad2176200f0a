// Paging always ends, whatever the server says: Search, the tree's Load more and Export against
// a loopback server whose pages repeat nextPageStart, go backwards, leave `start` out, or bring
// the same snippets for ever. Each ends after a few requests, with a warning for the log. Search
// and Export ask for a few pages at once (api/concurrentPaging.ts): they may send up to the
// concurrency more requests than the one-by-one walk, guesses that the first answers prove wrong.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BitbucketClient } from '../../src/api/client';
import type { Page, Snippet } from '../../src/api/types';
import { exportSnippets } from '../../src/model/snippets/export/exporter';
import { SnippetService } from '../../src/model/snippets/service';
import { SnippetStore } from '../../src/model/snippets/store';
import { DEFAULT_CONCURRENT_REQUESTS } from '../../src/api/requestGate';
import { startScriptedServer, type ScriptedServer } from '../support/scriptedServer';
import { aSnippet } from '../support/snippets';
import { testWire } from '../support/testWire';

interface Scenario {
  name: string;
  /** The page the server answers for the start asked for; `n` counts the requests so far. */
  answer(start: number, n: number): Partial<Page<Snippet>> & { values: Snippet[] };
  /** At most this many list requests for one listing walked one page at a time (Load more). */
  most: number;
}

const two = (a: string, b: string) => [aSnippet({ guid: a, name: a }), aSnippet({ guid: b, name: b })];

const scenarios: Scenario[] = [
  {
    name: 'repeats nextPageStart and leaves start out',
    answer: (_start, n) => ({ values: two(`r${n}a`, `r${n}b`), isLastPage: false, nextPageStart: 2 }),
    most: 2,
  },
  {
    name: 'sends nextPageStart backwards',
    answer: (start, n) => ({
      start: 0,
      values: two(`b${n}a`, `b${n}b`),
      isLastPage: false,
      nextPageStart: start === 0 ? 10 : 5,
    }),
    most: 2,
  },
  {
    name: 'leaves start and nextPageStart out, and never says last',
    // Pages that do follow the start asked for, then empty ones: only the requested start can tell them apart.
    answer: (start) => ({ values: start < 6 ? two(`o${start}`, `o${start + 1}`) : [], isLastPage: false }),
    most: 4,
  },
  {
    name: 'returns the same snippets for ever',
    answer: (start) => ({ start, values: two('same-a', 'same-b'), isLastPage: false, nextPageStart: start + 2 }),
    most: 2,
  },
];

describe('paging against a server that never says "last page"', function () {
  this.timeout(20_000);
  let server: ScriptedServer;
  let client: BitbucketClient;
  const warnings: string[] = [];
  const listRequests = () =>
    server.seen.filter((r) => r.method === 'GET' && /\/rest\/snippets\/1\.0\/snippets(\?|$)/.test(r.url)).length;

  const serve = (scenario: Scenario) => {
    let n = 0;
    server.script((req, res) => {
      const start = Number(new URL(req.url, 'http://x').searchParams.get('start') ?? 0);
      const page = { limit: 2, ...scenario.answer(start, n++) };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ size: page.values.length, ...page }));
    });
  };

  beforeEach(async () => {
    server = await startScriptedServer();
    client = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    warnings.length = 0;
  });
  afterEach(async () => {
    await client.dispose();
    await server.close();
  });

  for (const scenario of scenarios) {
    describe(`a server that ${scenario.name}`, () => {
      it('Search ends after a few requests', async () => {
        serve(scenario);
        const service = new SnippetService(
          () => client,
          () => 25,
          { warn: (m) => warnings.push(m) },
        );
        service.reset({ username: 'alice', userId: 2 });
        // A search that does not end is stopped after 3 s, so the count below is what fails.
        const started = Date.now();
        const summary = await service.search.find('snippet', { lists: ['mine'], signal: AbortSignal.timeout(3000) });
        const took = Date.now() - started;
        console.log(`      search: ${listRequests()} requests, ${took} ms`);
        assert.equal(summary.cancelled, false, `still running after 3 s, ${listRequests()} requests`);
        assert.ok(listRequests() <= scenario.most + DEFAULT_CONCURRENT_REQUESTS, `${listRequests()} requests`);
        // Guesses dropped before they left may never reach the server; the search counts what it asked.
        assert.ok(
          listRequests() <= summary.requests && summary.requests <= scenario.most + DEFAULT_CONCURRENT_REQUESTS,
          `${summary.requests} asked, ${listRequests()} seen`,
        );
        assert.ok(
          warnings.length === 1 && /ended before the server said "last page"/.test(warnings[0]),
          warnings.join('\n'),
        );
        await service.dispose();
      });

      it('Load more ends after a few requests', async () => {
        serve(scenario);
        const store = new SnippetStore(
          () => client,
          () => 2,
          Date.now,
          (m) => warnings.push(m),
        );
        await store.refresh('mine');
        // As many clicks on "Load more…" as its row is shown, up to 50.
        let clicks = 0;
        const started = Date.now();
        while (store.list('mine').nextStart !== undefined && clicks < 50) {
          await store.loadMore('mine');
          clicks++;
        }
        console.log(`      load more: ${listRequests()} requests, ${Date.now() - started} ms`);
        assert.equal(store.list('mine').nextStart, undefined, 'no "Load more…" row is left');
        assert.ok(listRequests() <= scenario.most, `${listRequests()} requests`);
        assert.ok(
          warnings.length === 1 && /ended before the server said "last page"/.test(warnings[0]),
          warnings.join('\n'),
        );
      });

      it('Export ends after a few requests', async () => {
        serve(scenario);
        const folder = await mkdtemp(join(tmpdir(), 'bbs-paging-export-'));
        try {
          const started = Date.now();
          const result = await exportSnippets(client, {
            lists: [{ kind: 'mine' }],
            folder,
            signal: AbortSignal.timeout(3000),
            warn: (m) => warnings.push(m),
          });
          console.log(`      export: ${listRequests()} requests, ${Date.now() - started} ms`);
          assert.ok(listRequests() <= scenario.most + DEFAULT_CONCURRENT_REQUESTS, `${listRequests()} requests`);
          assert.equal(result.cancelled, false);
          assert.ok(
            warnings.length === 1 && /ended before the server said "last page"/.test(warnings[0]),
            warnings.join('\n'),
          );
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      });
    });
  }
});
