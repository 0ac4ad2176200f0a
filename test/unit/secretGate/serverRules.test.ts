// The server's secret-scanning rules for the scan before sending: read once per session and
// account; a refusal (401, 403) or a server without them (404) means the built-in rules alone,
// said once; any other failure is not remembered, and a slow server does not hold the send up.
import * as assert from 'node:assert/strict';
import { BitbucketError } from '../../../src/api/errors';
import type { SecretScanningRule } from '../../../src/api/types';
import { ServerRules } from '../../../src/model/secretGate/serverRules';

const RULE: SecretScanningRule = { id: 1, name: 'Acme deploy key', lineRegex: 'ACME-[0-9]{4}' };

function rulesWith(answer: (n: number, signal: AbortSignal) => Promise<SecretScanningRule[]>, deadlineMs?: number) {
  const asked: string[] = [];
  const lines: string[] = [];
  let n = 0;
  const rules = new ServerRules({
    list: (id, signal) => {
      asked.push(id);
      return answer(++n, signal);
    },
    log: { info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`) },
    deadlineMs,
  });
  return { rules, asked, lines };
}

describe("the server's secret-scanning rules (ServerRules)", () => {
  it('reads an account\'s rules once per session, and again after forget', async () => {
    const { rules, asked } = rulesWith(async () => [RULE]);
    const ids = async (id: string) => (await rules.rulesFor(id)).map((r) => [r.ruleId, r.name]);
    const compiled = [['bitbucket-server/1', 'Acme deploy key']];
    assert.deepEqual(await Promise.all([ids('a'), ids('a')]), [compiled, compiled]);
    assert.deepEqual(await ids('a'), compiled);
    assert.deepEqual(await ids('b'), compiled);
    assert.deepEqual(asked, ['a', 'b']);
    rules.forget('a');
    await rules.rulesFor('a');
    assert.deepEqual(asked, ['a', 'b', 'a']);
  });

  for (const status of [401, 403, 404]) {
    it(`HTTP ${status}: the built-in rules alone, said once, and not asked again this session`, async () => {
      const { rules, asked, lines } = rulesWith(async () => {
        throw new BitbucketError(status === 404 ? 'not-found' : 'forbidden', 'no', { status });
      });
      assert.deepEqual(await rules.rulesFor('a'), []);
      assert.deepEqual(await rules.rulesFor('a'), []);
      assert.equal(asked.length, 1);
      assert.equal(lines.length, 1);
      assert.match(lines[0], new RegExp(`^info .*HTTP ${status}.*built-in rules alone`));
    });
  }

  it('a server that fails otherwise: no rules this time, and the next scan asks again', async () => {
    const { rules, asked, lines } = rulesWith(async (n) => {
      if (n === 1) throw new BitbucketError('server', 'boom', { status: 500 });
      return [RULE];
    });
    assert.deepEqual(await rules.rulesFor('a'), []);
    assert.match(lines[0], /^warn .*could not be read this time/);
    assert.equal((await rules.rulesFor('a')).length, 1);
    assert.equal(asked.length, 2);
  });

  it("a rule JavaScript cannot run (Java's possessive quantifier) is skipped and named in the log once; the others stay", async () => {
    const { rules, lines } = rulesWith(async () => [RULE, { id: 2, name: 'Possessive', lineRegex: 'a++b' }]);
    assert.deepEqual((await rules.rulesFor('a')).map((r) => r.ruleId), ['bitbucket-server/1']);
    await rules.rulesFor('a');
    assert.deepEqual(lines.filter((l) => l.includes('bitbucket-server/2')).length, 1);
    assert.match(lines.join('\n'), /rule bitbucket-server\/2 \(Possessive\) is skipped: possessive-quantifier/);
    assert.match(lines.join('\n'), /in force: 1 of 2/);
  });

  it('a server that does not answer: the listing is cancelled at the deadline, and the scan goes on without it', async () => {
    const { rules } = rulesWith(
      (_n, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new BitbucketError('timeout', 'deadline', {})));
        }),
      50,
    );
    assert.deepEqual(await rules.rulesFor('a'), []);
  });
});
