// The scan before sending with the server's own rules, against the local server over real HTTP:
// an administrator's scan adds the server's rules (Java expressions run with re2js, RE2/J's
// engine, a path-only rule too); a plain user's scan has the built-in rules alone, and the log says so once.
import * as assert from 'node:assert/strict';
import { BitbucketClient, type Credentials } from '../../src/api';
import { ServerRules } from '../../src/model/secretScan/gate/accountServerRules';
import { loadScanRunner } from '../../src/model/secretScan/gate/scanRunner';
import { startServer, type RunningServer } from '../server/server';
import { testWire } from '../support/testWire';

const basic = (username: string): Credentials => ({ type: 'basic', username, password: username });
const DEPLOY_KEY = 'ACME-DEPLOY-0123456789ABCDEF01234567';
const TEXTS = [
  { label: 'deploy.sh', path: 'deploy.sh', text: `#!/bin/sh\nKEY=${DEPLOY_KEY}\nSVC_PASSWORD = Wint3r-is-coming\n` },
  { label: 'release.jks', path: 'release.jks', text: 'not really a keystore\n' },
];

describe("the scan before sending, with the server's rules", () => {
  let server: RunningServer;
  const clients: BitbucketClient[] = [];
  const lines: string[] = [];
  const rulesOf = () =>
    new ServerRules({
      list: async (user, signal, list) => {
        const c = new BitbucketClient({
          wire: testWire(),
          baseUrl: server.url,
          credentials: () => basic(user),
          retry: { baseDelayMs: 5 },
        });
        clients.push(c);
        return c.allSecretScanningRules({ signal }, list);
      },
      log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
    });

  before(async () => {
    server = await startServer({ port: 0, demo: true });
  });
  after(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
    loadScanRunner().dispose();
  });
  beforeEach(() => lines.splice(0));

  it("an administrator: the server's rules find what the built-in ones do not, by the admin's names", async () => {
    const { rules, allowlist } = await rulesOf().rulesFor('admin');
    assert.equal(rules.length, 3);
    // What the built-in rules find alone is set aside: a place is reported once, and the server's rules are the test here.
    const builtin = await loadScanRunner().scan(TEXTS, { serverRules: [], ignoredRuleIds: [] });
    const { findings } = await loadScanRunner().scan(TEXTS, {
      serverRules: rules,
      allowlist,
      ignoredRuleIds: builtin.findings.map((f) => f.ruleId),
    });
    const named = findings.map((f) => `${f.ruleName} @ ${f.label}:${f.line}`);
    assert.ok(named.includes('Acme deploy key @ deploy.sh:2'), named.join('; '));
    assert.ok(
      named.includes('Service account password @ deploy.sh:3'),
      `(?i) read as RE2/J reads it: ${named.join('; ')}`,
    );
    assert.ok(
      named.some((n) => n.startsWith('Java keystore @ release.jks')),
      `the path-only rule: ${named.join('; ')}`,
    );
    for (const f of findings) assert.ok(!f.masked.includes('0123456789'), f.masked);
    assert.match(lines.join('\n'), /rules are in force: 3 of 3/);
  });

  it('a plain user: the built-in rules alone, said once in the log', async () => {
    const rules = rulesOf();
    assert.deepEqual(await rules.rulesFor('alice'), { rules: [], allowlist: [], failed: false });
    assert.deepEqual(await rules.rulesFor('alice'), { rules: [], allowlist: [], failed: false });
    const { findings } = await loadScanRunner().scan(TEXTS, { serverRules: [], ignoredRuleIds: [] });
    assert.ok(!findings.some((f) => f.ruleName === 'Acme deploy key'));
    assert.equal(lines.length, 2);
    assert.match(lines[0], /rules cannot be read by this account \(HTTP 401\): the built-in rules alone apply/);
  });
});
