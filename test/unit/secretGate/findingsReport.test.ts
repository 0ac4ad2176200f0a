// What the modal before a send says: each finding by rule, place and masked value, the first five
// of many and the count of the rest, the parts not scanned; and what the log keeps of a confirmed
// send: rules, never values.
import * as assert from 'node:assert/strict';
import { confirmedLogLine, findingsReport } from '../../../src/model/secretGate/findingsReport';
import type { SecretFinding } from '../../../src/model/secretScan/types';

const finding = (i: number): SecretFinding => ({ ruleId: `rule-${i % 2}`, ruleName: `Rule ${i}`, label: `f${i}.txt`, line: i + 1, column: 1, masked: 'ab••••yz', confidence: 'known' });

describe('the findings of the secret scan, as the modal and the log say them', () => {
  it('names each finding by rule, file, line and masked value', () => {
    const { message, detail } = findingsReport([finding(0)], [], 'bitbucket.example.com');
    assert.equal(message, 'A possible secret is in what you are about to send to bitbucket.example.com.');
    assert.match(detail, /^• Rule 0: f0\.txt, line 1: ab••••yz$/m);
    assert.match(detail, /Nothing has been sent\./);
    assert.match(detail, /^Rule ids, for the setting bitbucketSnippets\.secretScanning\.ignoredRules: rule-0$/m);
  });

  it('lists the first five of many, and counts the rest', () => {
    const { message, detail } = findingsReport([0, 1, 2, 3, 4, 5, 6].map(finding), [], 'h');
    assert.equal(message, '7 possible secrets are in what you are about to send to h.');
    assert.equal(detail.split('\n').filter((l) => l.startsWith('• ')).length, 5);
    assert.match(detail, /… and 2 more\./);
  });

  it('says which parts were not scanned', () => {
    const { detail } = findingsReport([finding(0)], [
      { label: 'big.log', reason: 'too-large', scannedBytes: 2 * 1024 * 1024 },
      { label: 'logo.png', reason: 'binary', scannedBytes: 0 },
    ], 'h');
    assert.match(detail, /Only the first 2048 KB of big\.log were scanned\./);
    assert.match(detail, /logo\.png looks binary and was not scanned\./);
  });

  it('the log line of a confirmed send names the rules once each, and no value', () => {
    const line = confirmedLogLine([finding(0), finding(1), finding(2)]);
    assert.equal(line, 'sent after the user confirmed 3 secret-scan finding(s) (rules: rule-0, rule-1)');
  });
});
