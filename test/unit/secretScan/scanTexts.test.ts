// The scan as the send paths call it: in its worker thread, with the library's rules beside the
// scan's own and the server's, over every text about to leave (contents, file names, the snippet's
// name), with the limits that keep it from holding a send or the extension host.
import * as assert from 'node:assert/strict';
import { LIBRARY_RULE_IDS } from '../../../src/model/secretScan/libraryRules';
import { NAMED_RULE_IDS } from '../../../src/model/secretScan/ruleNames';
import { scanTexts } from '../../../src/model/secretScan/scanTexts';
import { disposeSecretScanWorkers, prepareSecretScan } from '../../../src/model/secretScan/scanWorkers';
import { compileServerRules } from '../../../src/model/secretScan/serverRuleData';
import { MAX_SCANNED_CHARS } from '../../../src/model/secretScan/textLimits';
import { MAX_FINDINGS_PER_TEXT } from '../../../src/model/secretScan/textScan';
import { PRIVATE_KEY_RULE, RULE, URL_PASSWORD_RULE } from '../../../src/model/secretScan/ruleIds';
import { AWS_ACCESS_KEY, BBDC_TOKEN, GITHUB_TOKEN, SLACK_TOKEN, pem } from './fixtures';

const found = (result: { findings: Array<{ ruleId: string; label: string; line: number }> }) =>
  result.findings.map((f) => [f.ruleId, f.label, f.line]);

describe('secret scan: scanTexts', function () {
  // The first scan starts the worker and loads the library: on a loaded machine, seconds.
  this.timeout(30_000);
  after(disposeSecretScanWorkers);

  it("finds the kinds the library used to find, by the scan's own rules: an AWS key, a GitHub token, a Slack token, a URL with a password, a private key", async () => {
    const text = [
      `aws_access_key_id = ${AWS_ACCESS_KEY}`,
      `GITHUB_TOKEN=${GITHUB_TOKEN}`,
      `slack: ${SLACK_TOKEN}`,
      'remote = https://bob:hunter2x@git.example.com/r.git',
      pem('RSA PRIVATE KEY'),
    ].join('\n');
    const result = await scanTexts([{ label: 'notes.txt', text }]);
    assert.deepEqual(found(result), [
      [RULE.awsAccessKeyId, 'notes.txt', 1],
      [RULE.github, 'notes.txt', 2],
      [RULE.slack, 'notes.txt', 3],
      [URL_PASSWORD_RULE, 'notes.txt', 4],
      [PRIVATE_KEY_RULE, 'notes.txt', 5],
    ]);
    assert.deepEqual(result.notScanned, []);
    // Named, and masked: never more than four characters of the value.
    assert.deepEqual(
      result.findings.map((f) => f.ruleName),
      ['AWS access key ID', 'GitHub token', 'Slack token', 'Password in a URL', 'Private key'],
    );
    for (const f of result.findings) assert.ok(f.masked.replace('••••', '').length <= 4, f.masked);
  });

  it("reports one finding per secret, the scan's own rule first, with its place", async () => {
    const result = await scanTexts([
      { label: 'id_rsa', text: `# key\n${pem('OPENSSH PRIVATE KEY')}\nurl=https://bob:hunter2x@git.example.com` },
    ]);
    assert.deepEqual(
      result.findings.map((f) => [f.ruleId, f.line, f.column, f.masked]),
      [
        [PRIVATE_KEY_RULE, 2, 1, '--••••--'],
        [URL_PASSWORD_RULE, 9, 17, '••••'],
      ],
    );
  });

  it('finds a secret in a file name and in a snippet name, which are texts like the others', async () => {
    const result = await scanTexts([
      { label: 'file name', text: `deploy-${BBDC_TOKEN}.sh` },
      { label: 'snippet name', text: `token ${GITHUB_TOKEN}` },
      { label: 'deploy.sh', text: 'echo hi' },
    ]);
    assert.deepEqual(found(result), [
      ['bitbucket-snippets/bitbucket-http-access-token', 'file name', 1],
      [RULE.github, 'snippet name', 1],
    ]);
  });

  it("does not report what the server's version already holds, only what the save adds", async () => {
    const previous = `a=1\nGITHUB_TOKEN=${GITHUB_TOKEN}\n`;
    const text = `a=2\nGITHUB_TOKEN=${GITHUB_TOKEN}\nslack=${SLACK_TOKEN}\n`;
    const result = await scanTexts([{ label: '.env', text, previous }]);
    assert.deepEqual(found(result), [[RULE.slack, '.env', 3]]);
    assert.deepEqual(
      found(await scanTexts([{ label: '.env', text }])).length,
      2,
      'without a previous version both are reported',
    );
  });

  it('skips a binary text and the part of a huge one past the limit, and says so', async () => {
    const huge = `${GITHUB_TOKEN}\n${'x'.repeat(MAX_SCANNED_CHARS)}\n${SLACK_TOKEN}`;
    // Bytes that were not UTF-8, as a decoder leaves them: no NUL, but mostly U+FFFD and controls.
    const decodedBinary = `${'\ufffd\u0003\ufffdab\u0001'.repeat(50)}${GITHUB_TOKEN}`;
    const result = await scanTexts([
      { label: 'logo.png', text: `\u0089PNG\r\n\u001a\n\u0000\u0000${GITHUB_TOKEN}` },
      { label: 'blob.bin', text: decodedBinary },
      { label: 'big.log', text: huge },
    ]);
    assert.deepEqual(found(result), [[RULE.github, 'big.log', 1]], 'the token after the limit is not read');
    assert.deepEqual(result.notScanned, [
      { label: 'logo.png', reason: 'binary', scannedBytes: 0 },
      { label: 'blob.bin', reason: 'binary', scannedBytes: 0 },
      { label: 'big.log', reason: 'too-large', scannedBytes: MAX_SCANNED_CHARS },
    ]);
  });

  it('stops reporting at MAX_FINDINGS_PER_TEXT findings in one text: the user has seen enough', async () => {
    const text = Array.from(
      { length: MAX_FINDINGS_PER_TEXT + 50 },
      (_, i) => `https://u:pw-${i}-secret@host${i}.example.com`,
    ).join('\n');
    const result = await scanTexts([{ label: 'many.txt', text }]);
    assert.equal(result.findings.length, MAX_FINDINGS_PER_TEXT);
  });

  it('a worker started ahead (prepareSecretScan) serves the next scan', async () => {
    disposeSecretScanWorkers();
    prepareSecretScan();
    prepareSecretScan();
    assert.deepEqual(found(await scanTexts([{ label: 'a', text: GITHUB_TOKEN }])), [[RULE.github, 'a', 1]]);
  });

  it('leaves out the rules of the allow-list, of the scan, the library and the server alike', async () => {
    const { rules } = compileServerRules([{ id: 5, name: 'Password', lineRegex: '(?i)password=\\S+' }]);
    // A password too short for the scan's own generic rule: the server's rule names it.
    const text = `PASSWORD=letmein\ntoken ${GITHUB_TOKEN}\n${BBDC_TOKEN}`;
    const all = await scanTexts([{ label: 'a', text }], { serverRules: rules });
    assert.deepEqual(all.findings.map((f) => f.ruleId).sort(), [
      'bitbucket-server/5',
      'bitbucket-snippets/bitbucket-http-access-token',
      RULE.github,
    ]);
    assert.equal(
      all.findings.find((f) => f.ruleId === 'bitbucket-server/5')?.ruleName,
      'Password',
      'a server rule is named as its admin named it',
    );
    const ignored = await scanTexts([{ label: 'a', text }], {
      serverRules: rules,
      ignoreRuleIds: ['bitbucket-server/5', RULE.github, 'bitbucket-snippets/bitbucket-http-access-token'],
    });
    assert.deepEqual(ignored.findings, []);
  });

  it("takes an allowed id of a library rule the scan's own rules replaced as allowing its successors", async () => {
    const text = `${GITHUB_TOKEN}\naws_access_key_id = ${AWS_ACCESS_KEY}`;
    const before = await scanTexts([{ label: 'a', text }]);
    assert.deepEqual(before.findings.map((f) => f.ruleId).sort(), [RULE.awsAccessKeyId, RULE.github].sort());
    const allowed = await scanTexts([{ label: 'a', text }], { ignoreRuleIds: ['@secretlint/secretlint-rule-github'] });
    assert.deepEqual(
      allowed.findings.map((f) => f.ruleId),
      [RULE.awsAccessKeyId],
      'only the GitHub kinds are let through',
    );
  });

  it("names every rule of the library in the user's words", () => {
    for (const id of LIBRARY_RULE_IDS) assert.ok(NAMED_RULE_IDS.includes(id), `${id} has a name`);
  });

  it('returns nothing to scan at once, and rejects a scan cancelled before it starts', async () => {
    assert.deepEqual(await scanTexts([]), { findings: [], notScanned: [] });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(scanTexts([{ label: 'a', text: 'b' }], { signal: controller.signal }), { name: 'AbortError' });
  });
});
