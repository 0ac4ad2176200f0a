// The report is pasted into support tickets: it must read well and hold no secret, whatever
// went right or wrong on the way (wrong and right passwords, a token, a proxy with a password).
import * as assert from 'node:assert/strict';
import type { Credentials } from '../../../src/api/http';
import { formatReport, redact, secretsOf } from '../../../src/model/connectionCheck/report';
import { runConnectionCheck } from '../../../src/model/connectionCheck/runCheck';
import { nodeRootsSource, unavailableSource } from '../../../src/model/connectionCheck/trustSources';
import { startServer, type RunningServer } from '../../server/server';
import { check, clientFactory } from './support';

describe('connection check report', function () {
  this.timeout(30_000);
  let server: RunningServer;
  before(async () => {
    server = await startServer({ port: 0 });
  });
  after(async () => {
    await server.close();
  });

  it('reads as a document: title, server, a summary table and a part per step with its next step', async () => {
    const result = await check({
      serverUrl: server.url,
      credentials: { type: 'basic', username: 'alice', password: 'alice' },
      snippetsPrefix: 'rest/wrong/1.0',
    });
    const text = formatReport(result, { versions: { Extension: '0.1.0' } });
    assert.match(text, /^# Bitbucket Snippets: connection check\n/);
    assert.ok(text.includes(`- Server: ${server.url}\n`));
    assert.ok(text.includes('- Extension: 0.1.0\n'));
    assert.ok(text.includes('1 step failed: Snippets REST prefix.'));
    assert.ok(text.includes('| Snippets REST prefix | ❌ fail | Nothing answers at rest/wrong/1.0 (HTTP 404). |'));
    assert.ok(text.includes('## TLS certificate: ⏭️ skipped'));
    assert.ok(text.includes('**Next:** The default prefix rest/snippets/1.0 answers'));
  });

  const credentialsToTry: Array<[string, Credentials]> = [
    ['a wrong password', { type: 'basic', username: 'alice', password: 'secret-wrong-Pa55' }],
    ['a right password', { type: 'basic', username: 'bob', password: 'bob' }],
    ['a token', { type: 'token', token: 'secret-token-XYZ' }],
  ];
  for (const [what, credentials] of credentialsToTry) {
    it(`holds no secret with ${what} and a proxy with a password`, async () => {
      const proxyUrl = 'http://proxy-user:proxy-Pa55word@127.0.0.1:9';
      const result = await runConnectionCheck({
        serverUrl: `http://url-user:url-Pa55word@${server.url.replace('http://', '')}`,
        credentials,
        trustSources: [unavailableSource('OS certificate store', 'not available in this build'), nodeRootsSource],
        proxy: { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } },
        repository: { projectKey: 'PROJ', repositorySlug: 'repo1' },
        hookKey: 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook',
        timeoutMs: 2000,
        makeClient: clientFactory(),
      });
      const text = formatReport(result, { credentials });
      const secrets = [...secretsOf(credentials), 'proxy-Pa55word', 'url-Pa55word', 'Authorization', 'authorization'];
      for (const secret of secrets) assert.ok(!text.includes(secret), `the report holds ${secret}:\n${text}`);
      assert.ok(text.includes('The proxy URL holds a user name and password; they are not shown here.'));
      assert.ok(text.includes('The URL contained a user name or password; they were left out'));
      // Not vacuous: the check got as far as the server and reported on it.
      assert.match(text, /## Authentication: (✅ pass|❌ fail)/);
    });
  }

  it('hides a secret that a server might echo where it is a value, not where it is part of the text', () => {
    assert.equal(redact('pw=abc123 and abc', ['abc', 'abc123']), 'pw=[hidden] and abc');
    assert.deepEqual(secretsOf({ type: 'basic', username: 'u', password: 'p' }), [
      'p',
      Buffer.from('u:p').toString('base64'),
    ]);
    assert.deepEqual(secretsOf(undefined), []);
  });
});
