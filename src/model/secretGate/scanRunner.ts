// The secret scan as the gate runs it: the texts go to the scan's worker thread
// (src/model/secretScan/scanTexts.ts, dist/secretScanWorker.js), which starts with the first scan
// and never at activation; the host only passes messages, so a scan never holds the editor.
import type { OutgoingText } from '../snippets/outgoing';
import { scanTexts } from '../secretScan/scanTexts';
import { disposeSecretScanWorkers, prepareSecretScan } from '../secretScan/scanWorkers';
import type { CompiledServerRule } from '../secretScan/serverRules';
import type { ScanResult } from '../secretScan/types';

/** A send waits at most this long for the scan; what it did not reach is named as not scanned. */
export const SCAN_DEADLINE_MS = 10_000;

export interface SecretScanRunner {
  /** Starts the worker ahead of the scan (it takes a moment), while the server's rules are read. */
  prepare(): void;
  /** Ends the worker waiting for the next scan. */
  dispose(): void;
  scan(texts: readonly OutgoingText[], options: { serverRules: readonly CompiledServerRule[]; ignoredRuleIds: readonly string[] }): Promise<ScanResult>;
}

const runner: SecretScanRunner = {
  prepare: prepareSecretScan,
  dispose: disposeSecretScanWorkers,
  scan: (texts, { serverRules, ignoredRuleIds }) =>
    // A server rule's path expression is matched against the label: a file's text is labelled with
    // its name; any other text (a name, a comment) with a label that is no file's name.
    scanTexts(texts.map((t) => ({ label: t.path ?? t.label, text: t.text, ...(t.previous !== undefined ? { previous: t.previous } : {}) })), {
      serverRules,
      ignoreRuleIds: ignoredRuleIds,
      deadlineMs: SCAN_DEADLINE_MS,
    }),
};

export function loadScanRunner(): SecretScanRunner {
  return runner;
}
