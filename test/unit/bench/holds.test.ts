// The bench's hold of the thread (bench/holds.ts): every gap between timer callbacks is seen, the
// last one before the work ends included, and a gap in which the thread did not run (the machine
// busy with other processes; here the thread blocked in Atomics.wait) is not counted as a hold.
import * as assert from 'node:assert/strict';
import { longestHold } from '../../../bench/holds';

/** Holds the thread for `ms` without yielding. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

/** Blocks the thread for `ms` without running: as if the operating system ran another process meanwhile. */
function blocked(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('bench: longestHold', () => {
  it('sees a hold between two waits and one that ends the work, in wall time', async () => {
    const between = await longestHold(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      busy(60);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const atEnd = await longestHold(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      busy(60);
    });
    for (const h of [between, atEnd]) {
      assert.ok(h.wallMs >= 60, `wall ${h.wallMs.toFixed(1)} ms`);
      assert.ok(h.ms > 0 && h.ms <= h.wallMs, `held ${h.ms.toFixed(1)} of ${h.wallMs.toFixed(1)} ms`);
    }
  });

  it('does not count a gap in which the thread did not run', async () => {
    const h = await longestHold(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      blocked(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    assert.ok(h.wallMs >= 200, `wall ${h.wallMs.toFixed(1)} ms`);
    assert.ok(h.ms < 100, `held ${h.ms.toFixed(1)} ms while the thread was blocked for 200 ms`);
  });
});
