// Stops a real-editor run that has stopped making progress, and only such a run. A limit on the
// whole run failed healthy runs on a loaded machine (the integration suite took more than its
// ten minutes there while every test passed), and it grew tighter with every test added. A hung
// test is already caught by mocha's per-test time-out; what is left to catch is a run in which
// nothing at all happens any more (the workbench lost, the extension host gone), so the run is
// stopped after a long stretch without a line of the suite's report. A cap on the whole run
// stays, far above any healthy run, as the last guard.

export interface WatchdogTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WatchdogOptions {
  /** With no progress for this long, the run is stopped. */
  idleMs: number;
  /** The whole run may take at most this long. */
  capMs: number;
  /** Called once, with why the run is stopped. */
  onExpired(reason: string): void;
  timers?: WatchdogTimers;
}

const nodeTimers: WatchdogTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // The watchdog never keeps a finished run's process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Default limits: five minutes without a report line (ten times the longest per-test time-out), an hour in all. */
export const DEFAULT_IDLE_MS = 5 * 60_000;
export const DEFAULT_CAP_MS = 60 * 60_000;

/** The limits a runner uses: BBS_TEST_IDLE_MS and BBS_TEST_TIMEOUT_MS override the defaults. */
export function watchdogLimits(env: NodeJS.ProcessEnv): { idleMs: number; capMs: number } {
  return {
    idleMs: Number(env.BBS_TEST_IDLE_MS) || DEFAULT_IDLE_MS,
    capMs: Number(env.BBS_TEST_TIMEOUT_MS) || DEFAULT_CAP_MS,
  };
}

export class ProgressWatchdog {
  private readonly timers: WatchdogTimers;
  private idle: unknown = undefined;
  private readonly cap: unknown;
  private stopped = false;

  constructor(private readonly options: WatchdogOptions) {
    this.timers = options.timers ?? nodeTimers;
    this.cap = this.timers.setTimeout(
      () => this.expire(`did not finish within ${options.capMs / 1000} s (BBS_TEST_TIMEOUT_MS)`),
      options.capMs,
    );
  }

  /**
   * The run made progress (the tests started, a report line arrived): the idle limit counts from
   * now. It is not counted before the first call, while the harness installs and starts the
   * workbench under limits of its own.
   */
  progress(): void {
    if (this.stopped) return;
    if (this.idle !== undefined) this.timers.clearTimeout(this.idle);
    this.idle = this.armIdle();
  }

  /** The run ended by itself. */
  dispose(): void {
    this.stopped = true;
    if (this.idle !== undefined) this.timers.clearTimeout(this.idle);
    this.timers.clearTimeout(this.cap);
  }

  private armIdle(): unknown {
    return this.timers.setTimeout(
      () => this.expire(`made no progress for ${this.options.idleMs / 1000} s (BBS_TEST_IDLE_MS)`),
      this.options.idleMs,
    );
  }

  private expire(reason: string): void {
    if (this.stopped) return;
    this.dispose();
    this.options.onExpired(reason);
  }
}
