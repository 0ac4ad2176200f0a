// Search Snippets over 10,000 snippets (plus one of 200 files and one 5 MB file) on the local
// server with +50 ms latency, through the snippet core's SnippetSearch as the command runs it:
// time to the first result and to the complete set, requests per list, and a repeated search.
// The baseline is one bare undici GET of one page of 1,000 snippets from the same server.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { BitbucketClient } from '../src/api/client';
import { SEARCH_PAGE_LIMIT } from '../src/model/snippets/search/search';
import type { SearchList } from '../src/model/snippets/search/types';
import { cacheFilePath } from '../src/model/snippets/cache/cacheFile';
import { SnippetCache } from '../src/model/snippets/cache/snippetCache';
import { SnippetService } from '../src/model/snippets/service';
import { DEFAULT_CONCURRENT_REQUESTS } from '../src/api/requestGate';
import { snippetListText } from '../src/model/agentTools/listResults';
import { against, median, ms, ratio, ratioGoal, startServerProcess, type Figure, type ServerProcess } from './lib';
import { holdDuring, holdFigure, idleHold, longestHold, longestOf, type Hold } from './holds';
import { hugeAnswerFigures } from './hugeBench';

const SNIPPETS = '/rest/snippets/1.0/snippets';
const AUTH = `Basic ${Buffer.from('alice:alice').toString('base64')}`;
const LISTS: SearchList[] = ['mine', 'starred', 'browse'];
const COUNT = 10_000;
const SPECIALS = 2;

interface LoggedRequest {
  path: string;
  query?: string;
}

/**
 * The same requests made bare, `concurrency` at a time (undici, JSON.parse, nothing else): what
 * fetching those pages costs on this machine, server included, without any of the extension's work.
 */
async function replayBare(
  url: string,
  requests: readonly LoggedRequest[],
  agent: Agent,
  concurrency: number,
): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++];
      const response = await request(`${url}${r.path}${r.query ? `?${r.query}` : ''}`, {
        dispatcher: agent,
        headers: { authorization: AUTH, accept: 'application/json' },
      });
      JSON.parse(await response.body.text());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

/** Each of the requests alone, bare, one after the other: the slowest of them (the page that holds the 5 MB file). */
async function slowestBare(
  url: string,
  requests: readonly LoggedRequest[],
  agent: Agent,
): Promise<{ ms: number; request: string }> {
  let slowest = { ms: 0, request: '' };
  for (const r of requests) {
    const ms = await replayBare(url, [r], agent, 1);
    if (ms > slowest.ms) slowest = { ms, request: `${r.path}${r.query ? `?${r.query}` : ''}` };
  }
  return slowest;
}

interface CpuUsed {
  /** CPU time of this process (the client: its thread, and V8's and libuv's helpers), ms. */
  client: number;
  /** CPU time of the server's process, ms. */
  server: number;
  /** How long the client's garbage collector held its thread meanwhile, ms. */
  gc: number;
}

/** The CPU time the client's process and the server's used while `work` ran. */
async function cpuDuring(server: ServerProcess, work: () => Promise<unknown>): Promise<CpuUsed> {
  let gc = 0;
  const count = (entries: PerformanceEntry[]) => entries.forEach((e) => (gc += e.duration));
  const collector = new PerformanceObserver((list) => count(list.getEntries()));
  collector.observe({ entryTypes: ['gc'] });
  const [serverBefore, clientBefore] = [await server.cpuMs(), process.cpuUsage()];
  await work();
  const client = process.cpuUsage(clientBefore);
  count(collector.takeRecords());
  collector.disconnect();
  return { client: (client.user + client.system) / 1000, server: (await server.cpuMs()) - serverBefore, gc };
}

export async function searchSection(samples = 3): Promise<Figure[]> {
  const server = await startServerProcess(['--scale', '--count', String(COUNT)]);
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const clients: BitbucketClient[] = [];
  const section = 'Search Snippets (10,002 snippets incl. a 5 MB file, +50 ms latency; Node)';
  try {
    await server.setLatency(50);
    const bareGet = async () => {
      const started = performance.now();
      const response = await request(`${server.url}${SNIPPETS}?start=0&limit=${SEARCH_PAGE_LIMIT}`, {
        dispatcher: agent,
        headers: { authorization: AUTH, accept: 'application/json' },
      });
      const page = JSON.parse(await response.body.text()) as { limit: number };
      return { ms: performance.now() - started, applied: page.limit };
    };
    await bareGet();
    /** A fresh service of alice (nothing loaded), with an offline cache if given, as a window makes it. */
    const serviceWith = (cache?: SnippetCache) => {
      const client = new BitbucketClient({
        baseUrl: server.url,
        credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      });
      clients.push(client);
      const service = new SnippetService(
        () => client,
        () => 25,
        cache ? { cache } : {},
      );
      service.reset({ username: 'alice', userId: 2 });
      return service;
    };
    /** An offline cache of alice in `dir`, at the default bound. */
    const cacheIn = (dir: string, writeDelayMs?: number) =>
      new SnippetCache({ dir, key: `${server.url}#alice`, maxBytes: () => 32 * 1024 * 1024, writeDelayMs });
    const fresh = () => serviceWith().search;
    // Warm the client and the JIT on a throw-away search, as a session would have.
    await fresh().find('warm up', { lists: ['mine'] });

    const runs: Array<{
      first: number;
      done: number;
      results: number;
      requests: LoggedRequest[];
      bare: number;
      replayed: number;
      allAtOnce: number;
      slowest: { ms: number; request: string };
      searchCpu: CpuUsed;
      bareCpu: CpuUsed;
    }> = [];
    let applied = SEARCH_PAGE_LIMIT;
    let repeat: { ms: number; requests: number; results: number; hold: Hold } | undefined;
    for (let i = 0; i < samples; i++) {
      const bare = await bareGet();
      applied = bare.applied;
      const search = fresh();
      await server.control('DELETE', 'requests');
      let started = NaN;
      let first = NaN;
      let done = NaN;
      let summary: Awaited<ReturnType<typeof search.find>> | undefined;
      const searchCpu = await cpuDuring(server, async () => {
        started = performance.now();
        summary = await search.find('kafka', {
          lists: LISTS,
          onResults: () => {
            if (Number.isNaN(first)) first = performance.now() - started;
          },
        });
        done = performance.now() - started;
      });
      const requests = (await server.control('GET', 'requests')) as LoggedRequest[];
      const replayed = await replayBare(server.url, requests, agent, DEFAULT_CONCURRENT_REQUESTS);
      let allAtOnce = NaN;
      const bareCpu = await cpuDuring(
        server,
        async () => (allAtOnce = await replayBare(server.url, requests, agent, requests.length)),
      );
      runs.push({
        first,
        done,
        results: summary?.results.length ?? 0,
        requests,
        bare: bare.ms,
        replayed,
        allAtOnce,
        slowest: await slowestBare(server.url, requests, agent),
        searchCpu,
        bareCpu,
      });
      if (i === samples - 1) {
        await server.control('DELETE', 'requests');
        const again = performance.now();
        const { result: second, hold } = await holdDuring(() => search.find('KAFKA', { lists: LISTS }));
        repeat = {
          ms: performance.now() - again,
          requests: ((await server.control('GET', 'requests')) as unknown[]).length,
          results: second.results.length,
          hold,
        };
      }
    }
    const bare = median(runs.map((r) => r.bare));
    const first = median(runs.map((r) => r.first));
    const done = median(runs.map((r) => r.done));
    const replayed = median(runs.map((r) => r.replayed));
    const allAtOnce = median(runs.map((r) => r.allAtOnce));
    const slowest = median(runs.map((r) => r.slowest.ms));
    const cores = os.availableParallelism();
    const cpuOf = (pick: (r: (typeof runs)[number]) => CpuUsed) => ({
      client: median(runs.map((r) => pick(r).client)),
      server: median(runs.map((r) => pick(r).server)),
      gc: median(runs.map((r) => pick(r).gc)),
    });
    const [searchCpu, bareCpu] = [cpuOf((r) => r.searchCpu), cpuOf((r) => r.bareCpu)];
    // However the requests are spread, their CPU time has to fit on this machine's cores.
    const cpuFloor = Math.max(bare, (bareCpu.client + bareCpu.server) / cores);
    const last = runs[runs.length - 1];
    const perList = (suffix: string) => last.requests.filter((r) => r.path === `${SNIPPETS}${suffix}`).length;
    const lists = { mine: perList(''), starred: perList('/starred'), browse: perList('/browse') };
    // Each list: its pages, plus the guesses past its end that the concurrent walk sends (issue 31's bound).
    const allowed = Math.ceil((COUNT + SPECIALS) / applied) + DEFAULT_CONCURRENT_REQUESTS;

    // The chat agents' search tool does what Search Snippets does, and makes a bounded text of it.
    const toolCalls: number[] = [];
    // These runs also give the hold of a complete search without the cache (the runs above measure its CPU alone).
    const searchHolds: Hold[] = [];
    for (let i = 0; i < samples; i++) {
      const search = fresh();
      const started = performance.now();
      const { result: summary, hold } = await holdDuring(() => search.find('kafka', { lists: LISTS }));
      searchHolds.push(hold);
      const text = snippetListText({
        heading: 'Search for "kafka" in mine, starred, browse',
        sources: [{ account: 'alice @ bench', serverUrl: server.url }],
        found: summary.results.map((r) => ({
          accountId: 'bench',
          accountLabel: 'alice @ bench',
          snippet: r.snippet,
          owner: 'alice',
          matches: r.matches,
        })),
        max: 20,
        noun: 'matching snippets',
        none: 'No snippet matches.',
        notes: [],
        languageOf: () => undefined,
      });
      toolCalls.push(performance.now() - started);
      if (text.length > 20_000) throw new Error(`the tool's result is not bounded: ${text.length} characters`);
    }
    const toolCall = median(toolCalls);
    // The same search as a window runs it: with its offline cache on (the default, 32 MB), which
    // keeps each page's snippets as they arrive, and makes their texts in its next write. The
    // figures above run without one.
    const withCache: number[] = [];
    const cachedHolds: Hold[] = [];
    for (let i = 0; i < samples; i++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bbs-bench-search-cached-'));
      const service = serviceWith(cacheIn(dir));
      try {
        const started = performance.now();
        cachedHolds.push(await longestHold(() => service.search.find('kafka', { lists: LISTS })));
        withCache.push(performance.now() - started);
      } finally {
        await service.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const cached = median(withCache);
    // A new window: the pages the first window's search fetched come from its offline cache file.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bbs-bench-search-kept-'));
    let kept: { ms: number; hold: Hold; requests: number; results: number; written: number } | undefined;
    try {
      const windowWith = () => {
        const cache = cacheIn(dir, 5);
        return { service: serviceWith(cache), cache };
      };
      const earlier = windowWith();
      await earlier.service.search.find('kafka', { lists: LISTS });
      await earlier.cache.flush();
      await earlier.service.dispose();
      const next = windowWith();
      await server.control('DELETE', 'requests');
      const started = performance.now();
      let found: Awaited<ReturnType<typeof next.service.search.find>> | undefined;
      const hold = await longestHold(async () => (found = await next.service.search.find('kafka', { lists: LISTS })));
      kept = {
        ms: performance.now() - started,
        hold,
        requests: ((await server.control('GET', 'requests')) as unknown[]).length,
        results: found?.results.length ?? 0,
        written: statSync(cacheFilePath(dir, `${server.url}#alice`)).size,
      };
      await next.service.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const idle = await idleHold();
    const holdsMethod =
      'the longest of the samples: a page of 5.6 MB (the 5 MB file) is parsed, a file of megabytes matched and a snippet of megabytes made into its cache text a slice at a time (src/api/slicedJson.ts, src/model/snippets/search/largeMatch.ts); a page of 1,000 snippets is parsed with JSON.parse in one go';
    const holds: Figure[] = [
      holdFigure(
        section,
        'complete search, cache off',
        longestOf(searchHolds),
        idle,
        `SnippetSearch.find as above, fresh service, ${samples} samples (the chat tool's runs below); ${holdsMethod}`,
      ),
      holdFigure(
        section,
        'complete search with the offline cache on',
        longestOf(cachedHolds),
        idle,
        `the search with the cache on (below), ${samples} samples: its pages kept as they arrive; ${holdsMethod}`,
      ),
      holdFigure(
        section,
        'the same search in a new window',
        kept?.hold ?? { ms: NaN, wallMs: NaN },
        idle,
        'a new SnippetCache reads the file the first window left (below) and the search matches what it holds: the file read a line at a time, a line of megabytes in slices (src/model/snippets/cache/cacheFile.ts)',
      ),
      holdFigure(
        section,
        'the same search again',
        repeat?.hold ?? { ms: NaN, wallMs: NaN },
        idle,
        'the kept pages matched again, a slice at a time (src/util/slicer.ts)',
      ),
    ];
    const method = `SnippetSearch.find('kafka') over My Snippets, Starred and Browse with a fresh service (nothing loaded), median of ${samples}; requests counted in the server's log; baseline: one bare undici GET of a page of ${applied} (${ms(bare)})`;
    return [
      {
        section,
        name: 'first result',
        value: `${ms(first)} = ${ratio(first / bare)} one bare page GET`,
        ...ratioGoal(first, bare, 1.5, 'one bare page GET'),
        method,
        numbers: against(first, bare, 'ms', { maxRatio: 1.5 }),
      },
      {
        section,
        name: 'complete results',
        value: `${ms(done)} = ${ratio(done / bare)} one bare page GET, ${last.results} snippets found`,
        method: `${method}; pages of a list asked ${DEFAULT_CONCURRENT_REQUESTS} at a time per account. No goal against one page GET: the pages alone need more here (the CPU figure below); the search's goals are against the same requests made bare, in time and in CPU`,
        numbers: against(done, bare, 'ms', {}, { found: { value: last.results, unit: 'snippets' } }),
      },
      {
        section,
        name: 'complete results vs the same requests made bare',
        value: `${ms(done)} vs ${ms(replayed)} = ${ratio(done / replayed)}`,
        goal: '≤ 1.5× the same requests bare',
        met: done <= 1.5 * replayed,
        method: `each sample's search against the requests it made (the server's log: ${last.requests.length} GETs) made again right after it through bare undici with JSON.parse, ${DEFAULT_CONCURRENT_REQUESTS} at a time: what fetching those pages costs on this machine with the server on the same two cores, without the extension's work (decoding, checking, matching, keeping). The bare replay knows every page in advance; the search learns a list's page size from its first answer`,
        numbers: against(done, replayed, 'ms', { maxRatio: 1.5 }),
      },
      {
        section,
        name: 'complete results with the offline cache on, as in a window',
        value: `${ms(cached)} = ${ratio(cached / bare)} one bare page GET = ${ratio(cached / done)} the same search without the cache; longest hold of the thread ${ms(longestOf(cachedHolds).ms)}`,
        method: `the complete search above with a fresh service that has an offline cache (the default bound, 32 MB, in a new folder), median of ${samples}: the cache keeps each page's snippets as they arrive (src/model/snippets/cache/snippetCache.ts putSearchPages), counted by what their texts will be, and its next write, a second later, makes the texts (cache/keptText.ts). The longest hold: the longest of the samples' (bench/holds.ts)`,
        numbers: against(
          cached,
          bare,
          'ms',
          {},
          {
            withoutCacheMs: { value: done, unit: 'ms' },
            overWithoutCache: { value: cached / done, unit: 'ratio' },
            longestHoldMs: { value: longestOf(cachedHolds).ms, unit: 'ms' },
          },
        ),
      },
      {
        section,
        name: 'what no search could beat here: the same requests bare, all at once',
        value: `${ms(allAtOnce)} = ${ratio(allAtOnce / bare)} one bare page GET; the slowest of them alone ${ms(slowest)} = ${ratio(slowest / bare)}`,
        method: `each sample's requests (${last.requests.length}) made again through bare undici with JSON.parse, all ${last.requests.length} at once, with no concurrency limit and every page known in advance; then each alone, one after the other, the slowest kept (${last.slowest.request}). Both bound any client on this machine from below`,
        numbers: against(
          allAtOnce,
          bare,
          'ms',
          {},
          {
            slowestPageMs: { value: slowest, unit: 'ms' },
            slowestPageOverBare: { value: slowest / bare, unit: 'ratio' },
            searchOverAllAtOnce: { value: done / allAtOnce, unit: 'ratio' },
          },
        ),
      },
      {
        section,
        name: 'the CPU time those pages need here',
        value: `bare, all at once: client ${ms(bareCpu.client)} + server ${ms(bareCpu.server)} of CPU over ${cores} cores ≥ ${ms(cpuFloor)} = ${ratio(cpuFloor / bare)} one bare page GET; the search: client ${ms(searchCpu.client)} + server ${ms(searchCpu.server)}`,
        method: `CPU time (user + system) of the bench's process and of the server's process while the bare replay of all the requests at once ran, and while the search ran; medians of ${samples}. Spread however well over the machine's ${cores} cores, the pages cannot take less wall time than their CPU time divided by the cores, nor less than one page GET: a floor for any client that reads them, with this server on this machine`,
        numbers: against(
          cpuFloor,
          bare,
          'ms',
          {},
          {
            bareClientCpuMs: { value: bareCpu.client, unit: 'ms' },
            bareServerCpuMs: { value: bareCpu.server, unit: 'ms' },
            searchClientCpuMs: { value: searchCpu.client, unit: 'ms' },
            searchServerCpuMs: { value: searchCpu.server, unit: 'ms' },
            cores: { value: cores, unit: 'cores' },
          },
        ),
      },
      {
        section,
        name: "the search's CPU vs the same requests' CPU made bare",
        value: `client ${ms(searchCpu.client)} vs ${ms(bareCpu.client)} = ${ratio(searchCpu.client / bareCpu.client)}; the collector held the thread ${ms(searchCpu.gc)} vs ${ms(bareCpu.gc)}`,
        ...ratioGoal(searchCpu.client, bareCpu.client, 1.5, "the bare replay's CPU"),
        method: `CPU time (user + system) of the bench's process during the search against that during the bare replay of its requests, all at once (undici and JSON.parse, nothing else), medians of ${samples}: the extension's own work on the pages (decoding, checking, matching, keeping). Where the server is another machine, as for every user, this CPU sets the search's time. The collector's pauses (PerformanceObserver 'gc') are part of both: the search keeps what it found and the pages for the next search, and each young-generation collection copies what is still held, where the bare replay holds nothing`,
        numbers: against(
          searchCpu.client,
          bareCpu.client,
          'ms',
          { maxRatio: 1.5 },
          {
            searchServerCpuMs: { value: searchCpu.server, unit: 'ms' },
            bareServerCpuMs: { value: bareCpu.server, unit: 'ms' },
            searchCollectorMs: { value: searchCpu.gc, unit: 'ms' },
            bareCollectorMs: { value: bareCpu.gc, unit: 'ms' },
          },
        ),
      },
      {
        section,
        name: 'requests of the complete search',
        value: `My Snippets ${lists.mine}, Starred ${lists.starred}, Browse ${lists.browse} (applied limit ${applied})`,
        goal: `≤ ⌈${COUNT + SPECIALS} / ${applied}⌉ + ${DEFAULT_CONCURRENT_REQUESTS} = ${allowed} per list`,
        met: Math.max(lists.mine, lists.starred, lists.browse) <= allowed,
        method,
        numbers: against(
          Math.max(lists.mine, lists.starred, lists.browse),
          allowed,
          'requests',
          { max: allowed },
          {
            completeMs: { value: done, unit: 'ms' },
            bareMs: { value: bare, unit: 'ms' },
            completeOverBare: { value: done / bare, unit: 'ratio' },
            found: { value: last.results, unit: 'snippets' },
          },
        ),
      },
      {
        section,
        name: "the chat agents' search tool, same search",
        value: `${ms(toolCall)} vs Search Snippets ${ms(done)} = ${ratio(toolCall / done)}`,
        goal: '≤ 1.2× Search Snippets',
        met: toolCall <= 1.2 * done,
        method: `what the search tool does (src/editor/agentTools/searchTool.ts) without the editor: the same SnippetSearch.find with a fresh service, then the bounded result text (snippetListText, 20 snippets); median of ${samples}, against the complete Search Snippets above`,
        numbers: against(toolCall, done, 'ms', { maxRatio: 1.2 }),
      },
      {
        section,
        name: 'the same search in a new window',
        value: `${ms(kept?.ms ?? NaN)} = ${ratio((kept?.ms ?? NaN) / done)} the first complete search, ${kept?.requests} requests, ${kept?.results} snippets found; longest hold of the thread ${ms(kept?.hold.ms ?? NaN)}`,
        goal: '0 requests',
        met: kept?.requests === 0,
        method: `a new service and a new SnippetCache reading the file the first window's search left (${((kept?.written ?? 0) / 1024 / 1024).toFixed(1)} MB), as a new window does; vs the complete first search above. The longest hold of the thread: bench/holds.ts`,
        numbers: {
          value: kept?.requests ?? NaN,
          unit: 'requests',
          goal: 0,
          also: {
            ms: { value: kept?.ms ?? NaN, unit: 'ms' },
            overFirstComplete: { value: (kept?.ms ?? NaN) / done, unit: 'ratio' },
            cacheFile: { value: kept?.written ?? NaN, unit: 'bytes' },
            longestHoldMs: { value: kept?.hold.ms ?? NaN, unit: 'ms' },
          },
        },
      },
      {
        section,
        name: 'the same search again',
        value: `${ms(repeat?.ms ?? NaN)}, ${repeat?.requests} requests, ${repeat?.results} snippets found`,
        goal: '0 requests',
        met: repeat?.requests === 0,
        method:
          'the same SnippetSearch, the text in other case: pages fetched for the first search are kept for the session',
        numbers: {
          value: repeat?.requests ?? NaN,
          unit: 'requests',
          goal: 0,
          also: { ms: { value: repeat?.ms ?? NaN, unit: 'ms' } },
        },
      },
      ...holds,
      ...(await hugeAnswerFigures(section)),
    ];
  } finally {
    await Promise.all(clients.map((c) => c.dispose()));
    await agent.close();
    await server.stop();
  }
}
