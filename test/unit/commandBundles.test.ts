// Every contributed command must be registered from activation on, by a stand-in for the bundle
// that has it (src/onDemand/). The lists in util/constants.ts say which; this
// holds them to package.json, so a new command cannot be left without a stand-in.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  SIGN_IN_COMMANDS,
  Commands,
  CONNECTION_CHECK_COMMANDS,
  REPOSITORY_SETTINGS_COMMANDS,
  SNIPPET_COMMANDS,
} from '../../src/util/constants';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { commands: Array<{ command: string }> };
};

describe('commands and their bundles', () => {
  const contributed = manifest.contributes.commands.map((c) => c.command).sort();

  it('util/constants.ts names exactly the contributed commands', () => {
    assert.deepEqual(Object.values(Commands).sort(), contributed);
  });

  it('each command belongs to exactly one of sign-in, the snippets, the repository settings and the connection check', () => {
    const groups = [SIGN_IN_COMMANDS, SNIPPET_COMMANDS, REPOSITORY_SETTINGS_COMMANDS, CONNECTION_CHECK_COMMANDS];
    for (const id of contributed) assert.equal(groups.filter((g) => g.includes(id)).length, 1, id);
    assert.equal(
      groups.reduce((n, g) => n + g.length, 0),
      contributed.length,
    );
    assert.ok(SNIPPET_COMMANDS.includes(Commands.createFromSelection));
    assert.deepEqual(CONNECTION_CHECK_COMMANDS, [Commands.checkConnection]);
  });
});
