import * as assert from 'node:assert/strict';
import type { Page, PageRequest, Snippet } from '../../../src/api/types';
import { BitbucketError } from '../../../src/api/errors';
import { aSnippet } from '../../support/snippets';
import { SnippetStore, type ListsApi, type StoreChange } from '../../../src/model/snippets/store';
import { WriteQueue } from '../../../src/model/snippets/writeQueue';
import { knownCategories, matchesFilter, sortSnippets } from '../../../src/model/snippets/query';

const snip = (guid: string, extra: Partial<Snippet> = {}): Snippet => aSnippet({ guid, name: guid, ...extra });

/** A fake list endpoint over `total` snippets, recording every request. */
function fakeApi(total: number) {
  const all = Array.from({ length: total }, (_, i) => snip(`s${i}`));
  const requests: PageRequest[] = [];
  const page = async (r: PageRequest): Promise<Page<Snippet>> => {
    requests.push(r);
    const start = r.start ?? 0;
    const limit = r.limit ?? 25;
    const values = all.slice(start, start + limit);
    const isLastPage = start + limit >= all.length;
    return {
      values,
      size: values.length,
      limit,
      start,
      isLastPage,
      ...(isLastPage ? {} : { nextPageStart: start + values.length }),
    };
  };
  const api = {
    getMySnippets: page,
    browseSnippets: page,
    browseUserSnippets: (_u: string, r: PageRequest) => page(r),
    getStarredSnippets: async (r: PageRequest) => {
      const p = await page(r);
      return { ...p, values: p.values.map((s) => ({ snippet: s, userId: 2, starredAt: 5 })) };
    },
    getCategorySnippets: async (_g: string, r: PageRequest) => {
      const p = await page(r);
      return { ...p, values: p.values.map((s) => ({ snippet: s, userId: 2, starredAt: 5 })) };
    },
    getSnippet: async (guid: string) => {
      const s = all.find((x) => x.guid === guid);
      if (!s) throw new BitbucketError('not-found', 'gone', { status: 404 });
      return s;
    },
  } as unknown as ListsApi;
  return { api, requests, all };
}

describe('snippet store', () => {
  it('loads one page when a list is first shown, and one more request per Load more', async () => {
    const { api, requests } = fakeApi(60);
    const store = new SnippetStore(
      () => api,
      () => 25,
    );
    await store.ensureLoaded('mine');
    assert.equal(store.snippetsOf('mine').length, 25);
    assert.equal(store.list('mine').nextStart, 25);
    await store.loadMore('mine');
    await store.loadMore('mine');
    assert.equal(store.snippetsOf('mine').length, 60);
    assert.equal(store.list('mine').nextStart, undefined);
    assert.deepEqual(requests, [
      { start: 0, limit: 25 },
      { start: 25, limit: 25 },
      { start: 50, limit: 25 },
    ]);
  });

  it('shares one request between concurrent loads of the same list', async () => {
    const { api, requests } = fakeApi(10);
    const store = new SnippetStore(
      () => api,
      () => 25,
    );
    await Promise.all([store.ensureLoaded('mine'), store.ensureLoaded('mine'), store.loadMore('mine')]);
    assert.equal(requests.length, 1);
  });

  it('refreshes as far as the user had loaded, in one request', async () => {
    const { api, requests } = fakeApi(80);
    const store = new SnippetStore(
      () => api,
      () => 25,
    );
    await store.ensureLoaded('browse');
    await store.loadMore('browse');
    requests.length = 0;
    await store.refresh('browse');
    assert.deepEqual(requests, [{ start: 0, limit: 50 }]);
    assert.equal(store.snippetsOf('browse').length, 50);
  });

  it('unwraps starred and category entries into snippets', async () => {
    const { api } = fakeApi(3);
    const store = new SnippetStore(
      () => api,
      () => 25,
    );
    await store.ensureLoaded('starred');
    await store.ensureLoaded('category:c1');
    assert.deepEqual(
      store.snippetsOf('starred').map((s) => s.guid),
      ['s0', 's1', 's2'],
    );
    assert.deepEqual(
      store.snippetsOf('category:c1').map((s) => s.guid),
      ['s0', 's1', 's2'],
    );
  });

  it('puts a new own snippet on top of My Snippets and updates it everywhere', async () => {
    const { api } = fakeApi(3);
    const store = new SnippetStore(
      () => api,
      () => 25,
    );
    await store.ensureLoaded('mine');
    await store.ensureLoaded('starred');
    const changes: StoreChange[] = [];
    store.onDidChange((c) => changes.push(c));
    store.put(snip('new'), { isNewOwn: true });
    assert.equal(store.snippetsOf('mine')[0].guid, 'new');
    store.put(snip('s1', { name: 'renamed' }));
    assert.equal(store.snippetsOf('starred')[1].name, 'renamed');
    assert.deepEqual(changes[1].lists.sort(), ['mine', 'starred']);
  });

  it('drops a snippet deleted on the server from every list', async () => {
    const { api, all } = fakeApi(3);
    const store = new SnippetStore(
      () => api,
      () => 25,
    );
    await store.ensureLoaded('mine');
    all.splice(1, 1);
    await assert.rejects(store.fetch('s1'), (e: unknown) => e instanceof BitbucketError && e.kind === 'not-found');
    assert.deepEqual(
      store.snippetsOf('mine').map((s) => s.guid),
      ['s0', 's2'],
    );
  });

  it('keeps what was shown and records the error when a page fails', async () => {
    const { api } = fakeApi(30);
    let fail = false;
    const flaky = {
      ...api,
      getMySnippets: (r: PageRequest) =>
        fail ? Promise.reject(new BitbucketError('server', 'boom', { status: 500 })) : api.getMySnippets(r),
    } as ListsApi;
    const store = new SnippetStore(
      () => flaky,
      () => 25,
    );
    await store.ensureLoaded('mine');
    fail = true;
    await assert.rejects(store.loadMore('mine'));
    assert.equal(store.snippetsOf('mine').length, 25);
    assert.equal(store.list('mine').error?.kind, 'server');
    assert.equal(store.list('mine').loading, false);
  });

  it('knows the categories of loaded snippets, once each', () => {
    const cats = knownCategories([
      snip('a', { categories: [{ guid: '2', name: 'sql' }] }),
      snip('b', {
        categories: [
          { guid: '1', name: 'devops' },
          { guid: '2', name: 'sql' },
        ],
      }),
    ]);
    assert.deepEqual(
      cats.map((c) => c.name),
      ['devops', 'sql'],
    );
  });

  it("shows a list from the cache only while nothing of it is loaded, and the server's answer replaces it", async () => {
    const { api, requests } = fakeApi(3);
    const store = new SnippetStore(
      () => api,
      () => 25,
      () => 5000,
    );
    assert.equal(store.seed('mine', [snip('s2'), snip('old')], undefined, 1000), true);
    assert.deepEqual(store.list('mine').guids, ['s2', 'old']);
    assert.equal(store.list('mine').fromCache, true);
    assert.equal(store.list('mine').fetchedAt, 1000);
    assert.deepEqual(requests, [], 'seeding asks nothing');
    await store.ensureLoaded('mine');
    assert.deepEqual(requests, [], 'a seeded list counts as loaded');
    await store.refresh('mine');
    assert.deepEqual(store.list('mine').guids, ['s0', 's1', 's2']);
    assert.equal(store.list('mine').fromCache, false);
    assert.equal(store.list('mine').fetchedAt, 5000);
    assert.equal(
      store.seed('mine', [snip('old')], undefined, 1000),
      false,
      'a loaded list is never replaced by a cached one',
    );
    assert.deepEqual(store.list('mine').guids, ['s0', 's1', 's2']);
  });
});

describe('snippet sorting and filtering', () => {
  const a = snip('a', {
    name: 'Zeta',
    updatedAt: 3,
    description: 'Dockerfile for Node',
    files: [{ guid: 'f', name: 'build.sh', content: '' }],
  });
  const b = snip('b', { name: 'alpha', updatedAt: 5, categories: [{ guid: 'c', name: 'Café tools' }] });
  it('sorts by updated time or by name', () => {
    assert.deepEqual(
      sortSnippets([a, b], 'updated').map((s) => s.guid),
      ['b', 'a'],
    );
    assert.deepEqual(
      sortSnippets([a, b], 'name').map((s) => s.guid),
      ['b', 'a'],
    );
    assert.deepEqual(
      sortSnippets([b, snip('c', { name: 'beta', updatedAt: 9 })], 'name').map((s) => s.name),
      ['alpha', 'beta'],
    );
  });
  it('filters over name, description, file names and categories, every word, ignoring case and accents', () => {
    assert.ok(matchesFilter(a, 'docker'));
    assert.ok(matchesFilter(a, 'BUILD.sh zeta'));
    assert.ok(matchesFilter(b, 'cafe'));
    assert.ok(!matchesFilter(a, 'docker python'));
    assert.ok(matchesFilter(a, '   '));
  });
});

describe('snippet store: one snippet, several writers', () => {
  it('shares one GET between callers asking for the same snippet at once', async () => {
    const { api } = fakeApi(3);
    let gets = 0;
    const counting = { ...api, getSnippet: (g: string) => (gets++, api.getSnippet(g)) } as ListsApi;
    const store = new SnippetStore(
      () => counting,
      () => 25,
    );
    const [a, b] = await Promise.all([store.fetch('s1'), store.fetch('s1')]);
    assert.equal(a, b);
    assert.equal(gets, 1);
  });

  it('runs read-modify-writes of one snippet one after another, even when one fails', async () => {
    const queue = new WriteQueue();
    const events: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        events.push(`${name} start`);
        await new Promise((r) => setTimeout(r, ms));
        events.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const first = queue.run('s', step('first', 30, true));
    const second = queue.run('s', step('second', 5));
    const other = queue.run('t', step('other', 1));
    await assert.rejects(first, /first/);
    assert.equal(await second, 'second');
    await other;
    assert.deepEqual(
      events.filter((e) => !e.startsWith('other')),
      ['first start', 'first end', 'second start', 'second end'],
    );
    assert.ok(events.indexOf('other end') < events.indexOf('first end'), 'another snippet does not wait');
  });
});
