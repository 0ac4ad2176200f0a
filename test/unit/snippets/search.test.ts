// Search Snippets' core against the local server over real HTTP: what is loaded is searched with
// no request, the rest in pages of the server's applied limit, results as they arrive, cancel,
// and a repeated search that sends nothing.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { BitbucketClient } from '../../../src/api/client';
import { DEFAULT_CONCURRENT_REQUESTS } from '../../../src/api/requestGate';
import type { Snippet } from '../../../src/api/types';
import { SignedOutError } from '../../../src/model/snippets/errors';
import { EmptyQueryError, type FoundSnippet } from '../../../src/model/snippets/search/types';
import { SnippetService } from '../../../src/model/snippets/service';
import { startServer, type RunningServer } from '../../server/server';

describe('Search Snippets core (SnippetSearch) against the local server', function () {
  let server: RunningServer;
  const clients: BitbucketClient[] = [];

  const ids: Record<string, number> = { admin: 1, alice: 2, bob: 3 };
  const made = (name: string, user: string, content: string, at: number, fileName = 'notes.txt'): Snippet => ({
    guid: randomUUID(),
    name,
    description: '',
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: ids[user],
    createdAt: at,
    updatedAt: at,
    files: [{ guid: randomUUID(), name: fileName, content }],
    comments: [],
  });
  /** Puts snippets straight into the server's data (thousands through the API would take long). */
  const seedMany = (user: string, count: number, content: (i: number) => string) => {
    for (let i = 0; i < count; i++) {
      server.state.data.snippets.push(made(`${user} snippet ${i}`, user, content(i), 1_000_000 + i));
    }
  };

  const setUp = (user = 'alice') => {
    const client = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: user, password: user }),
      retry: { retries: 0 },
    });
    clients.push(client);
    const service = new SnippetService(
      () => client,
      () => 25,
    );
    service.reset({ username: user, userId: ids[user] });
    return { client, service, search: service.search };
  };

  /** Waits until the server's log stops growing (a bounded wait). */
  const quiet = async () => {
    for (
      let last = -1, deadline = Date.now() + 5000;
      server.controls.requests().length !== last && Date.now() < deadline;
    ) {
      last = server.controls.requests().length;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const listRequests = () =>
    server.controls
      .requests()
      .map((r) => `${r.path.replace(/^\/rest\/snippets\/1\.0\/snippets/, '') || '/'}?${r.query}`);

  beforeEach(async () => {
    server = await startServer({ port: 0 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
  });

  it('refuses an empty or blank search before any request', async () => {
    const { search } = setUp();
    server.controls.clearRequests();
    await assert.rejects(search.find('', { lists: ['mine'] }), EmptyQueryError);
    await assert.rejects(search.find('  \t', { lists: ['mine', 'browse'] }), EmptyQueryError);
    assert.deepEqual(server.controls.requests(), []);
  });

  it('pages through 2,500 snippets in pages of the applied limit, then searches again with no request', async () => {
    seedMany('alice', 2500, (i) => (i % 500 === 7 ? `line one\nfind ME here ${i}\n` : 'nothing\n'));
    const { search } = setUp();
    server.controls.clearRequests();
    const batches: FoundSnippet[][] = [];
    const first = await search.find('find me', { lists: ['mine'], onResults: (r) => batches.push(r) });
    assert.equal(first.results.length, 5);
    // The first page alone, then the next ones guessed a few at once: some past the end.
    // The guesses go out together, so they may reach the server in any order.
    assert.equal(listRequests()[0], '/?start=0&limit=1000');
    assert.ok(
      listRequests().includes('/?start=1000&limit=1000') && listRequests().includes('/?start=2000&limit=1000'),
      listRequests().join(' '),
    );
    assert.ok(
      first.requests <= 3 + DEFAULT_CONCURRENT_REQUESTS,
      `${first.requests} requests: at most ceil(2500 / 1000) + the concurrency`,
    );
    assert.ok(listRequests().length <= first.requests);
    assert.ok(batches.length >= 2, 'results arrive page by page, not at the end');
    const hit = first.results.find((r) => r.snippet.name === 'alice snippet 7');
    assert.deepEqual(
      hit?.matches.map((m) => [m.field, m.fileName, m.line, m.column, m.text]),
      [['content', 'notes.txt', 2, 0, 'find ME here 7']],
    );
    assert.equal(search.pages.get('mine')?.appliedLimit, 1000);

    // A guess past the end, cancelled as the last page came, may still reach the server's log.
    await quiet();
    server.controls.clearRequests();
    const again = await search.find('FIND ME', { lists: ['mine'] });
    assert.equal(again.requests, 0);
    assert.deepEqual(server.controls.requests(), [], 'a repeated search sends nothing');
    assert.deepEqual(again.results.map((r) => r.snippet.guid).sort(), first.results.map((r) => r.snippet.guid).sort());
    const other = await search.find('nothing', { lists: ['mine'] });
    assert.equal(other.results.length, 2495);
    assert.deepEqual(server.controls.requests(), [], 'another text over the same lists sends nothing either');
  });

  it('searches what the tree loaded first, before any request, then reads each list once from the server', async () => {
    server.state.data.snippets.push(
      made('Deploy script', 'alice', 'kubectl apply\n', 5),
      made('Other', 'bob', 'kubectl get pods\n', 6),
    );
    const { service, search } = setUp();
    await service.ensureLoaded('mine');
    server.controls.clearRequests();
    const seenBeforeRequest: string[] = [];
    const summary = await search.find('kubectl', {
      lists: ['mine', 'browse'],
      onResults: (r) => {
        if (server.controls.requests().length === 0) seenBeforeRequest.push(...r.map((x) => x.snippet.name));
      },
    });
    assert.deepEqual(seenBeforeRequest, ['Deploy script'], 'the loaded list answered before any request');
    assert.deepEqual(
      listRequests().sort(),
      ['/?start=0&limit=1000', '/browse?start=0&limit=1000'],
      'one page of each list',
    );
    assert.deepEqual(
      summary.results.map((r) => [r.snippet.name, r.list]),
      [
        ['Deploy script', 'mine'],
        ['Other', 'browse'],
      ],
      'a snippet in two lists shows once',
    );
  });

  it('matches name, description, file names, categories and literal regex characters across My Snippets, Starred, Browse and a browsed user', async () => {
    const own = made('Regex helpers', 'alice', 'const re = /a.*b/;\n', 10, 'regex.ts');
    own.description = 'Tools for (x|y)+ patterns';
    own.categories = [{ guid: 'cat1', name: 'typescript' }];
    const bobs = made('Bob tool', 'bob', 'echo [z]\n', 11, 'bob.sh');
    server.state.data.snippets.push(own, bobs);
    server.state.data.stars.push({ userId: 2, snippetGuid: bobs.guid, starredAt: 1 });
    const { search } = setUp();
    const lists = ['mine', 'starred', 'browse', 'user:bob'] as const;
    const fields = async (q: string) =>
      (await search.find(q, { lists })).results.map((r) => [
        r.snippet.name,
        r.list,
        r.matches.map((m) => m.field).join(','),
      ]);
    assert.deepEqual(await fields('a.*b'), [['Regex helpers', 'mine', 'content']]);
    assert.deepEqual(await fields('(x|y)+'), [['Regex helpers', 'mine', 'description']]);
    assert.deepEqual(await fields('TypeScript'), [['Regex helpers', 'mine', 'category']]);
    assert.deepEqual(await fields('regex.'), [['Regex helpers', 'mine', 'fileName']]);
    assert.deepEqual(await fields('[z]'), [['Bob tool', 'starred', 'content']]);
    assert.deepEqual(await fields('.*'), [['Regex helpers', 'mine', 'content']]);
    assert.deepEqual(await fields('zzz'), []);
  });

  it('stops on cancel, and the next search goes on from the pages already fetched', async () => {
    seedMany('alice', 2500, (i) => `needle ${i}\n`);
    const { search } = setUp();
    server.controls.setLatency(50);
    server.controls.clearRequests();
    const abort = new AbortController();
    const cancelled = await search.find('needle', {
      lists: ['mine'],
      signal: abort.signal,
      onResults: () => abort.abort(),
    });
    assert.equal(cancelled.cancelled, true);
    assert.equal(cancelled.results.length, 1000, 'the first page was matched, then it stopped');
    assert.equal(cancelled.requests, 1);
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(server.controls.requests().length, 1, 'no page was asked after the cancel');
    server.controls.clearRequests();
    const rest = await search.find('needle', { lists: ['mine'] });
    assert.equal(rest.results.length, 2500);
    assert.equal(listRequests()[0], '/?start=1000&limit=1000');
    assert.ok(listRequests().includes('/?start=2000&limit=1000'), listRequests().join(' '));
    assert.ok(!listRequests().includes('/?start=0&limit=1000'), 'the first page is not asked again');
  });

  it('matches a saved snippet as it is now, and forgets a deleted one, with no new listing', async () => {
    const s = made('Editable', 'alice', 'old text\n', 10);
    server.state.data.snippets.push(s);
    const { service, search } = setUp();
    assert.equal((await search.find('old text', { lists: ['mine'] })).results.length, 1);
    await service.writes.update(s.guid, (fresh) => ({
      name: fresh.name,
      description: '',
      categories: [],
      files: [{ name: 'notes.txt', content: 'new text\n' }],
    }));
    server.controls.clearRequests();
    assert.equal((await search.find('old text', { lists: ['mine'] })).results.length, 0);
    assert.equal((await search.find('new text', { lists: ['mine'] })).results.length, 1);
    await service.writes.deleteSnippet(s.guid);
    assert.equal((await search.find('new text', { lists: ['mine'] })).results.length, 0);
    assert.deepEqual(
      server.controls.requests().filter((r) => r.method === 'GET' && r.query.includes('limit')),
      [],
      'no listing asked again',
    );
  });

  it('finds a line in a 5 MB file with its line number', async () => {
    const line = 'const value = "0123456789abcdefghijklmnopqrstuvwxyz";\n';
    const count = Math.ceil((5 * 1024 * 1024) / line.length);
    server.state.data.snippets.push(
      made('five megabytes', 'alice', `${line.repeat(count)}// the END marker\n`, 10, 'big.js'),
    );
    const { search } = setUp();
    const summary = await search.find('end marker', { lists: ['mine'] });
    assert.deepEqual(
      summary.results[0]?.matches.map((m) => [m.fileName, m.line, m.text]),
      [['big.js', count + 1, '// the END marker']],
    );
  });

  it('reports a list it could not read and keeps the results of the others', async () => {
    server.state.data.snippets.push(made('Mine', 'alice', 'shared word\n', 10));
    const { search } = setUp();
    server.controls.addFault({ kind: 'status', status: 500, path: '/browse', count: 1 });
    const summary = await search.find('shared', { lists: ['mine', 'browse'] });
    assert.deepEqual(
      summary.results.map((r) => r.snippet.name),
      ['Mine'],
    );
    assert.deepEqual(
      summary.failures.map((f) => f.list),
      ['browse'],
    );
  });

  it('forgets its fetched pages when the account is reset, and records no last search of its own', async () => {
    server.state.data.snippets.push(made('Kept', 'alice', 'word\n', 10));
    const { service, search } = setUp();
    await search.find('word', { lists: ['mine'] });
    assert.equal('last' in search, false, "the last search is the session's (lastSearch.ts), not an account's");
    service.reset({ username: 'alice', userId: 2 });
    server.controls.clearRequests();
    await search.find('word', { lists: ['mine'] });
    assert.equal(server.controls.requests().length, 1, 'the pages were forgotten');
  });

  it('says signed out when the server is needed and nobody is signed in', async () => {
    const service = new SnippetService(
      () => undefined,
      () => 25,
    );
    service.reset(undefined);
    await assert.rejects(service.search.find('x', { lists: ['mine'] }), SignedOutError);
  });
});
