// What the modal before a send says about the secrets the scan found: each finding by rule, where
// it is and its masked value, the first few of many with the count of the rest, and what was not
// scanned. The values are never in it, only what maskSecret left of them; labels and rule names
// can be other people's text (a server's rule, a file name), and go to the modal as plain text.
// No `vscode` here.
import * as l10n from '@vscode/l10n';
import type { NotScanned, SecretFinding } from '../secretScan/types';

/** The most findings the modal lists; the rest are counted. */
export const LISTED_FINDINGS = 5;

export interface FindingsReport {
  message: string;
  detail: string;
}

export function findingsReport(findings: readonly SecretFinding[], notScanned: readonly NotScanned[], where: string): FindingsReport {
  const message =
    findings.length === 1
      ? l10n.t('A possible secret is in what you are about to send to {0}.', where)
      : l10n.t('{0} possible secrets are in what you are about to send to {1}.', findings.length, where);
  const lines = findings.slice(0, LISTED_FINDINGS).map((f) => l10n.t('• {0}: {1}, line {2}: {3}', f.ruleName, f.label, f.line, f.masked));
  if (findings.length > LISTED_FINDINGS) lines.push(l10n.t('… and {0} more.', findings.length - LISTED_FINDINGS));
  for (const part of notScanned) lines.push(notScannedLine(part));
  const ids = [...new Set(findings.map((f) => f.ruleId))];
  lines.push(l10n.t('Rule ids, for the setting bitbucketSnippets.secretScanning.ignoredRules: {0}', ids.join(', ')));
  lines.push('', l10n.t('Nothing has been sent. A snippet is visible to everyone who may browse it, and stays in the server\'s database after it is deleted.'));
  return { message, detail: lines.join('\n') };
}

function notScannedLine(part: NotScanned): string {
  switch (part.reason) {
    case 'binary':
      return l10n.t('{0} looks binary and was not scanned.', part.label);
    case 'too-large':
      return l10n.t('Only the first {0} KB of {1} were scanned.', Math.floor(part.scannedBytes / 1024), part.label);
    case 'deadline':
      return l10n.t('The scan of {0} ran out of time after {1} KB.', part.label, Math.floor(part.scannedBytes / 1024));
  }
}

/** A log line for a send the user confirmed: the rules and places, never a value, masked or not. */
export function confirmedLogLine(findings: readonly SecretFinding[]): string {
  const rules = [...new Set(findings.map((f) => f.ruleId))].join(', ');
  return `sent after the user confirmed ${findings.length} secret-scan finding(s) (rules: ${rules})`;
}
