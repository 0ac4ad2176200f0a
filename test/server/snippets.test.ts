import assert from 'node:assert/strict';
import type { Comment, Page, Snippet, StarredEntry } from '../../src/api/types';
import { call, errorsOf, expectStatus, SNIPPETS, useServer } from './testClient';

const FILE = { name: 'hello.py', content: 'print("hello")\n' };

describe('local server: snippets', () => {
  const server = useServer();

  async function create(user = 'alice', body: unknown = { name: 'Hello', files: [FILE] }): Promise<Snippet> {
    return expectStatus<Snippet>(200, server(), 'POST', SNIPPETS, { user, body });
  }

  async function update(snippet: Snippet, changes: Record<string, unknown> = {}, user = 'alice'): Promise<Snippet> {
    const body = { name: snippet.name, description: 'd', categories: [], files: [FILE], ...changes };
    return expectStatus<Snippet>(200, server(), 'PUT', `${SNIPPETS}/${snippet.guid}`, { user, body });
  }

  async function ownList(user = 'alice'): Promise<Page<Snippet>> {
    return expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}?limit=1000`, { user });
  }

  describe('create', () => {
    it('answers the new snippet with a guid, defaults, file guids and no description key', async () => {
      const before = Date.now();
      const snippet = await create();
      assert.match(snippet.guid, /^[0-9a-f-]{36}$/);
      assert.equal(snippet.name, 'Hello');
      assert.equal(snippet.isVisible, true);
      assert.equal(snippet.isPublic, false);
      assert.deepEqual(snippet.comments, []);
      assert.deepEqual(snippet.categories, []);
      assert.equal('description' in snippet, false);
      assert.equal(snippet.userId, 2);
      assert.ok(snippet.createdAt >= before && snippet.createdAt === snippet.updatedAt);
      assert.equal(snippet.files.length, 1);
      assert.equal(snippet.files[0].content, FILE.content);
      assert.match(snippet.files[0].guid, /^[0-9a-f-]{36}$/);
      assert.deepEqual(await expectStatus(200, server(), 'GET', `${SNIPPETS}/${snippet.guid}`), snippet);
    });

    it('keeps a description when one is given', async () => {
      const snippet = await create('alice', { name: 'Hello', description: 'greets', files: [FILE] });
      assert.equal(snippet.description, 'greets');
    });

    const badBodies: Array<[string, unknown, string | null]> = [
      ['no name', { files: [FILE] }, 'name'],
      ['an empty name', { name: '', files: [FILE] }, 'name'],
      ['a whitespace name', { name: '  \t', files: [FILE] }, 'name'],
      ['a numeric name', { name: 42, files: [FILE] }, 'name'],
      ['no files', { name: 'x' }, 'files'],
      ['an empty file list', { name: 'x', files: [] }, 'files'],
      ['files that are not a list', { name: 'x', files: { name: 'a', content: 'b' } }, 'files'],
      ['a file that is not an object', { name: 'x', files: ['a.txt'] }, 'files[0]'],
      ['a file without content', { name: 'x', files: [{ name: 'a' }] }, 'files[0].content'],
      ['an empty file name', { name: 'x', files: [{ name: '', content: 'b' }] }, 'files[0].name'],
      ['duplicate file names', { name: 'x', files: [FILE, { ...FILE }] }, 'files[1].name'],
      ['a description that is not a string', { name: 'x', description: 3, files: [FILE] }, 'description'],
      ['a body that is not an object', [FILE], null],
    ];
    for (const [what, body, context] of badBodies) {
      it(`refuses ${what} with 400 and context ${String(context)}, changing nothing`, async () => {
        const before = await ownList();
        const result = await call(server(), 'POST', SNIPPETS, { body });
        assert.equal(result.status, 400, result.text);
        assert.deepEqual(
          errorsOf(result).map((e) => e.context),
          [context],
        );
        assert.deepEqual(await ownList(), before);
      });
    }

    it('refuses malformed JSON with 400 and a null context', async () => {
      const result = await call(server(), 'POST', SNIPPETS, { rawBody: '{"name": "x", "files": [' });
      assert.equal(result.status, 400);
      assert.equal(errorsOf(result)[0].context, null);
      assert.equal((await ownList()).size, 0);
    });

    it('reports every bad field as its own error entry', async () => {
      const result = await call(server(), 'POST', SNIPPETS, { body: { name: ' ', files: [] } });
      assert.deepEqual(
        errorsOf(result)
          .map((e) => e.context)
          .sort(),
        ['files', 'name'],
      );
    });
  });

  describe('update', () => {
    it('replaces everything, gives files new guids and moves updatedAt strictly forward', async () => {
      const snippet = await create();
      const first = await update(snippet, {
        name: 'Renamed',
        description: 'about it',
        files: [FILE, { name: 'b.txt', content: 'b' }],
      });
      const second = await update(first, { description: 'again', files: [FILE, { name: 'b.txt', content: 'b' }] });
      assert.equal(first.name, 'Renamed');
      assert.equal(first.guid, snippet.guid);
      assert.equal(first.createdAt, snippet.createdAt);
      assert.ok(first.updatedAt > snippet.updatedAt);
      assert.ok(second.updatedAt > first.updatedAt, 'two quick updates still move updatedAt');
      assert.notEqual(first.files[0].guid, snippet.files[0].guid);
      assert.notEqual(second.files[0].guid, first.files[0].guid);
      assert.deepEqual(
        second.files.map((f) => f.name),
        ['hello.py', 'b.txt'],
      );
      assert.equal(second.description, 'again');
    });

    it('gives the same category name the same guid across snippets, trimmed and case-sensitive', async () => {
      const a = await update(await create(), { categories: ['devops', 'SQL'] });
      const b = await update(await create('bob'), { categories: [' devops ', 'sql'] }, 'bob');
      assert.deepEqual(
        a.categories.map((c) => c.name),
        ['devops', 'SQL'],
      );
      assert.equal(b.categories[0].name, 'devops');
      assert.equal(b.categories[0].guid, a.categories[0].guid);
      assert.notEqual(b.categories[1].guid, a.categories[1].guid);
      const again = await update(a, { categories: ['devops'] });
      assert.equal(again.categories[0].guid, a.categories[0].guid);
    });

    it('removes the description when it is left out', async () => {
      const snippet = await update(await create(), { description: 'x' });
      const body = { name: 'n', categories: [], files: [FILE] };
      const updated = await expectStatus<Snippet>(200, server(), 'PUT', `${SNIPPETS}/${snippet.guid}`, { body });
      assert.equal('description' in updated, false);
    });

    const badUpdates: Array<[string, Record<string, unknown>, string]> = [
      ['an empty name', { name: '' }, 'name'],
      ['no files', { files: undefined }, 'files'],
      ['duplicate file names', { files: [FILE, FILE] }, 'files[1].name'],
      ['a description that is not a string', { description: ['x'] }, 'description'],
      ['categories that are not a list', { categories: 'devops' }, 'categories'],
      ['categories that are not strings', { categories: ['ok', 7] }, 'categories'],
    ];
    for (const [what, changes, context] of badUpdates) {
      it(`refuses ${what} with 400 and context ${context}, changing nothing`, async () => {
        const snippet = await create();
        const body = { name: 'n', description: 'd', categories: [], files: [FILE], ...changes };
        const result = await call(server(), 'PUT', `${SNIPPETS}/${snippet.guid}`, { body });
        assert.equal(result.status, 400, result.text);
        assert.deepEqual(
          errorsOf(result).map((e) => e.context),
          [context],
        );
        assert.deepEqual(await expectStatus(200, server(), 'GET', `${SNIPPETS}/${snippet.guid}`), snippet);
      });
    }

    it('lets only the owner update or delete (401 not permitted for others)', async () => {
      const snippet = await create();
      for (const method of ['PUT', 'DELETE']) {
        const result = await call(server(), method, `${SNIPPETS}/${snippet.guid}`, {
          user: 'bob',
          body: { name: 'x', files: [FILE] },
        });
        assert.equal(result.status, 401);
        assert.equal(errorsOf(result)[0].exceptionName, 'com.atlassian.bitbucket.AuthorisationException');
      }
      assert.deepEqual(await expectStatus(200, server(), 'GET', `${SNIPPETS}/${snippet.guid}`), snippet);
    });

    it('hides invisible snippets of others, but not from their owner', async () => {
      const snippet = await update(await create('bob'), { isVisible: false }, 'bob');
      assert.equal(snippet.isVisible, false);
      assert.equal((await call(server(), 'GET', `${SNIPPETS}/${snippet.guid}`, { user: 'alice' })).status, 404);
      await expectStatus(200, server(), 'GET', `${SNIPPETS}/${snippet.guid}`, { user: 'bob' });
      const browse = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse`, { user: 'alice' });
      assert.equal(browse.size, 0);
    });
  });

  describe('delete', () => {
    it('answers 204 without a body, then 404, and removes the stars', async () => {
      const snippet = await create('bob');
      server().controls.star('alice', snippet.guid);
      const result = await call(server(), 'DELETE', `${SNIPPETS}/${snippet.guid}`, { user: 'bob' });
      assert.equal(result.status, 204);
      assert.equal(result.text, '');
      const missing = await call(server(), 'GET', `${SNIPPETS}/${snippet.guid}`, { user: 'bob' });
      assert.equal(missing.status, 404);
      assert.equal(errorsOf(missing)[0].exceptionName, 'com.atlassian.bitbucket.NoSuchEntityException');
      assert.equal((await call(server(), 'DELETE', `${SNIPPETS}/${snippet.guid}`, { user: 'bob' })).status, 404);
      const starred = await expectStatus<Page<StarredEntry>>(200, server(), 'GET', `${SNIPPETS}/starred`);
      assert.equal(starred.size, 0);
      assert.equal(server().state.data.stars.length, 0);
    });
  });

  describe('comments', () => {
    it('are created by anyone who sees the snippet and changed only by their author', async () => {
      const snippet = await create('alice');
      const path = `${SNIPPETS}/${snippet.guid}/comments`;
      const comment = await expectStatus<Comment>(200, server(), 'POST', path, {
        user: 'bob',
        body: { text: 'Looks good' },
      });
      assert.equal(comment.userId, 3);
      assert.equal(comment.text, 'Looks good');
      assert.deepEqual(await expectStatus(200, server(), 'GET', `${path}/${comment.guid}`), comment);
      const withComment = await expectStatus<Snippet>(200, server(), 'GET', `${SNIPPETS}/${snippet.guid}`);
      assert.deepEqual(withComment.comments, [comment]);

      for (const method of ['PUT', 'DELETE']) {
        const refused = await call(server(), method, `${path}/${comment.guid}`, {
          user: 'alice',
          body: { text: 'mine now' },
        });
        assert.equal(refused.status, 401, `${method} by the snippet owner`);
        assert.equal(errorsOf(refused)[0].message, 'You are not permitted to access this resource');
      }

      const updated = await expectStatus<Comment>(200, server(), 'PUT', `${path}/${comment.guid}`, {
        user: 'bob',
        body: { text: 'Looks great' },
      });
      assert.equal(updated.text, 'Looks great');
      assert.ok(updated.updatedAt > comment.updatedAt);
      assert.equal(updated.createdAt, comment.createdAt);

      const deleted = await call(server(), 'DELETE', `${path}/${comment.guid}`, { user: 'bob' });
      assert.equal(deleted.status, 204);
      assert.equal(deleted.text, '');
      assert.equal((await call(server(), 'GET', `${path}/${comment.guid}`)).status, 404);
    });

    for (const [what, body] of [
      ['no text', {}],
      ['empty text', { text: '' }],
      ['whitespace text', { text: '   ' }],
      ['text that is not a string', { text: 5 }],
    ] as const) {
      it(`refuses a comment with ${what} (400, context text)`, async () => {
        const snippet = await create();
        const result = await call(server(), 'POST', `${SNIPPETS}/${snippet.guid}/comments`, { body });
        assert.equal(result.status, 400);
        assert.equal(errorsOf(result)[0].context, 'text');
        const after = await expectStatus<Snippet>(200, server(), 'GET', `${SNIPPETS}/${snippet.guid}`);
        assert.deepEqual(after.comments, []);
      });
    }

    it('answer 404 for unknown snippet or comment guids', async () => {
      const snippet = await create();
      assert.equal((await call(server(), 'GET', `${SNIPPETS}/${snippet.guid}/comments/nope`)).status, 404);
      assert.equal((await call(server(), 'POST', `${SNIPPETS}/nope/comments`, { body: { text: 'x' } })).status, 404);
      assert.equal(
        (await call(server(), 'PUT', `${SNIPPETS}/${snippet.guid}/comments/nope`, { body: { text: 'x' } })).status,
        404,
      );
    });
  });

  describe('listings', () => {
    it('list own snippets newest first by updatedAt', async () => {
      const a = await create('alice', { name: 'A', files: [FILE] });
      const b = await create('alice', { name: 'B', files: [FILE] });
      await create('bob');
      await update(a);
      const page = await ownList();
      assert.deepEqual(
        page.values.map((s) => s.guid),
        [a.guid, b.guid],
      );
    });

    it('pages with start and limit, nextPageStart and isLastPage, and caps the limit at 1000', async () => {
      for (let i = 0; i < 5; i++) await create();
      const first = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}?limit=2`);
      assert.deepEqual(
        [first.start, first.size, first.limit, first.isLastPage, first.nextPageStart],
        [0, 2, 2, false, 2],
      );
      const last = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}?start=4&limit=2`);
      assert.deepEqual([last.start, last.size, last.isLastPage, 'nextPageStart' in last], [4, 1, true, false]);
      const defaults = await expectStatus<Page<Snippet>>(200, server(), 'GET', SNIPPETS);
      assert.deepEqual([defaults.start, defaults.limit, defaults.size, defaults.isLastPage], [0, 25, 5, true]);
      const capped = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}?limit=5000`);
      assert.equal(capped.limit, 1000);
      const beyond = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}?start=10`);
      assert.deepEqual([beyond.size, beyond.isLastPage], [0, true]);
    });

    it('browse all visible snippets or one user, with an empty page for an unknown user', async () => {
      const mine = await create('alice');
      const bobs = await create('bob');
      const hidden = await update(await create('bob'), { isVisible: false }, 'bob');
      const all = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse`);
      assert.deepEqual(new Set(all.values.map((s) => s.guid)), new Set([mine.guid, bobs.guid]));
      const ofBob = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse?username=bob`);
      assert.deepEqual(
        ofBob.values.map((s) => s.guid),
        [bobs.guid],
      );
      const bobOwn = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse?username=bob`, {
        user: 'bob',
      });
      assert.ok(
        bobOwn.values.some((s) => s.guid === hidden.guid),
        'own invisible snippets are browsable',
      );
      const nobody = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse?username=nobody`);
      assert.deepEqual([nobody.size, nobody.values], [0, []]);
    });

    it('list starred entries of the caller, newest star first', async () => {
      const a = await create('bob');
      const b = await create('bob');
      server().controls.star('alice', a.guid, 1000);
      server().controls.star('alice', b.guid, 2000);
      server().controls.star('bob', a.guid, 3000);
      const page = await expectStatus<Page<StarredEntry>>(200, server(), 'GET', `${SNIPPETS}/starred`);
      assert.deepEqual(
        page.values.map((e) => [e.snippet.guid, e.userId, e.starredAt]),
        [
          [b.guid, 2, 2000],
          [a.guid, 2, 1000],
        ],
      );
    });

    it('list snippets of a category as entries with the owner and updatedAt', async () => {
      const tagged = await update(await create('bob'), { categories: ['devops'] }, 'bob');
      await update(await create('alice'), { categories: ['sql'] });
      const guid = tagged.categories[0].guid;
      const page = await expectStatus<Page<StarredEntry>>(200, server(), 'GET', `${SNIPPETS}/categories/${guid}`);
      assert.deepEqual(
        page.values.map((e) => [e.snippet.guid, e.userId, e.starredAt]),
        [[tagged.guid, 3, tagged.updatedAt]],
      );
      const unknown = await expectStatus<Page<StarredEntry>>(
        200,
        server(),
        'GET',
        `${SNIPPETS}/categories/no-such-guid`,
      );
      assert.equal(unknown.size, 0);
    });
  });
});
