// The scan's worker threads. Starting one and loading the library costs tens of milliseconds, so
// a worker that finished a scan waits for the next one for a while; one that was stopped (a
// deadline, a cancel, a failure) is never reused. Each scan has a worker to itself, so stopping
// one never cuts another short. A waiting worker does not keep the process alive.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Beside this module both in out/ (the unit tests) and in dist/, where esbuild builds the worker's bundle under this name. */
const WORKER_FILE = path.join(__dirname, 'secretScanWorker.js');

/** How long a worker waits for the next scan before it ends. */
export const IDLE_WORKER_MS = 60_000;

let idle: { worker: Worker; timer: NodeJS.Timeout } | undefined;

export function takeWorker(): Worker {
  if (idle) {
    const { worker, timer } = idle;
    idle = undefined;
    clearTimeout(timer);
    worker.ref();
    return worker;
  }
  const worker = new Worker(WORKER_FILE, {
    // The library logs through `debug`, which DEBUG in the environment would turn on; nothing here needs the environment.
    env: {},
    stdout: true,
    stderr: true,
    // A hostile text or expression may spend the time allowed, not the machine's memory.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  // Its output is the library's, never the extension's log: read and dropped.
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

/** A worker whose scan ended normally: kept for the next scan, or ended if one is kept already. */
export function returnWorker(worker: Worker): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  forgetListeners(worker);
  // An 'error' event with no listener would be thrown in the extension host.
  const forget = () => {
    if (idle?.worker === worker) disposeSecretScanWorkers();
  };
  worker.on('error', forget).on('exit', forget);
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = undefined;
    void worker.terminate();
  }, IDLE_WORKER_MS);
  timer.unref();
  idle = { worker, timer };
}

/** Starts a worker ahead of a scan, so that the first one does not wait for the thread and the library to load. */
export function prepareSecretScan(): void {
  if (!idle) returnWorker(takeWorker());
}

/** The listeners a scan added. Not removeAllListeners(): that also drops the Worker's own, and its messages stop arriving. */
export function forgetListeners(worker: Worker): void {
  for (const event of ['message', 'error', 'exit', 'messageerror']) worker.removeAllListeners(event);
}

/** Ends the waiting worker, if any (the extension's deactivation, the tests' end). */
export function disposeSecretScanWorkers(): void {
  if (!idle) return;
  clearTimeout(idle.timer);
  void idle.worker.terminate();
  idle = undefined;
}
