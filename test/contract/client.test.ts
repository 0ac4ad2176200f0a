// The API client against the project's local Bitbucket-compatible server, over real HTTP:
// every operation, every error kind, paging, both kinds of credentials, TLS, a proxy,
// timeouts and cancellation. These are the guarantees the views and commands build on.
import * as assert from 'node:assert/strict';
import {
  BitbucketClient,
  BitbucketError,
  type BitbucketErrorKind,
  type ClientOptions,
  type Credentials,
  type RepositoryRef,
} from '../../src/api';
import { startServer, type RunningServer } from '../server/server';
import { generateSelfSignedCertificate } from '../server/tls';
import { startProxy } from '../support/proxy';
import { HookKeys } from '../server/hookCatalog';
import { checkSettingsText, formatSettings } from '../../src/model/hooks/settingsValidator';
import { testWire } from '../support/testWire';

const EXT_PRE = HookKeys.externalPreReceive;
const EXT_MERGE = HookKeys.externalMergeCheck;
const YACC = HookKeys.yacc;
const repo1: RepositoryRef = { projectKey: 'PROJ', repositorySlug: 'repo1' };

const basic = (username: string, password = username): Credentials => ({ type: 'basic', username, password });

async function kindOf(promise: Promise<unknown>): Promise<BitbucketError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof BitbucketError) return err;
    throw err;
  }
  assert.fail('expected the call to fail');
}

describe('API client against the local Bitbucket server', function () {
  let server: RunningServer;
  const clients: BitbucketClient[] = [];
  const client = (credentials: Credentials | undefined = basic('alice'), extra: Partial<ClientOptions> = {}) => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => credentials,
      retry: { baseDelayMs: 5 },
      ...extra,
    });
    clients.push(c);
    return c;
  };

  beforeEach(async () => {
    server = await startServer({ port: 0, contextPath: '/bitbucket' });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
  });

  describe('snippets', () => {
    it("creates, reads, updates and deletes a snippet, with the spec's create defaults", async () => {
      const alice = client();
      const created = await alice.createSnippet({
        name: 'Retry helper',
        files: [{ name: 'retry.ts', content: 'export {}' }],
      });
      assert.equal(created.isVisible, true);
      assert.equal(created.isPublic, false);
      assert.deepEqual(created.comments, []);
      assert.deepEqual(created.categories, []);
      assert.equal('description' in created, false, 'no description key when none was given');

      const updated = await alice.updateSnippet(created.guid, {
        name: 'Retry helper v2',
        description: 'with backoff',
        categories: ['typescript', 'network'],
        files: [
          { name: 'retry.ts', content: 'export const retry = 1;' },
          { name: 'README.md', content: '# retry' },
        ],
      });
      assert.ok(updated.updatedAt > created.updatedAt);
      assert.notEqual(updated.files[0].guid, created.files[0].guid, 'files get new guids on update');
      assert.deepEqual(updated.categories.map((c) => c.name).sort(), ['network', 'typescript']);
      assert.deepEqual(await alice.getSnippet(created.guid), updated);

      await alice.deleteSnippet(created.guid);
      assert.equal((await kindOf(alice.getSnippet(created.guid))).kind, 'not-found');
    });

    it('creates, reads, updates and deletes a comment', async () => {
      const alice = client();
      const bob = client(basic('bob'));
      const s = await alice.createSnippet({ name: 's', files: [{ name: 'a', content: 'b' }] });
      const c = await bob.createComment(s.guid, { text: 'nice' });
      assert.equal(c.userId, 3);
      assert.deepEqual(await alice.getComment(s.guid, c.guid), c);
      const edited = await bob.updateComment(s.guid, c.guid, { text: 'very nice' });
      assert.equal(edited.text, 'very nice');
      assert.ok(edited.updatedAt >= c.updatedAt);
      assert.equal((await kindOf(alice.updateComment(s.guid, c.guid, { text: 'hijack' }))).kind, 'forbidden');
      await bob.deleteComment(s.guid, c.guid);
      assert.deepEqual((await alice.getSnippet(s.guid)).comments, []);
    });

    it("lists own, starred, browsed, one user's and a category's snippets", async () => {
      const alice = client();
      const bob = client(basic('bob'));
      const a = await alice.createSnippet({ name: 'a', files: [{ name: 'a', content: '1' }] });
      const b = await bob.createSnippet({ name: 'b', files: [{ name: 'b', content: '2' }] });
      const tagged = await bob.updateSnippet(b.guid, {
        name: 'b',
        description: '',
        categories: ['sql'],
        files: [{ name: 'b', content: '2' }],
      });
      server.controls.star('alice', b.guid);

      assert.deepEqual(
        (await alice.getMySnippets()).values.map((s) => s.guid),
        [a.guid],
      );
      const starred = await alice.getStarredSnippets();
      assert.deepEqual(
        starred.values.map((e) => e.snippet.guid),
        [b.guid],
      );
      assert.equal(starred.values[0].userId, 2);
      assert.deepEqual((await alice.browseSnippets()).values.map((s) => s.guid).sort(), [a.guid, b.guid].sort());
      assert.deepEqual(
        (await alice.browseUserSnippets('bob')).values.map((s) => s.guid),
        [b.guid],
      );
      const category = await alice.getCategorySnippets(tagged.categories[0].guid);
      assert.deepEqual(
        category.values.map((e) => e.snippet.guid),
        [b.guid],
      );
    });

    it('pages across several pages, following nextPageStart and stopping on the last page', async () => {
      const alice = client();
      for (let i = 0; i < 7; i++) {
        await alice.createSnippet({ name: `n${i}`, files: [{ name: 'f', content: String(i) }] });
      }
      server.controls.clearRequests();
      const names: string[] = [];
      for await (const s of alice.items((p) => alice.getMySnippets(p), { limit: 3 })) names.push(s.name);
      assert.equal(names.length, 7);
      assert.equal(new Set(names).size, 7);
      assert.deepEqual(
        server.controls.requests().map((r) => r.query),
        ['start=0&limit=3', 'start=3&limit=3', 'start=6&limit=3'],
      );
    });

    it('pages on when the server leaves out nextPageStart', async () => {
      const alice = client();
      for (let i = 0; i < 5; i++) {
        await alice.createSnippet({ name: `n${i}`, files: [{ name: 'f', content: String(i) }] });
      }
      server.controls.addFault({ kind: 'omit-next-page-start', count: 10 });
      let count = 0;
      for await (const _ of alice.items((p) => alice.getMySnippets(p), { limit: 2 })) count++;
      assert.equal(count, 5);
    });

    it('echoes the limit the server applied (capped at 1000)', async () => {
      const page = await client().getMySnippets({ limit: 5000 });
      assert.equal(page.limit, 1000);
    });
  });

  describe('pages', () => {
    it('reads, enables and disables publishing of a ref with an awkward name', async () => {
      const admin = client(basic('admin'));
      const ref = 'refs/heads/feature/a b#1%ü';
      assert.equal((await admin.getPagesForRef(repo1, ref)).isEnabled, false);
      const on = await admin.enablePagesForRef(repo1, ref);
      assert.deepEqual(on, { repositoryId: 1, refId: ref, isEnabled: true });
      assert.equal((await admin.getPagesForRef(repo1, ref)).isEnabled, true);
      assert.equal((await admin.disablePagesForRef(repo1, ref)).isEnabled, false);
    });

    it('switches publishing for new branches and new tags', async () => {
      const admin = client(basic('admin'));
      assert.deepEqual(await admin.setPagesForNewBranches(repo1, true), {
        repositoryId: 1,
        isEnabledForBranches: true,
        isEnabledForTags: false,
      });
      assert.deepEqual(await admin.setPagesForNewTags(repo1, true), {
        repositoryId: 1,
        isEnabledForBranches: true,
        isEnabledForTags: true,
      });
      assert.deepEqual(await admin.setPagesForNewBranches(repo1, false), {
        repositoryId: 1,
        isEnabledForBranches: false,
        isEnabledForTags: true,
      });
      assert.deepEqual(await admin.setPagesForNewTags(repo1, false), {
        repositoryId: 1,
        isEnabledForBranches: false,
        isEnabledForTags: false,
      });
    });

    it('works under the alternative REST prefix of some Pages installations', async () => {
      const admin = client(basic('admin'), { prefixes: { pages: 'rest/pages/latest/pages-settings' } });
      assert.equal((await admin.enablePagesForRef(repo1, 'refs/heads/main')).isEnabled, true);
      assert.match(server.controls.requests().at(-1)!.path, /^\/rest\/pages\/latest\/pages-settings\//);
    });

    it('reports an unknown repository as not-found', async () => {
      const err = await kindOf(
        client(basic('admin')).getPagesForRef({ projectKey: 'PROJ', repositorySlug: 'nope' }, 'refs/heads/main'),
      );
      assert.equal(err.kind, 'not-found');
      assert.match(err.message, /PROJ\/nope/);
    });
  });

  describe('users', () => {
    it('says whether a user exists with one GET of the core users API (the snippets browse answers an empty page for anyone)', async () => {
      const alice = client(basic('alice'));
      const before = server.controls.requests().length;
      assert.equal(await alice.userExists('bob'), true);
      assert.equal(await alice.userExists('Bob'), true, 'user names ignore case, as the slug is lower case');
      assert.equal(await alice.userExists('nobody'), false);
      const asked = server.controls.requests().slice(before);
      assert.deepEqual(
        asked.map((r) => r.path),
        ['/rest/api/latest/users/bob', '/rest/api/latest/users/bob', '/rest/api/latest/users/nobody'],
      );
    });

    it('cannot tell for a name whose slug it does not know, and then asks nothing', async () => {
      const before = server.controls.requests().length;
      assert.equal(await client(basic('alice')).userExists('john doe@example.com'), undefined);
      assert.equal(server.controls.requests().length, before);
    });

    it('reports a refusal as its kind, not as an unknown user', async () => {
      const err = await kindOf(client(basic('alice', 'wrong')).userExists('bob'));
      assert.equal(err.kind, 'auth');
    });
  });

  describe('branches and tags', () => {
    it('says whether a branch or tag exists by its exact full name, for any reader', async () => {
      const bob = client(basic('bob'));
      assert.equal(await bob.refExists(repo1, 'refs/heads/main'), true);
      assert.equal(await bob.refExists(repo1, 'refs/heads/release/2.0'), true);
      assert.equal(await bob.refExists(repo1, 'refs/tags/v1.0'), true);
      // Bitbucket filters by a part of the name: a part, or a branch's name as a tag, is not the ref.
      assert.equal(await bob.refExists(repo1, 'refs/heads/mai'), false);
      assert.equal(await bob.refExists(repo1, 'refs/tags/main'), false);
      assert.equal(await bob.refExists(repo1, 'refs/heads/no-such-branch'), false);
      const asked = server.controls.requests().slice(-1)[0];
      assert.match(asked.path, /\/rest\/api\/latest\/projects\/PROJ\/repos\/repo1\/branches$/);
      assert.match(asked.query, /filterText=no-such-branch/);
    });

    it('reports an unknown repository as not-found', async () => {
      const err = await kindOf(
        client(basic('admin')).refExists({ projectKey: 'PROJ', repositorySlug: 'nope' }, 'refs/heads/main'),
      );
      assert.equal(err.kind, 'not-found');
      assert.match(err.message, /PROJ\/nope/);
    });
  });

  describe('repository hooks', () => {
    it('reads settings as undefined until configured, then replaces them', async () => {
      const admin = client(basic('admin'));
      assert.equal(await admin.getHookSettings(repo1, EXT_PRE), undefined);
      const settings = { exe: '/usr/local/bin/check.sh', safe_path: true, params: 'a\nb', async: false };
      assert.deepEqual(await admin.replaceHookSettings(repo1, EXT_PRE, settings), settings);
      assert.deepEqual(await admin.getHookSettings(repo1, EXT_PRE), settings);
    });

    it('sends a 64-bit number and 1.0 byte for byte, and reads them back so (the server keeps the text, as Bitbucket keeps a long)', async () => {
      const admin = client(basic('admin'));
      const checked = checkSettingsText(
        '{"exe": "/opt/a.sh", "id": 9007199254740993, "least": -9223372036854775808, "ratio": 1.0}',
      );
      assert.ok(checked.ok);
      await admin.replaceHookSettings(repo1, EXT_PRE, checked.settings);
      assert.equal(
        server.state.hook(1, EXT_PRE).settingsText,
        '{"exe":"/opt/a.sh","id":9007199254740993,"least":-9223372036854775808,"ratio":1.0}',
      );
      assert.equal(
        formatSettings(await admin.getHookSettings(repo1, EXT_PRE)),
        '{\n  "exe": "/opt/a.sh",\n  "id": 9007199254740993,\n  "least": -9223372036854775808,\n  "ratio": 1.0\n}\n',
      );
    });

    it('enables and disables the pre-receive hook, answering the hook', async () => {
      const admin = client(basic('admin'));
      const on = await admin.enableHook(repo1, EXT_PRE);
      assert.equal(on?.enabled, true);
      assert.equal(on?.details.key, EXT_PRE);
      assert.equal((await admin.getHook(repo1, EXT_PRE)).enabled, true);
      assert.equal((await admin.disableHook(repo1, EXT_PRE))?.enabled, false);
    });

    it("lists the repository's hooks by type for a picker", async () => {
      const admin = client(basic('admin'));
      const merge = await admin.listHooks(repo1, 'PRE_PULL_REQUEST_MERGE');
      assert.ok(merge.values.some((h) => h.details.key === EXT_MERGE));
      assert.ok(merge.values.every((h) => h.details.type === 'PRE_PULL_REQUEST_MERGE'));
      const pre = await admin.listHooks(repo1, 'PRE_RECEIVE');
      assert.ok(pre.values.some((h) => h.details.key === YACC));
    });

    it('reports field errors with the field', async () => {
      const admin = client(basic('admin'));
      const err = await kindOf(admin.replaceHookSettings(repo1, EXT_MERGE, { exe: '' }));
      assert.equal(err.kind, 'validation');
      assert.ok(err.fields.has('exe'));
      const yacc = await kindOf(admin.replaceHookSettings(repo1, YACC, { commitMessageRegex: '([a-z' }));
      assert.match(yacc.fields.get('commitMessageRegex')?.[0] ?? '', /Invalid Regex/);
    });

    it('refuses a non-admin as forbidden, not as a wrong password', async () => {
      const err = await kindOf(client(basic('alice')).getHookSettings(repo1, EXT_PRE));
      assert.equal(err.kind, 'forbidden');
    });
  });

  describe('authentication and headers', () => {
    it('signs in with a personal access token as Bearer and learns who it is', async () => {
      const users: unknown[] = [];
      const c = client({ type: 'token', token: 'bob-token' }, { onCurrentUser: (u) => users.push(u) });
      await c.getMySnippets();
      assert.deepEqual(users, [{ id: 3, name: 'bob' }]);
    });

    it('gets through the XSRF check that refuses a bare POST', async () => {
      const bare = await fetch(`${server.url}/rest/snippets/1.0/snippets`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('alice:alice').toString('base64')}` },
        body: JSON.stringify({ name: 'x', files: [{ name: 'a', content: 'b' }] }),
      });
      assert.equal(bare.status, 403);
      assert.equal(await bare.text(), 'XSRF check failed');
      const made = await client().createSnippet({ name: 'x', files: [{ name: 'a', content: 'b' }] });
      assert.ok(made.guid);
    });
  });

  describe('errors', () => {
    const cases: Array<[BitbucketErrorKind, () => Promise<unknown>]> = [
      ['auth', () => client(basic('alice', 'wrong')).getMySnippets()],
      ['auth', () => client(basic('alice'), { credentials: () => undefined }).getMySnippets()],
      ['not-found', () => client().getSnippet('no-such-guid')],
      ['validation', () => client().createSnippet({ name: ' ', files: [{ name: 'a', content: 'b' }] })],
      [
        'forbidden',
        async () => {
          const s = await client(basic('bob')).createSnippet({ name: 'b', files: [{ name: 'a', content: 'b' }] });
          return client().deleteSnippet(s.guid);
        },
      ],
      ['server', () => (server.controls.addFault({ kind: 'status', status: 500, count: 3 }), client().getMySnippets())],
      ['network', () => (server.controls.addFault({ kind: 'drop', count: 3 }), client().getMySnippets())],
      ['unexpected-response', () => (server.controls.addFault({ kind: 'html-login' }), client().getMySnippets())],
      ['unexpected-response', () => (server.controls.addFault({ kind: 'malformed-json' }), client().getMySnippets())],
      [
        'timeout',
        () => (
          server.controls.addFault({ kind: 'delay', ms: 3000 }),
          client(basic('alice'), { timeouts: { headersMs: 300 } }).getMySnippets()
        ),
      ],
    ];
    for (const [kind, run] of cases) {
      it(`reports ${kind} without the password in any message`, async () => {
        const err = await kindOf(run());
        assert.equal(err.kind, kind, err.toLogString());
        assert.ok(!`${err.message}${err.toLogString()}`.includes('alice:alice'));
      });
    }

    it('names the field of a refused create', async () => {
      const err = await kindOf(
        client().createSnippet({
          name: 'x',
          files: [
            { name: 'same', content: '1' },
            { name: 'same', content: '2' },
          ],
        }),
      );
      assert.equal(err.kind, 'validation');
      assert.ok(
        [...err.fields.keys()].some((f) => f.startsWith('files')),
        err.toLogString(),
      );
    });

    it('stops retrying credentials once the server wants a CAPTCHA', async () => {
      for (let i = 0; i < 5; i++) await kindOf(client(basic('bob', 'wrong')).getMySnippets());
      const err = await kindOf(client(basic('bob')).getMySnippets());
      assert.equal(err.kind, 'captcha');
    });

    it('recovers from two 503s on a read, but never repeats a create', async () => {
      server.controls.addFault({ kind: 'status', status: 503, count: 2, method: 'GET' });
      assert.equal((await client().getMySnippets()).isLastPage, true);
      server.controls.addFault({ kind: 'status', status: 503, method: 'POST' });
      assert.equal(
        (await kindOf(client().createSnippet({ name: 'x', files: [{ name: 'a', content: 'b' }] }))).kind,
        'server',
      );
      assert.deepEqual((await client().getMySnippets()).values, [], 'no snippet was created behind the error');
    });

    it('cancels a slow request through an AbortSignal', async () => {
      server.controls.addFault({ kind: 'delay', ms: 3000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      assert.equal((await kindOf(client().getMySnippets({}, { signal: controller.signal }))).kind, 'cancelled');
    });
  });

  describe('networks', () => {
    it('trusts a self-signed server only when its CA is given, with verification on', async () => {
      const cert = await generateSelfSignedCertificate();
      const tlsServer = await startServer({ port: 0, tls: { key: cert.key, cert: cert.cert } });
      try {
        const url = tlsServer.url.replace('127.0.0.1', 'localhost');
        const untrusted = new BitbucketClient({
          wire: testWire(),
          baseUrl: url,
          credentials: () => basic('alice'),
          retry: { retries: 0 },
        });
        const err = await kindOf(untrusted.getMySnippets());
        assert.equal(err.kind, 'network');
        assert.equal(err.tlsFailure, true);
        await untrusted.dispose();
        const trusted = new BitbucketClient({
          wire: testWire(),
          baseUrl: url,
          credentials: () => basic('alice'),
          caFiles: [cert.certPath],
        });
        assert.equal((await trusted.getMySnippets()).isLastPage, true);
        await trusted.dispose();
      } finally {
        await tlsServer.close();
        await cert.remove();
      }
    });

    it('goes through an HTTP proxy, and around it for NO_PROXY hosts', async () => {
      const proxy = await startProxy();
      try {
        // The extension's own proxy settings are the undici wire's (the node wire's proxy is VS Code's: vscodeNetwork.test.ts).
        const via = client(basic('alice'), { wire: 'undici', proxy: { httpProxy: proxy.url, httpsProxy: proxy.url } });
        assert.equal((await via.getMySnippets()).isLastPage, true);
        assert.equal(proxy.seen.length, 1, proxy.seen.join(', '));
        assert.ok(proxy.seen[0].includes(String(server.port)));
        const around = client(basic('alice'), {
          wire: 'undici',
          proxy: { httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: '127.0.0.1' },
        });
        await around.getMySnippets();
        assert.equal(proxy.seen.length, 1, 'NO_PROXY host went direct');
      } finally {
        await proxy.close();
      }
    });
  });
});
