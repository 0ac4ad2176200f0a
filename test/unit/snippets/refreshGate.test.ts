// The tree-refresh workaround on its own, in plain Node: a refresh of an element whose children
// are being fetched is held back until they are answered, and replayed only when needed.
import * as assert from 'node:assert/strict';
import { RefreshGate, WHOLE_TREE } from '../../../src/model/snippets/tree/refreshGate';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tree refresh gate', () => {
  it('fires a refresh at once when no children are in flight', () => {
    const fired: unknown[][] = [];
    const gate = new RefreshGate<string>((e) => fired.push(e));
    gate.refresh(['a', WHOLE_TREE]);
    assert.deepEqual(fired, [['a', WHOLE_TREE]]);
  });

  it('holds a refresh asked for while the element loads, and drops it: the rows built after the load include it', async () => {
    const fired: unknown[][] = [];
    const gate = new RefreshGate<string>((e) => fired.push(e));
    let finishLoad!: () => void;
    const rows = gate.children(
      'a',
      () => new Promise<void>((resolve) => (finishLoad = resolve)),
      () => ['row'],
    );
    gate.refresh(['a', 'b']);
    assert.deepEqual(fired, [['b']], 'only the element not in flight is refreshed now');
    finishLoad();
    assert.deepEqual(await rows, ['row']);
    await tick();
    assert.deepEqual(fired, [['b']], 'no replay: the rows already show what the refresh was for');
  });

  it('replays a refresh asked for while the rows were being built', async () => {
    const fired: unknown[][] = [];
    const gate = new RefreshGate<string>((e) => fired.push(e));
    await gate.children(
      'a',
      async () => undefined,
      () => gate.refresh(['a']),
    );
    assert.deepEqual(fired, []);
    await tick();
    assert.deepEqual(fired, [['a']]);
  });

  it('settled() waits for refreshes VS Code has not followed up yet, answered by the children request', async () => {
    // The bound is far off: only the children request can end the wait this soon.
    const gate = new RefreshGate<string>(() => undefined, 10_000);
    gate.refresh(['a']);
    const started = Date.now();
    let done = false;
    const settled = gate.settled(20_000).then(() => (done = true));
    await tick(20);
    assert.equal(done, false, 'still waiting for VS Code to ask for the children of a');
    await gate.children(
      'a',
      async () => undefined,
      () => [],
    );
    await settled;
    assert.ok(Date.now() - started < 5_000, 'answered by the children request, before the time bound');
  });

  it('settled() waits for a refresh VS Code never follows up until its bound, not forever', async () => {
    const gate = new RefreshGate<string>(() => undefined, 60);
    gate.refresh(['collapsed']);
    const t = Date.now();
    await gate.settled(1000);
    assert.ok(Date.now() - t >= 40, 'an unanswered refresh holds settled() until its bound');
  });
});
