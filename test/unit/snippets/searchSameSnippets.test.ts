// A snippet listed in two lists of one search (in Browse as in My Snippets, as every own snippet
// is) is kept and matched once: the second list's copy, as long as the snippet has not changed
// in between (the same time of its last change), is the one the first list fetched, and the
// second copy dies young. A snippet that did change keeps its own copy, matched as it is.
import * as assert from 'node:assert/strict';
import type { Page, PageRequest, Snippet } from '../../../src/api/types';
import { SnippetSearch, type SearchApi } from '../../../src/model/snippets/search/search';

const made = (i: number, content: string, at = 1_000_000 + i): Snippet => ({
  guid: `guid-${i}`,
  name: `snippet ${i}`,
  description: '',
  categories: [],
  isVisible: true,
  isPublic: false,
  userId: 2,
  createdAt: at,
  updatedAt: at,
  files: [{ guid: `file-${i}`, name: 'notes.txt', content }],
  comments: [],
});

/** Each answer a new copy, as a page the client decoded. */
function pageOf(snippets: Snippet[], request: PageRequest): Page<Snippet> {
  const start = request.start ?? 0;
  const limit = request.limit ?? 25;
  const values = structuredClone(snippets.slice(start, start + limit));
  return {
    values,
    start,
    limit,
    size: values.length,
    isLastPage: start + limit >= snippets.length,
    ...(start + limit < snippets.length ? { nextPageStart: start + limit } : {}),
  };
}

describe('Search: a snippet in two lists is kept and matched once', () => {
  const mine = Array.from({ length: 2500 }, (_, i) => made(i, i % 500 === 7 ? `the needle ${i}\n` : 'hay\n'));
  // Browse lists the same snippets, but snippet 9 was changed between the two listings.
  const browse = mine.map((s) => (s.guid === 'guid-9' ? made(9, 'a needle added later\n', 2_000_000) : s));
  let asked: string[];
  const api: SearchApi = {
    getMySnippets: async (request) => (asked.push('mine'), pageOf(mine, request ?? {})),
    browseSnippets: async (request) => (asked.push('browse'), pageOf(browse, request ?? {})),
    getStarredSnippets: async () => ({ values: [], start: 0, limit: 1000, size: 0, isLastPage: true }),
    browseUserSnippets: async () => ({ values: [], start: 0, limit: 1000, size: 0, isLastPage: true }),
  };
  const loaded = { snippetsOf: () => [], get: () => undefined, onDidChange: () => ({ dispose: () => undefined }) };

  it('keeps one copy of each unchanged snippet, and its own of a changed one', async () => {
    asked = [];
    const search = new SnippetSearch(loaded, () => api);
    const summary = await search.find('needle', { lists: ['mine', 'browse'] });
    assert.ok(asked.includes('mine') && asked.includes('browse'));
    const kept = (list: 'mine' | 'browse') => new Map(search.pages.get(list)!.snippets.map((s) => [s.guid, s]));
    const [keptMine, keptBrowse] = [kept('mine'), kept('browse')];
    assert.equal(keptMine.size, 2500);
    assert.equal(keptBrowse.size, 2500);
    for (const [guid, snippet] of keptBrowse) {
      if (guid === 'guid-9') continue;
      assert.equal(snippet, keptMine.get(guid), `${guid} is kept once`);
    }
    assert.notEqual(keptBrowse.get('guid-9'), keptMine.get('guid-9'));
    assert.equal(keptBrowse.get('guid-9')!.files[0].content, 'a needle added later\n');
    assert.equal(keptMine.get('guid-9')!.files[0].content, 'hay\n');
    // Found once each, in the first list that has them; the changed one only in Browse, as Browse has it.
    const found = summary.results.map((r) => `${r.list} ${r.snippet.guid} ${r.matches[0].text}`);
    assert.deepEqual(found, [
      'mine guid-7 the needle 7',
      'mine guid-507 the needle 507',
      'mine guid-1007 the needle 1007',
      'mine guid-1507 the needle 1507',
      'mine guid-2007 the needle 2007',
      'browse guid-9 a needle added later',
    ]);
  });
});
