// The secret scan's settings under their former names (`secretScanning`, which VS Code let hide
// `secretScanning.ignoredRules`) are read once from the user's settings and moved to the new names.
import * as assert from 'node:assert/strict';
import { moveFormerSecretScanSettings } from '../../../src/model/settings/formerSettings';

function userSettings(values: Record<string, unknown>) {
  const lines: string[] = [];
  return {
    values,
    lines,
    read: (name: string) => values[name],
    write: async (name: string, value: unknown) => {
      if (value === undefined) delete values[name];
      else values[name] = value;
    },
    log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`warn ${m}`) },
  };
}

describe('the secret scan settings under their former names', () => {
  it('moves the mode and the ignored rules to their new names, and removes the former ones', async () => {
    const user = userSettings({
      secretScanning: 'off',
      'secretScanning.ignoredRules': ['bitbucket-snippets/url-password'],
    });
    await moveFormerSecretScanSettings(user);
    assert.deepEqual(user.values, {
      'secretScan.mode': 'off',
      'secretScan.ignoredRules': ['bitbucket-snippets/url-password'],
    });
    assert.equal(user.lines.length, 2);
    await moveFormerSecretScanSettings(user);
    assert.equal(user.lines.length, 2, 'nothing to do the second time');
  });

  it('keeps a value the user set under the new name, and drops an invalid former value', async () => {
    const user = userSettings({
      secretScanning: 'off',
      'secretScan.mode': 'warn',
      'secretScanning.ignoredRules': 'not a list',
    });
    await moveFormerSecretScanSettings(user);
    assert.deepEqual(user.values, { 'secretScan.mode': 'warn' });
  });

  it('reads the ignored rules when the former mode is the tree VS Code made of them', async () => {
    const user = userSettings({ secretScanning: { ignoredRules: ['x'] }, 'secretScanning.ignoredRules': ['x'] });
    await moveFormerSecretScanSettings(user);
    assert.deepEqual(user.values, { secretScanning: { ignoredRules: ['x'] }, 'secretScan.ignoredRules': ['x'] });
  });
});
