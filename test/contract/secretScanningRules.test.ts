// The server's global secret-scanning rules through the client, against the local server over
// real HTTP: an administrator reads them all, page by page; a plain user is refused as Bitbucket
// refuses one (401), which the scan takes as "the built-in rules alone".
import * as assert from 'node:assert/strict';
import { BitbucketClient, BitbucketError, type Credentials } from '../../src/api';
import { startServer, type RunningServer } from '../server/server';
import { testWire } from '../support/testWire';

const basic = (username: string): Credentials => ({ type: 'basic', username, password: username });

describe('secret-scanning rules of the server', () => {
  let server: RunningServer;
  const clients: BitbucketClient[] = [];
  const client = (username: string) => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => basic(username),
      retry: { baseDelayMs: 5 },
    });
    clients.push(c);
    return c;
  };

  beforeEach(async () => {
    server = await startServer({ port: 0, demo: true });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
  });

  it('an administrator reads every rule, with its Java expressions as the server keeps them', async () => {
    const rules = await client('admin').allSecretScanningRules();
    assert.deepEqual(
      rules.map((r) => [r.name, r.lineRegex, r.pathRegex]),
      [
        ['Acme deploy key', 'ACME-DEPLOY-[0-9A-F]{24}', undefined],
        ['Java keystore', undefined, '.*\\.(jks|keystore)$'],
        ['Service account password', '(?i)svc_password\\s*[=:]\\s*\\S{8,}', undefined],
      ],
    );
  });

  it('reads more rules than one page holds, each once, in pages of 100', async () => {
    const admin = client('admin');
    const base = server.url.replace(/\/$/, '');
    for (let i = 0; i < 230; i++) {
      const response = await fetch(`${base}/rest/api/latest/secret-scanning/rules`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
          'content-type': 'application/json',
          'x-atlassian-token': 'no-check',
        },
        body: JSON.stringify({ name: `rule ${String(i).padStart(3, '0')}`, lineRegex: `TOKEN${i}-[0-9]{8}` }),
      });
      assert.equal(response.status, 200, await response.text());
    }
    server.controls.clearRequests();
    const rules = await admin.allSecretScanningRules();
    assert.equal(rules.length, 233);
    assert.equal(new Set(rules.map((r) => r.id)).size, 233);
    const listed = server.controls.requests().filter((r) => r.path.endsWith('/secret-scanning/rules'));
    assert.deepEqual(
      listed.map((r) => new URLSearchParams(r.query).get('limit')),
      ['100', '100', '100'],
    );
  });

  it('a plain user is refused with 401, as Bitbucket refuses one who may not see the rules', async () => {
    try {
      await client('alice').allSecretScanningRules();
      assert.fail('expected a refusal');
    } catch (err) {
      assert.ok(err instanceof BitbucketError, String(err));
      assert.equal(err.status, 401);
      assert.equal(err.kind, 'forbidden', 'not a sign-in failure: the account stays signed in');
    }
  });
});
