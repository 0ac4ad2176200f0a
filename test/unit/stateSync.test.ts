// Settings Sync: which global state and settings follow the user. The stores write through a
// recording Memento, so a key added to any of them without a decision here fails this test.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { AccountStore } from '../../src/editor/accounts/accountStore';
import { SETTINGS_SECTION, Settings, StateKeys } from '../../src/util/constants';
import { PanelMemory } from '../../src/model/settingsPanel/memory';
import { BrowsedUsers } from '../../src/editor/snippets/tree/browsedUsers';
import { LOCAL_STATE_KEYS, SYNCED_STATE_KEYS } from '../../src/util/stateSync';

/** A Memento in memory that remembers every key written to it. */
class RecordingMemento implements vscode.Memento {
  readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, defaultValue?: T): T {
    return (this.values.has(key) ? this.values.get(key) : defaultValue) as T;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

class MemorySecrets implements Pick<vscode.SecretStorage, 'get' | 'store' | 'delete'> {
  readonly values = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}

describe('state kept for Settings Sync', () => {
  it('decides every state key once: synced or local, never both', () => {
    const decided = [...SYNCED_STATE_KEYS, ...LOCAL_STATE_KEYS];
    assert.deepEqual([...decided].sort(), Object.values(StateKeys).sort());
    assert.equal(new Set(decided).size, decided.length, 'a key is in both lists');
  });

  it("never syncs the accounts, whose credentials stay in this machine's SecretStorage", () => {
    assert.ok(!SYNCED_STATE_KEYS.includes(StateKeys.accounts));
    assert.ok(!SYNCED_STATE_KEYS.includes(StateKeys.activeAccount));
  });

  it('syncs the browsed users and the recently opened repositories', () => {
    assert.ok(SYNCED_STATE_KEYS.includes(StateKeys.browsedUsers));
    assert.ok(SYNCED_STATE_KEYS.includes(StateKeys.recentRepositories));
  });

  it("every key the stores write is decided, and the accounts' keys are the local ones", async () => {
    const state = new RecordingMemento();
    const secrets = new MemorySecrets();
    const accounts = new AccountStore(state, secrets as unknown as vscode.SecretStorage);
    const alice = { serverUrl: 'https://bitbucket.example.com', username: 'alice', authType: 'basic' as const };
    await accounts.save(alice, { type: 'basic', username: 'alice', password: 'alice-password' });
    await accounts.setActive(alice);
    const accountKeys = state.keys();
    assert.deepEqual([...accountKeys].sort(), [StateKeys.accounts, StateKeys.activeAccount].sort());
    assert.ok(accountKeys.every((k) => LOCAL_STATE_KEYS.includes(k)));
    assert.doesNotMatch(JSON.stringify([...state.values]), /alice-password/, 'the password went to SecretStorage only');

    await new BrowsedUsers(state).add('https://bitbucket.example.com#alice', 'bob');
    const memory = new PanelMemory(state);
    await memory.addRecent(alice.serverUrl, { projectKey: 'PROJ', repositorySlug: 'repo1' });
    await memory.setNewRefs(
      alice.serverUrl,
      { projectKey: 'PROJ', repositorySlug: 'repo1' },
      { branches: true, tags: false, learnedAt: 1 },
    );
    assert.equal(state.keys().length, 5);
    assert.deepEqual(
      state.keys().filter((k) => !SYNCED_STATE_KEYS.includes(k) && !LOCAL_STATE_KEYS.includes(k)),
      [],
    );
  });
});

describe('settings kept off Settings Sync', () => {
  // Compiled to out/test/unit/; package.json is at the checkout's root.
  const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, { scope?: string }> } };
  };
  const scopeOf = (setting: string) =>
    manifest.contributes.configuration.properties[`${SETTINGS_SECTION}.${setting}`]?.scope;

  it('the settings holding paths of files on this machine are machine-scoped, which Settings Sync leaves out', () => {
    for (const setting of [Settings.caFiles, Settings.clientCertificate, Settings.servers]) {
      assert.equal(scopeOf(setting), 'machine', setting);
    }
  });

  it('the others, such as the completion settings, follow the user (the server URL is a trust setting, machine-scoped: test/unit/trustManifest.test.ts)', () => {
    for (const setting of [Settings.pageSize, Settings.completionEnabled, Settings.followActiveEditor]) {
      assert.equal(scopeOf(setting), undefined, setting);
    }
  });
});
