// Settings Sync in the real editor. VS Code has no getter for the keys set for sync, so this
// checks what activate() hands over (SYNCED_STATE_KEYS, unit-tested in test/unit/stateSync.test.ts)
// against what the extension really keeps: after a sign-in, a browsed user and an opened
// repository, every key in global state is either synced or deliberately local.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { StateKeys } from '../../src/util/constants';
import type { SettingsPanelController } from '../../src/editor/settingsPanel/controller';
import { LOCAL_STATE_KEYS, SYNCED_STATE_KEYS } from '../../src/util/stateSync';
import { signInAs, testingApi } from './support';
import { rootOf } from './treeFixtures';

describe('Global state and Settings Sync', function () {
  this.timeout(60_000);

  it('keeps only keys that are decided, and the accounts are not among the synced ones', async () => {
    const api = await testingApi();
    await signInAs('alice');
    await vscode.commands.executeCommand('bitbucketSnippets.browseUser', 'admin');
    const panel = await vscode.commands.executeCommand<SettingsPanelController | undefined>(
      'bitbucketSnippets.openRepositorySettings',
      { projectKey: 'PROJ', repositorySlug: 'repo1' },
    );
    assert.ok(panel, 'the repository settings opened');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    const kept = Object.keys(api.globalStateSnapshot()).filter((k) => k.startsWith('bitbucketSnippets.'));
    for (const key of [
      StateKeys.accounts,
      StateKeys.activeAccount,
      StateKeys.browsedUsers,
      StateKeys.recentRepositories,
    ]) {
      assert.ok(kept.includes(key), `${key} is in global state after using the extension`);
    }
    assert.deepEqual(
      kept.filter((k) => !SYNCED_STATE_KEYS.includes(k) && !LOCAL_STATE_KEYS.includes(k)),
      [],
      'keys neither synced nor deliberately local',
    );
    assert.deepEqual(
      kept.filter((k) => SYNCED_STATE_KEYS.includes(k) && (k === StateKeys.accounts || k === StateKeys.activeAccount)),
      [],
    );

    const browsed = (api.globalStateSnapshot()[StateKeys.browsedUsers] ?? {}) as Record<string, string[]>;
    const account = Object.keys(browsed).find((k) => browsed[k].includes('admin'));
    assert.ok(account, 'admin is remembered for the signed-in account');
    await vscode.commands.executeCommand('bitbucketSnippets.removeBrowsedUser', await rootOf(api, 'user:admin'));
  });

  // VS Code's global state drops a write made while the echo of an earlier one is on its way
  // (src/util/orderedState.ts): without the extension's queue, 18 to 26 of these 30 were lost.
  it('keeps every one of many overlapping writes, each made a little after the one before', async () => {
    const state = (await testingApi()).globalState;
    const keys = Array.from({ length: 30 }, (_, i) => `bitbucketSnippets.overlapTest${i}`);
    try {
      for (const round of [1, 2]) {
        const writes: Thenable<void>[] = [];
        for (const [i, key] of keys.entries()) {
          writes.push(state.update(key, round * 100 + i));
          await new Promise((resolve) => setTimeout(resolve, i % 4));
        }
        await Promise.all(writes);
        // Every write has resolved, so these reads are of VS Code's own copy, not the queue's.
        const lost = keys.filter((key, i) => state.get(key) !== round * 100 + i);
        assert.deepEqual(lost, [], `round ${round}`);
      }
    } finally {
      await Promise.all(keys.map((key) => state.update(key, undefined)));
    }
  });
});
