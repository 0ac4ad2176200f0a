// The one emitter of the plain-Node layers (src/util/emitter.ts): the snippet core's service, store
// and search pages and the settings panel's state all announce changes through it.
import * as assert from 'node:assert/strict';
import { Emitter } from '../../../src/util/emitter';

describe('Emitter', () => {
  it('calls every listener with the value, in the order they subscribed', () => {
    const emitter = new Emitter<number>();
    const heard: string[] = [];
    emitter.event((n) => heard.push(`a${n}`));
    emitter.event((n) => heard.push(`b${n}`));
    emitter.fire(1);
    emitter.fire(2);
    assert.deepEqual(heard, ['a1', 'b1', 'a2', 'b2']);
  });

  it('stops calling a listener once its subscription is disposed', () => {
    const emitter = new Emitter<number>();
    const heard: number[] = [];
    const subscription = emitter.event((n) => heard.push(n));
    emitter.fire(1);
    subscription.dispose();
    emitter.fire(2);
    assert.deepEqual(heard, [1]);
  });

  it('a listener that unsubscribes while being called does not make the next one miss the value', () => {
    const emitter = new Emitter<number>();
    const heard: string[] = [];
    const first = emitter.event(() => {
      heard.push('first');
      first.dispose();
    });
    emitter.event(() => heard.push('second'));
    emitter.fire(1);
    emitter.fire(2);
    assert.deepEqual(heard, ['first', 'second', 'second']);
  });

  it('dispose drops every listener', () => {
    const emitter = new Emitter<string>();
    const heard: string[] = [];
    emitter.event((s) => heard.push(s));
    emitter.dispose();
    emitter.fire('x');
    assert.deepEqual(heard, []);
  });
});
