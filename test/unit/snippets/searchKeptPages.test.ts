// Search pages kept across sessions: a new window's first search reads the pages an earlier
// window fetched (from the account's offline cache file) with no request; Refresh, pages older
// than a day, and pages with a snippet dropped to keep the size bound read the server again.
// Real HTTP against the local server; each "window" is a new service with a new cache instance
// over the same folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { BitbucketClient } from '../../../src/api/client';
import type { Snippet } from '../../../src/api/types';
import { SnippetCache } from '../../../src/model/snippets/cache/snippetCache';
import { KEPT_PAGES_MAX_AGE_MS } from '../../../src/model/snippets/search/search';
import { SnippetService } from '../../../src/model/snippets/service';
import { startServer, type RunningServer } from '../../server/server';

describe('Search pages kept across sessions in the offline cache', function () {
  this.timeout(30_000);
  let server: RunningServer;
  let dir: string;
  const clients: BitbucketClient[] = [];
  const services: SnippetService[] = [];
  let clock = Date.now();

  const made = (name: string, content: string, at: number): Snippet => ({
    guid: randomUUID(),
    name,
    description: '',
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: 2,
    createdAt: at,
    updatedAt: at,
    files: [{ guid: randomUUID(), name: 'notes.txt', content }],
    comments: [],
  });

  /** A new window: a new client, a new cache instance reading the folder, an empty store. */
  const newWindow = (maxBytes = 32 * 1024 * 1024) => {
    const client = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    clients.push(client);
    const cache = new SnippetCache({
      dir,
      key: `${server.url}#alice`,
      maxBytes: () => maxBytes,
      writeDelayMs: 5,
      now: () => clock,
    });
    const service = new SnippetService(
      () => client,
      () => 25,
      { cache },
    );
    service.reset({ username: 'alice', userId: 2 });
    services.push(service);
    return { service, cache };
  };
  const searchRequests = () => server.controls.requests().filter((r) => r.query.includes('limit=1000')).length;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-search-kept-'));
    server = await startServer({ port: 0 });
    for (let i = 0; i < 1500; i++) {
      server.state.data.snippets.push(
        made(`alice ${i}`, i % 300 === 5 ? `find the needle ${i}\n` : 'hay\n', 1_000_000 + i),
      );
    }
    clock = Date.now();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.dispose()));
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The first window searches (reading every page from the server) and closes, writing its cache. */
  async function firstWindow(maxBytes?: number): Promise<number> {
    const { service, cache } = newWindow(maxBytes);
    const first = await service.search.find('NEEDLE', { lists: ['mine', 'starred'] });
    assert.ok(first.requests >= 2, 'the first window read the server');
    assert.equal(first.keptSince, undefined);
    await cache.flush();
    return first.results.length;
  }

  it("a new window's first search sends no request and finds the same, saying how old the pages are", async () => {
    const found = await firstWindow();
    assert.equal(found, 5);
    const { service } = newWindow();
    server.controls.clearRequests();
    const again = await service.search.find('needle', { lists: ['mine', 'starred'] });
    assert.equal(searchRequests(), 0, 'no list was read from the server');
    assert.equal(again.results.length, 5);
    assert.equal(typeof again.keptSince, 'number');
  });

  it('Refresh (readAgain) makes the next search read the server, in this window and the next', async () => {
    await firstWindow();
    const { service, cache } = newWindow();
    await service.search.find('needle', { lists: ['mine'] });
    service.search.readAgain();
    await cache.flush();
    server.controls.clearRequests();
    const after = await service.search.find('needle', { lists: ['mine'] });
    assert.equal(after.keptSince, undefined);
    assert.ok(searchRequests() >= 2, 'read again after Refresh');
    // The pages just read are kept again for the window after.
    await cache.flush();
    const next = newWindow();
    server.controls.clearRequests();
    assert.equal((await next.service.search.find('needle', { lists: ['mine'] })).results.length, 5);
    assert.equal(searchRequests(), 0);
  });

  it('pages older than a day are read again, and find what was made since', async () => {
    await firstWindow();
    server.state.data.snippets.push(made('made later', 'a later needle\n', 3_000_000));
    clock += KEPT_PAGES_MAX_AGE_MS + 1000;
    const { service } = newWindow();
    server.controls.clearRequests();
    const later = await service.search.find('needle', { lists: ['mine'] });
    assert.ok(searchRequests() >= 2, 'the old pages were not trusted');
    assert.equal(later.results.length, 6);
  });

  it('pages missing a snippet dropped to keep the size bound are read again, never searched with a hole', async () => {
    await firstWindow();
    // A window whose bound is far smaller: reading the file drops snippets.
    const { service } = newWindow(20_000);
    server.controls.clearRequests();
    const result = await service.search.find('needle', { lists: ['mine'] });
    assert.ok(searchRequests() >= 2, 'read from the server');
    assert.equal(result.results.length, 5);
  });
});
