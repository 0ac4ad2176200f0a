import * as assert from 'node:assert/strict';
import { Generation } from '../../../src/util/generation';
import { Emitter } from '../../../src/util/emitter';

describe('settings panel: Generation (dropping out-of-date answers)', () => {
  it('keeps a ticket current until a new generation starts', () => {
    const gen = new Generation();
    const ticket = gen.next();
    assert.equal(gen.isCurrent(ticket), true);
    assert.equal(gen.isCurrent(gen.ticket()), true);
    const newer = gen.next();
    assert.equal(gen.isCurrent(ticket), false, 'an answer to the older round is dropped');
    assert.equal(gen.isCurrent(newer), true);
  });

  it('gives tickets of the current generation without starting a new one', () => {
    const gen = new Generation();
    const loading = gen.next();
    const action = gen.ticket();
    assert.equal(action, loading);
    assert.equal(gen.isCurrent(loading), true, 'taking a ticket does not make others stale');
  });

  it('drops an answer that arrives after a reload, across an await', async () => {
    const gen = new Generation();
    const applied: string[] = [];
    const request = async (answer: string, ms: number) => {
      const ticket = gen.next();
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (gen.isCurrent(ticket)) applied.push(answer);
    };
    await Promise.all([request('old', 20), request('new', 5)]);
    assert.deepEqual(applied, ['new']);
  });
});

describe('settings panel: Emitter', () => {
  it('calls each listener until it unsubscribes', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const sub = emitter.event((n) => seen.push(n));
    emitter.fire(1);
    sub.dispose();
    emitter.fire(2);
    assert.deepEqual(seen, [1]);
  });

  it('lets a listener unsubscribe while being called without skipping the others', () => {
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    const first = emitter.event(() => {
      seen.push('first');
      first.dispose();
    });
    emitter.event(() => seen.push('second'));
    emitter.fire('x');
    emitter.fire('y');
    assert.deepEqual(seen, ['first', 'second', 'second']);
  });
});
