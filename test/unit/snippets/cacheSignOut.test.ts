// An account that signs out leaves no offline cache (src/model/snippets/cache/signOut.ts), also when
// the snippets were never loaded this session, without loading them when no cache can exist.
import * as assert from 'node:assert/strict';
import { forgetCachesOnSignOut } from '../../../src/model/snippets/cache/signOut';
import { Emitter } from '../../../src/util/emitter';

function setUp(initial: string[], mayHaveCache = () => true, forget?: (id: string) => Promise<void>) {
  let accounts = initial;
  const changed = new Emitter<unknown>();
  const forgotten: string[] = [];
  const warnings: string[] = [];
  const subscription = forgetCachesOnSignOut({
    signedIn: () => accounts,
    onDidChange: changed.event,
    mayHaveCache,
    forget: forget ?? (async (id) => void forgotten.push(id)),
    warn: (message) => warnings.push(message),
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    signIn: async (next: string[]) => {
      accounts = next;
      changed.fire(undefined);
      await settle();
    },
    forgotten,
    warnings,
    subscription,
  };
}

describe('offline caches follow sign-outs', () => {
  it('forgets each account that is no longer signed in, once', async () => {
    const t = setUp(['alice@h', 'admin@h', 'bob@h']);
    await t.signIn(['alice@h', 'admin@h', 'bob@h', 'carol@h']);
    assert.deepEqual(t.forgotten, []);
    await t.signIn(['alice@h', 'carol@h']);
    assert.deepEqual(t.forgotten.sort(), ['admin@h', 'bob@h']);
    await t.signIn(['alice@h', 'carol@h']);
    assert.deepEqual(t.forgotten.sort(), ['admin@h', 'bob@h']);
  });

  it('asks nothing of the cache when none can exist', async () => {
    let asked = 0;
    const t = setUp(['alice@h'], () => (asked++, false));
    await t.signIn([]);
    assert.deepEqual(t.forgotten, []);
    assert.equal(asked, 1);
  });

  it('a cache that cannot be deleted, or a feature that cannot load, is a warning in the log', async () => {
    const t = setUp(
      ['alice@h'],
      () => true,
      () => {
        throw new Error('the snippets could not be loaded');
      },
    );
    await t.signIn([]);
    assert.equal(t.warnings.length, 1);
    assert.match(t.warnings[0], /could not be loaded/);
  });

  it('stops following once disposed', async () => {
    const t = setUp(['alice@h']);
    t.subscription.dispose();
    await t.signIn([]);
    assert.deepEqual(t.forgotten, []);
  });
});
