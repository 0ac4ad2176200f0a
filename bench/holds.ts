// How long work holds the thread it runs on (the extension host's, in the product): the longest
// gap between timer callbacks asked for every millisecond, and the one from the last callback to
// the work's end (a hold that ends the work has no callback after it). On a busy machine a gap
// also grows while the operating system runs another process, which no code of the extension can
// change; so each gap is also counted in the CPU time this process used during it, and the hold
// is the smaller of the two: what the process itself did while the thread was held (its collector's
// helper threads included, so it errs long). Quiet, both are the same.

import { against, type Figure } from './lib';

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
  let lastCpu = process.cpuUsage();
  const gapEnds = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    wallMs = Math.max(wallMs, now - last);
    ms = Math.max(ms, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
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

/** The longest hold while `work` runs (holdDuring), without its result. */
export async function longestHold(work: () => Promise<unknown>): Promise<Hold> {
  return (await holdDuring(work)).hold;
}

/** The longest of several holds, each by both measures. */
export const longestOf = (holds: readonly Hold[]): Hold => ({ ms: Math.max(0, ...holds.map((h) => h.ms)), wallMs: Math.max(0, ...holds.map((h) => h.wallMs)) });

/** A hold as the table prints it. */
export const holdText = (h: Hold): string => (Math.abs(h.wallMs - h.ms) < 1 ? `${h.ms.toFixed(1)} ms` : `${h.ms.toFixed(1)} ms (${h.wallMs.toFixed(1)} ms of wall time, the machine busy)`);

/** The goal of item "no hold over 50 ms": what a user does not notice, on this machine as on theirs. */
export const MAX_HOLD_MS = 50;

/** The longest hold while the thread only waits `ms` (timers, nothing else): the measure's own floor. */
export const idleHold = (ms = 100): Promise<Hold> => longestHold(() => new Promise((resolve) => setTimeout(resolve, ms)));

/**
 * A figure of a scenario's longest hold, against the same wait with nothing running (`idle`).
 * `why`: where a hold over the limit comes from and why it cannot be cut, when it cannot.
 */
export function holdFigure(section: string, scenario: string, hold: Hold, idle: Hold, method: string): Figure {
  return {
    section,
    name: `longest hold: ${scenario}`,
    value: `${holdText(hold)} vs ${idle.ms.toFixed(1)} ms with nothing running`,
    goal: `≤ ${MAX_HOLD_MS} ms`,
    met: hold.ms <= MAX_HOLD_MS,
    method: `${method}. A hold: the longest gap between 1 ms timer callbacks, each counted as the smaller of its wall time and the CPU time the process used in it (bench/holds.ts), so that another process run meanwhile does not count`,
    numbers: against(hold.ms, idle.ms, 'ms', { max: MAX_HOLD_MS }, { wallMs: { value: hold.wallMs, unit: 'ms' }, idleWallMs: { value: idle.wallMs, unit: 'ms' } }),
  };
}

/** The longest hold while `work` runs, in ms (longestHold's `ms`). */
export const heldMs = async (work: () => Promise<unknown>): Promise<number> => (await longestHold(work)).ms;
