// The client's HTTP behaviour against a scripted loopback server: headers, authentication,
// error kinds, retries, timeouts and cancellation, each reproduced exactly.
import * as assert from 'node:assert/strict';
import { BitbucketClient, BitbucketError, type ClientOptions } from '../../../src/api';
import {
  bitbucketError,
  drop,
  hang,
  json,
  startScriptedServer,
  text,
  type ScriptedServer,
} from '../../support/scriptedServer';
import { failure } from '../../support/failures';
import { testWire } from '../../support/testWire';

const PASSWORD = 's3cret-Pa55';
const TOKEN = 'tok-ABCDEF-123';
const emptyPage = { size: 0, limit: 25, isLastPage: true, values: [], start: 0 };

function assertNoSecret(err: BitbucketError): void {
  const everything = `${err.message} ${err.toLogString()} ${JSON.stringify(err)} ${err.stack}`;
  assert.ok(!everything.includes(PASSWORD), 'password leaked into the error');
  assert.ok(!everything.includes(TOKEN), 'token leaked into the error');
  assert.ok(!everything.includes(Buffer.from(`alice:${PASSWORD}`).toString('base64')), 'basic header leaked');
}

describe('API client transport', () => {
  let server: ScriptedServer;
  let client: BitbucketClient;
  const make = (extra: Partial<ClientOptions> = {}) =>
    new BitbucketClient({
      wire: testWire(),
      baseUrl: `${server.url}/bitbucket/`,
      credentials: () => ({ type: 'basic', username: 'alice', password: PASSWORD }),
      retry: { baseDelayMs: 5 },
      ...extra,
    });

  beforeEach(async () => {
    server = await startScriptedServer();
    client = make();
  });
  afterEach(async () => {
    await client.dispose();
    await server.close();
  });

  it('sends Accept on GET, and JSON content type and the XSRF header on every other method', async () => {
    server.script(
      json(200, emptyPage),
      json(200, { guid: 'c', text: 't', userId: 1, createdAt: 1, updatedAt: 1 }),
      text(204, ''),
    );
    await client.getMySnippets();
    await client.createComment('s', { text: 't' });
    await client.deleteSnippet('s');
    const [get, post, del] = server.seen;
    assert.equal(get.headers.accept, 'application/json');
    assert.equal(get.headers['x-atlassian-token'], undefined);
    for (const r of [post, del]) {
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers['x-atlassian-token'], 'no-check');
      assert.equal(r.headers.accept, 'application/json');
    }
    assert.deepEqual(JSON.parse(post.body), { text: 't' });
  });

  it('keeps the context path and encodes every segment and query value', async () => {
    server.script(json(200, { repositoryId: 1, refId: 'refs/heads/feature/a b#1', isEnabled: true }));
    await client.getPagesForRef({ projectKey: 'P R', repositorySlug: 're/po' }, 'refs/heads/feature/a b#1');
    assert.equal(
      server.seen[0].url,
      '/bitbucket/rest/latest/pages-settings/P%20R/re%2Fpo/enabled?refId=refs%2Fheads%2Ffeature%2Fa%20b%231',
    );
  });

  it('adds no stray slash when the server has no context path', async () => {
    client = make({ baseUrl: `${server.url}/` });
    server.script(json(200, emptyPage));
    await client.getMySnippets();
    assert.equal(server.seen[0].url, '/rest/snippets/1.0/snippets');
  });

  it('uses the configured app prefixes', async () => {
    client = make({ prefixes: { pages: '/rest/pages/latest/pages-settings/', snippets: 'x/snip/2.0' } });
    server.script(
      json(200, { repositoryId: 1, isEnabledForBranches: true, isEnabledForTags: false }),
      json(200, emptyPage),
    );
    await client.setPagesForNewBranches({ projectKey: 'PROJ', repositorySlug: 'r' }, true);
    await client.browseUserSnippets('bob', { start: 5, limit: 10 });
    assert.equal(server.seen[0].url, '/bitbucket/rest/pages/latest/pages-settings/PROJ/r/enabled-for-new-branches');
    assert.equal(server.seen[0].method, 'PUT');
    assert.equal(server.seen[1].url, '/bitbucket/x/snip/2.0/snippets/browse?username=bob&start=5&limit=10');
  });

  it('authenticates with Basic or with a Bearer token, asking the provider on every request', async () => {
    let creds: ClientOptions['credentials'] extends () => infer R ? R : never = {
      type: 'basic',
      username: 'alice',
      password: PASSWORD,
    };
    client = make({ credentials: () => creds });
    server.script(json(200, emptyPage));
    await client.getMySnippets();
    creds = { type: 'token', token: TOKEN };
    await client.getMySnippets();
    assert.equal(server.seen[0].headers.authorization, `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`);
    assert.equal(server.seen[1].headers.authorization, `Bearer ${TOKEN}`);
  });

  it('learns the current user from X-AUSERID', async () => {
    const users: unknown[] = [];
    client = make({ onCurrentUser: (u) => users.push(u) });
    server.script(json(200, emptyPage, { 'X-AUSERID': '2', 'X-AUSERNAME': 'alice' }));
    await client.getMySnippets();
    await client.getMySnippets();
    assert.deepEqual(users, [{ id: 2, name: 'alice' }]);
  });

  const kinds: Array<[string, Parameters<ScriptedServer['script']>[0], string]> = [
    [
      'auth',
      bitbucketError(
        401,
        'Authentication failed. Please check your credentials and try again.',
        'com.atlassian.bitbucket.auth.IncorrectPasswordAuthenticationException',
      ),
      'Authentication failed',
    ],
    [
      'forbidden',
      bitbucketError(
        401,
        'You are not permitted to access this resource',
        'com.atlassian.bitbucket.AuthorisationException',
      ),
      'not permitted',
    ],
    [
      'captcha',
      bitbucketError(401, 'CAPTCHA required', 'com.atlassian.bitbucket.auth.CaptchaRequiredAuthenticationException'),
      'CAPTCHA',
    ],
    ['forbidden', text(403, 'XSRF check failed'), 'XSRF check failed'],
    ['not-found', bitbucketError(404, 'Snippet x does not exist.'), 'does not exist'],
    ['conflict', bitbucketError(409, 'Changed meanwhile.'), 'Changed meanwhile'],
    ['validation', bitbucketError(400, 'Name is required.', null, 'name'), 'Name is required'],
    ['server', bitbucketError(500, 'NullPointerException'), 'HTTP 500'],
    ['unexpected-response', text(200, '<!DOCTYPE html><html><body><form action="/login">', 'text/html'), 'web page'],
    ['unexpected-response', text(302, '', 'text/html', { location: 'https://sso.example.com/login' }), 'web page'],
    ['unexpected-response', text(200, '{"values": [', 'application/json'), 'not valid JSON'],
    [
      'unexpected-response',
      json(200, { values: 'nope', isLastPage: true, limit: 25 }),
      'field values should be a list',
    ],
    ['unexpected-response', text(415, 'Unsupported Media Type'), 'HTTP 415'],
  ];
  for (const [kind, handler, messagePart] of kinds) {
    it(`reports ${kind} (${messagePart}) with a clear message and no credentials`, async () => {
      server.script(handler);
      const err = await failure(client.getMySnippets());
      assert.equal(err.kind, kind);
      assert.match(err.message, new RegExp(messagePart));
      assertNoSecret(err);
    });
  }

  it('keeps field errors of a validation failure', async () => {
    server.script(
      json(400, {
        errors: [
          { context: 'exe', message: 'Executable does not exist', exceptionName: null },
          { context: null, message: 'x', exceptionName: null },
        ],
      }),
    );
    const err = await failure(client.replaceHookSettings({ projectKey: 'P', repositorySlug: 'r' }, 'k', { exe: '' }));
    assert.deepEqual([...err.fields], [['exe', ['Executable does not exist']]]);
  });

  it('treats 204 on hook settings as "never configured"', async () => {
    server.script(text(204, ''));
    assert.equal(await client.getHookSettings({ projectKey: 'P', repositorySlug: 'r' }, 'a:b'), undefined);
    assert.equal(server.seen[0].url, '/bitbucket/rest/api/latest/projects/P/repos/r/settings/hooks/a%3Ab/settings');
  });

  it('retries a GET on 503, honouring Retry-After', async () => {
    server.script(
      bitbucketError(503, 'busy'),
      text(503, 'busy', 'text/plain', { 'Retry-After': '0' }),
      json(200, emptyPage),
    );
    const page = await client.getMySnippets();
    assert.equal(page.isLastPage, true);
    assert.equal(server.seen.length, 3);
  });

  it('retries a GET on a dropped connection, a bounded number of times', async () => {
    server.script(drop);
    const err = await failure(client.getMySnippets());
    assert.equal(err.kind, 'network');
    assert.equal(server.seen.length, 3, 'one try and two retries');
  });

  it('does not wait for a Retry-After longer than it allows', async () => {
    server.script(text(503, 'later', 'text/plain', { 'Retry-After': '3600' }), json(200, emptyPage));
    const err = await failure(client.getMySnippets());
    assert.equal(err.kind, 'server');
    assert.equal(err.retryAfterMs, 3_600_000);
    assert.equal(server.seen.length, 1);
  });

  it('never retries a POST: a retried create would duplicate the snippet', async () => {
    server.script(bitbucketError(503, 'busy'), json(200, {}));
    const err = await failure(client.createSnippet({ name: 'x', files: [{ name: 'a', content: 'b' }] }));
    assert.equal(err.kind, 'server');
    assert.equal(server.seen.length, 1);
  });

  it('times out a server that does not answer', async () => {
    client = make({ timeouts: { headersMs: 200 } });
    server.script(hang(5_000));
    const started = Date.now();
    const err = await failure(client.getMySnippets());
    assert.equal(err.kind, 'timeout');
    assert.ok(Date.now() - started < 3_000);
    assert.equal(server.seen.length, 1, 'timeouts are not retried');
  });

  it('cancels through an AbortSignal', async () => {
    server.script(hang(5_000));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await failure(client.getMySnippets({}, { signal: controller.signal }));
    assert.equal(err.kind, 'cancelled');
  });

  it('reports an unreachable server as a network error naming the host', async () => {
    const url = server.url;
    await server.close();
    client = make({ baseUrl: url });
    const err = await failure(client.getMySnippets());
    assert.equal(err.kind, 'network');
    assert.match(err.message, /refused/);
    assert.ok(err.message.includes(new URL(url).host));
    server = await startScriptedServer();
  });

  it('refuses a base URL with credentials in it, without echoing them', () => {
    assert.throws(
      () =>
        new BitbucketClient({
          wire: testWire(),
          baseUrl: `https://alice:${PASSWORD}@example.com`,
          credentials: () => undefined,
        }),
      (err: unknown) => err instanceof BitbucketError && err.kind === 'validation' && !err.message.includes(PASSWORD),
    );
  });
});
