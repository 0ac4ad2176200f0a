// The server's secret-scanning rules and allowlist for the scan before sending: read once per
// session and account; a refusal (401, 403) or a server without them (404) means the built-in
// rules alone (no allowlist), said once; any other failure is not remembered; a slow server does
// not hold the send up: a scan never waits for rules on their way, it goes on without them.
import * as assert from 'node:assert/strict';
import { BitbucketError } from '../../../../src/api/errors';
import type { SecretScanningRule } from '../../../../src/api/types';
import { ServerRules } from '../../../../src/model/secretScan/gate/accountServerRules';

const RULE: SecretScanningRule = { id: 1, name: 'Acme deploy key', lineRegex: 'ACME-[0-9]{4}' };
const ALLOW: SecretScanningRule = { id: 4, name: 'Examples', lineRegex: 'EXAMPLE' };

type Answer = (n: number, signal: AbortSignal) => Promise<SecretScanningRule[]>;

function rulesWith(answer: Answer, deadlineMs?: number, allowlist: Answer = async () => [ALLOW]) {
  const asked: string[] = [];
  const lines: string[] = [];
  let n = 0;
  const rules = new ServerRules({
    list: (id, signal, list) => {
      if (list === 'allowlist') return allowlist(n, signal);
      asked.push(id);
      return answer(++n, signal);
    },
    log: { info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`) },
    deadlineMs,
  });
  return { rules, asked, lines };
}

const notFound = (status: number) => async (): Promise<never> => {
  throw new BitbucketError(status === 404 ? 'not-found' : 'forbidden', 'no', { status });
};

describe("the server's secret-scanning rules (ServerRules)", () => {
  it("reads an account's rules and allowlist once per session, and again after forget", async () => {
    const { rules, asked } = rulesWith(async () => [RULE]);
    const ids = async (id: string) => {
      const both = await rules.rulesFor(id);
      return [...both.rules, ...both.allowlist].map((r) => [r.ruleId, r.name]);
    };
    const compiled = [
      ['bitbucket-server/1', 'Acme deploy key'],
      ['bitbucket-server-allowlist/4', 'Examples'],
    ];
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
      const { rules, asked, lines } = rulesWith(notFound(status), undefined, notFound(status));
      assert.deepEqual(await rules.rulesFor('a'), { rules: [], allowlist: [], failed: false });
      assert.deepEqual(await rules.rulesFor('a'), { rules: [], allowlist: [], failed: false });
      assert.equal(asked.length, 1);
      assert.equal(lines.length, 2, lines.join('\n'));
      assert.match(lines[0], new RegExp(`^info .*rules cannot be read .*HTTP ${status}.*built-in rules alone`));
      assert.match(lines[1], new RegExp(`^info .*allowlist cannot be read .*HTTP ${status}`));
    });
  }

  it('a server older than 8.5 (no allowlist, 404): its rules apply, with no allowlist', async () => {
    const { rules } = rulesWith(async () => [RULE], undefined, notFound(404));
    const both = await rules.rulesFor('a');
    assert.deepEqual([both.rules.length, both.allowlist.length], [1, 0]);
  });

  it('a server that fails otherwise: no rules this time, and the next scan asks again', async () => {
    const { rules, asked, lines } = rulesWith(async (n) => {
      if (n === 1) throw new BitbucketError('server', 'boom', { status: 500 });
      return [RULE];
    });
    const failed = await rules.rulesFor('a');
    assert.deepEqual(
      [failed.rules, failed.failed],
      [[], true],
      "the dialog is told that the server's rules were not used",
    );
    assert.match(lines[0], /^warn .*could not be read this time/);
    const read = await rules.rulesFor('a');
    assert.deepEqual([read.rules.length, read.failed], [1, false]);
    assert.equal(asked.length, 2);
  });

  it('a rule of a malformed shape is skipped and named in the log once; the others stay', async () => {
    const { rules, lines } = rulesWith(async () => [RULE, { id: 2, name: 'Empty' } as SecretScanningRule]);
    assert.deepEqual(
      (await rules.rulesFor('a')).rules.map((r) => r.ruleId),
      ['bitbucket-server/1'],
    );
    await rules.rulesFor('a');
    assert.deepEqual(lines.filter((l) => l.includes('bitbucket-server/2')).length, 1);
    assert.match(lines.join('\n'), /rule bitbucket-server\/2 \(Empty\) is skipped: no-expression/);
    assert.match(lines.join('\n'), /rules are in force: 1 of 2/);
  });

  it('a server that does not answer: the listing is cancelled at the deadline, and the scan goes on without it', async () => {
    const { rules } = rulesWith(
      (_n, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new BitbucketError('timeout', 'deadline', {})));
        }),
      50,
    );
    assert.deepEqual((await rules.rulesFor('a')).rules, []);
  });

  it('a scan never waits for rules on their way: none and late, at once; once read, the next scan has them', async () => {
    let release: (rules: SecretScanningRule[]) => void = () => undefined;
    const { rules, asked } = rulesWith(() => new Promise((resolve) => (release = resolve)));
    // Not a promise: nothing on the path of a send can wait on the server here.
    const late = rules.rulesForScan('a');
    assert.deepEqual(late, { rules: [], allowlist: [], failed: false, late: true });
    assert.deepEqual(rules.rulesForScan('a'), late, 'asked once: the read on its way is for the next scan');
    assert.deepEqual(asked, ['a']);
    release([RULE]);
    await rules.rulesFor('a');
    const ready = rules.rulesForScan('a');
    assert.deepEqual([ready.rules.length, ready.allowlist.length, ready.late], [1, 1, false]);
  });
});
