// Inside the extension host: the heap the extension keeps for what it loaded, after a forced
// garbage collection. My Snippets loaded to its end with Load more (10,000 snippets, the largest
// page size the setting allows), then a complete search of Browse (100,000 snippets, +50 ms
// latency); each against the JSON bytes the server sent for it.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/onDemand/testingApi';

const SNIPPETS = '/rest/snippets/1.0/snippets';
/** The largest page the setting bitbucketSnippets.pageSize allows (package.json). */
const LARGEST_PAGE = 1000;
/** Matches a dozen of the seeded names (hostData.ts): the results hold next to nothing. */
export const MEMORY_QUERY = 'small 4242';

type Control = (method: string, route: string, body?: unknown) => Promise<unknown>;

/** The host runs without --expose-gc; V8 still hands out gc() to a new context once the flag is set. */
function forcedGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The JSON bytes of a whole list as the server pages it, and how many snippets it has. */
async function jsonBytesOf(
  serverUrl: string,
  authorization: string,
  list: string,
  limit: number,
): Promise<{ bytes: number; snippets: number; pages: number }> {
  let bytes = 0;
  let snippets = 0;
  let pages = 0;
  for (let start: number | undefined = 0; start !== undefined && pages < 10_000; pages++) {
    const response = await fetch(`${serverUrl}${SNIPPETS}${list}?start=${start}&limit=${limit}`, {
      headers: { authorization, accept: 'application/json' },
    });
    const body = Buffer.from(await response.arrayBuffer());
    bytes += body.length;
    const page = JSON.parse(body.toString('utf8')) as {
      values: unknown[];
      isLastPage: boolean;
      nextPageStart?: number;
    };
    snippets += page.values.length;
    start = page.isLastPage ? undefined : page.nextPageStart;
  }
  return { bytes, snippets, pages };
}

export async function memoryRun(
  api: TestingApi,
  serverUrl: string,
  authorization: string,
  control: Control,
): Promise<Record<string, unknown>> {
  const gc = forcedGc();
  const heap = async () => {
    // What just finished settles first: the offline cache writes (and keeps to its size bound)
    // a second after its last change.
    await sleep(1500);
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const settings = vscode.workspace.getConfiguration('bitbucketSnippets');
  await settings.update('pageSize', LARGEST_PAGE, vscode.ConfigurationTarget.Global);
  const account = await api.signIn({ serverUrl, username: 'alice', password: 'alice' });
  if (!account) throw new Error('the sign-in as alice failed');
  const service = api.service;
  // Whatever signing in loaded by itself settles, then the lists start empty.
  await sleep(1500);
  service.reset({ username: 'alice', userId: 2 });

  const mineBefore = await heap();
  const loadStarted = performance.now();
  await service.store.refresh('mine');
  let loads = 1;
  while (service.store.list('mine').nextStart !== undefined && loads < 1000) {
    await service.store.loadMore('mine');
    loads++;
  }
  const loadMs = performance.now() - loadStarted;
  const mineAfter = await heap();
  const loaded = service.store.list('mine').guids.length;
  const mineJson = await jsonBytesOf(serverUrl, authorization, '', LARGEST_PAGE);

  await control('PUT', 'latency', { ms: 50 });
  await control('DELETE', 'requests');
  const searchBefore = await heap();
  const searchStarted = performance.now();
  const summary = await service.search.find(MEMORY_QUERY, { lists: ['browse'] });
  const searchMs = performance.now() - searchStarted;
  const searchAfter = await heap();
  const requests = ((await control('GET', 'requests')) as unknown[]).length;
  const keptBytes = (service.search.pages as { bytes?: number }).bytes;
  // The same search with the offline cache off, from nothing fetched: what the search holds by itself.
  await settings.update('cache.maxSizeMB', 0, vscode.ConfigurationTarget.Global);
  service.search.forget();
  service.reset({ username: 'alice', userId: 2 });
  const uncachedBefore = await heap();
  await service.search.find(MEMORY_QUERY, { lists: ['browse'] });
  const uncachedAfter = await heap();
  await settings.update('cache.maxSizeMB', undefined, vscode.ConfigurationTarget.Global);
  await control('DELETE', 'latency');
  const browseJson = await jsonBytesOf(serverUrl, authorization, '/browse', LARGEST_PAGE);
  const budgetMB = settings.get<number>('cache.maxSizeMB') ?? 32;
  return {
    memory: {
      mine: {
        heapGrowth: mineAfter - mineBefore,
        loaded,
        loads,
        loadMs,
        jsonBytes: mineJson.bytes,
        jsonSnippets: mineJson.snippets,
      },
      search: {
        heapGrowth: searchAfter - searchBefore,
        ms: searchMs,
        requests,
        found: summary.results.length,
        failures: summary.failures.length,
        keptBytes,
        heapGrowthCacheOff: uncachedAfter - uncachedBefore,
        budgetBytes: budgetMB * 1024 * 1024,
        jsonBytes: browseJson.bytes,
        snippets: browseJson.snippets,
        pages: browseJson.pages,
      },
    },
  };
}
