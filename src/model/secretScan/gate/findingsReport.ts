// What the modal before a send says: each secret the scan found by rule, where it is and its
// masked value (tokens of a known format first, then the values found by their name or randomness,
// which are guesses), the first few of many with the count of the rest, and whatever was not
// scanned in full. A send is asked about when the scan found something OR did not read everything:
// a scan that could not finish never lets text go in silence. The values are never in it, only
// what maskSecret left of them, and the labels come masked from the scan; labels and rule names
// can be other people's text (a server's rule, a file name), and go to the modal as plain text.
// No `vscode` here.
import * as l10n from '@vscode/l10n';
import { SETTINGS_SECTION, Settings } from '../../../util/constants';
import type { NotScanned, ScanResult, SecretFinding } from '../types';

/** The most findings the modal lists; the rest are counted. */
export const LISTED_FINDINGS = 5;

export interface FindingsReport {
  message: string;
  detail: string;
}

export interface ScanPrompt extends FindingsReport {
  /** Whether Open to Edit is offered: there is a finding to open at. */
  openToEdit: boolean;
}

export interface PromptNotes {
  /** The server's rules could not be read in time for this scan: the built-in rules alone were used. */
  serverRulesMissing?: boolean;
}

/** The question before a send, or undefined when the scan read everything and found nothing. */
export function promptFor(result: ScanResult, where: string, notes: PromptNotes = {}): ScanPrompt | undefined {
  const { findings, notScanned } = result;
  if (findings.length === 0 && notScanned.length === 0) return undefined;
  const report = findingsReport(findings, notScanned, where, notes);
  return { ...report, openToEdit: findings.length > 0 };
}

function findingLine(f: SecretFinding): string {
  return f.confidence === 'generic'
    ? l10n.t('• {0} (a guess, may be no secret): {1}, line {2}: {3}', f.ruleName, f.label, f.line, f.masked)
    : l10n.t('• {0}: {1}, line {2}: {3}', f.ruleName, f.label, f.line, f.masked);
}

export function findingsReport(
  findings: readonly SecretFinding[],
  notScanned: readonly NotScanned[],
  where: string,
  notes: PromptNotes = {},
): FindingsReport {
  const message =
    findings.length === 0
      ? l10n.t('Not everything you are about to send to {0} could be scanned for secrets.', where)
      : findings.length === 1
        ? l10n.t('A possible secret is in what you are about to send to {0}.', where)
        : l10n.t('{0} possible secrets are in what you are about to send to {1}.', findings.length, where);
  // Known formats first: a list cut at five keeps the surest.
  const ordered = [
    ...findings.filter((f) => f.confidence !== 'generic'),
    ...findings.filter((f) => f.confidence === 'generic'),
  ];
  const lines = ordered.slice(0, LISTED_FINDINGS).map(findingLine);
  if (findings.length > LISTED_FINDINGS) lines.push(l10n.t('… and {0} more.', findings.length - LISTED_FINDINGS));
  if (notScanned.length > 0) lines.push(l10n.t('Not scanned, so a secret there would not be found:'));
  for (const part of notScanned) if (part.reason !== 'rule-not-run') lines.push(notScannedLine(part));
  const notRun = notScanned.filter((part) => part.reason === 'rule-not-run').length;
  if (notRun > 0) lines.push(l10n.t("{0} of the server's rules did not run: the scan ran out of time.", notRun));
  if (notes.serverRulesMissing) {
    lines.push(l10n.t("The server's own rules could not be read in time: only the built-in rules were used."));
  }
  const ids = [...new Set(findings.map((f) => f.ruleId))];
  if (ids.length > 0) {
    lines.push(
      l10n.t(
        'Rule ids, for the setting {0}: {1}',
        `${SETTINGS_SECTION}.${Settings.secretScanIgnoredRules}`,
        ids.join(', '),
      ),
    );
  }
  lines.push(
    '',
    l10n.t(
      "Nothing has been sent. A snippet is visible to everyone who may browse it, and stays in the server's database after it is deleted.",
    ),
  );
  return { message, detail: lines.join('\n') };
}

function notScannedLine(part: NotScanned): string {
  const kb = Math.floor(part.scannedBytes / 1024);
  switch (part.reason) {
    case 'binary':
      return l10n.t('{0} looks binary or is not text the scan can read, and was not scanned.', part.label);
    case 'too-large':
      return l10n.t('Only the first {0} KB of {1} were scanned.', kb, part.label);
    case 'deadline':
      return l10n.t('The scan ran out of time before it read {0}.', part.label);
    case 'rule-timeout':
      return l10n.t(
        "The server's rule {0} ran out of time in {1} and did not scan the rest.",
        part.ruleName ?? '',
        part.label,
      );
    case 'rule-invalid':
      return l10n.t(
        "The server's rule {0} could not be used (its expression is not one the scan can run), so it did not scan {1}.",
        part.ruleName ?? '',
        part.label,
      );
    case 'rule-not-run':
      return l10n.t("{0} of the server's rules did not run: the scan ran out of time.", 1);
  }
}

/** A log line for a send the user confirmed: the rules and places, never a value, masked or not. */
export function confirmedLogLine(findings: readonly SecretFinding[], notScanned: readonly NotScanned[] = []): string {
  const rules = [...new Set(findings.map((f) => f.ruleId))].join(', ');
  const parts =
    notScanned.length > 0
      ? `; ${notScanned.length} part(s) not scanned (${[...new Set(notScanned.map((n) => n.reason))].join(', ')})`
      : '';
  return `sent after the user confirmed ${findings.length} secret-scan finding(s) (rules: ${rules})${parts}`;
}
