// The snippets the extension knows without asking the server (src/model/snippets/knownSnippets.ts),
// which Compare with Snippet… and the patch commands offer: every signed-in account's loaded lists
// and the last search's results, from real stores.
import * as assert from 'node:assert/strict';
import type { Snippet } from '../../../src/api/types';
import { knownSnippetFiles, type KnownSnippet } from '../../../src/model/snippets/knownSnippets';
import { SnippetStore } from '../../../src/model/snippets/store';

function snippet(guid: string, updatedAt: number, files: string[]): Snippet {
  return {
    guid,
    name: `snippet ${guid}`,
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: 2,
    createdAt: 0,
    updatedAt,
    files: files.map((f, i) => ({ guid: `${guid}-${i}`, name: f, content: `${f} of ${guid}` })),
    comments: [],
  };
}

/** A store with lists loaded (as from the cache: no request). */
function storeWith(lists: Record<string, Snippet[]>): SnippetStore {
  const store = new SnippetStore(
    () => undefined,
    () => 25,
  );
  for (const [id, snippets] of Object.entries(lists)) store.seed(id as 'mine', snippets, undefined, 0);
  return store;
}

/** The accounts' services as SnippetServices answers `existing`: a service with its store, or none. */
const servicesOf = (storeOf: (accountId: string) => SnippetStore | undefined) => ({
  existing: (id: string) => {
    const store = storeOf(id);
    return store && { store };
  },
});
const searched = (...results: KnownSnippet[]) => ({ state: { results } });
const shown = (choices: ReturnType<typeof knownSnippetFiles>) =>
  choices.map((c) => `${c.accountId}/${c.snippet.guid}/${c.file.name}`);

describe('the known snippets of every account', () => {
  it("gathers each signed-in account's loaded lists and the last search, each snippet once, latest first", () => {
    const stores = new Map([
      [
        'alice@a',
        storeWith({
          mine: [snippet('m1', 5, ['deploy.sh'])],
          starred: [snippet('s1', 2, ['fix.patch']), snippet('m1', 5, ['deploy.sh'])],
        }),
      ],
      ['alice@b', storeWith({ 'user:bob': [snippet('b1', 9, ['notes.md', 'x.diff'])] })],
    ]);
    const choices = knownSnippetFiles({
      accountIds: ['alice@a', 'alice@b'],
      services: servicesOf((id) => stores.get(id)),
      lastSearch: searched(
        { accountId: 'alice@a', snippet: snippet('r1', 7, ['found.txt']) },
        { accountId: 'alice@a', snippet: snippet('s1', 3, ['fix.patch', 'more.patch']) },
      ),
    });
    assert.deepEqual(shown(choices), [
      'alice@b/b1/notes.md',
      'alice@b/b1/x.diff',
      'alice@a/r1/found.txt',
      'alice@a/m1/deploy.sh',
      'alice@a/s1/fix.patch',
      'alice@a/s1/more.patch',
    ]);
  });

  it('leaves out search results of an account no longer signed in, and asks no account without a service', () => {
    const asked: string[] = [];
    const choices = knownSnippetFiles({
      accountIds: ['alice@a', 'carol@c'],
      services: servicesOf((id) => {
        asked.push(id);
        return id === 'alice@a' ? storeWith({ mine: [snippet('m1', 1, ['a.txt'])] }) : undefined;
      }),
      lastSearch: searched(
        { accountId: 'bob@gone', snippet: snippet('g1', 99, ['gone.txt']) },
        { accountId: 'carol@c', snippet: snippet('c1', 2, ['c.txt']) },
      ),
    });
    assert.deepEqual(shown(choices), ['carol@c/c1/c.txt', 'alice@a/m1/a.txt']);
    assert.deepEqual(asked, ['alice@a', 'carol@c']);
  });

  it('knows nothing with no account signed in', () => {
    assert.deepEqual(
      knownSnippetFiles({
        accountIds: [],
        services: servicesOf(() => storeWith({ mine: [snippet('m', 1, ['a'])] })),
        lastSearch: searched({ accountId: 'a', snippet: snippet('s', 1, ['b']) }),
      }),
      [],
    );
  });
});
