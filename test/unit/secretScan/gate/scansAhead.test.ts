// A scan started ahead of a send is used only for a check of exactly the same inputs: any text's
// label, path, text or previous text, any server or allowlist rule, or the ignored rules differing
// makes the check scan on its own. A scan ahead that is ended is stopped and forgotten.
import * as assert from 'node:assert/strict';
import { ScansAhead, sameScan, type ScanInputs } from '../../../../src/model/secretScan/gate/scansAhead';
import type { ScanResult } from '../../../../src/model/secretScan/types';

const rule = { ruleId: 'bitbucket-server/1', name: 'Acme', lineRegex: 'ACME-[0-9]+' };
const result = (): ScanResult => ({ findings: [], notScanned: [] });
const base: ScanInputs = {
  texts: [
    { label: 'a.txt', path: 'a.txt', text: 'one', previous: 'zero' },
    { label: 'snippet name', text: 'S' },
  ],
  serverRules: [rule],
  allowlist: [{ ruleId: 'bitbucket-server-allowlist/2', name: 'Tests', pathRegex: 'test/' }],
  ignoredRuleIds: ['generic-password'],
};

describe('scans ahead of a send (ScansAhead)', () => {
  it('the same inputs, in new objects, are the same scan; a source to open is not part of it', () => {
    const copy: ScanInputs = JSON.parse(JSON.stringify(base)) as ScanInputs;
    assert.ok(sameScan(base, copy));
    const withSource = { ...copy, texts: [{ ...copy.texts[0], source: { uri: 'file:///a', line: 3 } }, copy.texts[1]] };
    assert.ok(sameScan(base, withSource));
  });

  const changes: Array<[string, (i: ScanInputs) => ScanInputs]> = [
    ['a text', (i) => ({ ...i, texts: [{ ...i.texts[0], text: 'one ' }, i.texts[1]] })],
    ["a text's previous text", (i) => ({ ...i, texts: [{ ...i.texts[0], previous: 'zero.' }, i.texts[1]] })],
    ['no previous text', (i) => ({ ...i, texts: [{ label: 'a.txt', path: 'a.txt', text: 'one' }, i.texts[1]] })],
    ['a label', (i) => ({ ...i, texts: [{ ...i.texts[0], label: 'b.txt' }, i.texts[1]] })],
    ['a path', (i) => ({ ...i, texts: [{ ...i.texts[0], path: 'b.txt' }, i.texts[1]] })],
    ['the order of the texts', (i) => ({ ...i, texts: [i.texts[1], i.texts[0]] })],
    ['one text fewer', (i) => ({ ...i, texts: [i.texts[0]] })],
    ["a server rule's expression", (i) => ({ ...i, serverRules: [{ ...rule, lineRegex: 'ACME-[0-9]*' }] })],
    ["a server rule's name", (i) => ({ ...i, serverRules: [{ ...rule, name: 'Acme 2' }] })],
    ['a server rule more', (i) => ({ ...i, serverRules: [rule, { ...rule, ruleId: 'bitbucket-server/3' }] })],
    ['no allowlist', (i) => ({ ...i, allowlist: [] })],
    ['the ignored rules', (i) => ({ ...i, ignoredRuleIds: [] })],
  ];
  for (const [what, change] of changes) {
    it(`${what} differing is another scan`, () => assert.ok(!sameScan(base, change(base))));
  }

  it('a check of other inputs scans on its own; the scan ahead is stopped when its send ends', async () => {
    const calls: Array<{ inputs: ScanInputs; signal?: AbortSignal }> = [];
    const result: ScanResult = { findings: [], notScanned: [] };
    const scans = new ScansAhead(async (inputs, signal) => {
      calls.push({ inputs, ...(signal ? { signal } : {}) });
      return result;
    });
    const end = scans.start(base);
    await scans.scan({ ...base, ignoredRuleIds: [] });
    assert.equal(calls.length, 2);
    assert.equal(scans.size, 1);
    end();
    assert.equal(calls[0].signal?.aborted, true);
    assert.equal(scans.size, 0);
  });

  it('a check of other inputs waits for a small scan ahead still running, whose worker is then free for it', async () => {
    const finish: Array<(r: ScanResult) => void> = [];
    const started: string[] = [];
    const scans = new ScansAhead(
      (inputs) =>
        new Promise<ScanResult>((resolve) => {
          started.push(inputs.texts[0].text);
          finish.push(resolve);
        }),
    );
    const end = scans.start(base);
    const own = scans.scan({ ...base, texts: [{ label: 'a.txt', text: 'fresh' }] });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, ['one'], 'not while the scan ahead runs');
    finish[0]({ findings: [], notScanned: [] });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, ['one', 'fresh']);
    finish[1]({ findings: [], notScanned: [] });
    await own;
    end();
  });

  it('…but not for longer than a worker takes to start: a scan ahead that does not end is not waited for', async () => {
    const started: string[] = [];
    const scans = new ScansAhead((inputs) => {
      started.push(inputs.texts[0].text);
      return inputs.texts[0].text === 'one' ? new Promise<ScanResult>(() => undefined) : Promise.resolve(result());
    }, 0);
    const end = scans.start(base);
    await scans.scan({ ...base, texts: [{ label: 'a.txt', text: 'fresh' }] });
    assert.deepEqual(started, ['one', 'fresh']);
    end();
  });

  it('a check of the same inputs takes the scan ahead, even still running, and ending it then stops nothing', async () => {
    let finish!: (r: ScanResult) => void;
    const signals: Array<AbortSignal | undefined> = [];
    const scans = new ScansAhead((_inputs, signal) => {
      signals.push(signal);
      return new Promise<ScanResult>((resolve) => (finish = resolve));
    });
    const end = scans.start(base);
    const taken = scans.scan(JSON.parse(JSON.stringify(base)) as ScanInputs);
    const result: ScanResult = { findings: [], notScanned: [{ label: 'a.txt', reason: 'binary', scannedBytes: 0 }] };
    finish(result);
    assert.equal(await taken, result);
    end();
    assert.equal(signals.length, 1);
    assert.equal(signals[0]?.aborted, false);
    assert.equal(scans.size, 0);
  });

  it("a scan ahead keeps its own copy of the inputs: a later change to the caller's texts does not count as scanned", async () => {
    const calls: ScanInputs[] = [];
    const scans = new ScansAhead(async (inputs) => {
      calls.push(inputs);
      return { findings: [], notScanned: [] };
    });
    const texts = [{ label: 'a.txt', text: 'one' }];
    const end = scans.start({ ...base, texts });
    texts[0].text = 'one ghp_secret';
    await scans.scan({ ...base, texts: [{ label: 'a.txt', text: 'one ghp_secret' }] });
    assert.equal(calls.length, 2);
    end();
  });
});
