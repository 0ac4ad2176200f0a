// The scan never holds the extension host: it runs in a worker thread, and the host's share is a
// few messages. A scan that outlives its deadline (here: two hundred server rules over MBs) is
// stopped there; what was found before is kept, and what was not done is named.
import * as assert from 'node:assert/strict';
import { scanTexts } from '../../../src/model/secretScan/scanTexts';
import { disposeSecretScanWorkers } from '../../../src/model/secretScan/scanWorkers';
import { compileServerRules } from '../../../src/model/secretScan/serverRuleData';
import { MAX_SCANNED_CHARS } from '../../../src/model/secretScan/textLimits';
import { GITHUB_TOKEN, pem } from './fixtures';

/** The longest time the event loop went without running a 1 ms timer: the longest synchronous stretch, and the machine's own delays. */
function lagProbe(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

/** Far below what a scan in this thread would hold it (the deadline, or hundreds of ms of regular expressions), above a loaded machine's hiccups. */
const MOST_LAG_MS = 300;

/** Each runs in linear time, but two hundred over 1 MB take tens of seconds: far past a deadline. */
const MANY_RULES = compileServerRules(
  Array.from({ length: 200 }, (_, i) => ({
    id: 100 + i,
    name: `Rule ${i}`,
    lineRegex: `(?i)(password|secret)${i}\\s*[:=]\\s*\\S{6,}`,
  })),
).rules;
const lines = 'a'.repeat(60).concat('\n').repeat(16_000);

describe('secret scan: never holds the extension host', function () {
  this.timeout(60_000);
  after(disposeSecretScanWorkers);

  it('stops a scan at the deadline, keeps what was found, names the server rules not done', async () => {
    // A worker already running: its start on a loaded machine is not part of the deadline's test.
    await scanTexts([{ label: 'warm', text: 'up' }]);
    const probe = lagProbe();
    const started = performance.now();
    const result = await scanTexts(
      [
        { label: 'a.txt', text: `${GITHUB_TOKEN}\n${lines}` },
        { label: 'b.txt', text: 'later' },
      ],
      { serverRules: MANY_RULES, deadlineMs: 1500, ruleBudgetMs: 60_000 },
    );
    const took = performance.now() - started;
    const lag = probe.stop();
    assert.deepEqual(
      result.findings.map((f) => [f.ruleId, f.label]),
      [['bitbucket-snippets/github-token', 'a.txt']],
    );
    // The built-in rules read both texts before any server rule ran: no text is left unread.
    assert.deepEqual(
      result.notScanned.filter((n) => n.reason === 'deadline'),
      [],
    );
    const rules = result.notScanned.filter((n) => n.reason === 'rule-timeout' || n.reason === 'rule-not-run');
    assert.equal(rules.length, result.notScanned.length);
    assert.ok(rules.length >= 150 && rules.length <= 200, String(rules.length));
    assert.ok(took >= 1400 && took < 1500 + 5000, `stopped at the deadline: ${took.toFixed(0)} ms`);
    assert.ok(lag < MOST_LAG_MS, `the event loop ran all along: longest stretch ${lag.toFixed(0)} ms`);
    // The worker that was stopped is not reused: the next scan gets a fresh one.
    const next = await scanTexts([{ label: 'c.txt', text: GITHUB_TOKEN }]);
    assert.equal(next.findings.length, 1);
  });

  it('scans several MB with many findings and server rules without a long stretch in this thread', async () => {
    const { rules } = compileServerRules(
      Array.from({ length: 10 }, (_, i) => ({
        id: i,
        name: `r${i}`,
        lineRegex: `(?i)(password|secret)${i}\\s*[:=]\\s*\\S{6,}`,
      })),
    );
    const line = `const value = compute(input, "${'x'.repeat(20)}"); // password3 = hunter2hunter2\n`;
    const big = line.repeat(Math.floor(MAX_SCANNED_CHARS / line.length) - 100);
    const texts = [1, 2, 3].map((i) => ({ label: `big${i}.js`, text: `${big}${pem('RSA PRIVATE KEY')}` }));
    await scanTexts([{ label: 'warm', text: 'up' }]);
    const probe = lagProbe();
    const result = await scanTexts(texts, {
      serverRules: rules,
      deadlineMs: 60_000,
      ruleBudgetMs: 60_000,
      textBudgetMs: 60_000,
    });
    const lag = probe.stop();
    assert.deepEqual(result.notScanned, []);
    assert.ok(result.findings.length > 3, String(result.findings.length));
    assert.ok(lag < MOST_LAG_MS, `longest stretch ${lag.toFixed(0)} ms`);
  });

  it('a cancel stops the scan at once: the promise rejects with the reason, the worker is ended', async () => {
    const controller = new AbortController();
    const scan = scanTexts([{ label: 'a.txt', text: lines }], {
      serverRules: MANY_RULES,
      deadlineMs: 60_000,
      ruleBudgetMs: 60_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    const started = performance.now();
    await assert.rejects(scan, { name: 'AbortError' });
    assert.ok(performance.now() - started < 5000);
    assert.equal((await scanTexts([{ label: 'b', text: GITHUB_TOKEN }])).findings.length, 1, 'the next scan runs');
  });
});
