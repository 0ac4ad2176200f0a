import * as assert from 'node:assert/strict';
import {
  DEFAULT_CAP_MS,
  DEFAULT_IDLE_MS,
  ProgressWatchdog,
  watchdogLimits,
  type WatchdogTimers,
} from '../../harness/progressWatchdog';

/** Timers on a clock the test moves by hand, so that no test waits for real time. */
class ManualTimers implements WatchdogTimers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  advance(ms: number): void {
    this.now += ms;
    for (const [id, timer] of [...this.pending].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > this.now || !this.pending.has(id)) continue;
      this.pending.delete(id);
      timer.callback();
    }
  }

  get count(): number {
    return this.pending.size;
  }
}

function watch(timers: ManualTimers): { watchdog: ProgressWatchdog; reasons: string[] } {
  const reasons: string[] = [];
  const watchdog = new ProgressWatchdog({
    idleMs: 100,
    capMs: 1_000,
    onExpired: (reason) => reasons.push(reason),
    timers,
  });
  return { watchdog, reasons };
}

describe('ProgressWatchdog: a real-editor run is stopped only when it stops making progress', () => {
  it('lets a run go on past any fixed length while report lines keep coming', () => {
    const timers = new ManualTimers();
    const { watchdog, reasons } = watch(timers);
    watchdog.progress();
    for (let i = 0; i < 9; i++) {
      timers.advance(90);
      watchdog.progress();
    }
    assert.deepEqual(reasons, []);
    assert.equal(timers.now, 810);
  });

  it('stops a run after the idle limit without a report line, once', () => {
    const timers = new ManualTimers();
    const { watchdog, reasons } = watch(timers);
    watchdog.progress();
    timers.advance(99);
    assert.deepEqual(reasons, []);
    timers.advance(1);
    assert.equal(reasons.length, 1);
    assert.match(reasons[0], /no progress for 0\.1 s/);
    timers.advance(5_000);
    assert.equal(reasons.length, 1, 'the cap does not fire after the idle limit did');
  });

  it('does not count the idle limit before the tests start (installing and starting the workbench)', () => {
    const timers = new ManualTimers();
    const { reasons } = watch(timers);
    timers.advance(500);
    assert.deepEqual(reasons, []);
  });

  it('still stops a run that keeps printing past the cap', () => {
    const timers = new ManualTimers();
    const { watchdog, reasons } = watch(timers);
    for (let i = 0; i < 20; i++) {
      timers.advance(60);
      watchdog.progress();
    }
    assert.equal(reasons.length, 1);
    assert.match(reasons[0], /did not finish within 1 s/);
  });

  it('leaves no timer behind once the run ended by itself', () => {
    const timers = new ManualTimers();
    const { watchdog, reasons } = watch(timers);
    watchdog.progress();
    watchdog.dispose();
    assert.equal(timers.count, 0);
    timers.advance(10_000);
    assert.deepEqual(reasons, []);
  });

  it('takes its limits from the environment, and defaults far above a healthy run', () => {
    assert.deepEqual(watchdogLimits({}), { idleMs: DEFAULT_IDLE_MS, capMs: DEFAULT_CAP_MS });
    assert.deepEqual(watchdogLimits({ BBS_TEST_IDLE_MS: '1000', BBS_TEST_TIMEOUT_MS: '2000' }), {
      idleMs: 1000,
      capMs: 2000,
    });
    assert.ok(DEFAULT_IDLE_MS >= 5 * 60_000 && DEFAULT_CAP_MS >= 45 * 60_000);
  });
});
