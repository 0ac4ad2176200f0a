// Search pages a few requests at once, against loopback servers that misbehave on purpose, over
// real HTTP: pages answered out of order, a `start` other than asked, overlapping or missing
// ranges, a nextPageStart other than the guess, a smaller limit than asked, a server that stops
// answering halfway, and 429 with Retry-After. Each search ends, finds every matching snippet the
// server lists exactly once and in list order (or what it can, naming the list that failed), and
// sends at most ceil(n / limit) + the concurrency requests per list to a server that pages well.
import * as assert from 'node:assert/strict';
import type * as http from 'node:http';
import fc from 'fast-check';
import { BitbucketClient } from '../../src/api/client';
import type { Page, Snippet } from '../../src/api/types';
import type { SearchList, SearchSummary } from '../../src/model/snippets/search/types';
import { SnippetService } from '../../src/model/snippets/service';
import { startScriptedServer, type ScriptedServer, type SeenRequest } from '../support/scriptedServer';
import { aSnippet } from '../support/snippets';
import { testWire } from '../support/testWire';

const CONCURRENCY = 4;

/** Snippet i of a list; every 7th has the needle in a file. */
const snippetAt = (list: string, i: number): Snippet =>
  aSnippet({
    guid: `${list}-${i}`,
    name: `${list} ${i}`,
    files: [{ guid: `f${i}`, name: 'notes.txt', content: i % 7 === 3 ? `a NEEDLE in ${i}\n` : 'hay\n' }],
  });
const matching = (list: string, indexes: Iterable<number>): string[] =>
  [...indexes].filter((i) => i % 7 === 3).map((i) => `${list}-${i}`);
const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** How the server answers the page asked at `start` of a list of `n` (`cap` its largest page). */
interface Behaviour {
  n: number;
  cap: number;
  /** The page for a start; default Bitbucket's own. */
  page?: (
    start: number,
    limit: number,
  ) => { start: number; indexes: number[]; isLastPage: boolean; nextPageStart?: number };
  /** Before answering, ms; default none. */
  delay?: (start: number, nth: number) => number;
  /** Decides when to answer: calls `answer` now or later; default at once (after `delay`). */
  release?: (start: number, answer: () => void) => void;
  /** Answers instead of the page (a drop, a 429); return true when it did. */
  instead?: (start: number, nth: number, res: http.ServerResponse) => boolean;
}

function bitbucketPage(n: number, start: number, limit: number) {
  const indexes = range(start, Math.min(n, start + limit));
  const isLastPage = start + indexes.length >= n;
  return { start, indexes, isLastPage, ...(isLastPage ? {} : { nextPageStart: start + indexes.length }) };
}

const listOf = (url: string): SearchList | undefined => {
  const path = new URL(url, 'http://x').pathname;
  if (path.endsWith('/snippets')) return 'mine';
  if (path.endsWith('/snippets/starred')) return 'starred';
  if (path.endsWith('/snippets/browse')) return 'browse';
  return undefined;
};

describe('Search pages concurrently, against servers that misbehave on purpose', function () {
  this.timeout(30_000);
  let server: ScriptedServer;
  let client: BitbucketClient;
  let service: SnippetService;
  let warnings: string[];
  /** Every list request as it arrived, with the requests in flight then (itself included). */
  let arrivals: Array<{ list: SearchList; start: number; inFlight: number; at: number }>;
  /** Requests whose socket closed before their answer was sent. */
  let closedUnanswered: number[];
  let inFlight: number;

  const serve = (behaviours: Partial<Record<SearchList, Behaviour>>) => {
    let nth = 0;
    server.script((req: SeenRequest, res: http.ServerResponse) => {
      const list = listOf(req.url);
      const behaviour = list && behaviours[list];
      if (!list || !behaviour) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ context: null, message: 'no such list', exceptionName: null }] }));
        return;
      }
      const query = new URL(req.url, 'http://x').searchParams;
      const start = Number(query.get('start') ?? 0);
      const limit = Math.min(Number(query.get('limit') ?? 25), behaviour.cap);
      const n = nth++;
      inFlight++;
      arrivals.push({ list, start, inFlight, at: Date.now() });
      let answered = false;
      res.on('finish', () => (answered = true));
      res.on('close', () => {
        inFlight--;
        if (!answered) closedUnanswered.push(start);
      });
      const answer = () => {
        if (res.destroyed) return;
        if (behaviour.instead?.(start, n, res)) return;
        const p = (behaviour.page ?? ((s, l) => bitbucketPage(behaviour.n, s, l)))(start, limit);
        const values = p.indexes.map((i) => snippetAt(list, i));
        const body: Page<unknown> = {
          start: p.start,
          limit,
          size: values.length,
          isLastPage: p.isLastPage,
          values: list === 'starred' ? values.map((snippet) => ({ snippet, userId: 2, starredAt: 1 })) : values,
        };
        if (p.nextPageStart !== undefined) body.nextPageStart = p.nextPageStart;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const delay = behaviour.delay?.(start, n) ?? 0;
      const release = () => (behaviour.release ? behaviour.release(start, answer) : answer());
      if (delay > 0) setTimeout(release, delay);
      else release();
    });
  };
  /** Waits (bounded) until nothing is in flight at the server and no request came for a while. */
  const quiet = async () => {
    for (
      let last = -1, deadline = Date.now() + 5000;
      (inFlight > 0 || arrivals.length !== last) && Date.now() < deadline;
    ) {
      last = arrivals.length;
      await new Promise((r) => setTimeout(r, 30));
    }
  };
  const requestsOf = (list: SearchList) => arrivals.filter((a) => a.list === list);
  const search = (lists: SearchList[], signal?: AbortSignal): Promise<SearchSummary> =>
    service.search.find('needle', { lists, signal });
  const found = (summary: SearchSummary) => summary.results.map((r) => r.snippet.guid);
  /** Found every snippet the server listed, once each, in list order. */
  const assertFoundExactly = (summary: SearchSummary, expected: string[]) => {
    assert.deepEqual(found(summary), expected);
    assert.equal(new Set(found(summary)).size, summary.results.length, 'no snippet twice');
  };

  beforeEach(async () => {
    server = await startScriptedServer();
    client = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    warnings = [];
    arrivals = [];
    closedUnanswered = [];
    inFlight = 0;
    service = new SnippetService(
      () => client,
      () => 25,
      { warn: (m) => warnings.push(m), concurrentRequests: () => CONCURRENCY },
    );
    service.reset({ username: 'alice', userId: 2 });
  });
  afterEach(async () => {
    await service.dispose();
    await client.dispose();
    await server.close();
  });

  it('pages answered out of order: every match once, in list order, and the first page alone first', async () => {
    // The server holds the pages after the first until the concurrency of them are in flight, then
    // answers them last page first; the rest as they come. The order does not depend on timing,
    // however loaded the machine: a client that never asks that many together is answered after
    // 5 s, and fails the count below.
    const held: Array<{ start: number; answer: () => void }> = [];
    let holding = true;
    const answerHeld = () => {
      holding = false;
      for (const page of held.splice(0).sort((a, b) => b.start - a.start)) page.answer();
    };
    const giveUp = setTimeout(answerHeld, 5000);
    // The first page waits a little: a client that guessed before reading it would ask meanwhile.
    let askedBeforeFirstAnswer = 0;
    serve({
      mine: {
        n: 95,
        cap: 10,
        release: (start, answer) => {
          if (start === 0) {
            setTimeout(() => {
              askedBeforeFirstAnswer = arrivals.length - 1;
              answer();
            }, 50);
            return;
          }
          if (!holding) return answer();
          held.push({ start, answer });
          if (held.length === CONCURRENCY) answerHeld();
        },
      },
    });
    const summary = await search(['mine']).finally(() => clearTimeout(giveUp));
    assertFoundExactly(summary, matching('mine', range(0, 95)));
    assert.equal(arrivals[0].start, 0);
    assert.equal(askedBeforeFirstAnswer, 0, 'the first page was asked alone');
    assert.equal(
      Math.max(...arrivals.map((a) => a.inFlight)),
      CONCURRENCY,
      'the pages after the first were asked together, and no more',
    );
    assert.deepEqual(summary.failures, []);
  });

  it("a smaller limit than asked: pages of the server's size, ceil(n / limit) + the concurrency requests at most", async () => {
    serve({ mine: { n: 100, cap: 7 } });
    const summary = await search(['mine']);
    assertFoundExactly(summary, matching('mine', range(0, 100)));
    assert.ok(requestsOf('mine').length <= Math.ceil(100 / 7) + CONCURRENCY, `${requestsOf('mine').length} requests`);
    assert.ok(
      requestsOf('mine').every((a) => a.start % 7 === 0),
      "every page asked where the server's pages start",
    );
  });

  it('a complete search of three lists sends at most ceil(n / limit) + the concurrency requests per list, and never more than the concurrency at once', async () => {
    serve({
      mine: { n: 230, cap: 20, delay: () => 5 },
      starred: { n: 45, cap: 20, delay: () => 5 },
      browse: { n: 400, cap: 20, delay: () => 5 },
    });
    const summary = await search(['mine', 'starred', 'browse']);
    const expected = [
      ...matching('mine', range(0, 230)),
      ...matching('starred', range(0, 45)),
      ...matching('browse', range(0, 400)),
    ];
    assertFoundExactly(summary, expected);
    for (const [list, n] of [
      ['mine', 230],
      ['starred', 45],
      ['browse', 400],
    ] as const) {
      assert.ok(
        requestsOf(list).length <= Math.ceil(n / 20) + CONCURRENCY,
        `${list}: ${requestsOf(list).length} requests for ${n}`,
      );
    }
    // A guess past the end is cancelled as soon as the last page is read; the server may notice its
    // socket close only after the next request arrived.
    const most = Math.max(...arrivals.map((a) => a.inFlight));
    assert.ok(
      most <= CONCURRENCY + closedUnanswered.length,
      `the account's lists share its few requests at once: ${most} in flight, ${closedUnanswered.length} cancelled`,
    );
    assert.equal(summary.requests >= arrivals.length, true);
  });

  it('a page with a start other than asked: the guesses stop, nothing twice, nothing the server listed is missed', async () => {
    // From 30 on, the server answers the page 5 before the one asked for, and says so.
    serve({
      mine: { n: 80, cap: 10, page: (start, limit) => bitbucketPage(80, start >= 30 ? start - 5 : start, limit) },
    });
    const summary = await search(['mine']);
    assertFoundExactly(summary, matching('mine', range(0, 80)));
    assert.deepEqual(summary.failures, []);
  });

  it('overlapping ranges (a nextPageStart before start + size): every match once', async () => {
    serve({
      mine: {
        n: 80,
        cap: 10,
        page: (start, limit) => ({
          ...bitbucketPage(80, start, limit),
          ...(start >= 20 && start + limit < 80 ? { nextPageStart: start + limit - 3 } : {}),
        }),
      },
    });
    const summary = await search(['mine']);
    assertFoundExactly(summary, matching('mine', range(0, 80)));
  });

  it('missing ranges (a nextPageStart past start + size): what the server lists, once, and no hole filled by guessing', async () => {
    // From 20 on, each page says the next starts 4 further than it does: the server skips those.
    const page = (start: number, limit: number) => {
      const p = bitbucketPage(80, start, limit);
      return start >= 20 && !p.isLastPage ? { ...p, nextPageStart: start + limit + 4 } : p;
    };
    serve({ mine: { n: 80, cap: 10, page } });
    const listed: number[] = [];
    for (let start: number | undefined = 0; start !== undefined;) {
      const p = page(start, 10);
      listed.push(...p.indexes);
      start = p.isLastPage ? undefined : p.nextPageStart;
    }
    const summary = await search(['mine']);
    assertFoundExactly(summary, matching('mine', listed));
    assert.ok(listed.length < 80, 'the server did skip some');
  });

  it('a nextPageStart other than the guess, with answers out of order: follows the server from there', async () => {
    serve({
      mine: {
        n: 120,
        cap: 10,
        delay: (start) => (start % 20 === 0 ? 30 : 0),
        page: (start, limit) =>
          start === 40
            ? { start, indexes: range(40, 45), isLastPage: false, nextPageStart: 45 }
            : bitbucketPage(120, start, limit),
      },
    });
    const summary = await search(['mine']);
    assertFoundExactly(summary, matching('mine', range(0, 120)));
    assert.ok(
      requestsOf('mine').some((a) => a.start === 45),
      'the page the server named was asked for',
    );
  });

  it('a server that stops answering halfway: the search ends, keeps what it found, and names the list that failed', async () => {
    serve({
      mine: { n: 200, cap: 10, instead: (start, _n, res) => (start >= 50 ? (res.socket?.destroy(), true) : false) },
      browse: { n: 30, cap: 10 },
    });
    const summary = await search(['mine', 'browse']);
    assert.deepEqual(
      summary.failures.map((f) => f.list),
      ['mine'],
    );
    assertFoundExactly(summary, [...matching('mine', range(0, 50)), ...matching('browse', range(0, 30))]);
    assert.equal(summary.cancelled, false);
    assert.ok(requestsOf('mine').length <= 5 + CONCURRENCY, `${requestsOf('mine').length} requests: it did not loop`);
  });

  it('429 with Retry-After: the requests in flight halve, and none is sent before the wait is over', async () => {
    // Each request as the client issued it: in flight then (itself included), and whether the
    // search had read the 429 yet (it warns as soon as it has backed off). Requests issued before
    // it read the 429 may reach the server after it was sent, however long load makes that take;
    // none issued after may be sent before the Retry-After, counted from the refusal, is over.
    const issued: Array<{ start: number; inFlight: number; at: number; after429: boolean }> = [];
    let issuing = 0;
    const getMySnippets = client.getMySnippets.bind(client);
    client.getMySnippets = async (request, options) => {
      issued.push({
        start: request?.start ?? 0,
        inFlight: ++issuing,
        at: Date.now(),
        after429: /429/.test(warnings.join('\n')),
      });
      try {
        return await getMySnippets(request, options);
      } finally {
        issuing--;
      }
    };
    let refusedAt = 0;
    serve({
      mine: {
        n: 300,
        cap: 10,
        delay: () => 20,
        instead: (start, _n, res) => {
          if (start !== 30 || refusedAt) return false;
          refusedAt = Date.now();
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
          res.end(JSON.stringify({ errors: [{ context: null, message: 'Rate limit exceeded', exceptionName: null }] }));
          return true;
        },
      },
    });
    const summary = await search(['mine']);
    assertFoundExactly(summary, matching('mine', range(0, 300)));
    const before = issued.filter((r) => !r.after429);
    const after = issued.filter((r) => r.after429);
    assert.equal(Math.max(...before.map((r) => r.inFlight)), CONCURRENCY, 'four at once before the 429');
    assert.ok(after.length > 1, 'pages were asked after the 429');
    assert.deepEqual(
      after.filter((r) => r.at - refusedAt < 1000),
      [],
      'nothing asked during the Retry-After',
    );
    assert.ok(
      Math.max(...after.map((r) => r.inFlight)) <= CONCURRENCY / 2,
      `in flight after the 429: ${after.map((r) => r.inFlight).join(' ')}`,
    );
    assert.deepEqual(
      issued.filter((r) => r.start === 30).map((r) => r.after429),
      [false, true],
      'the refused page was asked again, once the 429 was read',
    );
    // And the server saw it so: the refused page came again only once the wait was over.
    const retried = arrivals.filter((a) => a.start === 30);
    assert.equal(retried.length, 2, 'the refused page was asked again');
    assert.ok(retried[1].at - refusedAt >= 1000, `asked again ${retried[1].at - refusedAt} ms after the 429`);
    assert.match(warnings.join('\n'), /429 Too Many Requests/);
  });

  it('429 with a Retry-After date: the page is asked again after it, and the search completes', async () => {
    let refused = false;
    serve({
      mine: {
        n: 60,
        cap: 10,
        instead: (start, _n, res) => {
          if (start !== 20 || refused) return false;
          refused = true;
          res.writeHead(429, {
            'content-type': 'application/json',
            'retry-after': new Date(Date.now() + 1000).toUTCString(),
          });
          res.end('{}');
          return true;
        },
      },
    });
    const summary = await search(['mine']);
    assertFoundExactly(summary, matching('mine', range(0, 60)));
    assert.deepEqual(summary.failures, []);
  });

  it('cancel: every request in flight is closed, and nothing more is asked', async () => {
    // The first page answers; the ones after it never do.
    serve({ mine: { n: 500, cap: 10, delay: (start) => (start === 0 ? 0 : 60_000) } });
    const abort = new AbortController();
    const searching = service.search.find('needle', { lists: ['mine'], signal: abort.signal });
    const deadline = Date.now() + 10_000;
    while (inFlight < CONCURRENCY && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    assert.equal(inFlight, CONCURRENCY, 'the guesses are in flight');
    abort.abort();
    const summary = await searching;
    assert.equal(summary.cancelled, true);
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    assert.deepEqual(
      closedUnanswered.sort((a, b) => a - b),
      [10, 20, 30, 40],
      'the server saw their sockets close',
    );
    const asked = arrivals.length;
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(arrivals.length, asked, 'no request after the cancel');
    assertFoundExactly(summary, matching('mine', range(0, 10)));
  });

  it('for any server page size, cap and order of answers, finds exactly the matching snippets, once each', async () => {
    // Counted as the client sends them: a guess of the run before, cancelled past the end, may
    // reach the server during this run, however long the wait for quiet, but was sent before it.
    let sent = 0;
    const getMySnippets = client.getMySnippets.bind(client);
    client.getMySnippets = (request, options) => {
      sent++;
      return getMySnippets(request, options);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 1, maxLength: 12 }),
        async (n, cap, delays) => {
          await quiet();
          service.search.readAgain();
          arrivals = [];
          sent = 0;
          serve({ mine: { n, cap, delay: (start) => delays[Math.floor(start / cap) % delays.length] } });
          const summary = await search(['mine']);
          assertFoundExactly(summary, matching('mine', range(0, n)));
          assert.ok(
            sent <= Math.max(1, Math.ceil(n / cap)) + CONCURRENCY,
            `${sent} requests for ${n} in pages of ${cap}`,
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});
