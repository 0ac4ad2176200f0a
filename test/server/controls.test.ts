import assert from 'node:assert/strict';
import type { Page, Snippet, StarredEntry } from '../../src/api/types';
import type { Fault, LoggedRequest } from './controls';
import { call, errorsOf, expectStatus, SNIPPETS, useServer } from './testClient';

async function control<T = unknown>(url: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/__control/${route}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${method} /__control/${route}`);
  return (await response.json()) as T;
}

describe('local server: test controls', () => {
  const server = useServer({ demo: true, contextPath: '/bitbucket' });

  it('adds latency to /rest requests until reset', async () => {
    assert.deepEqual(await control(server().url, 'PUT', 'latency', { ms: 150 }), { ms: 150 });
    let started = Date.now();
    await expectStatus(200, server(), 'GET', `${SNIPPETS}?limit=1`);
    assert.ok(Date.now() - started >= 140, 'slowed down');
    assert.deepEqual(await control(server().url, 'DELETE', 'latency'), { ms: 0 });
    started = Date.now();
    await expectStatus(200, server(), 'GET', `${SNIPPETS}?limit=1`);
    assert.ok(Date.now() - started < 140, 'fast again');
  });

  it('lets a client give up during the latency without reporting an error of its own', async () => {
    await control(server().url, 'PUT', 'latency', { ms: 150 });
    const reported: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void reported.push(args);
    try {
      const request = fetch(`${server().url}${SNIPPETS}?limit=1`, { signal: AbortSignal.timeout(30) });
      await assert.rejects(request, { name: 'TimeoutError' });
      // The server goes on after the latency, with nobody left to answer.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expectStatus(200, server(), 'GET', `${SNIPPETS}?limit=1`);
    } finally {
      console.error = original;
      await control(server().url, 'DELETE', 'latency');
    }
    assert.deepEqual(reported, []);
  });

  it('answers a queued status fault with an error body and Retry-After, for count matching requests only', async () => {
    const fault = await control<Fault>(server().url, 'POST', 'faults', {
      kind: 'status',
      status: 503,
      retryAfter: 7,
      count: 2,
      method: 'GET',
      path: '/snippets',
    });
    assert.equal(fault.remaining, 2);
    await expectStatus(200, server(), 'GET', '/rest/latest/pages-settings/PROJ/repo1/enabled?refId=x');
    for (let i = 0; i < 2; i++) {
      const result = await call(server(), 'GET', SNIPPETS);
      assert.equal(result.status, 503);
      assert.equal(result.headers.get('Retry-After'), '7');
      assert.equal(errorsOf(result).length, 1);
    }
    await expectStatus(200, server(), 'GET', SNIPPETS);
    assert.deepEqual(await control(server().url, 'GET', 'faults'), []);
  });

  it('does not change anything when a status fault answers a write', async () => {
    server().controls.addFault({ kind: 'status', status: 500, method: 'POST' });
    const result = await call(server(), 'POST', SNIPPETS, {
      body: { name: 'x', files: [{ name: 'a', content: 'b' }] },
    });
    assert.equal(result.status, 500);
    assert.equal(
      server().state.data.snippets.some((s) => s.name === 'x'),
      false,
    );
  });

  it('drops the connection without answering', async () => {
    server().controls.addFault({ kind: 'drop' });
    await assert.rejects(call(server(), 'GET', SNIPPETS));
    await expectStatus(200, server(), 'GET', SNIPPETS);
  });

  it('answers truncated JSON', async () => {
    server().controls.addFault({ kind: 'malformed-json' });
    const result = await call(server(), 'GET', SNIPPETS);
    assert.equal(result.status, 200);
    assert.match(result.headers.get('Content-Type') ?? '', /application\/json/);
    assert.throws(() => JSON.parse(result.text));
  });

  it('answers an HTML login page', async () => {
    server().controls.addFault({ kind: 'html-login' });
    const result = await call(server(), 'GET', SNIPPETS);
    assert.equal(result.status, 200);
    assert.match(result.headers.get('Content-Type') ?? '', /^text\/html/);
    assert.match(result.text, /<html[\s\S]*log ?in/i);
  });

  it('lists the first snippet of a list page twice, once', async () => {
    server().controls.addFault({ kind: 'repeat-first', method: 'GET', path: '/snippets' });
    const page = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse?limit=2`);
    assert.deepEqual([page.size, page.values.length, page.values[2].guid], [3, 3, page.values[0].guid]);
    const normal = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse?limit=2`);
    assert.equal(normal.values.length, 2);
  });

  it('gives a snippet two files of one name, which the API refuses', async () => {
    const [first] = (await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}?limit=1`)).values;
    const files = [
      { name: 'a.sh', content: 'one' },
      { name: 'a.sh', content: 'two' },
    ];
    const updated = await control<Snippet>(server().url, 'PUT', `files?snippet=${first.guid}`, files);
    assert.deepEqual(
      updated.files.map((f) => [f.name, f.content]),
      [
        ['a.sh', 'one'],
        ['a.sh', 'two'],
      ],
    );
    const read = await expectStatus<Snippet>(200, server(), 'GET', `${SNIPPETS}/${first.guid}`);
    assert.deepEqual(
      read.files.map((f) => f.content),
      ['one', 'two'],
    );
    await expectStatus(400, server(), 'PUT', `${SNIPPETS}/${first.guid}`, { body: { name: first.name, files } });
  });

  it('leaves nextPageStart out of a list page', async () => {
    server().controls.addFault({ kind: 'omit-next-page-start' });
    const page = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse?limit=2`);
    assert.deepEqual([page.size, page.isLastPage, 'nextPageStart' in page], [2, false, false]);
    const normal = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}/browse?limit=2`);
    assert.equal(normal.nextPageStart, 2);
  });

  it('delays an answer longer than a client timeout', async () => {
    server().controls.addFault({ kind: 'delay', ms: 2000 });
    const started = Date.now();
    await assert.rejects(
      fetch(`${server().url}${SNIPPETS}`, {
        headers: { Authorization: `Bearer alice-token` },
        signal: AbortSignal.timeout(200),
      }),
    );
    assert.ok(Date.now() - started < 1500);
  });

  it('logs /rest requests without the context path, and clears the log', async () => {
    await control(server().url, 'DELETE', 'requests');
    await call(
      server(),
      'GET',
      `/rest/latest/pages-settings/PROJ/repo1/enabled?refId=${encodeURIComponent('refs/heads/a b')}`,
      { user: 'bob' },
    );
    await call(server(), 'GET', SNIPPETS, { user: null });
    const log = await control<LoggedRequest[]>(server().url, 'GET', 'requests');
    assert.deepEqual(
      log.map(({ method, path, query, status, user }) => ({ method, path, query, status, user })),
      [
        {
          method: 'GET',
          path: '/rest/latest/pages-settings/PROJ/repo1/enabled',
          query: 'refId=refs%2Fheads%2Fa%20b',
          status: 200,
          user: 'bob',
        },
        { method: 'GET', path: SNIPPETS, query: '', status: 401, user: null },
      ],
    );
    assert.ok(log.every((r) => typeof r.at === 'number' && r.at > 0));
    assert.deepEqual(await control(server().url, 'DELETE', 'requests'), []);
    assert.deepEqual(server().controls.requests(), []);
  });

  it('stars and unstars a snippet for a user', async () => {
    const own = await expectStatus<Page<Snippet>>(200, server(), 'GET', `${SNIPPETS}?limit=1`, { user: 'admin' });
    const guid = own.values[0].guid;
    const entry = await control<StarredEntry>(server().url, 'POST', 'stars', {
      user: 'bob',
      snippetGuid: guid,
      starredAt: 4_000_000_000_000,
    });
    assert.equal(entry.snippet.guid, guid);
    const starred = await expectStatus<Page<StarredEntry>>(200, server(), 'GET', `${SNIPPETS}/starred`, {
      user: 'bob',
    });
    assert.equal(starred.values[0].snippet.guid, guid, 'the newest star comes first');
    assert.deepEqual(await control(server().url, 'DELETE', 'stars', { user: 'bob', snippetGuid: guid }), {
      removed: true,
    });
    const after = await expectStatus<Page<StarredEntry>>(200, server(), 'GET', `${SNIPPETS}/starred`, { user: 'bob' });
    assert.equal(
      after.values.some((e) => e.snippet.guid === guid),
      false,
    );
  });

  it('lifts a CAPTCHA lock over HTTP', async () => {
    for (let i = 0; i < 5; i++) await call(server(), 'GET', SNIPPETS, { user: 'bob', password: 'x' });
    assert.equal((await call(server(), 'GET', SNIPPETS, { user: 'bob' })).status, 401);
    assert.deepEqual(await control(server().url, 'DELETE', 'failed-logins?user=bob'), { reset: 'bob' });
    await expectStatus(200, server(), 'GET', SNIPPETS, { user: 'bob' });
  });

  it('refuses a bad control request with 400 and an unknown one with 404', async () => {
    const bad = await fetch(`${server().url}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'explode' }),
    });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /unknown fault kind/);
    const unknown = await fetch(`${server().url}/__control/nothing`);
    assert.equal(unknown.status, 404);
    await unknown.text();
  });
});
