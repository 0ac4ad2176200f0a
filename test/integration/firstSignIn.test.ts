// The first sign-in waits for nothing it need not: once the server has answered, the account is
// usable in this window, its credentials held in memory and the global state answering the new
// values at once. Storing them (SecretStorage, global state on disk: round trips to VS Code, the
// secret store alone 50 to 130 ms in code-server) goes on behind. Here those writes are held back
// on purpose, and the sign-in must not wait for them; a sign-out right after still deletes the secret.
import * as assert from 'node:assert/strict';
import vscode = require('vscode');
import { AccountStore } from '../../src/editor/accounts/accountStore';
import { Session } from '../../src/editor/accounts/session';
import { accountId, type Account } from '../../src/model/accounts/accounts';
import { StateKeys } from '../../src/util/constants';
import { Log } from '../../src/util/log';
import { localServerUrl, signInAs, signInWith, until } from './support';

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

/** A secret storage whose stores and deletes finish only when the test lets them, or fail when told to. */
class HeldSecrets {
  readonly kept = new Map<string, string>();
  readonly held: Array<{ release: () => void; fail: (err: Error) => void }> = [];
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly storage = {
    get: (key: string) => Promise.resolve(this.kept.get(key)),
    keys: () => Promise.resolve([...this.kept.keys()]),
    store: (key: string, value: string) => this.hold(() => void this.kept.set(key, value)),
    delete: (key: string) => this.hold(() => void this.kept.delete(key)),
    onDidChange: this.changed.event,
  } as vscode.SecretStorage;
  private hold(apply: () => void): Promise<void> {
    return new Promise((resolve, reject) =>
      this.held.push({
        release: () => {
          apply();
          resolve();
        },
        fail: reject,
      }),
    );
  }
  releaseAll(): void {
    for (const op of this.held.splice(0)) op.release();
  }
}

const silent = new Log({
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});
const password = { type: 'basic', username: 'alice', password: 'alice' } as const;

/** A session over held storage, for `test`; whatever is still held is let through afterwards. */
async function withHeldSession(
  test: (held: {
    state: HeldState;
    secrets: HeldSecrets;
    store: AccountStore;
    session: Session;
    alice: Account;
  }) => Promise<void>,
): Promise<void> {
  const state = new HeldState();
  const secrets = new HeldSecrets();
  const alice: Account = { serverUrl: localServerUrl(), username: 'alice', authType: 'basic' };
  const store = new AccountStore(state, secrets.storage);
  const session = new Session(store, silent);
  try {
    await test({ state, secrets, store, session, alice });
  } finally {
    state.releaseAll();
    secrets.releaseAll();
    session.dispose();
  }
}

describe('First sign-in waits for nothing it need not', function () {
  this.timeout(60_000);
  // The window is signed in, so the context key this session sets (signed in) is what it is already.
  before(() => signInAs('alice'));

  it('the account is usable at once, while its credentials and the global state are still being stored', () =>
    withHeldSession(async ({ state, secrets, store, session, alice }) => {
      let stored = false;
      void session.signIn(alice, password).stored.then(() => (stored = true));
      assert.equal(
        session.account && accountId(session.account),
        accountId(alice),
        'signed in, with nothing stored yet',
      );
      assert.deepEqual(await session.credentials(alice), password, 'the credentials are there for the first request');
      assert.deepEqual(store.list().map(accountId), [accountId(alice)]);
      assert.equal(
        state.get<string>(StateKeys.activeAccount),
        accountId(alice),
        'the global state already holds the default account',
      );
      assert.ok(
        secrets.held.length === 1 && state.held.some((w) => w.key === StateKeys.accounts),
        'the secret and the accounts list are still being stored',
      );
      assert.equal(stored, false);

      secrets.releaseAll();
      state.releaseAll();
      await until('the storing ends', () => stored || undefined);
      assert.equal(secrets.kept.size, 1, 'the secret is stored');
    }));

  it('a sign-out right after the sign-in deletes the secret the sign-in was still storing', () =>
    withHeldSession(async ({ state, secrets, session, alice }) => {
      const { stored } = session.signIn(alice, password);
      state.releaseAll();
      const signingOut = session.signOut(alice);
      assert.equal(secrets.held.length, 1, 'the delete waits for the store');
      let done = false;
      void Promise.all([stored, signingOut]).then(() => (done = true));
      // Let everything through, in the order it was asked for: the store first, then the delete.
      await until('the store and then the delete reach the secret storage', () => {
        secrets.releaseAll();
        state.releaseAll();
        return done || undefined;
      });
      assert.deepEqual([...secrets.kept.keys()], [], 'no secret is left behind');
      assert.equal(session.account, undefined);
    }));

  it('when VS Code cannot store the credentials, the sign-in still works in this window, and the caller learns why it was not kept', () =>
    withHeldSession(async ({ state, secrets, session, alice }) => {
      const { stored } = session.signIn(alice, password);
      state.releaseAll();
      secrets.held.splice(0).forEach((op) => op.fail(new Error('the keyring is locked')));
      await assert.rejects(stored, /the keyring is locked/);
      assert.deepEqual(await session.credentials(alice), password);
    }));

  it('the server signed in to is remembered for the next sign-in, once the sign-in has returned', async () => {
    const settings = () => vscode.workspace.getConfiguration('bitbucketSnippets');
    await settings().update('serverUrl', undefined, vscode.ConfigurationTarget.Global);
    await signInWith({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
    const remembered = await until(
      'the server URL is in the user settings',
      () => settings().inspect<string>('serverUrl')?.globalValue || undefined,
    );
    assert.equal(new URL(remembered).host, new URL(localServerUrl()).host);
  });
});
