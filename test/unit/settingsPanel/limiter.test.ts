import * as assert from 'node:assert/strict';
import { createLimiter, LimiterClearedError } from '../../../src/model/settingsPanel/limiter';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrency limiter', () => {
  it('never runs more than the limit at once, and runs everything in order', async () => {
    const limiter = createLimiter(4);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const results = Array.from({ length: 500 }, (_, i) =>
      limiter.run(async () => {
        started.push(i);
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i * 2;
      }),
    );
    await tick();
    assert.equal(started.length, 4, 'only four of 500 start');
    assert.equal(limiter.waiting, 496);
    while (releases.length > 0) {
      releases.shift()!();
      await tick();
    }
    assert.deepEqual(
      await Promise.all(results),
      Array.from({ length: 500 }, (_, i) => i * 2),
    );
    assert.equal(peak, 4);
    assert.deepEqual(
      started,
      [...started].sort((a, b) => a - b),
    );
    assert.equal(limiter.running, 0);
  });

  it('frees the slot of a task that fails or throws synchronously', async () => {
    const limiter = createLimiter(1);
    await assert.rejects(
      limiter.run(() => Promise.reject(new Error('boom'))),
      /boom/,
    );
    await assert.rejects(
      limiter.run(() => {
        throw new Error('sync');
      }),
      /sync/,
    );
    assert.equal(await limiter.run(async () => 'after'), 'after');
  });

  it('drops waiting tasks on clear, letting running ones finish', async () => {
    const limiter = createLimiter(1);
    let release!: () => void;
    const first = limiter.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    let ran = false;
    const second = limiter.run(async () => {
      ran = true;
    });
    await tick();
    limiter.clear();
    await assert.rejects(second, LimiterClearedError);
    release();
    assert.equal(await first, 'first');
    assert.equal(ran, false);
  });

  it('refuses a limit below one', () => {
    assert.throws(() => createLimiter(0), RangeError);
    assert.throws(() => createLimiter(1.5), RangeError);
  });
});
