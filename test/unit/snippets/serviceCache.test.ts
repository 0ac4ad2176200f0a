// The snippet core with its persistent read cache against the local server over real HTTP, the
// server stopped and restarted (its data kept in a file): the first rows with no request,
// revalidation in place, offline browsing, and no stale copy ever written back.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { BitbucketClient } from '../../../src/api/client';
import { BitbucketError } from '../../../src/api/errors';
import type { Snippet } from '../../../src/api/types';
import { SnippetCache } from '../../../src/model/snippets/cache/snippetCache';
import { withFileContent } from '../../../src/model/snippets/edits';
import { SnippetService, type ServiceChange } from '../../../src/model/snippets/service';
import { startServer, type RunningServer } from '../../server/server';

describe('snippet core with the offline read cache', function () {
  let server: RunningServer;
  let port: number;
  let dir: string;
  let dataFile: string;
  const clients: BitbucketClient[] = [];
  const services: SnippetService[] = [];
  const caches: SnippetCache[] = [];

  const clientFor = (user: string) => {
    const c = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: user, password: user }),
      retry: { retries: 0 },
    });
    clients.push(c);
    return c;
  };

  /** A service as a new window makes it: an empty store, the cache read from disk. */
  const newWindow = (user = 'alice', probeIntervalMs = 50) => {
    const client = clientFor(user);
    const cache = new SnippetCache({
      dir,
      key: `${server.url}#${user}`,
      maxBytes: () => 32 * 1024 * 1024,
      writeDelayMs: 5,
    });
    caches.push(cache);
    const service = new SnippetService(
      () => client,
      () => 25,
      { cache, probeIntervalMs },
    );
    service.reset({ username: user, userId: user === 'alice' ? 2 : 3 });
    services.push(service);
    return { service, cache };
  };

  const requests = () =>
    server.controls.requests().map((r) => `${r.method} ${r.path.replace(/^\/rest\/snippets\/1\.0/, '')}`);
  const until = async (what: string, check: () => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const restart = async () => {
    server = await startServer({ port, dataFile });
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-service-cache-'));
    dataFile = path.join(dir, 'server.json');
    server = await startServer({ port: 0, dataFile });
    port = server.port;
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.dispose()));
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    // A cache's pending write would otherwise make its file again after the folder is gone.
    await Promise.allSettled(caches.splice(0).map((c) => c.dispose()));
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A first window that loads My Snippets (and opens one snippet), leaving the cache on disk. */
  async function firstWindow(): Promise<string[]> {
    const alice = clientFor('alice');
    const guids: string[] = [];
    for (let i = 0; i < 3; i++) {
      guids.push(
        (await alice.createSnippet({ name: `s${i}`, files: [{ name: 'a.txt', content: `v1 of ${i}` }] })).guid,
      );
    }
    const { service, cache } = newWindow();
    await service.ensureLoaded('mine');
    await cache.flush();
    return guids;
  }

  it('a new window shows cached rows with no request, then one request replaces them in place', async () => {
    const guids = await firstWindow();
    await clientFor('alice').updateSnippet(guids[0], {
      name: 's0 renamed',
      description: '',
      categories: [],
      files: [{ name: 'a.txt', content: 'v2' }],
    });
    server.controls.clearRequests();

    const { service } = newWindow();
    const changes: ServiceChange[] = [];
    service.onDidChange((c) => changes.push(c));
    await service.ensureLoaded('mine');
    const firstPaint = service.store.list('mine');
    assert.equal(firstPaint.fromCache, true);
    assert.deepEqual(
      service.store
        .snippetsOf('mine')
        .map((s) => s.name)
        .sort(),
      ['s0', 's1', 's2'],
    );
    assert.ok(firstPaint.fetchedAt !== undefined && Date.now() - firstPaint.fetchedAt < 60_000);
    assert.deepEqual(
      requests().filter((r) => r.startsWith('GET /snippets')),
      [],
      'nothing was asked before the first rows',
    );

    await until(
      'revalidated',
      () => service.store.list('mine').fromCache === false && !service.store.list('mine').loading,
    );
    assert.deepEqual(requests(), ['GET /snippets'], 'one request revalidates');
    assert.deepEqual(
      service.store
        .snippetsOf('mine')
        .map((s) => s.name)
        .sort(),
      ['s0 renamed', 's1', 's2'],
    );
    assert.equal(new Set(service.store.list('mine').guids).size, 3, 'no duplicates');
  });

  it('offline: cached lists and snippets stay readable, writes fail and change nothing, and the server coming back is noticed and revalidates', async () => {
    const guids = await firstWindow();
    await server.close();

    const { service } = newWindow('alice', 50);
    const connection: boolean[] = [];
    service.onDidChange((c) => c.connection && connection.push(service.connectivity.current.offline));
    await service.ensureLoaded('mine');
    assert.equal(service.store.snippetsOf('mine').length, 3, 'the cached rows show');
    await until('offline noticed', () => service.connectivity.current.offline);
    assert.equal(service.store.list('mine').error?.kind, 'network');
    assert.equal(service.store.snippetsOf('mine').length, 3, 'a failed revalidation keeps the rows');
    const cached = await service.snippet(guids[1]);
    assert.equal(cached.files[0].content, 'v1 of 1');

    await assert.rejects(
      service.writes.update(guids[1], (fresh) => withFileContent(fresh, 'a.txt', 'offline edit')),
      (err: unknown) => err instanceof BitbucketError && err.kind === 'network',
    );

    // Meanwhile someone changes the snippet on the server (as bob cannot, alice's other machine).
    await restart();
    await clientFor('alice').updateSnippet(guids[1], {
      name: 's1',
      description: '',
      categories: [],
      files: [{ name: 'a.txt', content: 'v2 from elsewhere' }],
    });
    await until('back online by the probe', () => !service.connectivity.current.offline);
    await until(
      'revalidated',
      () =>
        service.store.list('mine').fromCache === false &&
        !service.store.list('mine').error &&
        !service.store.list('mine').loading,
    );
    assert.deepEqual(connection, [true, false]);
    assert.equal(service.store.get(guids[1])?.files[0].content, 'v2 from elsewhere');
    assert.equal(
      (await clientFor('alice').getSnippet(guids[1])).files[0].content,
      'v2 from elsewhere',
      'the offline edit never reached the server',
    );
  });

  it('the probe is one small GET every interval, and only while offline', async () => {
    await firstWindow();
    await server.close();
    const { service } = newWindow('alice', 40);
    await service.ensureLoaded('mine');
    await until('offline noticed', () => service.connectivity.current.offline);
    await restart();
    await until('back online', () => !service.connectivity.current.offline);
    const probes = server.controls.requests().filter((r) => r.query.includes('limit=1'));
    assert.equal(probes.length, 1);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(
      server.controls.requests().filter((r) => r.query.includes('limit=1')).length,
      1,
      'no probe while online',
    );
  });

  it("a cached snippet opens at once; a save still starts from the server's copy, so the stale one never overwrites it", async () => {
    const guids = await firstWindow();
    await clientFor('alice').updateSnippet(guids[2], {
      name: 's2',
      description: '',
      categories: [],
      files: [{ name: 'a.txt', content: 'newer on the server' }],
    });
    server.controls.clearRequests();
    const { service } = newWindow();
    const opened = await service.snippet(guids[2]);
    assert.equal(opened.files[0].content, 'v1 of 2', 'the cached copy, at once');
    await until('revalidated', () => service.store.get(guids[2])?.files[0].content === 'newer on the server');
    let seenByBuild: string | undefined;
    await service.writes.update(guids[2], (fresh) => {
      seenByBuild = fresh.files[0].content;
      return undefined;
    });
    assert.equal(seenByBuild, 'newer on the server');
  });

  it('knownSnippet (Compare with…) reads a loaded or cached snippet with no request, not even in the background, and knows no other', async () => {
    const guids = await firstWindow();
    const bobs = await clientFor('bob').createSnippet({ name: "bob's", files: [{ name: 'b.txt', content: 'b' }] });
    server.controls.clearRequests();
    const { service } = newWindow();
    const cached = await service.knownSnippet(guids[1]);
    assert.equal(cached?.files[0].content, 'v1 of 1');
    assert.equal(
      service.store.get(guids[1])?.files[0].content,
      'v1 of 1',
      'put in the store, which the read-only side of a comparison shows',
    );
    assert.equal((await service.knownSnippet(guids[1]))?.guid, guids[1], 'then read from the store');
    assert.equal(await service.knownSnippet(bobs.guid), undefined, 'neither loaded nor cached');
    // A background GET would have been sent by now.
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(requests(), []);
  });

  it('what was opened or a search fetched (rememberSnippets) is cached; a deleted snippet leaves the cache', async () => {
    const guids = await firstWindow();
    const bobs = await clientFor('bob').createSnippet({ name: "bob's", files: [{ name: 'b.txt', content: 'b' }] });
    const { service, cache } = newWindow();
    service.rememberSnippets([await service.store.fetch(bobs.guid)]);
    await service.ensureLoaded('mine');
    await until(
      'revalidated',
      () => service.store.list('mine').fromCache === false && !service.store.list('mine').loading,
    );
    await service.writes.deleteSnippet(guids[0]);
    await cache.flush();
    await server.close();
    const { service: offline } = newWindow();
    assert.equal((await offline.snippet(bobs.guid)).name, "bob's");
    await offline.ensureLoaded('mine');
    assert.deepEqual(
      offline.store
        .snippetsOf('mine')
        .map((s) => s.guid)
        .sort(),
      guids.slice(1).sort(),
    );
    await restart();
  });

  it("another account's cache is not shown, and a cleared cache shows nothing", async () => {
    await firstWindow();
    const { service: bob } = newWindow('bob');
    server.controls.clearRequests();
    await bob.ensureLoaded('mine');
    assert.equal(bob.store.list('mine').fromCache, false);
    assert.deepEqual(requests(), ['GET /snippets']);
    const { service: alice } = newWindow();
    await alice.clearCache();
    const { service: again } = newWindow();
    server.controls.clearRequests();
    await again.ensureLoaded('mine');
    assert.equal(again.store.list('mine').fromCache, false);
    assert.deepEqual(requests(), ['GET /snippets']);
  });

  it("another account (reset) while offline asks nothing about the old account's lists", async () => {
    await firstWindow();
    await server.close();
    const { service } = newWindow('alice', 60_000);
    await service.ensureLoaded('mine');
    await until('offline noticed', () => service.connectivity.current.offline);
    await restart();
    server.controls.clearRequests();
    service.reset({ username: 'bob', userId: 3 });
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(service.connectivity.current.offline, false);
    assert.deepEqual(requests(), []);
  });

  it('what a search fetched from the server is cached as it arrives: a new window opens it with no request', async () => {
    // Bob's oldest snippet, behind 30 newer ones: off the first page, which the list itself caches.
    const snippet = (name: string, content: string, at: number): Snippet => ({
      guid: randomUUID(),
      name,
      description: '',
      categories: [],
      isVisible: true,
      isPublic: false,
      userId: 3,
      createdAt: at,
      updatedAt: at,
      files: [{ guid: randomUUID(), name: 'x.txt', content }],
      comments: [],
    });
    const found = snippet('found by search', 'needle in here', 1_000_000);
    server.state.data.snippets.push(found);
    for (let i = 1; i <= 30; i++) server.state.data.snippets.push(snippet(`newer ${i}`, 'hay', 1_000_000 + i));
    const first = newWindow();
    const summary = await first.service.search.find('NEEDLE', { lists: ['browse'] });
    assert.deepEqual(
      summary.results.map((r) => r.snippet.guid),
      [found.guid],
    );
    await first.cache.flush();

    const { service, cache } = newWindow();
    await cache.load();
    assert.equal(
      cache.snippet(found.guid)?.snippet.files[0].content,
      'needle in here',
      'the search kept it in the cache',
    );
    server.controls.clearRequests();
    const opened = await service.snippet(found.guid);
    assert.equal(opened.files[0].content, 'needle in here', 'shown from the cache at once');
    // The cached copy is revalidated in the background by one GET, never before it is shown.
    await until('revalidated', () => requests().length === 1);
    assert.deepEqual(requests(), [`GET /snippets/${found.guid}`]);
  });
});
