// The secret scan, as the extension host calls it: the texts about to be sent go to a worker
// thread (scanWorkers.ts), which scans them with the scan's own rules, the library's and the
// server's (textScan.ts) and reports as it goes (protocol.ts). The host's own part is a few
// messages, so a scan never holds it; and a scan that outlives its deadline is stopped, with what
// was found until then and the texts it did not finish named in `notScanned`.
import type { Worker } from 'node:worker_threads';
import type { ScanRequest, WorkerFinding, WorkerMessage } from './protocol';
import { ruleNameOf } from './ruleNames';
import { forgetListeners, returnWorker, takeWorker } from './scanWorkers';
import type { CompiledServerRule } from './serverRules';
import type { NotScanned, NotScannedReason, OutgoingText, ScanResult, SecretFinding } from './types';

/** Longer than any scan of a few MB takes; a deadline of its own (the request's) is better. */
export const DEFAULT_SCAN_DEADLINE_MS = 10_000;

export interface ScanOptions {
  /** From compileServerRules. */
  serverRules?: readonly CompiledServerRule[];
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

interface TextProgress {
  scannedBytes: number;
  notScanned?: NotScannedReason;
  /** The server rule the worker was running on this text, last it said. */
  ruleId?: string;
  done: boolean;
  findings: WorkerFinding[];
}

let nextRequestId = 1;

const byPlace = (a: WorkerFinding, b: WorkerFinding) => a.line - b.line || a.column - b.column;

function resultOf(texts: readonly OutgoingText[], progress: TextProgress[], serverNames: ReadonlyMap<string, string>): ScanResult {
  const findings: SecretFinding[] = [];
  const notScanned: NotScanned[] = [];
  for (const [index, { label }] of texts.entries()) {
    const p = progress[index];
    for (const f of [...p.findings].sort(byPlace)) findings.push({ ruleId: f.ruleId, ruleName: ruleNameOf(f.ruleId, serverNames), label, line: f.line, column: f.column, masked: f.masked, confidence: f.confidence });
    if (!p.done) notScanned.push({ label, reason: 'deadline', scannedBytes: 0, ...(p.ruleId !== undefined ? { ruleId: p.ruleId } : {}) });
    else if (p.notScanned) notScanned.push({ label, reason: p.notScanned, scannedBytes: p.scannedBytes });
  }
  return { findings, notScanned };
}

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
  const serverNames = new Map(serverRules.map((rule) => [rule.ruleId, rule.name]));
  const request: ScanRequest = {
    id: nextRequestId++,
    texts: texts.map(({ label, text, previous }) => (previous === undefined ? { label, text } : { label, text, previous })),
    serverRules,
    ignoreRuleIds: [...(options.ignoreRuleIds ?? [])],
  };
  const progress: TextProgress[] = texts.map(() => ({ scannedBytes: 0, done: false, findings: [] }));

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
    const deadline = setTimeout(() => settle(() => resolve(resultOf(texts, progress, serverNames)), false), options.deadlineMs ?? DEFAULT_SCAN_DEADLINE_MS);

    worker.on('message', (message: WorkerMessage) => {
      if (message.id !== request.id) return;
      if (message.kind === 'finished') return settle(() => resolve(resultOf(texts, progress, serverNames)), true);
      if (message.kind === 'failed') return settle(() => reject(new SecretScanError(message.message)), false);
      const p = progress[message.index];
      if (p === undefined) return;
      if (message.kind === 'started') {
        p.scannedBytes = message.scannedBytes;
        p.notScanned = message.notScanned;
      } else if (message.kind === 'found') p.findings.push(...message.findings);
      else if (message.kind === 'rule') p.ruleId = message.ruleId;
      else if (message.kind === 'done') {
        p.done = true;
        p.ruleId = undefined;
      }
    });
    worker.on('error', (err) => settle(() => reject(new SecretScanError(err.message)), false));
    worker.on('exit', (code) => settle(() => reject(new SecretScanError(`the worker ended (exit code ${code})`)), false));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage(request);
  });
}
