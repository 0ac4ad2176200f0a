// The check before sending (the secret scan's seam) against the local server over real HTTP:
// every create, update and comment passes what it is about to send through it, only what is new
// against the server's copy, and a declined send sends nothing at all.
import * as assert from 'node:assert/strict';
import { BitbucketClient } from '../../../src/api/client';
import {
  withCategoryAdded,
  withDetails,
  withFileContent,
  withFileRenamed,
  withFileDeleted,
} from '../../../src/model/snippets/edits';
import { SendDeclinedError, type Outgoing } from '../../../src/model/snippets/outgoing';
import { SnippetService } from '../../../src/model/snippets/service';
import { startServer, type RunningServer } from '../../server/server';

describe('the check before sending snippet text (SnippetService, checkOutgoing)', () => {
  let server: RunningServer;
  const clients: BitbucketClient[] = [];
  let seen: Outgoing[];
  let decline: boolean;

  const service = () => {
    const client = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    clients.push(client);
    const s = new SnippetService(
      () => client,
      () => 25,
      {
        checkOutgoing: async (outgoing) => {
          seen.push(outgoing);
          if (decline) throw new SendDeclinedError(false);
        },
      },
    );
    s.reset({ username: 'alice', userId: 2 });
    return s;
  };
  const writes = () =>
    server.controls
      .requests()
      .filter((r) => r.method !== 'GET')
      .map((r) => r.method);
  const texts = () => seen.flatMap((o) => o.texts.map((t) => [t.label, t.text, t.previous]));

  beforeEach(async () => {
    server = await startServer({ port: 0 });
    seen = [];
    decline = false;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
  });

  it('a create: the name, description, each file name and text, with where the text came from; declined, nothing is sent', async () => {
    const s = service();
    decline = true;
    const files = [
      { name: 'deploy.sh', content: 'curl -u ci:hunter2 …', source: { uri: 'file:///w/deploy.sh', line: 4 } },
    ];
    await assert.rejects(
      s.writes.create(files, { name: 'Deploy', description: 'how we deploy', categories: [] }),
      SendDeclinedError,
    );
    assert.deepEqual(writes(), []);
    assert.deepEqual(texts(), [
      ['snippet name', 'Deploy', undefined],
      ['description', 'how we deploy', undefined],
      ['name of file deploy.sh', 'deploy.sh', undefined],
      ['deploy.sh', 'curl -u ci:hunter2 …', undefined],
    ]);
    assert.deepEqual(seen[0].texts[3].source, { uri: 'file:///w/deploy.sh', line: 4 });
    decline = false;
    await s.writes.create(files, { name: 'Deploy', description: '', categories: [] });
    assert.deepEqual(writes(), ['POST']);
  });

  it("a save: only the changed file, with the server's text it replaces; declined, no PUT and the store keeps the server's copy", async () => {
    const s = service();
    const { snippet } = await s.writes.create(
      [
        { name: 'a.txt', content: 'one' },
        { name: 'b.txt', content: 'two' },
      ],
      { name: 'S', description: '', categories: [] },
    );
    seen = [];
    server.controls.clearRequests();
    decline = true;
    await assert.rejects(
      s.writes.update(snippet.guid, (fresh) => withFileContent(fresh, 'b.txt', 'two\npassword=x')),
      SendDeclinedError,
    );
    assert.deepEqual(writes(), []);
    assert.deepEqual(texts(), [['b.txt', 'two\npassword=x', 'two']]);
    assert.equal(seen[0].snippet.guid, snippet.guid);
    assert.equal(s.store.get(snippet.guid)?.files.find((f) => f.name === 'b.txt')?.content, 'two');
  });

  it('a rename sends the new name only (the text is on the server already); a delete of a file asks nothing', async () => {
    const s = service();
    const { snippet } = await s.writes.create(
      [
        { name: 'a.txt', content: 'one' },
        { name: 'b.txt', content: 'two' },
      ],
      { name: 'S', description: '', categories: [] },
    );
    seen = [];
    await s.writes.update(snippet.guid, (fresh) => withFileRenamed(fresh, 'a.txt', 'token-ghp_x.txt'));
    assert.deepEqual(texts(), [['name of file token-ghp_x.txt', 'token-ghp_x.txt', undefined]]);
    seen = [];
    await s.writes.update(snippet.guid, (fresh) => withFileDeleted(fresh, 'b.txt'));
    assert.deepEqual(seen, []);
  });

  it("category names are texts like names: a create's, Edit Details' new ones and a drop's on a category; declined, nothing is sent", async () => {
    const s = service();
    decline = true;
    await assert.rejects(
      s.writes.create([{ name: 'a.txt', content: 'one' }], {
        name: 'S',
        description: '',
        categories: ['ops', 'token-ghp_x'],
      }),
      SendDeclinedError,
    );
    assert.deepEqual(writes(), []);
    assert.deepEqual(
      texts().filter(([label]) => label?.startsWith('category')),
      [
        ['category ops', 'ops', undefined],
        ['category token-ghp_x', 'token-ghp_x', undefined],
      ],
    );
    decline = false;
    const { snippet } = await s.writes.create([{ name: 'a.txt', content: 'one' }], {
      name: 'S',
      description: '',
      categories: ['ops'],
    });
    seen = [];
    await s.writes.update(snippet.guid, (fresh) =>
      withDetails(fresh, { name: 'S', description: '', categories: ['ops', 'deploy-ghp_y'] }),
    );
    assert.deepEqual(
      texts(),
      [['category deploy-ghp_y', 'deploy-ghp_y', undefined]],
      'only the category the snippet does not have',
    );
    seen = [];
    server.controls.clearRequests();
    decline = true;
    await assert.rejects(
      s.writes.update(snippet.guid, (fresh) => withCategoryAdded(fresh, 'dropped-ghp_z')),
      SendDeclinedError,
    );
    assert.deepEqual(texts(), [['category dropped-ghp_z', 'dropped-ghp_z', undefined]]);
    assert.deepEqual(writes(), []);
  });

  it('a comment, and an edit of one with the text it replaces; declined, nothing is sent', async () => {
    const s = service();
    const { snippet } = await s.writes.create([{ name: 'a.txt', content: 'one' }], {
      name: 'S',
      description: '',
      categories: [],
    });
    await s.store.fetch(snippet.guid);
    seen = [];
    const comment = await s.comments.add(snippet.guid, 'first');
    await s.comments.edit(snippet.guid, comment.guid, 'second');
    assert.deepEqual(texts(), [
      ['comment', 'first', undefined],
      ['comment', 'second', 'first'],
    ]);
    server.controls.clearRequests();
    decline = true;
    await assert.rejects(s.comments.add(snippet.guid, 'my token is …'), SendDeclinedError);
    assert.deepEqual(writes(), []);
  });
});
