// The snippet commands have one registration place, src/editor/snippets/registerCommands.ts: it
// registers every command of the snippets bundle (SNIPPET_COMMANDS, held to package.json by
// commandBundles.test.ts) once, and no other file of the snippet views registers a command. Reads
// the sources: registering needs VS Code, whose tests (test/integration/commands.test.ts) run the
// commands themselves.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Commands, SNIPPET_COMMANDS } from '../../../src/util/constants';

// Compiled to out/test/unit/snippets/; the sources are at the checkout's root.
const SNIPPETS = path.resolve(__dirname, '../../../../src/editor/snippets');
const PLACE = 'registerCommands.ts';

/** Every source file of the snippet views, relative to src/editor/snippets/, with `/` separators. */
function sources(): string[] {
  return fs
    .readdirSync(SNIPPETS, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

describe('snippet commands: one registration place', () => {
  it('registers every snippet command once, and nothing else', () => {
    const text = fs.readFileSync(path.join(SNIPPETS, PLACE), 'utf8');
    // vscode.commands.registerCommand(Commands.x, …), and its two helpers for commands about a row and commands that create.
    const keys = [...text.matchAll(/\b(?:registerCommand|command|create)\(\s*Commands\.(\w+)\s*,/g)].map((m) => m[1]);
    const ids = keys.map((key) => {
      assert.ok(key in Commands, `Commands.${key} is not a command`);
      return Commands[key as keyof typeof Commands] as string;
    });
    assert.deepEqual([...ids].sort(), [...SNIPPET_COMMANDS].sort());
  });

  it('no other file of the snippet views registers a command', () => {
    const elsewhere = sources().filter((file) => file !== PLACE && /\bregisterCommand\s*\(/.test(fs.readFileSync(path.join(SNIPPETS, file), 'utf8')));
    assert.deepEqual(elsewhere, []);
  });
});
