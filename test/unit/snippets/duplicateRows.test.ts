// A server may list one snippet twice (in a page, or on two pages of one list) and hold two
// files of one name in a snippet. VS Code refuses two tree rows with one id, and two files with
// one document URI would open, and save over, each other: the store keeps the first listing of a
// snippet, and a file of a name used before in its snippet gets its own row id and URI.
import * as assert from 'node:assert/strict';
import type { Page, PageRequest, Snippet } from '../../../src/api/types';
import { SnippetStore, type ListsApi } from '../../../src/model/snippets/store';
import { parseSnippetComponents, snippetUriComponents, type UriAccount } from '../../../src/model/snippets/snippetUri';
import { formatSnippetUri, parseSnippetUri } from '../../support/snippetUriText';
import { withFileDeleted } from '../../../src/model/snippets/edits';
import { contextValue, nodeId, type TreeNode } from '../../../src/model/snippets/tree/nodes';
import { aSnippet } from '../../support/snippets';

const snip = (guid: string, name = guid): Snippet => aSnippet({ guid, name });

/** A list endpoint that answers the given pages in turn, whatever is asked. */
function pagedApi(pages: Snippet[][]): ListsApi {
  let call = 0;
  const page = async (r: PageRequest): Promise<Page<Snippet>> => {
    const values = pages[Math.min(call, pages.length - 1)];
    const last = call >= pages.length - 1;
    call++;
    return {
      values,
      size: values.length,
      limit: r.limit ?? 25,
      start: r.start ?? 0,
      isLastPage: last,
      ...(last ? {} : { nextPageStart: (r.start ?? 0) + values.length }),
    };
  };
  const starred = async (r: PageRequest) => {
    const p = await page(r);
    return { ...p, values: p.values.map((snippet) => ({ snippet, userId: 2, starredAt: 1 })) };
  };
  return {
    getMySnippets: page,
    browseSnippets: page,
    browseUserSnippets: (_u: string, r: PageRequest) => page(r),
    getStarredSnippets: starred,
    getCategorySnippets: (_g: string, r: PageRequest) => starred(r),
    getSnippet: async () => snip('x'),
  } as unknown as ListsApi;
}

describe('duplicate snippets in a listing', () => {
  it('keeps the first of a guid listed twice in one page, with its own data', async () => {
    const api = pagedApi([[snip('a', 'first a'), snip('b'), snip('a', 'second a')]]);
    const store = new SnippetStore(
      () => api,
      () => 25,
    );
    await store.ensureLoaded('mine');
    assert.deepEqual(store.list('mine').guids, ['a', 'b']);
    assert.equal(store.get('a')?.name, 'first a');
  });

  it('drops a guid that a later page of the same list lists again', async () => {
    const api = pagedApi([
      [snip('a', 'first a'), snip('b')],
      [snip('c'), snip('a', 'again a'), snip('c')],
    ]);
    const store = new SnippetStore(
      () => api,
      () => 2,
    );
    await store.ensureLoaded('starred');
    await store.loadMore('starred');
    assert.deepEqual(store.list('starred').guids, ['a', 'b', 'c']);
    assert.equal(store.get('a')?.name, 'first a');
  });

  it('drops duplicates of a list shown from the cache', () => {
    const store = new SnippetStore(
      () => undefined,
      () => 25,
    );
    store.seed('mine', [snip('a'), snip('a'), snip('b')], undefined, 1);
    assert.deepEqual(store.list('mine').guids, ['a', 'b']);
  });
});

describe('two files of one name', () => {
  const account: UriAccount = { serverUrl: 'https://bitbucket.example.com/bitbucket', username: 'alice' };
  const snippet = { guid: 'g-1', name: 'twins' };

  it('gives each its own document URI, which reads back as the same file', () => {
    const first = formatSnippetUri(account, snippet, 'a.sh');
    const second = formatSnippetUri(account, snippet, 'a.sh', 2);
    const third = formatSnippetUri(account, snippet, 'a.sh', 3);
    assert.equal(new Set([first, second, third]).size, 3);
    assert.equal(parseSnippetUri(first)?.occurrence, undefined);
    assert.equal(parseSnippetUri(second)?.occurrence, 2);
    assert.equal(parseSnippetUri(third)?.occurrence, 3);
    const c = snippetUriComponents(account, snippet, 'a.sh', 2);
    assert.deepEqual(parseSnippetComponents(c.authority, c.path, c.query), {
      authority: 'bitbucket.example.com',
      username: 'alice',
      contextPath: '/bitbucket',
      snippetGuid: 'g-1',
      fileName: 'a.sh',
      occurrence: 2,
    });
    assert.equal(formatSnippetUri(account, snippet, 'a.sh', 1), first, 'the first of a name has the URI it always had');
  });

  it('refuses a URI whose occurrence is not a whole number above 1', () => {
    for (const n of ['0', '1', '-2', 'x', '2.5', '']) {
      const c = snippetUriComponents(account, snippet, 'a.sh');
      assert.equal(parseSnippetComponents(c.authority, c.path, `${c.query}&n=${n}`), undefined, n);
    }
  });

  it('gives each its own row id, under every account', () => {
    const rows = (accountId: string): TreeNode[] =>
      [1, 2, 3].map((occurrence) => ({
        kind: 'file',
        snippetGuid: 'g-1',
        fileName: 'a.sh',
        own: true,
        list: 'mine',
        ...(occurrence > 1 ? { occurrence } : {}),
        accountId,
      }));
    const ids = [...rows('http://h#bob'), ...rows('http://h#alice')].map(nodeId);
    assert.equal(new Set(ids).size, ids.length, ids.join('\n'));
    assert.equal(ids[0], 'http://h#bob|mine/file/g-1/a.sh', 'the first of a name keeps the id of its name');
  });

  it('gives the later ones a row without the file menus, which act on a file by its name', () => {
    const later: TreeNode = {
      kind: 'file',
      snippetGuid: 'g-1',
      fileName: 'a.sh',
      own: true,
      list: 'mine',
      occurrence: 2,
      accountId: 'http://h#alice',
    };
    // package.json's file menus match these; a later file of a name must match none of them.
    for (const menu of [/^(snippet|file)\./, /^(snippet|file)\.other/, /^file\./, /^file\.own/]) {
      assert.ok(!menu.test(contextValue(later)), `${menu} matches ${contextValue(later)}`);
    }
  });

  it('Delete File of a name removes only the first file of that name', () => {
    const twins = aSnippet({
      guid: 'g',
      name: 'twins',
      files: [
        { guid: 'f1', name: 'a.sh', content: 'one' },
        { guid: 'f2', name: 'a.sh', content: 'two' },
        { guid: 'f3', name: 'b.sh', content: 'three' },
      ],
    });
    assert.deepEqual(
      withFileDeleted(twins, 'a.sh').files.map((f) => f.content),
      ['two', 'three'],
    );
  });
});
