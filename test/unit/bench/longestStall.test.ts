// The bench's measure of how long work holds the thread at a time (bench/lib.ts): the cache's
// write and read and the secret scan are judged by it, so it must see every hold, the last one
// before the work ends included.
import * as assert from 'node:assert/strict';
import { longestStall } from '../../../bench/lib';

/** Holds the thread for `ms` without yielding. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

describe('bench: longestStall', () => {
  it('sees a hold between two waits', async () => {
    const stall = await longestStall(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      hold(60);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    assert.ok(stall >= 60, `measured ${stall.toFixed(1)} ms`);
  });

  it('sees the hold that ends the work, after its last wait', async () => {
    const stall = await longestStall(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      hold(60);
    });
    assert.ok(stall >= 60, `measured ${stall.toFixed(1)} ms`);
  });

  it('sees work that never yields at all', async () => {
    const stall = await longestStall(async () => hold(60));
    assert.ok(stall >= 60, `measured ${stall.toFixed(1)} ms`);
  });
});
