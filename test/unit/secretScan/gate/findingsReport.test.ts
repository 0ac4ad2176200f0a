// What the modal before a send says: each finding by rule, place and masked value, the first five
// of many and the count of the rest, the parts not scanned; and what the log keeps of a confirmed
// send: rules, never values.
import * as assert from 'node:assert/strict';
import { confirmedLogLine, findingsReport, promptFor } from '../../../../src/model/secretScan/gate/findingsReport';
import type { SecretFinding } from '../../../../src/model/secretScan/types';

const finding = (i: number): SecretFinding => ({
  ruleId: `rule-${i % 2}`,
  ruleName: `Rule ${i}`,
  label: `f${i}.txt`,
  line: i + 1,
  column: 1,
  masked: 'ab••••yz',
  confidence: 'known',
  textIndex: i,
});

describe('the findings of the secret scan, as the modal and the log say them', () => {
  it('names each finding by rule, file, line and masked value', () => {
    const { message, detail } = findingsReport([finding(0)], [], 'bitbucket.example.com');
    assert.equal(message, 'A possible secret is in what you are about to send to bitbucket.example.com.');
    assert.match(detail, /^• Rule 0: f0\.txt, line 1: ab••••yz$/m);
    assert.match(detail, /Nothing has been sent\./);
    assert.match(detail, /^Rule ids, for the setting bitbucketSnippets\.secretScan\.ignoredRules: rule-0$/m);
  });

  it('lists the first five of many, and counts the rest', () => {
    const { message, detail } = findingsReport([0, 1, 2, 3, 4, 5, 6].map(finding), [], 'h');
    assert.equal(message, '7 possible secrets are in what you are about to send to h.');
    assert.equal(detail.split('\n').filter((l) => l.startsWith('• ')).length, 5);
    assert.match(detail, /… and 2 more\./);
  });

  it('says which parts were not scanned', () => {
    const { detail } = findingsReport(
      [finding(0)],
      [
        { label: 'big.log', reason: 'too-large', scannedBytes: 2 * 1024 * 1024 },
        { label: 'logo.png', reason: 'binary', scannedBytes: 0 },
      ],
      'h',
    );
    assert.match(detail, /Only the first 2048 KB of big\.log were scanned\./);
    assert.match(detail, /logo\.png looks binary or is not text the scan can read, and was not scanned\./);
  });

  it('tells a token of a known format from a guess, and lists the known ones first', () => {
    const guess = { ...finding(0), ruleName: 'Password assignment', confidence: 'generic' as const };
    const { detail } = findingsReport([guess, finding(1)], [], 'h');
    const listed = detail.split('\n').filter((l) => l.startsWith('• '));
    assert.deepEqual(listed, [
      '• Rule 1: f1.txt, line 2: ab••••yz',
      '• Password assignment (a guess, may be no secret): f0.txt, line 1: ab••••yz',
    ]);
  });

  it('asks when something was not scanned though nothing was found, without Open to Edit; not at all when all is clean', () => {
    assert.equal(promptFor({ findings: [], notScanned: [] }, 'h'), undefined);
    const prompt = promptFor(
      {
        findings: [],
        notScanned: [
          { label: 'a.txt', reason: 'deadline', scannedBytes: 0 },
          {
            label: 'b.txt',
            reason: 'rule-timeout',
            scannedBytes: 0,
            ruleId: 'bitbucket-server/9',
            ruleName: 'Slow rule',
          },
          {
            label: 'c.txt',
            reason: 'rule-invalid',
            scannedBytes: 0,
            ruleId: 'bitbucket-server/8',
            ruleName: 'Odd rule',
          },
          { label: '', reason: 'rule-not-run', scannedBytes: 0, ruleId: 'bitbucket-server/7', ruleName: 'r7' },
          { label: '', reason: 'rule-not-run', scannedBytes: 0, ruleId: 'bitbucket-server/6', ruleName: 'r6' },
        ],
      },
      'h',
      { serverRulesMissing: true },
    );
    assert.ok(prompt);
    assert.equal(prompt.openToEdit, false);
    assert.equal(prompt.message, 'Not everything you are about to send to h could be scanned for secrets.');
    assert.match(prompt.detail, /The scan ran out of time before it read a\.txt\./);
    assert.match(prompt.detail, /The server's rule Slow rule ran out of time in b\.txt and did not scan the rest\./);
    assert.match(prompt.detail, /The server's rule Odd rule could not be used .* so it did not scan c\.txt\./);
    assert.match(prompt.detail, /^2 of the server's rules did not run: the scan ran out of time\.$/m);
    assert.match(prompt.detail, /only the built-in rules were used/);
    assert.doesNotMatch(prompt.detail, /Rule ids/);
  });

  it("says the server's rules were late only in a question asked anyway", () => {
    assert.equal(promptFor({ findings: [], notScanned: [] }, 'h', { serverRulesMissing: true }), undefined);
    assert.match(
      promptFor({ findings: [finding(0)], notScanned: [] }, 'h', { serverRulesMissing: true })?.detail ?? '',
      /only the built-in rules were used/,
    );
  });

  it('the log line of a confirmed send names the rules once each, and no value', () => {
    const line = confirmedLogLine([finding(0), finding(1), finding(2)]);
    assert.equal(line, 'sent after the user confirmed 3 secret-scan finding(s) (rules: rule-0, rule-1)');
    assert.equal(
      confirmedLogLine([], [{ label: 'secret-name.txt', reason: 'binary', scannedBytes: 0 }]),
      'sent after the user confirmed 0 secret-scan finding(s) (rules: ); 1 part(s) not scanned (binary)',
    );
  });
});
