// The server's secret-scanning rules are read ahead (at sign-in, at the first edit of a snippet
// file) and never on the path of a save: against the local server over real HTTP, a save whose
// scan comes while the rules are still on their way goes out at once with the built-in rules, and
// the next save's scan has the server's. The read is held by the test until the save is done: a
// save that waited for it would never finish.
import * as assert from 'node:assert/strict';
import { BitbucketClient, type Credentials } from '../../src/api';
import { ServerRules, type RulesForScan } from '../../src/model/secretScan/gate/accountServerRules';
import { loadScanRunner } from '../../src/model/secretScan/gate/scanRunner';
import type { SecretFinding } from '../../src/model/secretScan/types';
import { SnippetService } from '../../src/model/snippets/service';
import { startServer, type RunningServer } from '../server/server';
import { testWire } from '../support/testWire';

const admin: Credentials = { type: 'basic', username: 'admin', password: 'admin' };
/** Found by the demo server's rule "Acme deploy key", not by a built-in one. */
const DEPLOY_KEY = 'ACME-DEPLOY-0123456789ABCDEF01234567';

describe("the server's secret-scanning rules never delay a save", function () {
  this.timeout(20_000);
  let server: RunningServer;
  const clients: BitbucketClient[] = [];
  const client = () => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl: server.url,
      credentials: () => admin,
      retry: { retries: 0 },
    });
    clients.push(c);
    return c;
  };

  before(async () => {
    server = await startServer({ port: 0, demo: true });
  });
  after(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await server.close();
    loadScanRunner().dispose();
  });

  it("a save while the rules are on their way goes out with the built-in rules; the next one has the server's", async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const rules = new ServerRules({
      // The read waits for the test before it asks the server.
      list: async (_id, signal, list) => {
        await held;
        return client().allSecretScanningRules({ signal }, list);
      },
      log: { info: () => undefined, warn: () => undefined },
    });
    const scans: Array<RulesForScan & { findings: SecretFinding[] }> = [];
    const service = new SnippetService(client, () => 25, {
      // What the editor's gate does (src/editor/secretScan/secretGate.ts), without its dialog.
      checkOutgoing: async (outgoing) => {
        const forScan = rules.rulesForScan('admin');
        const { findings } = await loadScanRunner().scan(outgoing.texts, {
          serverRules: forScan.rules,
          allowlist: forScan.allowlist,
          ignoredRuleIds: [],
        });
        scans.push({ ...forScan, findings });
      },
    });
    service.reset({ username: 'admin', userId: 1 });

    // Signed in: the rules are asked for ahead of any save.
    const ahead = rules.rulesFor('admin');
    server.controls.clearRequests();
    await service.writes.create([{ name: 'deploy.sh', content: `KEY=${DEPLOY_KEY}\n` }], {
      name: 'first',
      description: '',
      categories: [],
    });
    const sent = server.controls.requests().map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(
      sent,
      ['POST /rest/snippets/1.0/snippets'],
      'the save went out, and the rules were not even asked for yet',
    );
    assert.equal(scans[0].late, true);
    assert.deepEqual(
      scans[0].findings.map((f) => f.ruleName).filter((n) => n === 'Acme deploy key'),
      [],
      "the server's rule was not in the first scan",
    );

    open();
    assert.equal((await ahead).rules.length, 3);
    await service.writes.create([{ name: 'deploy.sh', content: `KEY=${DEPLOY_KEY}\n` }], {
      name: 'second',
      description: '',
      categories: [],
    });
    assert.equal(scans[1].late, false);
    assert.ok(
      scans[1].findings.some((f) => f.ruleName === 'Acme deploy key'),
      scans[1].findings.map((f) => f.ruleName).join(', '),
    );
  });
});
