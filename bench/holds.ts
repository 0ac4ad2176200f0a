// How long work holds the thread it runs on (the extension host's, in the product): the longest
// gap between timer callbacks asked for every millisecond, and the one from the last callback to
// the work's end (a hold that ends the work has no callback after it). On a busy machine a gap
// also grows while the operating system runs another process, which no code of the extension can
// change; so each gap is also counted in the CPU time this thread ran during it (Linux's
// /proc/thread-self/schedstat, in nanoseconds; elsewhere the whole process's CPU time, which errs
// long), and the hold is the smaller of the two. Quiet, both are the same.
import * as fs from 'node:fs';
import { against, HOLD_RATIO, holdGoal, type Figure } from './lib';

export interface Hold {
  /** The longest hold, the smaller of a gap's wall time and the CPU time used in it, ms. */
  ms: number;
  /** The longest gap in wall time, descheduling included, ms. */
  wallMs: number;
}

/** The longest hold of the thread while `work` runs, and what it resolved with. */
export async function holdDuring<T>(work: () => Promise<T>): Promise<{ result: T; hold: Hold }> {
  let ms = 0;
  let wallMs = 0;
  let last = performance.now();
  let lastCpu = threadCpuMs();
  const gapEnds = () => {
    const now = performance.now();
    const cpu = threadCpuMs();
    wallMs = Math.max(wallMs, now - last);
    ms = Math.max(ms, Math.min(now - last, cpu - lastCpu));
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(gapEnds, 1);
  try {
    const result = await work();
    gapEnds();
    return { result, hold: { ms, wallMs } };
  } finally {
    clearInterval(timer);
  }
}

let schedstat: number | undefined | null;
const buffer = Buffer.alloc(128);

/** The CPU time this thread has run, ms: from schedstat where there is one, else the process's. */
function threadCpuMs(): number {
  if (schedstat === undefined) {
    try {
      schedstat = fs.openSync('/proc/thread-self/schedstat', 'r');
    } catch {
      schedstat = null;
    }
  }
  if (schedstat === null) {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  }
  const n = fs.readSync(schedstat, buffer, 0, buffer.length, 0);
  return Number(buffer.toString('latin1', 0, n).split(' ')[0]) / 1e6;
}

/** The longest hold while `work` runs (holdDuring), without its result. */
export async function longestHold(work: () => Promise<unknown>): Promise<Hold> {
  return (await holdDuring(work)).hold;
}

/** The longest of several holds, each by both measures. */
export const longestOf = (holds: readonly Hold[]): Hold => ({
  ms: Math.max(0, ...holds.map((h) => h.ms)),
  wallMs: Math.max(0, ...holds.map((h) => h.wallMs)),
});

/** A hold as the table prints it. */
export const holdText = (h: Hold): string =>
  Math.abs(h.wallMs - h.ms) < 1
    ? `${h.ms.toFixed(1)} ms`
    : `${h.ms.toFixed(1)} ms (${h.wallMs.toFixed(1)} ms of wall time, the machine busy)`;

/** What a user does not notice: the reference for every hold (the goal is HOLD_RATIO× the idle wait, about this much here). */
export const MAX_HOLD_MS = 50;

/** The longest hold while the thread only waits `ms` (timers, nothing else): the measure's own floor. */
export const idleHold = (ms = 100): Promise<Hold> =>
  longestHold(() => new Promise((resolve) => setTimeout(resolve, ms)));

/**
 * A figure of a scenario's longest hold, against the longest gap of the same wait with nothing
 * running (`idle`, its wall time: 1.0 to 1.4 ms quiet, so the goal of HOLD_RATIO× stands for about
 * MAX_HOLD_MS).
 */
export function holdFigure(section: string, scenario: string, hold: Hold, idle: Hold, method: string): Figure {
  return {
    section,
    name: `longest hold: ${scenario}`,
    value: `${holdText(hold)} vs ${idle.wallMs.toFixed(1)} ms waiting with nothing running = ${(hold.ms / idle.wallMs).toFixed(1)}× (reference: ${MAX_HOLD_MS} ms)`,
    ...holdGoal(hold.ms, idle.wallMs),
    method: `${method}. A hold: the longest gap between 1 ms timer callbacks, each counted as the smaller of its wall time and the time the thread ran on a CPU in it (bench/holds.ts), so that another process run meanwhile does not count`,
    numbers: against(
      hold.ms,
      idle.wallMs,
      'ms',
      { maxRatio: HOLD_RATIO },
      { wallMs: { value: hold.wallMs, unit: 'ms' }, referenceMs: { value: MAX_HOLD_MS, unit: 'ms' } },
    ),
  };
}

/** The longest hold while `work` runs, in ms (longestHold's `ms`). */
export const heldMs = async (work: () => Promise<unknown>): Promise<number> => (await longestHold(work)).ms;

/** The longest gap in wall time while `work` runs: for a baseline wait with nothing running (its goal's denominator). */
export const waitedMs = async (work: () => Promise<unknown>): Promise<number> => (await longestHold(work)).wallMs;
