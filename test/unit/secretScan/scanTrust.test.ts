// A scan the user can trust (issue 41): it never lets text go unscanned in silence, the built-in
// rules read every text before any server rule runs, the server's rules run as the server runs
// them (RE2/J's syntax, an engine that cannot backtrack), and no label shows more of a secret than
// its mask. Each case here was silent, wrong or whole on the main branch before.
import * as assert from 'node:assert/strict';
import { promptFor } from '../../../src/model/secretScan/gate/findingsReport';
import { scanTexts } from '../../../src/model/secretScan/scanTexts';
import { disposeSecretScanWorkers } from '../../../src/model/secretScan/scanWorkers';
import { ALLOWLIST_RULE_PREFIX, compileServerRules } from '../../../src/model/secretScan/serverRuleData';
import { MAX_SCANNED_CHARS } from '../../../src/model/secretScan/textLimits';
import { GITHUB_TOKEN, base64Like } from './fixtures';

/** Catastrophic for a backtracking engine: `(a+)+$` on a's and a b tries 2^n ways. */
const BACKTRACKS = compileServerRules([{ id: 66, name: 'Backtracks', lineRegex: '(a+)+$' }]).rules;
const backtracking = `${'a'.repeat(40)}b`;

describe('secret scan: never silent, the server rules as the server runs them, masks everywhere', function () {
  this.timeout(60_000);
  after(disposeSecretScanWorkers);
  before(async () => {
    // A worker already running: its start on a loaded machine is not part of a time measured here.
    await scanTexts([{ label: 'warm', text: 'up' }]);
  });

  it('a server rule whose backtracking would take minutes ends at once, and the whole text is scanned', async () => {
    const started = performance.now();
    const result = await scanTexts([{ label: 'a.txt', text: `${backtracking}\n`.repeat(200) }], {
      serverRules: BACKTRACKS,
      deadlineMs: 20_000,
    });
    const took = performance.now() - started;
    assert.deepEqual(result.notScanned, []);
    assert.ok(took < 5000, `${took.toFixed(0)} ms`);
  });

  it('Java\'s \\x{41} means "A", as RE2/J reads it (not "x" 41 times)', async () => {
    const rules = compileServerRules([{ id: 7, name: 'Hex escape', lineRegex: 'KEY-\\x{41}{3}[0-9]{6}' }]).rules;
    const result = await scanTexts([{ label: 'k.txt', text: `one\nKEY-AAA123456\nKEY-${'x'.repeat(41)}123456\n` }], {
      serverRules: rules,
    });
    assert.deepEqual(
      result.findings.map((f) => [f.ruleName, f.line]),
      [['Hex escape', 2]],
    );
  });

  it('a token in the second file is found although a server rule backtracks on the first text', async () => {
    const result = await scanTexts(
      [
        { label: 'snippet name', text: backtracking },
        { label: 'first.txt', text: `${backtracking}\n`.repeat(50) },
        { label: 'second.txt', text: `export GITHUB_TOKEN=${GITHUB_TOKEN}\n` },
      ],
      { serverRules: BACKTRACKS, deadlineMs: 3000 },
    );
    assert.deepEqual(
      result.findings.map((f) => [f.label, f.line]),
      [['second.txt', 1]],
    );
  });

  it('each server rule has its own budget: one out of time is named, the built-in scan completes', async () => {
    const rules = compileServerRules([
      { id: 1, name: 'Slow', lineRegex: '[a-z]+[0-9]+z' },
      { id: 2, name: 'Acme key', lineRegex: 'ACME-[0-9]{8}' },
    ]).rules;
    const text = `${'abc123 '.repeat(20)}\n`.repeat(2000) + `ACME-12345678\n${GITHUB_TOKEN}\n`;
    // A budget of nothing: each rule is stopped at its first look at the clock, after the first line.
    const result = await scanTexts([{ label: 'big.txt', text }], { serverRules: rules, ruleBudgetMs: 0 });
    assert.deepEqual(
      result.findings.map((f) => [f.ruleName, f.line]),
      [['GitHub token', 2002]],
    );
    assert.deepEqual(
      result.notScanned.map((n) => [n.reason, n.label, n.ruleName]),
      [
        ['rule-timeout', 'big.txt', 'Slow'],
        ['rule-timeout', 'big.txt', 'Acme key'],
      ],
    );
  });

  it('each text has its own budget: one the built-in rules take too long over is named, the texts after it are scanned', async () => {
    // Two MB of lines every kind of rule looks at twice: 50 to 100 ms for the built-in and library
    // rules on a developer's machine, several times the budget.
    const line = `password = "${base64Like(30)}" https://u:${base64Like(10)}@h.example/\n`;
    const slow = line.repeat(Math.floor(MAX_SCANNED_CHARS / line.length));
    const result = await scanTexts(
      [
        { label: 'slow.txt', text: slow },
        { label: 'second.sh', text: `export GITHUB_TOKEN=${GITHUB_TOKEN}\n` },
      ],
      { textBudgetMs: 15, deadlineMs: 20_000 },
    );
    assert.deepEqual(
      result.notScanned.map((n) => [n.label, n.reason]),
      [['slow.txt', 'deadline']],
    );
    assert.ok(
      result.findings.some((f) => f.label === 'second.sh' && f.line === 1),
      JSON.stringify(result.findings.map((f) => [f.label, f.line])),
    );
  });

  it('an expression the engine cannot take is skipped and named as not scanned, the rest run', async () => {
    const rules = compileServerRules([
      { id: 3, name: 'Possessive', lineRegex: 'a++b' },
      { id: 4, name: 'Acme key', lineRegex: 'ACME-[0-9]{8}' },
    ]).rules;
    const result = await scanTexts([{ label: 'a.txt', text: 'ACME-12345678\n' }], { serverRules: rules });
    assert.deepEqual(
      result.findings.map((f) => f.ruleName),
      ['Acme key'],
    );
    assert.deepEqual(
      result.notScanned.map((n) => [n.reason, n.ruleId, n.ruleName]),
      [['rule-invalid', 'bitbucket-server/3', 'Possessive']],
    );
    assert.deepEqual(
      result.refusedRules?.map((r) => [r.ruleId, r.ruleName, r.field]),
      [['bitbucket-server/3', 'Possessive', 'lineRegex']],
      'for the log',
    );
    assert.match(result.refusedRules?.[0].detail ?? '', /repetition/);
  });

  it("the server's allowlist takes back a match on a line it allows, whichever rule found it", async () => {
    const allowlist = compileServerRules(
      [{ id: 1, name: 'Examples', lineRegex: '#\\s*example' }],
      ALLOWLIST_RULE_PREFIX,
    ).rules;
    const text = `A=${GITHUB_TOKEN} # example\nB=${GITHUB_TOKEN}\n`;
    const result = await scanTexts([{ label: 'a.txt', text }], { allowlist });
    assert.deepEqual(
      result.findings.map((f) => f.line),
      [2],
    );
  });

  describe('what was not scanned is a question, even when nothing was found', () => {
    const ask = async (texts: Array<{ label: string; text: string }>, deadlineMs?: number) => {
      const result = await scanTexts(texts, deadlineMs === undefined ? {} : { deadlineMs });
      assert.deepEqual(result.findings, []);
      return promptFor(result, 'bitbucket.example.com');
    };

    it('the deadline with nothing found', async () => {
      // Two MB of lines take the rules far longer than a millisecond.
      const prompt = await ask([{ label: 'a.txt', text: 'let x = 1;\n'.repeat(200_000) }], 1);
      assert.ok(prompt, 'asked');
      assert.equal(prompt.openToEdit, false);
      assert.match(prompt.detail, /a\.txt/);
    });

    it('text over the size scanned, with nothing found in the part read', async () => {
      const prompt = await ask([{ label: 'huge.log', text: 'x'.repeat(MAX_SCANNED_CHARS + 10) }]);
      assert.ok(prompt, 'asked');
      assert.match(prompt.detail, /huge\.log/);
    });

    it('binary-looking text', async () => {
      const prompt = await ask([{ label: 'blob.bin', text: `\0\u0001\u0002${'\u0003'.repeat(100)}` }]);
      assert.ok(prompt, 'asked');
      assert.match(prompt.detail, /blob\.bin/);
    });

    it('nothing found and everything scanned: no question', async () => {
      assert.equal(await ask([{ label: 'a.txt', text: 'hello' }]), undefined);
    });
  });

  it('a secret in a file name is masked wherever the name is shown: its own finding and every finding of the file', async () => {
    const name = `deploy-${GITHUB_TOKEN}.sh`;
    const result = await scanTexts([
      { label: `name of file ${name}`, text: name },
      { label: name, text: `export GITHUB_TOKEN=${GITHUB_TOKEN}\n` },
    ]);
    assert.equal(result.findings.length, 2);
    const masked = `deploy-${GITHUB_TOKEN.slice(0, 2)}••••${GITHUB_TOKEN.slice(-2)}.sh`;
    assert.deepEqual(
      result.findings.map((f) => f.label),
      [`name of file ${masked}`, masked],
    );
    const prompt = promptFor(result, 'bitbucket.example.com');
    assert.ok(prompt);
    assert.ok(!`${prompt.message}\n${prompt.detail}`.includes(GITHUB_TOKEN.slice(4, 20)), prompt.detail);
  });
});
