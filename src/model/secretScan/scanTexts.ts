// The secret scan, as the extension host calls it: the texts about to be sent go to a worker
// thread (scanWorkers.ts), which scans them with the scan's own rules and the library's, then the
// server's (secretScanWorker.ts), and reports as it goes (protocol.ts). The host's own part is a
// few messages, so a scan never holds it; and a scan that outlives its deadline is stopped, with
// what was found until then and what it did not finish named in `notScanned` (scanProgress.ts).
import type { Worker } from 'node:worker_threads';
import type { ScanRequest, WorkerMessage } from './protocol';
import { ScanProgress } from './scanProgress';
import { forgetListeners, returnWorker, takeWorker } from './scanWorkers';
import type { ServerRule } from './serverRules';
import type { OutgoingText, ScanResult } from './types';

/** Longer than any scan of a few MB takes; a deadline of its own (the request's) is better. */
export const DEFAULT_SCAN_DEADLINE_MS = 10_000;

/** Far more than a server rule needs for a few MB with an engine that does not backtrack. */
export const DEFAULT_RULE_BUDGET_MS = 1500;

export interface ScanOptions {
  /** From compileServerRules. */
  serverRules?: readonly ServerRule[];
  /** The server's allowlist rules (compileServerRules with ALLOWLIST_RULE_PREFIX): a match they allow is no finding. */
  allowlist?: readonly ServerRule[];
  /** How long each server rule may take over all the texts; past it, it stops and is named (`notScanned`: 'rule-timeout'). */
  ruleBudgetMs?: number;
  /** Rule ids the user chose to ignore (the allow-list setting). */
  ignoreRuleIds?: readonly string[];
  /** Stops the scan: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** After this many milliseconds the scan stops and resolves with what it found (`notScanned`: 'deadline'). */
  deadlineMs?: number;
}

/** The worker could not run the scan (its file missing after an update, out of memory, a bug). */
export class SecretScanError extends Error {
  readonly code = 'scan-failed';
  constructor(readonly detail: string) {
    super(`the secret scan failed: ${detail}`);
    this.name = 'SecretScanError';
  }
}

let nextRequestId = 1;

function stop(worker: Worker): void {
  forgetListeners(worker);
  worker.on('error', () => undefined);
  void worker.terminate();
}

/** Scans the texts about to be sent. The bench and the send paths call this. */
export function scanTexts(texts: readonly OutgoingText[], options: ScanOptions = {}): Promise<ScanResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (texts.length === 0) return Promise.resolve({ findings: [], notScanned: [] });
  const serverRules = [...(options.serverRules ?? [])];
  const ignoreRuleIds = [...(options.ignoreRuleIds ?? [])];
  const request: ScanRequest = {
    id: nextRequestId++,
    texts: texts.map(({ label, path, text, previous }) => ({ label, text, ...(path !== undefined ? { path } : {}), ...(previous !== undefined ? { previous } : {}) })),
    serverRules,
    allowlist: [...(options.allowlist ?? [])],
    ignoreRuleIds,
    ruleBudgetMs: options.ruleBudgetMs ?? DEFAULT_RULE_BUDGET_MS,
  };
  const progress = new ScanProgress(texts, serverRules, new Set(ignoreRuleIds));

  return new Promise<ScanResult>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = takeWorker();
    } catch (err) {
      reject(new SecretScanError(err instanceof Error ? err.message : String(err)));
      return;
    }
    let settled = false;
    const settle = (then: () => void, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      if (keepWorker) returnWorker(worker);
      else stop(worker);
      then();
    };
    const onAbort = () => settle(() => reject(signal?.reason), false);
    const deadline = setTimeout(() => settle(() => resolve(progress.result()), false), options.deadlineMs ?? DEFAULT_SCAN_DEADLINE_MS);

    worker.on('message', (message: WorkerMessage) => {
      if (message.id !== request.id) return;
      if (message.kind === 'failed') return settle(() => reject(new SecretScanError(message.message)), false);
      progress.take(message);
      if (message.kind === 'finished') settle(() => resolve(progress.result()), true);
    });
    worker.on('error', (err) => settle(() => reject(new SecretScanError(err.message)), false));
    worker.on('exit', (code) => settle(() => reject(new SecretScanError(`the worker ended (exit code ${code})`)), false));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage(request);
  });
}
