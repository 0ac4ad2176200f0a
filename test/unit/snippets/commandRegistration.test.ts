// The snippet commands have one registration place, the snippets bundle's wiring
// (src/onDemand/snippets/: commands.ts, and patches.ts for the patch commands): it registers every
// command of the snippets bundle (SNIPPET_COMMANDS, held to package.json by commandBundles.test.ts)
// once, and no file of the features it wires (src/editor/snippets/, terminal/, patches/,
// agentTools/) registers a command. Reads
// the sources: registering needs VS Code, whose tests (test/integration/commands.test.ts) run the
// commands themselves.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Commands, SNIPPET_COMMANDS } from '../../../src/util/constants';

// Compiled to out/test/unit/snippets/; the sources are at the checkout's root.
const SRC = path.resolve(__dirname, '../../../../src');
const PLACE = 'onDemand/snippets';
const FEATURES = ['editor/snippets', 'editor/terminal', 'editor/patches', 'editor/agentTools'];

/** Every source file below a folder of src/, relative to src/, with `/` separators. */
function sources(folder: string): string[] {
  return fs
    .readdirSync(path.join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${folder}/${f.split(path.sep).join('/')}`)
    .sort();
}

describe('snippet commands: one registration place', () => {
  it('registers every snippet command once, and nothing else', () => {
    const text = sources(PLACE)
      .map((file) => fs.readFileSync(path.join(SRC, file), 'utf8'))
      .join('\n');
    // vscode.commands.registerCommand(Commands.x, …), and its two helpers for commands about a row and commands that create.
    const keys = [...text.matchAll(/\b(?:registerCommand|command|create)\(\s*Commands\.(\w+)\s*,/g)].map((m) => m[1]);
    const ids = keys.map((key) => {
      assert.ok(key in Commands, `Commands.${key} is not a command`);
      return Commands[key as keyof typeof Commands] as string;
    });
    assert.deepEqual([...ids].sort(), [...SNIPPET_COMMANDS].sort());
  });

  it('no file of the features it wires registers a command', () => {
    const elsewhere = FEATURES.flatMap(sources).filter((file) =>
      /\bregisterCommand\s*\(/.test(fs.readFileSync(path.join(SRC, file), 'utf8')),
    );
    assert.deepEqual(elsewhere, []);
  });
});
