// The concurrent page walk (api/concurrentPaging.ts) and its gate (api/requestGate.ts), in plain
// Node against servers made of functions: for any server, it lists exactly what the one-by-one
// walk lists, in the same order, whatever order the answers come in; against a server that pages
// like Bitbucket it sends at most ceil(n / limit) + the concurrency - 1 requests; it never has more
// in flight than the gate allows, halves that on a 429 and waits its Retry-After; cancelling
// cancels every request in flight. The same against real HTTP servers: test/contract/concurrentPaging.test.ts.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { walkPages } from '../../../src/api/concurrentPaging';
import { BitbucketError } from '../../../src/api/errors';
import { pages } from '../../../src/api/paging';
import { DEFAULT_CONCURRENT_REQUESTS, MAX_RETRY_AFTER_MS, RequestGate } from '../../../src/api/requestGate';
import type { Page, PageRequest } from '../../../src/api/types';

const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A listing of `n` entries paged like Bitbucket: the asked limit capped at `cap`, nextPageStart = start + size. */
function bitbucketPage(n: number, cap: number, request: PageRequest): Page<number> {
  const start = request.start ?? 0;
  const limit = Math.min(request.limit ?? 25, cap);
  const values = Array.from({ length: Math.max(0, Math.min(limit, n - start)) }, (_, i) => start + i);
  const isLastPage = start + values.length >= n;
  return {
    start,
    limit,
    size: values.length,
    values,
    isLastPage,
    ...(isLastPage ? {} : { nextPageStart: start + values.length }),
  };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * A server of `pageAt` whose n-th request answers after `delayOf(start, n)` ms, and whose
 * requests, once cancelled, take 30 ms more to settle (as a socket takes a while to close). Notes
 * each start asked, and each start asked while a request for it was still in flight.
 */
function serverThatSettlesSlowly(
  pageAt: (start: number) => Page<number>,
  delayOf: (start: number, nth: number) => number,
) {
  const asked: number[] = [];
  const twiceAtOnce: number[] = [];
  const inFlight = new Set<number>();
  const fetch = (request: PageRequest, signal: AbortSignal) =>
    new Promise<Page<number>>((resolve, reject) => {
      const start = request.start ?? 0;
      if (inFlight.has(start)) twiceAtOnce.push(start);
      inFlight.add(start);
      asked.push(start);
      let over = false;
      const settle = (then: () => void) => {
        if (over) return;
        over = true;
        inFlight.delete(start);
        then();
      };
      const answer = setTimeout(() => settle(() => resolve(pageAt(start))), delayOf(start, asked.length - 1));
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(answer);
          setTimeout(() => settle(() => reject(new BitbucketError('cancelled', 'cancelled'))), 30);
        },
        { once: true },
      );
    });
  return { fetch, asked, twiceAtOnce };
}

async function collect<T>(walk: AsyncGenerator<{ fresh: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for await (const { fresh } of walk) out.push(...fresh);
  return out;
}

describe('concurrent paging (walkPages)', () => {
  it('for any server page size, cap and order of answers, lists every entry once, in order, within ceil(n / limit) + the concurrency - 1 requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 20 }),
        async (n, cap, asked, concurrency, delays) => {
          const requests: number[] = [];
          let inFlight = 0;
          let most = 0;
          const fetch = async (request: PageRequest) => {
            requests.push(request.start ?? 0);
            inFlight++;
            most = Math.max(most, inFlight);
            // Each answer takes its own time: later pages often arrive before earlier ones.
            await tick(delays[requests.length % delays.length]);
            inFlight--;
            return bitbucketPage(n, cap, request);
          };
          const listed = await collect(
            walkPages(fetch, { limit: asked, key: String, gate: new RequestGate({ concurrency }) }),
          );
          assert.deepEqual(
            listed,
            Array.from({ length: n }, (_, i) => i),
          );
          const limit = Math.min(asked, cap);
          // At most concurrency - 1 guesses past the last page: the window holds the last page itself.
          assert.ok(
            requests.length <= Math.max(1, Math.ceil(n / limit)) + concurrency - 1,
            `${requests.length} requests for ${n} entries in pages of ${limit}`,
          );
          assert.ok(most <= concurrency, `${most} in flight, allowed ${concurrency}`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('for any server, however it pages, lists exactly what the one-by-one walk lists, in the same order', async () => {
    // A server whose answer depends only on the start asked for: each start has its own page,
    // which may start elsewhere, overlap, skip, repeat, say another next start, or be the last.
    const anyPage = fc.record({
      shift: fc.integer({ min: -3, max: 3 }),
      size: fc.integer({ min: 0, max: 6 }),
      claimedStart: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
      nextPageStart: fc.option(fc.integer({ min: -2, max: 60 }), { nil: undefined }),
      isLastPage: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(anyPage, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 2, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        async (answers, limit, concurrency, maxPages, delays) => {
          const pageAt = (start: number): Page<number> => {
            // The first page pages like Bitbucket, so the walk does guess; later ones may not.
            if (start === 0) {
              return {
                start: 0,
                limit,
                size: limit,
                values: Array.from({ length: limit }, (_, i) => i),
                isLastPage: false,
                nextPageStart: limit,
              };
            }
            const a = answers[start % answers.length];
            const from = Math.max(0, start + a.shift);
            const values = Array.from({ length: a.size }, (_, i) => from + i);
            return {
              start: a.claimedStart ?? start,
              limit,
              size: values.length,
              values,
              isLastPage: a.isLastPage,
              ...(a.nextPageStart === undefined ? {} : { nextPageStart: a.nextPageStart }),
            };
          };
          const oneByOne: number[] = [];
          const warnings: string[] = [];
          for await (const page of pages(async (r: PageRequest) => pageAt(r.start ?? 0), {
            limit,
            key: String,
            maxPages,
            warn: (m) => warnings.push(m),
          })) {
            oneByOne.push(...page.values);
          }
          let n = 0;
          const concurrentWarnings: string[] = [];
          const fetch = async (r: PageRequest) => {
            await tick(delays[n++ % delays.length]);
            return pageAt(r.start ?? 0);
          };
          const walked = await collect(
            walkPages(fetch, {
              limit,
              key: String,
              maxPages,
              gate: new RequestGate({ concurrency }),
              warn: (m) => concurrentWarnings.push(m),
            }),
          );
          assert.deepEqual(walked, oneByOne);
          assert.equal(new Set(walked).size, walked.length, 'no entry twice');
          assert.deepEqual(concurrentWarnings, warnings, 'it ends where and why the one-by-one walk ends');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('asks the pages after the first together, and yields them in list order though they arrive backwards', async () => {
    const asked: number[] = [];
    const fetch = async (request: PageRequest) => {
      asked.push(request.start ?? 0);
      // Page 0 at once, then each later page sooner than the one before it.
      await tick(request.start === 0 ? 0 : 40 - (request.start ?? 0) / 2);
      return bitbucketPage(50, 10, request);
    };
    const order: number[] = [];
    const seenWhenFirstYielded: number[] = [];
    for await (const { requested } of walkPages(fetch, {
      limit: 10,
      key: String,
      gate: new RequestGate({ concurrency: 4 }),
    })) {
      if (order.length === 0) seenWhenFirstYielded.push(...asked);
      order.push(requested);
    }
    assert.deepEqual(seenWhenFirstYielded, [0], 'the first page is yielded before anything else is asked');
    assert.deepEqual(order, [0, 10, 20, 30, 40]);
    assert.deepEqual(asked.slice(0, 5), [0, 10, 20, 30, 40]);
    assert.ok(asked.length <= 5 + 4);
  });

  it('walks one page at a time when the first page is not full, or its limit is not what it brought', async () => {
    for (const first of [
      { start: 0, limit: 10, size: 7, values: [0, 1, 2, 3, 4, 5, 6], isLastPage: false, nextPageStart: 7 },
      { start: 0, limit: 10, size: 10, values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], isLastPage: false, nextPageStart: 12 },
    ]) {
      const asked: number[] = [];
      const fetch = async (request: PageRequest): Promise<Page<number>> => {
        asked.push(request.start ?? 0);
        return request.start === 0
          ? first
          : {
              start: request.start ?? 0,
              limit: 10,
              size: 1,
              values: [100 + (request.start ?? 0)],
              isLastPage: asked.length >= 3,
              nextPageStart: (request.start ?? 0) + 1,
            };
      };
      await collect(walkPages(fetch, { limit: 10, key: String }));
      assert.deepEqual(
        asked,
        [0, first.nextPageStart, first.nextPageStart + 1],
        'each start asked only once the page before named it',
      );
    }
  });

  it('never asks past the cap on pages, guesses included', async () => {
    const asked: number[] = [];
    const fetch = async (request: PageRequest) => {
      asked.push(request.start ?? 0);
      return bitbucketPage(1000, 5, request);
    };
    const warnings: string[] = [];
    const listed = await collect(
      walkPages(fetch, { limit: 5, key: String, maxPages: 3, warn: (m) => warnings.push(m) }),
    );
    assert.equal(listed.length, 15);
    assert.deepEqual(asked, [0, 5, 10]);
    assert.match(warnings.join('\n'), /it took 3 pages, the most one listing may take/);
  });

  it('cancelling stops every request in flight, and nothing more is asked', async () => {
    const abort = new AbortController();
    const asked: number[] = [];
    const cancelled: number[] = [];
    const fetch = (request: PageRequest, signal: AbortSignal) =>
      new Promise<Page<number>>((resolve, reject) => {
        const start = request.start ?? 0;
        asked.push(start);
        if (start === 0) return resolve(bitbucketPage(100, 10, request));
        // Later pages never answer on their own.
        signal.addEventListener('abort', () => {
          cancelled.push(start);
          reject(new BitbucketError('cancelled', 'cancelled'));
        });
      });
    const walking = collect(walkPages(fetch, { limit: 10, key: String, signal: abort.signal }));
    while (asked.length < 1 + DEFAULT_CONCURRENT_REQUESTS) await tick(1);
    abort.abort();
    await assert.rejects(walking, (err: BitbucketError) => err.kind === 'cancelled');
    assert.deepEqual(
      cancelled.sort((a, b) => a - b),
      [10, 20, 30, 40],
    );
    await tick(20);
    assert.equal(asked.length, 1 + DEFAULT_CONCURRENT_REQUESTS, 'nothing asked after the cancel');
  });

  it('a consumer that stops reading cancels the guesses still in flight', async () => {
    const cancelled: number[] = [];
    const fetch = (request: PageRequest, signal: AbortSignal) =>
      new Promise<Page<number>>((resolve, reject) => {
        if (request.start === 0 || request.start === 10) return resolve(bitbucketPage(100, 10, request));
        signal.addEventListener('abort', () => {
          cancelled.push(request.start ?? 0);
          reject(new BitbucketError('cancelled', 'cancelled'));
        });
      });
    let read = 0;
    for await (const _ of walkPages(fetch, { limit: 10 })) if (++read === 2) break;
    await tick(5);
    assert.deepEqual(
      cancelled.sort((a, b) => a - b),
      [20, 30, 40],
      'the guesses asked with the second page',
    );
  });

  it('a 429 halves the requests in flight and waits its Retry-After before asking again', async () => {
    // Each request as it was issued: what was in flight then (itself included), and the gate's own
    // wait then. Checked against what the walk promises, not against how fast this machine is.
    let inFlight = 0;
    const log: Array<{ start: number; inFlight: number; pausedForMs: number; at: number }> = [];
    let refusedAt = 0;
    /** How many requests had been issued when the 429 came. */
    let issuedBeforeRefusal = 0;
    const gate = new RequestGate({ concurrency: 4 });
    const fetch = async (request: PageRequest) => {
      const start = request.start ?? 0;
      inFlight++;
      log.push({ start, inFlight, pausedForMs: gate.pausedForMs, at: Date.now() });
      try {
        await tick(15);
        if (start === 20 && !refusedAt) {
          refusedAt = Date.now();
          issuedBeforeRefusal = log.length;
          throw new BitbucketError('unexpected-response', 'slow down', { status: 429, retryAfterMs: 200 });
        }
        return bitbucketPage(200, 10, request);
      } finally {
        inFlight--;
      }
    };
    const warnings: string[] = [];
    const listed = await collect(walkPages(fetch, { limit: 10, key: String, gate, warn: (m) => warnings.push(m) }));
    assert.equal(listed.length, 200);
    assert.equal(gate.concurrency, 2);
    const before = log.slice(0, issuedBeforeRefusal);
    const after = log.slice(issuedBeforeRefusal);
    assert.equal(Math.max(...before.map((r) => r.inFlight)), 4, 'four at once before the 429');
    assert.ok(after.length > 1, 'pages were asked after the 429');
    // The gate backs off before the refused request's place is given on, so every request issued
    // after the refusal waited the whole Retry-After, counted from the refusal.
    assert.deepEqual(
      after.filter((r) => r.pausedForMs > 0 || r.at - refusedAt < 200),
      [],
      'nothing asked during the Retry-After',
    );
    assert.ok(
      Math.max(...after.map((r) => r.inFlight)) <= 2,
      `after the 429: ${after.map((r) => r.inFlight).join(',')}`,
    );
    assert.deepEqual(
      log.filter((r) => r.start === 20).map((r) => log.indexOf(r) < issuedBeforeRefusal),
      [true, false],
      'the refused page is asked again, after the 429',
    );
    assert.match(warnings.join('\n'), /429 Too Many Requests; 2 request\(s\) at once/);
  });

  it('a guess at the very start the server names is used, not asked again, when the guessing ends', async () => {
    // Page 10 says the next starts at 30 (20 is skipped): the guess at 20 is dropped, the ones at 30
    // and after are the pages the one-by-one walk asks for next.
    const server = serverThatSettlesSlowly(
      (start) =>
        start === 10
          ? { ...bitbucketPage(60, 10, { start, limit: 10 }), nextPageStart: 30 }
          : bitbucketPage(60, 10, { start, limit: 10 }),
      (start) => (start === 10 ? 30 : 10),
    );
    const listed = await collect(
      walkPages(server.fetch, { limit: 10, key: String, gate: new RequestGate({ concurrency: 4 }) }),
    );
    assert.deepEqual(listed, [...range(0, 20), ...range(30, 60)]);
    assert.deepEqual(server.asked, [0, 10, 20, 30, 40, 50], 'each start asked once');
    assert.deepEqual(server.twiceAtOnce, []);
  });

  it('a start asked again after its guess was dropped is asked only once that request has settled', async () => {
    // Page 10 says the next starts at 25: every guess is dropped while still unanswered, and their
    // cancels take a while. Page 25 says 30: the dropped guess at 30 must be over before 30 is asked.
    const pageAt = (start: number): Page<number> => {
      if (start === 10) return { ...bitbucketPage(60, 10, { start, limit: 10 }), nextPageStart: 25 };
      if (start === 25) {
        return { start, limit: 10, size: 5, values: range(25, 30), isLastPage: false, nextPageStart: 30 };
      }
      return bitbucketPage(60, 10, { start, limit: 10 });
    };
    const server = serverThatSettlesSlowly(pageAt, (start, nth) => (nth <= 4 && start >= 20 ? 500 : 5));
    const listed = await collect(
      walkPages(server.fetch, { limit: 10, key: String, gate: new RequestGate({ concurrency: 4 }) }),
    );
    assert.deepEqual(listed, [...range(0, 20), ...range(25, 60)]);
    assert.deepEqual(server.asked, [0, 10, 20, 30, 40, 25, 30, 40, 50]);
    assert.deepEqual(server.twiceAtOnce, [], 'no start in flight twice at once');
  });

  it('a page refused with 429 again and again fails its listing after a few tries', async () => {
    let tries = 0;
    const fetch = async (request: PageRequest) => {
      if (request.start === 0) return bitbucketPage(100, 10, request);
      if (request.start === 10) tries++;
      throw new BitbucketError('unexpected-response', 'slow down', { status: 429, retryAfterMs: 0 });
    };
    await assert.rejects(
      collect(walkPages(fetch, { limit: 10, gate: new RequestGate({ concurrency: 1 }) })),
      (err: BitbucketError) => err.status === 429,
    );
    assert.equal(tries, 5);
  });
});

describe('the request gate (RequestGate)', () => {
  it('holds a Retry-After to at most 30 s, and a cancel cuts the wait short', async () => {
    let now = 1_000_000;
    const gate = new RequestGate({ concurrency: 8, now: () => now });
    assert.equal(gate.backOff(10 * 60_000), MAX_RETRY_AFTER_MS);
    assert.equal(gate.concurrency, 4);
    assert.equal(gate.backOff(undefined), 1000, 'a 429 without Retry-After waits a second');
    assert.equal(gate.backOff(0), 0);
    assert.equal(gate.concurrency, 1, 'never below one');
    const abort = new AbortController();
    const started = Date.now();
    const waiting = gate.run(abort.signal, async () => 'ran');
    setTimeout(() => abort.abort(), 30);
    await assert.rejects(waiting, (err: BitbucketError) => err.kind === 'cancelled');
    assert.ok(Date.now() - started < 5000, 'the cancel ended the wait');
    now += MAX_RETRY_AFTER_MS;
    assert.equal(await gate.run(undefined, async () => 'ran'), 'ran');
  });

  it('lets no more than its concurrency run at once', async () => {
    const gate = new RequestGate({ concurrency: 3 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        gate.run(undefined, async () => {
          running++;
          most = Math.max(most, running);
          await tick(5);
          running--;
        }),
      ),
    );
    assert.equal(most, 3);
  });
});
