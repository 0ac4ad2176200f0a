// Sign-in in the real editor, against the local server: each failure a user can meet gives its
// own message with the next step, and stores nothing; a token sign-in learns whose token it is.
import * as assert from 'node:assert/strict';
import type { Account } from '../../src/model/accounts/accounts';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { control } from './snippetHelpers';
import { localServerUrl, serverRequests, signInWith, testingApi } from './support';
import { closedPort } from '../support/failures';

const signIn = (args: { serverUrl: string; username?: string; password?: string; token?: string }) => signInWith(args);

describe('Sign-in failures', function () {
  this.timeout(60_000);
  let api: TestingApi;
  const accounts = () => (api.globalStateSnapshot()['bitbucketSnippets.accounts'] ?? []) as Account[];

  before(async () => {
    api = await testingApi();
  });
  afterEach(async () => {
    await control('DELETE', 'faults');
    await control('DELETE', 'failed-logins');
  });
  after(async () => {
    await signIn({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
  });

  const refused = async (args: { serverUrl: string } & Record<string, string>, message: RegExp) => {
    const before = JSON.stringify(accounts());
    await assert.rejects(signIn(args), (err: Error) => {
      assert.match(err.message, message);
      assert.ok(
        !Object.values(args).some((v) => v.startsWith('secret-') && err.message.includes(v)),
        'the message repeats a secret',
      );
      return true;
    });
    assert.equal(JSON.stringify(accounts()), before, 'a failed sign-in stores nothing');
  };

  it('a wrong password: says so, and that nothing was saved', async () => {
    await refused(
      { serverUrl: localServerUrl(), username: 'bob', password: 'secret-wrong' },
      /did not accept the user name or password\. Nothing was saved/,
    );
  });

  it('a wrong token: speaks of the token', async () => {
    await refused({ serverUrl: localServerUrl(), token: 'secret-token' }, /did not accept the access token/);
  });

  it('a server that is down: cannot reach it, check the URL and network', async () => {
    await refused(
      { serverUrl: `http://127.0.0.1:${await closedPort()}`, username: 'bob', password: 'bob' },
      /Cannot reach 127\.0\.0\.1:\d+: the connection was refused.*Check the server URL/,
    );
  });

  it("a login page of a proxy instead of the API: says it is not Bitbucket's API", async () => {
    await control('POST', 'faults', { kind: 'html-login', count: 1 });
    await refused(
      { serverUrl: localServerUrl(), username: 'bob', password: 'bob' },
      /did not answer like Bitbucket's API: .*web page/,
    );
  });

  it('a server error: says the server failed, not the password', async () => {
    await control('POST', 'faults', { kind: 'status', status: 500, count: 1 });
    await refused({ serverUrl: localServerUrl(), username: 'bob', password: 'bob' }, /server error \(HTTP 500\)/);
  });

  it('a 503 with Retry-After: 0 (Bitbucket starting or under load): retried like every other read, and the sign-in succeeds', async () => {
    await control('POST', 'faults', {
      kind: 'status',
      status: 503,
      retryAfter: 0,
      count: 1,
      method: 'GET',
      path: '/snippets',
    });
    const before = (await serverRequests()).length;
    const started = Date.now();
    await signIn({ serverUrl: localServerUrl(), username: 'bob', password: 'bob' });
    const checks = (await serverRequests())
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path.endsWith('/snippets'));
    console.log(`      sign-in after one 503: ${checks.length} requests, ${Date.now() - started} ms`);
    assert.deepEqual(
      checks.map((r) => r.status),
      [503, 200],
    );
    assert.ok(
      accounts().some((a) => a.username === 'bob' && a.serverUrl === localServerUrl()),
      'bob is signed in',
    );
  });

  it('a lasting 503: after the retries, says the server failed, not the password', async () => {
    await control('POST', 'faults', {
      kind: 'status',
      status: 503,
      retryAfter: 0,
      count: 10,
      method: 'GET',
      path: '/snippets',
    });
    const before = (await serverRequests()).length;
    await refused({ serverUrl: localServerUrl(), username: 'admin', password: 'admin' }, /server error \(HTTP 503\)/);
    const checks = (await serverRequests())
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path.endsWith('/snippets'));
    assert.deepEqual(
      checks.map((r) => r.status),
      [503, 503, 503],
      'the first try and two retries',
    );
  });

  it('a CAPTCHA lock: sends the user to the browser instead of retrying credentials', async () => {
    for (let i = 0; i < 5; i++) {
      await assert.rejects(signIn({ serverUrl: localServerUrl(), username: 'bob', password: `secret-${i}` }));
    }
    await refused(
      { serverUrl: localServerUrl(), username: 'bob', password: 'bob' },
      /wants a CAPTCHA.*Sign in once in a browser/,
    );
  });

  it('a token: the account is stored under the user the server names, without the token', async () => {
    await signIn({ serverUrl: localServerUrl(), token: 'bob-token' });
    const bob = accounts().find((a) => a.username === 'bob');
    assert.ok(bob, 'signed in as bob');
    assert.equal(bob.authType, 'token');
    assert.equal(bob.userId, 3);
    assert.ok(!JSON.stringify(api.globalStateSnapshot()).includes('bob-token'));
  });
});
