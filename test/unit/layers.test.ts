// The repository-settings side is layered: shared models (src/repositories/) below git/ and
// hooks/, those below the settings panel; and its logic modules do not import `vscode`, so they
// run in these plain-Node tests. This reads the sources' import lines and holds those rules.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// Compiled to out/test/unit/; the sources are at the checkout's root.
const SRC = path.resolve(__dirname, '../../../src');

function sourcesIn(folder: string): string[] {
  return fs.readdirSync(path.join(SRC, folder), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => path.join(folder, f));
}

/** Every module a source file imports, type-only imports marked as such. */
function importsOf(file: string): Array<{ from: string; typeOnly: boolean }> {
  const text = fs.readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)].map((m) => ({ from: m[2], typeOnly: Boolean(m[1]) }));
}

/** The folder under src/ an import lands in, or the package name. */
function target(file: string, from: string): string {
  if (!from.startsWith('.')) return from;
  return path.relative(SRC, path.resolve(SRC, path.dirname(file), from)).split(path.sep)[0];
}

const VSCODE_FREE = [
  ...sourcesIn('repositories'),
  'util/emitter.ts',
  'util/logLine.ts',
  'git/remotes.ts',
  'hooks/hookUri.ts',
  'hooks/strictJson.ts',
  'hooks/settingsValidator.ts',
  'settingsPanel/generation.ts',
  'settingsPanel/hooksSection.ts',
  'settingsPanel/limiter.ts',
  'settingsPanel/memory.ts',
  'settingsPanel/pagesSection.ts',
  'settingsPanel/protocol.ts',
  'settingsPanel/panelState.ts',
  'settingsPanel/scope.ts',
  'settingsPanel/webviewStrings.ts',
  'webview/settingsPanel.ts',
];

describe('layers of the repository-settings side', () => {
  const below: Array<[string, string[]]> = [
    ['repositories', ['git', 'hooks', 'settingsPanel']],
    ['git', ['hooks', 'settingsPanel']],
    ['hooks', ['settingsPanel', 'git']],
  ];
  for (const [folder, above] of below) {
    it(`src/${folder}/ imports nothing from ${above.map((f) => `src/${f}/`).join(', ')}`, () => {
      const upward = sourcesIn(folder).flatMap((file) => importsOf(file).filter((i) => above.includes(target(file, i.from))).map((i) => `${file} → ${i.from}`));
      assert.deepEqual(upward, []);
    });
  }

  it('the models and the panel\'s state logic do not import vscode', () => {
    const found = VSCODE_FREE.flatMap((file) => importsOf(file).filter((i) => i.from === 'vscode').map(() => file));
    assert.deepEqual(found, []);
  });

  it('nor do the modules they import at run time', () => {
    const seen = new Set<string>();
    const visit = (file: string): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      return importsOf(file)
        .filter((i) => !i.typeOnly && i.from.startsWith('.'))
        .flatMap((i) => {
          const next = path.relative(SRC, path.resolve(SRC, path.dirname(file), i.from)) + '.ts';
          return importsOf(next).some((n) => n.from === 'vscode' && !n.typeOnly) ? [`${file} → ${next}`] : visit(next);
        });
    };
    assert.deepEqual(VSCODE_FREE.flatMap(visit), []);
  });
});
