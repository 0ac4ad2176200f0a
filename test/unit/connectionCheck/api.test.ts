// The steps that go through the extension's API client, against the local Bitbucket server:
// accepted and refused credentials, who the server says you are, the snippets and Pages
// prefixes, and hook settings read by an admin and by someone who is not one.
import * as assert from 'node:assert/strict';
import { startServer, type RunningServer } from '../../server/server';
import { startProxy } from '../../support/proxy';
import { runConnectionCheck } from '../../../src/model/connectionCheck/runCheck';
import { nodeRootsSource } from '../../../src/model/connectionCheck/trustSources';
import { basic, check, clientFactory, statuses, stepOf } from './support';

const repo1 = { projectKey: 'PROJ', repositorySlug: 'repo1' };

describe('connection check: the API steps against the local server', function () {
  this.timeout(30_000);
  let server: RunningServer;
  beforeEach(async () => {
    server = await startServer({ port: 0, contextPath: '/bitbucket' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('right credentials: every step passes, and the server names the user', async () => {
    const result = await check({ serverUrl: server.url, credentials: basic('admin'), repository: repo1 });
    assert.deepEqual(statuses(result), {
      url: 'pass',
      dns: 'pass',
      tcp: 'pass',
      tls: 'skipped',
      proxy: 'pass',
      auth: 'pass',
      identity: 'pass',
      snippets: 'pass',
      pages: 'pass',
      hooks: 'pass',
    });
    assert.deepEqual(stepOf(result, 'identity').details, ['X-AUSERID: 1', 'X-AUSERNAME: admin']);
    assert.match(stepOf(result, 'auth').details[0], /HTTP Basic\) for "admin"/);
    assert.match(stepOf(result, 'tls').summary, /http:\/\/: the connection is not encrypted/);
  });

  it('a token: the mode says so, and the server says whose token it is', async () => {
    const result = await check({ serverUrl: server.url, credentials: { type: 'token', token: 'alice-token' } });
    assert.equal(stepOf(result, 'auth').details[0], 'Mode: personal access token (sent as Bearer).');
    assert.equal(stepOf(result, 'identity').summary, 'User "alice", id 2.');
  });

  it('wrong credentials (401): authentication fails and the later API steps are skipped with the reason', async () => {
    const result = await check({ serverUrl: server.url, credentials: basic('bob', 'not-bobs-password') });
    const auth = stepOf(result, 'auth');
    assert.equal(auth.status, 'fail');
    assert.equal(auth.summary, 'The server refused the user name or password (HTTP 401).');
    assert.match(auth.next ?? '', /Sign in again/);
    for (const id of ['identity', 'snippets', 'pages', 'hooks'] as const) {
      assert.equal(stepOf(result, id).status, 'skipped');
      assert.equal(stepOf(result, id).summary, 'authentication failed (see above)');
    }
  });

  it('not signed in: the API steps are skipped and say to sign in', async () => {
    const result = await check({ serverUrl: server.url });
    assert.equal(stepOf(result, 'tcp').status, 'pass');
    assert.match(stepOf(result, 'auth').summary, /not signed in to this server/);
  });

  it('a wrong snippets prefix (404): names it, and that the default answers', async () => {
    const result = await check({
      serverUrl: server.url,
      credentials: basic('alice'),
      snippetsPrefix: 'rest/snippets/2.0',
    });
    const snippets = stepOf(result, 'snippets');
    assert.equal(snippets.status, 'fail');
    assert.equal(snippets.summary, 'Nothing answers at rest/snippets/2.0 (HTTP 404).');
    assert.deepEqual(snippets.details, ['rest/snippets/2.0: HTTP 404', 'rest/snippets/1.0: answers']);
    assert.match(snippets.next ?? '', /clear the "Snippets Rest Prefix" setting/);
    assert.equal(stepOf(result, 'auth').status, 'pass', 'the server named alice on the 404');
  });

  it('a server URL without its context path: the snippets path is not found', async () => {
    const result = await check({ serverUrl: server.url.replace(/\/bitbucket$/, ''), credentials: basic('alice') });
    assert.equal(stepOf(result, 'snippets').status, 'fail');
    assert.match(stepOf(result, 'snippets').next ?? '', /context path/);
  });

  it('pages prefixes: both known prefixes answer; a configured one that does not is named, with the one to use', async () => {
    const ok = await check({ serverUrl: server.url, credentials: basic('alice') });
    assert.equal(stepOf(ok, 'pages').status, 'pass');
    assert.deepEqual(stepOf(ok, 'pages').details.slice(0, 2), [
      'rest/latest/pages-settings (the one the extension uses): answers',
      'rest/pages/latest/pages-settings: answers',
    ]);
    assert.match(stepOf(ok, 'pages').details[2], /No repository is known/);

    const wrong = await check({
      serverUrl: server.url,
      credentials: basic('alice'),
      pagesPrefix: 'rest/nope/pages-settings',
      repository: repo1,
    });
    const pages = stepOf(wrong, 'pages');
    assert.equal(pages.status, 'fail');
    assert.equal(pages.details[0], 'rest/nope/pages-settings (the one the extension uses): HTTP 404, nothing there');
    assert.equal(pages.details.length, 3, 'a known repository needs no probe');
    assert.equal(
      pages.next,
      'Set "Pages Rest Prefix" (bitbucketSnippets.pagesRestPrefix) to rest/latest/pages-settings.',
    );
  });

  it('hook settings: a non-admin on a healthy server has a limit, not a failure; no repository means skipped', async () => {
    const alice = await check({ serverUrl: server.url, credentials: basic('alice'), repository: repo1 });
    const hooks = stepOf(alice, 'hooks');
    assert.equal(hooks.status, 'limit');
    assert.equal(
      hooks.summary,
      '"alice" is not a repository admin of PROJ/repo1 (HTTP 401): not needed unless you change hooks.',
    );
    assert.match(hooks.next ?? '', /To change hooks, ask a project or repository admin/);
    assert.deepEqual(
      alice.steps.filter((s) => s.status === 'fail'),
      [],
      'nothing failed',
    );

    const none = await check({ serverUrl: server.url, credentials: basic('alice') });
    assert.equal(stepOf(none, 'hooks').status, 'skipped');
    assert.match(stepOf(none, 'hooks').summary, /No repository on this server is known/);
  });

  it('a pasted page URL: offers the base URL and checks that one', async () => {
    const result = await check({
      serverUrl: `${server.url}/projects/PROJ/repos/repo1/browse?at=main`,
      credentials: basic('alice'),
    });
    const url = stepOf(result, 'url');
    assert.equal(url.status, 'fail');
    assert.equal(url.next, `Use ${server.url} as the server URL (the "Server Url" setting, or sign in again).`);
    assert.equal(result.target, server.url);
    assert.equal(stepOf(result, 'snippets').status, 'pass');
  });

  it('through a proxy: DNS and TCP reach the proxy, the proxy is named without its credentials, and the API answers through it', async () => {
    const proxy = await startProxy();
    try {
      const withCredentials = proxy.url.replace('http://', 'http://proxyuser:proxy-secret@');
      const result = await runConnectionCheck({
        serverUrl: server.url,
        credentials: basic('alice'),
        trustSources: [nodeRootsSource],
        proxy: { setting: withCredentials, env: {} },
        hookKey: 'k',
        timeoutMs: 2000,
        makeClient: clientFactory({ proxy: { httpProxy: withCredentials, httpsProxy: withCredentials } }),
      });
      const step = stepOf(result, 'proxy');
      assert.equal(step.status, 'pass');
      assert.equal(step.summary, `Through ${proxy.url} (http.proxy).`);
      assert.ok(step.details.includes('The proxy URL holds a user name and password; they are not shown here.'));
      assert.match(stepOf(result, 'dns').summary, /^the proxy host 127\.0\.0\.1 resolves/);
      assert.equal(stepOf(result, 'snippets').status, 'pass');
      assert.ok(
        proxy.seen.length > 0 && proxy.seen.every((line) => line.includes(`127.0.0.1:${server.port}`)),
        proxy.seen.join('\n'),
      );
      assert.ok(!JSON.stringify(result).includes('proxy-secret'));
    } finally {
      await proxy.close();
    }
  });
});
