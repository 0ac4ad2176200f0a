// Small helpers of the benchmark: timing, medians, the local server in a child process, and the
// table of figures.
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

export interface Figure {
  section: string;
  name: string;
  /** The figure as the table prints it. */
  value: string;
  goal?: string;
  /** Whether the goal was met, when there is one. */
  met?: boolean;
  method: string;
  /** The same figure as numbers, for whoever reads bench-results/*.json. */
  numbers: Numbers;
}

export type Unit =
  'ms' | 'µs' | 'bytes' | 'bytes per snippet' | 'requests' | 'files' | 'snippets' | 'ratio' | 'cores' | 'none';

/** A number with its unit. */
export interface Quantity {
  value: number;
  unit: Unit;
}

/**
 * The numbers of a figure: its value and, for a comparison, the baseline measured in the same run
 * and their ratio; `goal` is the largest value (in `unit`) that meets the goal, so a goal stated as
 * a ratio reads as that ratio times the baseline.
 */
export interface Numbers extends Quantity {
  baseline?: number;
  ratio?: number;
  goal?: number;
  /** For a goal stated as a ratio of the baseline (every goal on a time): that ratio; `goal` is then it times the baseline. */
  goalRatio?: number;
  /** Other numbers the text states, by name. */
  also?: Record<string, Quantity>;
}

export const measured = (value: number, unit: Unit, also?: Record<string, Quantity>): Numbers => ({
  value,
  unit,
  ...(also ? { also } : {}),
});

/** `value` against `baseline` (same unit); with `maxRatio` the goal is that ratio of the baseline, with `max` a bound of its own. */
export function against(
  value: number,
  baseline: number,
  unit: Unit,
  goal: { maxRatio?: number; max?: number } = {},
  also?: Record<string, Quantity>,
): Numbers {
  const bound = goal.maxRatio !== undefined ? goal.maxRatio * baseline : goal.max;
  return {
    value,
    unit,
    baseline,
    ratio: value / baseline,
    ...(bound !== undefined ? { goal: bound } : {}),
    ...(goal.maxRatio !== undefined ? { goalRatio: goal.maxRatio } : {}),
    ...(also ? { also } : {}),
  };
}

/**
 * A goal on a time is a ratio to a baseline measured in the same run, never a number of
 * milliseconds: a machine twice as fast, or twice as busy, moves both. `of` names the baseline.
 */
export function ratioGoal(
  value: number,
  baseline: number,
  maxRatio: number,
  of: string,
): { goal: string; met: boolean } {
  return { goal: `≤ ${maxRatio}× ${of}`, met: value <= maxRatio * baseline };
}

/**
 * The goal of every hold of the thread: its longest hold against the longest gap between 1 ms
 * timer callbacks that the same wait shows with nothing running (longestStall below, or
 * bench/holds.ts). Quiet, this machine's wait shows 1.0 to 1.4 ms, so 40× stands for the 40 to
 * 56 ms a user does not notice (issue 45: no hold over 50 ms); busy, the wait's own gaps grow, and
 * the bound with them, as the hold does.
 */
export const HOLD_RATIO = 40;
export const holdGoal = (holdMs: number, idleMs: number): { goal: string; met: boolean } =>
  ratioGoal(holdMs, idleMs, HOLD_RATIO, 'the same wait with nothing running');

/** A figure as bench-results/*.json holds it: its text and its numbers side by side. */
export function figureRecord(f: Figure): Record<string, unknown> {
  const { value, goal, met, numbers, ...rest } = f;
  return {
    ...rest,
    text: value,
    ...(goal !== undefined ? { goalText: goal } : {}),
    ...numbers,
    ...(met !== undefined ? { met } : {}),
  };
}

/**
 * A goal as bench-results/latest.json lists it: the figure the goal is about (the ratio, for a goal
 * stated as one), its target, met or missed, and beside them the absolute figure and its baseline
 * for reference.
 */
export function goalRecord(f: Figure): Record<string, unknown> {
  const n = f.numbers;
  const asRatio = n.goalRatio !== undefined;
  return {
    section: f.section,
    name: f.name,
    goal: f.goal,
    figure: asRatio ? n.ratio : n.value,
    target: asRatio ? n.goalRatio : n.goal,
    unit: asRatio ? 'ratio' : n.unit,
    met: f.met ?? false,
    absolute: { value: n.value, unit: n.unit, ...(n.baseline !== undefined ? { baseline: n.baseline } : {}) },
  };
}

/** Goals on a time that are not ratios of a baseline of the same run: the bench names them, and they should be none. */
export function absoluteTimeGoals(figures: readonly Figure[]): string[] {
  return figures
    .filter(
      (f) =>
        f.goal !== undefined &&
        (f.numbers.unit === 'ms' || f.numbers.unit === 'µs') &&
        f.numbers.goalRatio === undefined,
    )
    .map((f) => `${f.section}: ${f.name}`);
}

export const now = (): number => performance.now();

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = now();
  await work();
  return now() - t;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const ms = (x: number): string => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);
export const ratio = (x: number): string => `${x.toFixed(2)}×`;
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export interface ServerProcess {
  url: string;
  info: Record<string, string>;
  setLatency(ms: number): Promise<void>;
  control(method: string, route: string, body?: unknown): Promise<unknown>;
  /** The CPU time the server's process has used so far (user + system, ms). */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bench/serverProcess.js in its own process and waits until it is ready (at most 60 s). */
export async function startServerProcess(args: string[] = []): Promise<ServerProcess> {
  const child: ChildProcess = fork(path.join(__dirname, 'serverProcess.js'), args, {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    execArgv: [],
  });
  const info = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the benchmark server did not start within 60 s')), 60_000);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n').find((l) => l.startsWith('ready '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('ready '.length)) as Record<string, string>);
      }
    });
    child.once('exit', (code) => reject(new Error(`the benchmark server exited (${code})`)));
  });
  const control = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${info.url}/__control/${route}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
    if (!response.ok) throw new Error(`${method} /__control/${route}: ${response.status}`);
    return response.json();
  };
  return {
    url: info.url,
    info,
    control,
    setLatency: async (latency) => void (await control('PUT', 'latency', { ms: latency })),
    cpuMs: () =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the benchmark server did not report its CPU time within 5 s')),
          5_000,
        );
        const answer = (message: unknown) => {
          const cpuMs = (message as { cpuMs?: unknown } | null)?.cpuMs;
          if (typeof cpuMs !== 'number') return;
          clearTimeout(timer);
          child.off('message', answer);
          resolve(cpuMs);
        };
        child.on('message', answer);
        child.send('cpu');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Prints figures as a table grouped by section. */
export function formatTable(figures: readonly Figure[]): string {
  const lines: string[] = [];
  let section = '';
  const w = Math.max(...figures.map((f) => f.name.length), 10);
  const v = Math.max(...figures.map((f) => f.value.length), 8);
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section;
      lines.push('', section);
    }
    const goal = f.goal ? ` [goal ${f.goal}: ${f.met ? 'met' : 'MISSED'}]` : '';
    lines.push(`  ${f.name.padEnd(w)}  ${f.value.padStart(v)}${goal}`);
    lines.push(`  ${''.padEnd(w)}  ${f.method}`);
  }
  return lines.join('\n');
}

/**
 * The longest time the thread was held while `work` ran: the longest gap between timer callbacks
 * asked for every millisecond, and the one from the last callback to the work's end (a hold that
 * ends the work has no callback after it).
 */
export async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}
