// The secret scan, as the extension host calls it: the texts about to be sent go to a worker
// thread (scanWorkers.ts), which scans them with the scan's own rules and the library's, then the
// server's (secretScanWorker.ts), and reports as it goes (protocol.ts). The host's own part is a
// few messages, so a scan never holds it; and a scan that outlives its deadline is stopped, with
// what was found until then and what it did not finish named in `notScanned` (scanProgress.ts).
import type { Worker } from 'node:worker_threads';
import type { ScanRequest, WorkerMessage } from './protocol';
import { withSuccessors } from './ruleIds';
import { ScanProgress } from './scanProgress';
import { forgetListeners, returnWorker, takeWorker } from './scanWorkers';
import type { ServerRule } from './serverRuleData';
import type { OutgoingText, ScanResult } from './types';
import { errorMessage } from '../../util/errorMessage';

/** Longer than any scan of a few MB takes; a deadline of its own (the request's) is better. */
export const DEFAULT_SCAN_DEADLINE_MS = 10_000;

/** Far more than a server rule needs for a few MB with an engine that does not backtrack. */
export const DEFAULT_RULE_BUDGET_MS = 3000;

/** Far more than the built-in rules take over the 2 MB of one text (half a second). */
export const DEFAULT_TEXT_BUDGET_MS = 4000;

export interface ScanOptions {
  /** From compileServerRules. */
  serverRules?: readonly ServerRule[];
  /** The server's allowlist rules (compileServerRules with ALLOWLIST_RULE_PREFIX): a match they allow is no finding. */
  allowlist?: readonly ServerRule[];
  /** How long each server rule may take over all the texts; past it, it stops and is named (`notScanned`: 'rule-timeout'). */
  ruleBudgetMs?: number;
  /**
   * How long the built-in rules may take over one text; past it, the worker is stopped, the text
   * named (`notScanned`: 'deadline') and a new worker goes on with the texts after it.
   */
  textBudgetMs?: number;
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
  const ignoreRuleIds = withSuccessors(options.ignoreRuleIds ?? []);
  const request: ScanRequest = {
    id: 0,
    texts: texts.map(({ label, path, text, previous }) => ({
      label,
      text,
      ...(path !== undefined ? { path } : {}),
      ...(previous !== undefined ? { previous } : {}),
    })),
    serverRules,
    allowlist: [...(options.allowlist ?? [])],
    ignoreRuleIds,
    ruleBudgetMs: options.ruleBudgetMs ?? DEFAULT_RULE_BUDGET_MS,
  };
  const progress = new ScanProgress(texts, serverRules, new Set(ignoreRuleIds));

  const textBudgetMs = options.textBudgetMs ?? DEFAULT_TEXT_BUDGET_MS;

  return new Promise<ScanResult>((resolve, reject) => {
    let worker: Worker | undefined;
    let textTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (then: () => void, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(textTimer);
      signal?.removeEventListener('abort', onAbort);
      if (worker && keepWorker) returnWorker(worker);
      else if (worker) stop(worker);
      then();
    };
    // A worker for the texts from `firstText` on (the built-in rules; the server's read every text).
    const start = (firstText: number) => {
      let current: Worker;
      try {
        current = takeWorker();
      } catch (err) {
        settle(() => reject(new SecretScanError(errorMessage(err))), false);
        return;
      }
      worker = current;
      const id = nextRequestId++;
      // The worker sends its messages in batches (one for a small scan: secretScanWorker.ts).
      current.on('message', (messages: WorkerMessage[]) => {
        for (const message of messages) take(message);
      });
      const take = (message: WorkerMessage) => {
        if (message.id !== id || settled) return;
        if (message.kind === 'failed') return settle(() => reject(new SecretScanError(message.message)), false);
        progress.take(message);
        if (message.kind === 'started') {
          clearTimeout(textTimer);
          // One text may not take the others' time: past its budget, the scan goes on without it.
          textTimer = setTimeout(() => {
            stop(current);
            start(message.index + 1);
          }, textBudgetMs);
        } else if (message.kind === 'done') clearTimeout(textTimer);
        else if (message.kind === 'finished') settle(() => resolve(progress.result()), true);
      };
      current.on('error', (err) => settle(() => reject(new SecretScanError(err.message)), false));
      current.on('exit', (code) =>
        settle(() => reject(new SecretScanError(`the worker ended (exit code ${code})`)), false),
      );
      current.postMessage({ ...request, id, firstText });
    };
    const onAbort = () => settle(() => reject(signal?.reason), false);
    const deadline = setTimeout(
      () => settle(() => resolve(progress.result()), false),
      options.deadlineMs ?? DEFAULT_SCAN_DEADLINE_MS,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    start(0);
  });
}
