// The bases of open documents kept beyond the window (src/util/documentBases.ts): what a later
// window reads back, what a clean close forgets, the bound, and that no text is ever stored.
import * as assert from 'node:assert/strict';
import { DocumentBases, textHash, type BaseStorage } from '../../src/util/documentBases';

interface Base {
  hash: string;
}
const isBase = (value: unknown): value is Base => typeof (value as Base | null)?.hash === 'string';

/** VS Code's workspace state as a Memento: `get` sees an update at once. */
function workspaceState(): BaseStorage & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key, value) => void (value === undefined ? values.delete(key) : values.set(key, value)),
  };
}

describe('document bases kept beyond the window', () => {
  it('are read back by the next window, over the same storage', () => {
    const state = workspaceState();
    new DocumentBases<Base>(state, 'k', isBase).set('a:/1', { hash: textHash('one') });
    const next = new DocumentBases<Base>(state, 'k', isBase);
    assert.deepEqual(next.get('a:/1'), { hash: textHash('one') });
    assert.equal(next.get('a:/2'), undefined);
  });

  it('forget a document, and leave nothing behind once none is left', () => {
    const state = workspaceState();
    const bases = new DocumentBases<Base>(state, 'k', isBase);
    bases.set('a:/1', { hash: 'x' });
    bases.set('a:/2', { hash: 'y' });
    bases.delete('a:/1');
    assert.equal(bases.get('a:/1'), undefined);
    assert.deepEqual(bases.get('a:/2'), { hash: 'y' });
    bases.delete('a:/2');
    assert.equal(state.values.has('k'), false);
  });

  it('keep at most the limit, the least recently recorded going first', () => {
    let clock = 0;
    const bases = new DocumentBases<Base>(workspaceState(), 'k', isBase, 3, () => clock);
    for (const uri of ['a:/1', 'a:/2', 'a:/3']) bases.set(uri, { hash: uri });
    bases.set('a:/1', { hash: 'again' }); // recorded again, in the same millisecond: now the newest
    clock = 5;
    bases.set('a:/4', { hash: '4' });
    assert.deepEqual(
      ['a:/1', 'a:/2', 'a:/3', 'a:/4'].map((u) => bases.get(u)?.hash),
      ['again', undefined, 'a:/3', '4'],
    );
  });

  it("ignore what they cannot read (another version's entries, damaged state)", () => {
    const state = workspaceState();
    state.values.set('k', {
      'a:/1': { base: { hash: 'ok' }, at: 1 },
      'a:/2': { base: { size: 3 }, at: 1 },
      'a:/3': 'text',
      'a:/4': null,
    });
    const bases = new DocumentBases<Base>(state, 'k', isBase);
    assert.deepEqual(bases.get('a:/1'), { hash: 'ok' });
    assert.equal(bases.get('a:/2'), undefined);
    assert.equal(bases.get('a:/3'), undefined);
    state.values.set('k', ['not', 'a', 'record']);
    assert.equal(bases.get('a:/1'), undefined);
  });

  it('hash texts so that equal texts match and the text is not in the hash', () => {
    assert.equal(textHash('echo deploy\n'), textHash('echo deploy\n'));
    assert.notEqual(textHash('echo deploy\n'), textHash('echo DEPLOY\n'));
    assert.ok(!textHash('echo deploy\n').includes('deploy'));
  });
});
