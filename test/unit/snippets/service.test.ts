// The snippet core against the local Bitbucket server over real HTTP: who the user is, who may
// write what, and the per-snippet write queue with saves, file operations and deletes racing.
import * as assert from 'node:assert/strict';
import { BitbucketClient } from '../../../src/api/client';
import { BitbucketError } from '../../../src/api/errors';
import type { Snippet } from '../../../src/api/types';
import { withFileContent } from '../../../src/model/snippets/edits';
import { NotOwnerError, SignedOutError } from '../../../src/model/snippets/errors';
import { SnippetService, type ServiceChange } from '../../../src/model/snippets/service';
import { startServer, type RunningServer } from '../../server/server';

describe('snippet core (SnippetService) against the local server', function () {
  let server: RunningServer;
  const clients: BitbucketClient[] = [];

  const clientFor = (user: string, onUser?: (id: number, name: string | undefined) => void) => {
    const c = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: user, password: user }),
      retry: { retries: 0 },
      onCurrentUser: onUser ? (u) => onUser(u.id, u.name) : undefined,
    });
    clients.push(c);
    return c;
  };

  /** A service signed in as `user`; with `knownId` false, the user id is not told at sign-in. */
  const serviceFor = (user: string, knownId = true) => {
    let service: SnippetService | undefined = undefined;
    const client = clientFor(user, (id, name) => service?.learnCurrentUser(id, name));
    service = new SnippetService(
      () => client,
      () => 25,
    );
    const ids: Record<string, number> = { admin: 1, alice: 2, bob: 3 };
    service.reset({ username: user, userId: knownId ? ids[user] : undefined });
    return service;
  };

  const seed = async (user: string, name: string, files: Array<[string, string]> = [['a.txt', 'a']]) =>
    clientFor(user).createSnippet({ name, files: files.map(([n, content]) => ({ name: n, content })) });

  const requests = () =>
    server.controls.requests().map((r) => `${r.method} ${r.path.replace(/^\/rest\/snippets\/1\.0/, '')}`);

  beforeEach(async () => {
    server = await startServer({ port: 0 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
  });

  describe('identity', () => {
    it("knows the user id given at sign-in, and marks own and others' snippets", async () => {
      const own = await seed('alice', 'mine');
      const other = await seed('bob', 'theirs');
      const service = serviceFor('alice');
      assert.equal(service.identity.ownUserId, 2);
      assert.equal(service.mayWrite(own), true);
      assert.equal(service.mayWrite(other), false);
    });

    it('learns the user id from X-AUSERID when sign-in did not give it, and tells listeners', async () => {
      const own = await seed('alice', 'mine');
      const service = serviceFor('alice', false);
      const changes: ServiceChange[] = [];
      service.onDidChange((c) => changes.push(c));
      assert.equal(service.identity.ownUserId, undefined);
      await service.store.fetch(own.guid);
      assert.equal(service.identity.ownUserId, 2);
      assert.ok(
        changes.some((c) => c.people),
        'a change says that people were learned',
      );
    });

    it("without any id, being listed under My Snippets is what makes a snippet one's own", async () => {
      const own = await seed('alice', 'mine');
      const other = await seed('bob', 'theirs');
      const client = clientFor('alice'); // no X-AUSERID listener: the id is never learned from answers
      const service = new SnippetService(
        () => client,
        () => 25,
      );
      service.reset({ username: 'alice' });
      assert.equal(service.mayWrite(own), false, 'nothing is known yet');
      await service.ensureLoaded('mine');
      assert.equal(service.identity.ownUserId, 2, 'the owner of My Snippets is the user');
      assert.equal(service.mayWrite(own), true);
      assert.equal(service.mayWrite(other), false);
    });

    it("learns a browsed user's name from their list, and forgets everything on reset", async () => {
      await seed('bob', 'theirs');
      const service = serviceFor('alice');
      await service.ensureLoaded('user:bob');
      assert.equal(service.identity.people().names.get(3), 'bob');
      service.reset({ username: 'bob', userId: 3 });
      assert.equal(service.identity.people().names.size, 0);
      assert.equal(service.store.snippetsOf('user:bob').length, 0);
      assert.equal(service.identity.ownUserId, 3);
    });

    it('an answer about another user (a stale client) teaches nothing', () => {
      const service = serviceFor('alice', false);
      service.learnCurrentUser(3, 'bob');
      assert.equal(service.identity.ownUserId, undefined);
    });

    it('comments: only the author may edit or delete, and the refusal sends nothing', async () => {
      const snippet = await seed('alice', 'discussed');
      const bobs = await clientFor('bob').createComment(snippet.guid, { text: 'from bob' });
      const service = serviceFor('alice');
      await service.store.fetch(snippet.guid);
      assert.equal(service.identity.mayEditComment(bobs), false);
      server.controls.clearRequests();
      await assert.rejects(service.comments.edit(snippet.guid, bobs.guid, 'changed'), NotOwnerError);
      await assert.rejects(service.comments.delete(snippet.guid, bobs.guid), NotOwnerError);
      assert.deepEqual(requests(), []);
      const mine = await service.comments.add(snippet.guid, 'from alice');
      assert.equal(service.identity.mayEditComment(mine), true);
      assert.equal(service.store.get(snippet.guid)?.comments.length, 2, 'the answer is patched into the store');
    });
  });

  describe('writes', () => {
    it('an update is one fresh GET and one PUT, and keeps the other files', async () => {
      const snippet = await seed('alice', 'two files', [
        ['a.txt', 'a'],
        ['b.txt', 'b'],
      ]);
      const service = serviceFor('alice');
      server.controls.clearRequests();
      const updated = await service.writes.update(snippet.guid, (fresh) => withFileContent(fresh, 'a.txt', 'A'));
      assert.deepEqual(requests(), [`GET /snippets/${snippet.guid}`, `PUT /snippets/${snippet.guid}`]);
      assert.deepEqual(
        updated?.files.map((f) => [f.name, f.content]),
        [
          ['a.txt', 'A'],
          ['b.txt', 'b'],
        ],
      );
      assert.equal(service.store.get(snippet.guid)?.files[0].content, 'A', 'the store learns the answer');
    });

    it('two saves of different files of one snippet, started together, both survive', async () => {
      const snippet = await seed('alice', 'two files', [
        ['a.txt', 'a'],
        ['b.txt', 'b'],
      ]);
      const service = serviceFor('alice');
      server.controls.setLatency(30);
      await Promise.all([
        service.writes.update(snippet.guid, (fresh) => withFileContent(fresh, 'a.txt', 'A')),
        service.writes.update(snippet.guid, (fresh) => withFileContent(fresh, 'b.txt', 'B')),
      ]);
      // Serialised: GET PUT GET PUT, never GET GET PUT PUT.
      assert.deepEqual(
        requests()
          .filter((r) => r.includes(snippet.guid))
          .map((r) => r.split(' ')[0]),
        ['GET', 'PUT', 'GET', 'PUT'],
      );
      const onServer = await clientFor('alice').getSnippet(snippet.guid);
      assert.deepEqual(
        onServer.files.map((f) => f.content),
        ['A', 'B'],
      );
    });

    it('a rename, an added file and a save racing each other all land', async () => {
      const snippet = await seed('alice', 'busy', [
        ['a.txt', 'a'],
        ['b.txt', 'b'],
      ]);
      const service = serviceFor('alice');
      server.controls.setLatency(20);
      await Promise.all([
        service.writes.renameFile(snippet.guid, 'b.txt', 'c.txt'),
        service.writes.addFile(snippet.guid, 'd.txt', 'd'),
        service.writes.update(snippet.guid, (fresh) => withFileContent(fresh, 'a.txt', 'A')),
      ]);
      const onServer = await clientFor('alice').getSnippet(snippet.guid);
      assert.deepEqual(
        onServer.files.map((f) => [f.name, f.content]),
        [
          ['a.txt', 'A'],
          ['c.txt', 'b'],
          ['d.txt', 'd'],
        ],
      );
    });

    it('a delete waits for a save of the same snippet that is under way', async () => {
      const snippet = await seed('alice', 'doomed');
      const service = serviceFor('alice');
      await service.store.fetch(snippet.guid);
      server.controls.setLatency(40);
      server.controls.clearRequests();
      const save = service.writes.update(snippet.guid, (fresh) => withFileContent(fresh, 'a.txt', 'saved first'));
      const deleted = service.writes.deleteSnippet(snippet.guid);
      await Promise.all([save, deleted]);
      assert.deepEqual(
        requests().map((r) => r.split(' ')[0]),
        ['GET', 'PUT', 'DELETE'],
      );
      assert.equal(service.store.get(snippet.guid), undefined);
    });

    it('a save queued behind a delete fails as not found, and sends no PUT', async () => {
      const snippet = await seed('alice', 'gone soon');
      const service = serviceFor('alice');
      await service.store.fetch(snippet.guid);
      const deleted = service.writes.deleteSnippet(snippet.guid);
      const save = service.writes.update(snippet.guid, (fresh) => withFileContent(fresh, 'a.txt', 'too late'));
      await deleted;
      await assert.rejects(save, (err: unknown) => err instanceof BitbucketError && err.kind === 'not-found');
      assert.equal(requests().filter((r) => r.startsWith('PUT')).length, 0);
    });

    it("refuses to change another user's snippet before any PUT, and the store learns the fresh copy", async () => {
      const theirs = await seed('bob', 'theirs');
      const service = serviceFor('alice');
      server.controls.clearRequests();
      await assert.rejects(service.writes.addFile(theirs.guid, 'x.txt'), NotOwnerError);
      await assert.rejects(service.writes.deleteSnippet(theirs.guid), NotOwnerError);
      assert.deepEqual(
        requests().map((r) => r.split(' ')[0]),
        ['GET'],
      );
      assert.equal(service.store.get(theirs.guid)?.name, 'theirs');
    });

    it('a builder that finds nothing to send sends nothing after the GET', async () => {
      const snippet = await seed('alice', 'same');
      const service = serviceFor('alice');
      server.controls.clearRequests();
      assert.equal(await service.writes.update(snippet.guid, () => undefined), undefined);
      assert.deepEqual(
        requests().map((r) => r.split(' ')[0]),
        ['GET'],
      );
    });

    it('a failed write does not block the next one of the same snippet', async () => {
      const snippet = await seed('alice', 'resilient');
      const service = serviceFor('alice');
      server.controls.addFault({ kind: 'status', status: 500, method: 'PUT' });
      await assert.rejects(
        service.writes.addFile(snippet.guid, 'b.txt'),
        (err: unknown) => err instanceof BitbucketError && err.kind === 'server',
      );
      const updated = await service.writes.addFile(snippet.guid, 'b.txt');
      assert.deepEqual(
        updated?.files.map((f) => f.name),
        ['a.txt', 'b.txt'],
      );
    });

    it('create with details is one POST and one PUT, and the snippet joins My Snippets', async () => {
      const service = serviceFor('alice');
      await service.ensureLoaded('mine');
      server.controls.clearRequests();
      const { snippet, detailsFailed } = await service.writes.create([{ name: 'x.sh', content: 'echo' }], {
        name: 'new',
        description: 'd',
        categories: ['ops'],
      });
      assert.equal(detailsFailed, undefined);
      assert.deepEqual(
        requests().map((r) => r.split(' ')[0]),
        ['POST', 'PUT'],
      );
      assert.deepEqual(
        snippet.categories.map((c) => c.name),
        ['ops'],
      );
      assert.equal(service.store.snippetsOf('mine')[0]?.guid, snippet.guid);
      assert.equal(service.mayWrite(snippet), true);
    });

    it('signed out, every write says so without a request', async () => {
      const service = new SnippetService(
        () => undefined,
        () => 25,
      );
      await assert.rejects(service.writes.addFile('g', 'x.txt'), SignedOutError);
      await assert.rejects(service.comments.add('g', 'hi'), SignedOutError);
      await assert.rejects(service.ensureLoaded('mine'), SignedOutError);
      assert.deepEqual(server.controls.requests(), []);
    });
  });

  it('the snippet a view asks for is served from what is loaded, without a request', async () => {
    await seed('alice', 'listed');
    const service = serviceFor('alice');
    await service.ensureLoaded('mine');
    const [listed] = service.store.snippetsOf('mine') as [Snippet];
    server.controls.clearRequests();
    assert.equal((await service.snippet(listed.guid)).name, 'listed');
    assert.deepEqual(requests(), []);
  });
});
