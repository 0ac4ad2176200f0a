// Everything the harness starts (process groups, temp folders, in-process servers) is registered
// here, so it is stopped on every way out: success, failure, timeout, Ctrl+C and a crash. The
// synchronous part (killing process groups, removing folders) also runs from process.on('exit'),
// which is the one hook that cannot be skipped by an early process.exit().
import * as fs from 'node:fs';

const processGroups = new Map<number, string>();
const tempDirs = new Set<string>();
const asyncCleanups = new Set<() => Promise<void>>();
let handlersInstalled = false;

/** Registers a child started with `detached: true`: its pid is also its process group id. */
export function trackProcessGroup(pid: number, name: string): () => void {
  processGroups.set(pid, name);
  return () => processGroups.delete(pid);
}

export function trackTempDir(dir: string): void {
  tempDirs.add(dir);
}

/** For resources that can only be released asynchronously (an in-process HTTP server). */
export function trackAsyncCleanup(fn: () => Promise<void>): () => void {
  asyncCleanups.add(fn);
  return () => asyncCleanups.delete(fn);
}

export function killProcessGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function cleanUpSync(): void {
  for (const pid of processGroups.keys()) killProcessGroup(pid, 'SIGKILL');
  processGroups.clear();
  for (const dir of tempDirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A folder that cannot be removed is left in the system temp dir; not worth failing over.
    }
  }
  tempDirs.clear();
}

/** Runs every async cleanup (bounded in time), then the synchronous ones. */
export async function cleanUpAll(): Promise<void> {
  const pending = [...asyncCleanups].map((fn) => fn().catch(() => undefined));
  asyncCleanups.clear();
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  cleanUpSync();
}

/** Exits with `code` after cleaning up; use this instead of process.exit in the runners. */
export async function exitAfterCleanup(code: number): Promise<never> {
  await cleanUpAll();
  process.exit(code);
}

export function installCleanupHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', cleanUpSync);
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    process.stderr.write(`\n${signal} received: stopping everything the test harness started.\n`);
    // Kill the process groups at once; a second Ctrl+C must not be needed.
    for (const pid of processGroups.keys()) killProcessGroup(pid, 'SIGKILL');
    void exitAfterCleanup(code);
  };
  process.once('SIGINT', () => onSignal('SIGINT', 130));
  process.once('SIGTERM', () => onSignal('SIGTERM', 143));
  process.once('SIGHUP', () => onSignal('SIGHUP', 129));
  process.on('unhandledRejection', (err) => {
    console.error('Unhandled rejection in the test harness:', err);
    void exitAfterCleanup(1);
  });
}
