// Folders are layers: every folder of src/ holds either plain-Node modules or editor adapters,
// never both, so a newcomer knows a file's layer from its folder and a new file takes its
// folder's rule. src/api/, src/util/ and src/model/ run in plain Node (these unit tests import
// them); src/editor/ and src/onDemand/ adapt them to VS Code; src/webview/ runs in the browser;
// src/ itself holds only the wiring's entry. This reads the sources and holds those rules; lint
// (eslint.config.mjs, LAYERS) holds which folder may import which.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// Compiled to out/test/unit/; the sources are at the checkout's root.
const SRC = path.resolve(__dirname, '../../../src');

/** Every source file below src/, relative to it, with `/` separators. */
function sources(): string[] {
  return fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

const folderOf = (file: string) => path.posix.dirname(file);
const importsVscode = (file: string) =>
  /\bfrom\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)/.test(fs.readFileSync(path.join(SRC, file), 'utf8'));

/** The top-level folders that run in plain Node, and those that are editor adapters or wiring. */
const PLAIN = ['api', 'util', 'model', 'webview'];
const EDITOR = ['editor', 'onDemand'];
/** Past this a file has, in practice, always held several ideas. */
const MAX_LINES = 350;

describe('folders are layers', () => {
  it('no folder of src/ mixes plain-Node modules and editor adapters', () => {
    const byFolder = new Map<string, { editor: string[]; plain: string[] }>();
    for (const file of sources()) {
      const entry = byFolder.get(folderOf(file)) ?? { editor: [], plain: [] };
      (importsVscode(file) ? entry.editor : entry.plain).push(path.posix.basename(file));
      byFolder.set(folderOf(file), entry);
    }
    const mixed = [...byFolder]
      .filter(([, e]) => e.editor.length > 0 && e.plain.length > 0)
      .map(([folder, e]) => `src/${folder}/: vscode in ${e.editor.join(', ')}; plain ${e.plain.join(', ')}`);
    assert.deepEqual(mixed, []);
  });

  it('src/ itself holds only the wiring entry, and every folder belongs to a known layer', () => {
    const top = sources().filter((f) => !f.includes('/'));
    assert.deepEqual(top, ['extension.ts']);
    const unknown = [
      ...new Set(
        sources()
          .filter((f) => f.includes('/'))
          .map((f) => f.split('/')[0]),
      ),
    ].filter((f) => !PLAIN.includes(f) && !EDITOR.includes(f));
    assert.deepEqual(unknown, []);
  });

  it('the plain-Node folders never name vscode, not even as a type', () => {
    const found = sources().filter((f) => PLAIN.includes(f.split('/')[0]) && importsVscode(f));
    assert.deepEqual(found, []);
  });

  it('the editor folders hold adapters only: every file there speaks to VS Code', () => {
    const found = sources().filter((f) => EDITOR.includes(f.split('/')[0]) && !importsVscode(f));
    assert.deepEqual(found, []);
  });

  it('one name per feature: every folder of editor/ has a folder of the same name and place under model/', () => {
    const folders = (dir: string): string[] =>
      fs
        .readdirSync(path.join(SRC, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => [`${dir}/${e.name}`, ...folders(`${dir}/${e.name}`)]);
    // editor/ui is the one exemption: the shared adapter kit (notifications, picks, progress, the
    // status bar's text, the context of the account a command acts on) that every feature uses to
    // speak to the user; it is no feature of its own, so it has no model.
    const EXEMPT = ['editor/ui'];
    const missing = folders('editor')
      .filter((folder) => !EXEMPT.some((exempt) => folder === exempt || folder.startsWith(`${exempt}/`)))
      .filter((folder) => !fs.existsSync(path.join(SRC, folder.replace(/^editor\//, 'model/'))))
      .map((folder) => `${folder}/ has no ${folder.replace(/^editor\//, 'model/')}/`);
    assert.deepEqual(missing, []);
  });

  it('settings are read and written in one module: no other file calls getConfiguration', () => {
    const callers = sources().filter((f) => /\bgetConfiguration\s*\(/.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
    assert.deepEqual(callers, ['editor/settings/settings.ts']);
  });

  it('global state is written through its one queue: only the wiring names context.globalState, to make it', () => {
    const users = sources().filter((f) =>
      /\bcontext\.globalState\b(?!\.setKeysForSync)/.test(
        fs.readFileSync(path.join(SRC, f), 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, ''),
      ),
    );
    assert.deepEqual(users, ['extension.ts']);
  });

  it('no file of src/ is over 350 lines: a file holds one idea', () => {
    const long = sources()
      .map((f) => ({ f, lines: fs.readFileSync(path.join(SRC, f), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ f, lines }) => `${f}: ${lines}`);
    assert.deepEqual(long, []);
  });
});
