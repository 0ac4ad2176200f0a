import * as assert from 'node:assert/strict';
import { BitbucketError } from '../../../src/api/errors';
import { Connectivity, isUnreachable } from '../../../src/model/snippets/connectivity';

/** Waits until `condition` holds, for 5 s at most: however late the probes' timer fires on a loaded machine. */
async function until(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5000; !condition() && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('connectivity (offline or not)', () => {
  it('only a server that cannot be reached counts as offline', () => {
    assert.equal(isUnreachable(new BitbucketError('network', 'ECONNREFUSED')), true);
    assert.equal(isUnreachable(new BitbucketError('timeout', 'no answer')), true);
    assert.equal(
      isUnreachable(new BitbucketError('network', 'untrusted certificate', { tlsFailure: true })),
      false,
      'a TLS failure is a setup problem',
    );
    assert.equal(isUnreachable(new BitbucketError('server', 'HTTP 503', { status: 503 })), false);
    assert.equal(isUnreachable(new Error('anything else')), false);
  });

  it('sends one probe at a time: a probe slower than the interval is not joined by another', async () => {
    let probes = 0;
    let answer!: () => void;
    const connectivity: Connectivity = new Connectivity(
      () =>
        connectivity.watch(() => {
          probes++;
          return new Promise<void>((resolve) => (answer = resolve));
        }),
      10,
    );
    await assert.rejects(connectivity.watch(async () => Promise.reject(new BitbucketError('network', 'ECONNREFUSED'))));
    await until(() => probes >= 1);
    // Many intervals pass while the first probe waits for its answer.
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(probes, 1, `${probes} probes in flight at once`);
    answer();
    await until(() => !connectivity.current.offline);
    assert.equal(connectivity.current.offline, false);
    connectivity.dispose();
  });

  it('goes offline on an unreachable server, probes only while offline, and any answer brings it back', async () => {
    let probes = 0;
    let reachable = false;
    const connectivity: Connectivity = new Connectivity(
      () =>
        connectivity.watch(async () => {
          probes++;
          if (!reachable) throw new BitbucketError('network', 'ECONNREFUSED');
        }),
      20,
    );
    const seen: boolean[] = [];
    connectivity.onDidChange((s) => seen.push(s.offline));
    await connectivity.watch(async () => 'fine');
    assert.deepEqual(seen, [], 'online stays quiet');
    await assert.rejects(connectivity.watch(async () => Promise.reject(new BitbucketError('network', 'ECONNREFUSED'))));
    assert.equal(connectivity.current.offline, true);
    assert.ok(connectivity.current.since !== undefined);
    await until(() => probes >= 2);
    assert.ok(probes >= 2, `probed while offline (${probes})`);
    reachable = true;
    await until(() => !connectivity.current.offline);
    assert.equal(connectivity.current.offline, false);
    const after = probes;
    await new Promise((r) => setTimeout(r, 70));
    assert.equal(probes, after, 'no probe once online');
    // A refusal from the server (it answered) also counts as back.
    await assert.rejects(connectivity.watch(async () => Promise.reject(new BitbucketError('timeout', 'slow'))));
    await assert.rejects(
      connectivity.watch(async () => Promise.reject(new BitbucketError('not-found', 'gone', { status: 404 }))),
    );
    assert.deepEqual(seen, [true, false, true, false]);
    connectivity.dispose();
  });
});
