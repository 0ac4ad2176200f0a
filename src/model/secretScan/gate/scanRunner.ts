// The secret scan as the gate runs it: the texts go to the scan's worker thread
// (src/model/secretScan/scanTexts.ts, dist/secretScanWorker.js), which starts with the first scan
// and never at activation; the host only passes messages, so a scan never holds the editor.
import type { OutgoingText } from '../../snippets/outgoing';
import { scanTexts } from '../scanTexts';
import { disposeSecretScanWorkers, prepareSecretScan } from '../scanWorkers';
import type { ServerRule } from '../serverRuleData';
import type { ScanResult } from '../types';

/** A send waits at most this long for the scan; what it did not reach is named as not scanned. */
export const SCAN_DEADLINE_MS = 10_000;

export interface SecretScanRunner {
  /** Starts the worker ahead of the scan (it takes a moment), while the server's rules are read. */
  prepare(): void;
  /** Ends the worker waiting for the next scan. */
  dispose(): void;
  scan(
    texts: readonly OutgoingText[],
    options: {
      serverRules: readonly ServerRule[];
      allowlist?: readonly ServerRule[];
      ignoredRuleIds: readonly string[];
      /** Stops the scan (a scan ahead of a save that is not needed): it rejects with the signal's reason. */
      signal?: AbortSignal;
    },
  ): Promise<ScanResult>;
}

const runner: SecretScanRunner = {
  prepare: prepareSecretScan,
  dispose: disposeSecretScanWorkers,
  scan: (texts, { serverRules, allowlist, ignoredRuleIds, signal }) =>
    // A server rule's path expression is matched against a file's name; a name or a comment has none.
    scanTexts(
      texts.map((t) => ({
        label: t.label,
        text: t.text,
        ...(t.path !== undefined ? { path: t.path } : {}),
        ...(t.previous !== undefined ? { previous: t.previous } : {}),
      })),
      {
        serverRules,
        allowlist: allowlist ?? [],
        ignoreRuleIds: ignoredRuleIds,
        deadlineMs: SCAN_DEADLINE_MS,
        ...(signal ? { signal } : {}),
      },
    ),
};

export function loadScanRunner(): SecretScanRunner {
  return runner;
}
