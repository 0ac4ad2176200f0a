// The first sign-in waits for nothing it need not: once the credentials and the account are
// stored, the sign-in resolves; which account is the default is written to the global state
// behind it (the state holds the new value at once), with the views' context key. Here the
// global state's writes to disk are held back on purpose, and the sign-in must not wait for them.
import * as assert from 'node:assert/strict';
import vscode = require('vscode');
import { AccountStore } from '../../src/editor/auth/accountStore';
import { Session } from '../../src/editor/auth/session';
import { accountId, type Account } from '../../src/model/accounts/accounts';
import { StateKeys } from '../../src/util/constants';
import { Log } from '../../src/util/log';
import { localServerUrl, signInAs, until } from './support';

/** A global state whose writes reach "disk" only when the test lets them: its values change at once, as VS Code's do. */
class HeldState implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  readonly held: Array<{ key: string; release: () => void }> = [];
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : fallback;
  }
  update(key: string, value: unknown): Thenable<void> {
    this.values.set(key, value);
    return new Promise((resolve) => this.held.push({ key, release: resolve }));
  }
  /** Lets every write held so far finish, and those to come. */
  releaseAll(): void {
    for (const write of this.held.splice(0)) write.release();
  }
}

const secrets = (): vscode.SecretStorage => {
  const kept = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  return {
    get: (key) => Promise.resolve(kept.get(key)),
    store: (key, value) => Promise.resolve(void kept.set(key, value)),
    delete: (key) => Promise.resolve(void kept.delete(key)),
    onDidChange: changed.event,
  } as vscode.SecretStorage;
};

const silent = new Log({ trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined });

describe('First sign-in waits for nothing it need not', function () {
  this.timeout(60_000);
  // The window is signed in, so the context key this session sets (signed in) is what it is already.
  before(() => signInAs('alice'));

  it('resolves once the account is stored, while the default account\'s write to the global state is still under way', async () => {
    const state = new HeldState();
    const serverUrl = localServerUrl();
    const alice: Account = { serverUrl, username: 'alice', authType: 'basic' };
    const session = new Session(new AccountStore(state, secrets()), silent);
    try {
      // Storing the account itself (the accounts list) is let through as it is asked for.
      const signingIn = session.signIn(alice, { type: 'basic', username: 'alice', password: 'alice' });
      await until('the accounts list is written', () => state.held.some((w) => w.key === StateKeys.accounts));
      for (const write of state.held.filter((w) => w.key === StateKeys.accounts)) write.release();
      await until('the sign-in resolves', async () => (await Promise.race([signingIn.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 50))])) || undefined);
      assert.ok(
        state.held.some((w) => w.key === StateKeys.activeAccount),
        'the write of the default account is still held, and the sign-in did not wait for it',
      );
      assert.equal(session.account && accountId(session.account), accountId(alice));
      assert.equal(state.get<string>(StateKeys.activeAccount), accountId(alice), 'the global state already holds the default account');
    } finally {
      state.releaseAll();
      session.dispose();
    }
  });
});
