import * as assert from 'node:assert/strict';
import { AwaitedReads } from '../../../src/util/awaitedReads';

/** Whether the promise has settled by the time the microtasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('AwaitedReads', () => {
  it('lets everyone waiting for a document go on once it is read, and no one waiting for another', async () => {
    const reads = new AwaitedReads();
    const first = reads.next('hook:a', 60_000);
    const second = reads.next('hook:a', 60_000);
    const other = reads.next('hook:b', 60_000);
    assert.equal(await settled(first), false, 'nothing was read yet');
    reads.read('hook:a');
    assert.equal(await settled(first), true);
    assert.equal(await settled(second), true);
    assert.equal(await settled(other), false, 'another document was not read');
    reads.read('hook:b', 'failed');
    assert.equal(await settled(other), true);
    assert.equal(await first, 'read');
    assert.equal(await other, 'failed', 'a failed read is told as one');
  });

  it('gives up waiting after the bound when the read never comes', async () => {
    const reads = new AwaitedReads();
    const waiting = reads.next('hook:a', 5);
    assert.equal(await settled(waiting), false);
    assert.equal(await waiting, 'timed-out');
    // A read after the bound finds nobody waiting, and the next wait is for the next read.
    reads.read('hook:a');
    assert.equal(await settled(reads.next('hook:a', 60_000)), false);
  });
});
