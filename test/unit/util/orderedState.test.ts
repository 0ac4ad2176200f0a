// The one queue of global state writes (src/util/orderedState.ts), against a model of VS Code's
// global Memento: a write changes the extension host's copy at once, is sent to the window on a
// timer with the whole state, and the window echoes the whole state back, replacing the copy.
import * as assert from 'node:assert/strict';
import { OrderedState, type KeyValueState } from '../../../src/util/orderedState';

/** Lets every queued promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * What ExtHostMemento does for global state, driven step by step so that no test depends on
 * timing: `send` is its timer sending the whole state to the window, `echo` the window's answer
 * for the oldest state sent, which replaces the extension host's copy before the write resolves.
 */
class EchoingMemento implements KeyValueState {
  /** The extension host's copy. */
  private value: Record<string, unknown> = {};
  /** What the window has stored. */
  stored: Record<string, unknown> = {};
  private unsent: Array<() => void> = [];
  private readonly inFlight: Array<{ state: string; resolve: Array<() => void> }> = [];

  keys(): readonly string[] {
    return Object.keys(this.value);
  }

  get<T>(key: string, defaultValue?: T): T | undefined {
    return (this.value[key] as T | undefined) ?? defaultValue;
  }

  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) delete this.value[key];
    else this.value[key] = JSON.parse(JSON.stringify(value));
    return new Promise((resolve) => this.unsent.push(resolve));
  }

  send(): void {
    if (this.unsent.length > 0) {
      this.inFlight.push({ state: JSON.stringify(this.value), resolve: this.unsent.splice(0) });
    }
  }

  echo(): void {
    const oldest = this.inFlight.shift();
    if (!oldest) return;
    this.stored = JSON.parse(oldest.state);
    this.value = JSON.parse(oldest.state);
    for (const resolve of oldest.resolve) resolve();
  }

  get busy(): boolean {
    return this.unsent.length > 0 || this.inFlight.length > 0;
  }
}

/**
 * Makes each write, then lets the memento send it; the window answers one write late, so each
 * write is made while the echo of the one before is on its way. Then everything is answered.
 */
async function writeOverlapping(
  state: KeyValueState,
  memento: EchoingMemento,
  writes: Array<(state: KeyValueState) => Thenable<void>>,
): Promise<void> {
  const done: Thenable<void>[] = [];
  for (const write of writes) {
    done.push(write(state));
    await settle();
    memento.send();
    await settle();
    if (done.length > 1) memento.echo();
    await settle();
  }
  await answerAll(memento);
  await Promise.all(done);
}

/** Sends and answers until no write is left (a write the queue held back is handed on meanwhile). */
async function answerAll(memento: EchoingMemento): Promise<void> {
  await settle();
  for (let step = 0; step < 1000 && memento.busy; step++) {
    memento.send();
    memento.echo();
    await settle();
  }
  assert.equal(memento.busy, false, 'every write was answered');
}

/** Writes `count` keys, each while the one before is on its way. */
const keyWrites = (count: number) =>
  Array.from({ length: count }, (_, i) => (state: KeyValueState) => state.update(`key${i}`, i));

const lost = (stored: Record<string, unknown>, count: number) =>
  Array.from({ length: count }, (_, i) => i).filter((i) => stored[`key${i}`] !== i);

describe('OrderedState (one queue of global state writes)', () => {
  it("the model loses overlapping writes without the queue, as VS Code's global state does", async () => {
    const memento = new EchoingMemento();
    await writeOverlapping(memento, memento, keyWrites(20));
    assert.notDeepEqual(lost(memento.stored, 20), [], 'the model reproduces the lost writes');
  });

  it('stores every one of many overlapping writes', async () => {
    const memento = new EchoingMemento();
    await writeOverlapping(new OrderedState(memento), memento, keyWrites(20));
    assert.deepEqual(lost(memento.stored, 20), []);
  });

  it('read-modify-writes of one list, each a little after the other, keep every name (browsed users)', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `user${i}`);
    const adds = names.map(
      (name) => (state: KeyValueState) => state.update('users', [...state.get<string[]>('users', []), name]),
    );
    const unordered = new EchoingMemento();
    await writeOverlapping(unordered, unordered, adds);
    assert.notDeepEqual(unordered.stored.users, names, 'the model loses names without the queue');
    const memento = new EchoingMemento();
    await writeOverlapping(new OrderedState(memento), memento, adds);
    assert.deepEqual(memento.stored.users, names);
  });

  it('a read answers the value written last, before it is stored', async () => {
    const memento = new EchoingMemento();
    const state = new OrderedState(memento);
    const first = state.update('a', 1);
    const second = state.update('a', 2);
    const removed = state.update('b', 'x').then(() => state.update('b', undefined));
    assert.equal(state.get('a'), 2);
    assert.ok(state.keys().includes('a'));
    await answerAll(memento);
    await Promise.all([first, second, removed]);
    assert.equal(state.get('a'), 2);
    assert.equal(state.get('b'), undefined);
    assert.equal(state.get('b', 'default'), 'default');
    assert.ok(!state.keys().includes('b'));
    assert.deepEqual(memento.stored, { a: 2 });
  });

  it('keeps a copy: changing the object after writing it changes nothing stored', async () => {
    const memento = new EchoingMemento();
    const state = new OrderedState(memento);
    const users = ['bob'];
    const written = state.update('users', users);
    users.push('mallory');
    assert.deepEqual(state.get('users'), ['bob']);
    await answerAll(memento);
    await written;
    assert.deepEqual(memento.stored.users, ['bob']);
  });

  it('a write that fails rejects its caller and does not stop the writes after it', async () => {
    const memento = new EchoingMemento();
    let failNext = true;
    const failing: KeyValueState = {
      keys: () => memento.keys(),
      get: <T>(key: string, d?: T) => memento.get<T>(key, d as T),
      update: (key, value) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('storage is full'));
        }
        return memento.update(key, value);
      },
    };
    const state = new OrderedState(failing);
    const first = state.update('a', 1);
    const second = state.update('b', 2);
    await assert.rejects(first, /storage is full/);
    await answerAll(memento);
    await second;
    assert.equal(state.get('a'), undefined, 'the failed value is not answered once the write has failed');
    assert.deepEqual(memento.stored, { b: 2 });
  });
});
