import assert from 'node:assert/strict';
import type { Page, Snippet } from '../../src/api/types';
import { call, errorsOf, expectStatus, SNIPPETS, useServer } from './testClient';

const CREATE = { name: 'x', files: [{ name: 'a.txt', content: 'a' }] };

describe('local server: authentication and request checks', () => {
  const server = useServer();

  it('answers 401 "authentication failed" for missing, wrong or malformed credentials', async () => {
    for (const options of [
      { user: null },
      { user: 'alice', password: 'wrong' },
      { user: 'mallory' },
      { token: 'nope' },
    ]) {
      const result = await call(server(), 'GET', SNIPPETS, options);
      assert.equal(result.status, 401, JSON.stringify(options));
      assert.deepEqual(errorsOf(result)[0], {
        context: null,
        message: 'Authentication failed. Please check your credentials and try again.',
        exceptionName: 'com.atlassian.bitbucket.auth.IncorrectPasswordAuthenticationException',
      });
      assert.equal(result.headers.get('X-AUSERNAME'), null);
    }
    const garbled = await call(server(), 'GET', SNIPPETS, { user: null, headers: { Authorization: 'Basic !!!' } });
    assert.equal(garbled.status, 401);
  });

  it('tells "not permitted" (AuthorisationException) apart from failed authentication', async () => {
    const result = await call(server(), 'GET', '/rest/api/latest/projects/PROJ/repos/repo1/settings/hooks', {
      user: 'bob',
    });
    assert.equal(result.status, 401);
    assert.deepEqual(errorsOf(result)[0], {
      context: null,
      message: 'You are not permitted to access this resource',
      exceptionName: 'com.atlassian.bitbucket.AuthorisationException',
    });
    assert.equal(result.headers.get('X-AUSERNAME'), 'bob', 'the caller was signed in');
  });

  it('sends X-AUSERNAME and X-AUSERID on authenticated answers, errors included', async () => {
    for (const [user, id] of [
      ['admin', '1'],
      ['alice', '2'],
      ['bob', '3'],
    ]) {
      const result = await call(server(), 'GET', SNIPPETS, { user });
      assert.equal(result.headers.get('X-AUSERNAME'), user);
      assert.equal(result.headers.get('X-AUSERID'), id);
    }
    const missing = await call(server(), 'GET', `${SNIPPETS}/nope`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('X-AUSERID'), '2');
  });

  it('accepts personal access tokens as Bearer', async () => {
    const created = await expectStatus<Snippet>(200, server(), 'POST', SNIPPETS, { token: 'bob-token', body: CREATE });
    assert.equal(created.userId, 3);
    const result = await call(server(), 'GET', SNIPPETS, { token: 'bob-token' });
    assert.equal(result.headers.get('X-AUSERNAME'), 'bob');
  });

  it('refuses a non-GET without JSON content type or no-check token (403, plain XSRF check failed)', async () => {
    const refusedHeaders: Array<Record<string, string>> = [
      {},
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of refusedHeaders) {
      const result = await call(server(), 'POST', SNIPPETS, { headers, body: CREATE });
      assert.equal(result.status, 403);
      assert.equal(result.text, 'XSRF check failed');
      assert.match(result.headers.get('Content-Type') ?? '', /^text\/plain/);
    }
    const del = await call(server(), 'DELETE', `${SNIPPETS}/nope`, { headers: {} });
    assert.equal(del.status, 403);
    assert.equal((await expectStatus<Page<Snippet>>(200, server(), 'GET', SNIPPETS)).size, 0);
  });

  it('accepts a non-GET with either a JSON content type or the no-check token', async () => {
    await expectStatus(200, server(), 'POST', SNIPPETS, {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: CREATE,
    });
    await expectStatus(200, server(), 'POST', SNIPPETS, { headers: { 'X-Atlassian-Token': 'no-check' }, body: CREATE });
    await expectStatus(
      200,
      server(),
      'PUT',
      '/rest/latest/pages-settings/PROJ/repo1/enabled?refId=refs%2Fheads%2Fmain',
      {
        headers: { 'X-Atlassian-Token': 'no-check' },
      },
    );
    assert.equal((await expectStatus<Page<Snippet>>(200, server(), 'GET', SNIPPETS)).size, 2);
  });

  it('demands a CAPTCHA after 5 failed logins of one user name, until reset; tokens still work', async () => {
    for (let i = 0; i < 5; i++) {
      assert.equal((await call(server(), 'GET', SNIPPETS, { password: 'wrong' })).status, 401);
    }
    const locked = await call(server(), 'GET', SNIPPETS);
    assert.equal(locked.status, 401);
    const [error] = errorsOf(locked);
    assert.equal(error.exceptionName, 'com.atlassian.bitbucket.auth.CaptchaRequiredAuthenticationException');
    assert.match(error.message, /CAPTCHA/);
    await expectStatus(200, server(), 'GET', SNIPPETS, { token: 'alice-token' });
    await expectStatus(200, server(), 'GET', SNIPPETS, { user: 'bob' });

    server().controls.resetFailedLogins('alice');
    await expectStatus(200, server(), 'GET', SNIPPETS);
  });

  it('forgets failed logins after a successful one', async () => {
    for (let i = 0; i < 4; i++) await call(server(), 'GET', SNIPPETS, { password: 'wrong' });
    await expectStatus(200, server(), 'GET', SNIPPETS);
    for (let i = 0; i < 4; i++) await call(server(), 'GET', SNIPPETS, { password: 'wrong' });
    await expectStatus(200, server(), 'GET', SNIPPETS);
  });

  it('answers unknown REST paths with 404 and the error body, and a wrong method with 405', async () => {
    const unknown = await call(server(), 'GET', '/rest/nothing/here');
    assert.equal(unknown.status, 404);
    assert.equal(errorsOf(unknown).length, 1);
    const wrongMethod = await call(server(), 'POST', '/rest/latest/pages-settings/PROJ/repo1/enabled-for-new-tags');
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('Allow'), 'PUT, DELETE');
  });

  it('decodes each path segment once, so %2525 stays %25', async () => {
    const result = await call(server(), 'GET', `${SNIPPETS}/a%2525b`);
    assert.equal(result.status, 404);
    assert.match(errorsOf(result)[0].message, /a%25b/);
  });
});

describe('local server: context path', () => {
  const server = useServer({ contextPath: 'bitbucket/' });

  it('serves under the context path and nowhere else', async () => {
    assert.match(server().url, /^http:\/\/127\.0\.0\.1:\d+\/bitbucket$/);
    await expectStatus(200, server(), 'GET', SNIPPETS);
    const outside = await fetch(server().url.replace(/\/bitbucket$/, SNIPPETS));
    assert.equal(outside.status, 404);
    await outside.text();
  });
});
