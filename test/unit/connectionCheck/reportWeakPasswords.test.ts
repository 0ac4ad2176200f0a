// The report hides a password where it appears as a value (a header, a URL's user info, a quoted
// or `key=value` field), by its exact value: never as a piece of a word. A weak password ("pass",
// "a", "e", the user name itself) must neither show as a value nor give itself away by what
// the hiding does to the rest of the text ("[hidden]word", "✅ [hidden]").
import * as assert from 'node:assert/strict';
import type { Credentials } from '../../../src/api/http';
import { credentialWordsOf, formatReport, redact, secretsOf } from '../../../src/model/connectionCheck/report';
import { startServer, type RunningServer } from '../../server/server';
import { json, startScriptedServer, type ScriptedServer } from '../../support/scriptedServer';
import { check } from './support';

/** What differs between two runs of the same check: the server's port, the time and how long connecting took. */
const normalised = (report: string) =>
  report
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/Checked: \S+/g, 'Checked: <time>')
    .replace(/in \d+ ms/g, 'in <n> ms');

/** A hiding mark glued to a letter or digit: what substring redaction makes of a word. */
const GLUED = /\[hidden\][\p{L}\p{N}]|[\p{L}\p{N}]\[hidden\]/u;

async function reportWith(password: string): Promise<string> {
  const server: RunningServer = await startServer({ port: 0, passwords: { alice: password } });
  try {
    const credentials: Credentials = { type: 'basic', username: 'alice', password };
    const result = await check({
      serverUrl: server.url,
      credentials,
      repository: { projectKey: 'PROJ', repositorySlug: 'repo1' },
    });
    // Not vacuous: the password was accepted, so the report went through every step that names the user.
    assert.equal(result.steps.find((s) => s.id === 'auth')?.status, 'pass', JSON.stringify(result.steps));
    return normalised(formatReport(result, { credentials }));
  } finally {
    await server.close();
  }
}

describe('connection check report: weak passwords', function () {
  this.timeout(30_000);
  let strong: string;
  before(async () => {
    strong = await reportWith('Zq9-strong-Xv7');
  });

  for (const weak of ['pass', 'a', 'e']) {
    it(`a password of "${weak}" changes nothing in the report: it is never a value there`, async () => {
      const report = await reportWith(weak);
      assert.ok(!GLUED.test(report), `a word was cut by the hiding:\n${report}`);
      // The same report as with a strong password: the words that contain the weak one are whole.
      assert.equal(report, strong);
    });
  }

  it('a password equal to the user name: every place the user name shows as a value is hidden, and nothing else changes', async () => {
    const report = await reportWith('alice');
    assert.ok(!GLUED.test(report), report);
    assert.ok(!report.includes('alice'), `the password shows:\n${report}`);
    assert.ok(strong.includes('alice'), 'not vacuous: the user name is in the report of a strong password');
    assert.equal(report, strong.replaceAll('alice', '[hidden]'));
  });
});

describe('connection check report: a server that echoes the credentials', function () {
  this.timeout(30_000);
  let server: ScriptedServer;
  before(async () => {
    server = await startScriptedServer();
  });
  after(() => server.close());

  for (const password of ['pass', 'a', 'alice']) {
    it(`hides "${password}" where the echo makes it a value, and nowhere else`, async () => {
      const basic = Buffer.from(`alice:${password}`).toString('base64');
      const echo = [
        `Login failed: {"user": "alice", "password": "${password}"}`,
        `Authorization: Basic ${basic}`,
        `retry at http://alice:${password}@host/login?password=${password}&next=1`,
        `password=${password}; passwordless login is off`,
      ].join(' | ');
      server.script(json(500, { errors: [{ context: null, message: echo, exceptionName: 'com.example.Echo' }] }));
      const credentials: Credentials = { type: 'basic', username: 'alice', password };
      const report = formatReport(await check({ serverUrl: server.url, credentials }), { credentials });
      assert.ok(report.includes('passwordless login is off'), `not vacuous: the echo is in the report:\n${report}`);
      assert.ok(!GLUED.test(report), report);
      for (const shown of [`"${password}"`, basic, `:${password}@`, `password=${password}&`, `password=${password};`]) {
        assert.ok(!report.includes(shown), `the report shows ${shown}:\n${report}`);
      }
    });
  }
});

describe('connection check report: redact', () => {
  it('hides exact values, not pieces of words', () => {
    const credentials: Credentials = { type: 'basic', username: 'u', password: 'pass' };
    const secrets = secretsOf(credentials);
    assert.equal(
      redact('password: "pass", pass=pass&x=1, ✅ pass', secrets),
      'password: "[hidden]", pass=[hidden]&x=1, ✅ pass',
    );
    assert.equal(redact('- X-AUSERNAME: pass', secrets), '- X-AUSERNAME: [hidden]');
    assert.equal(
      redact('see https://u:pass@host/x and https://u:other@host', secrets),
      'see https://u:[hidden]@host/x and https://u:[hidden]@host',
    );
    assert.equal(
      redact(`Authorization: Basic ${Buffer.from('u:pass').toString('base64')}`, secrets),
      'Authorization: [hidden]',
    );
    assert.equal(
      redact('u:pass and u:password, (u:pass).', secrets, credentialWordsOf(credentials)),
      '[hidden] and u:password, ([hidden]).',
    );
  });
});
