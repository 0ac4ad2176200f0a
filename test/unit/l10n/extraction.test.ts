// Every string the code translates is in the committed l10n/bundle.l10n.json, and every "%key%"
// of package.json is in package.nls.json. The strings are extracted again here with the same
// official extractor `npm run l10n` uses (@vscode/l10n-dev, through scripts/l10n.js), so a string
// added to the code without running `npm run l10n` fails this test.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { manifestKeys, readJson, ROOT } from './localizedManifest';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { extractStrings, formatBundle } = require(path.join(ROOT, 'scripts', 'l10n.js')) as {
  extractStrings(): Promise<Record<string, string | { message: string; comment: string[] }>>;
  formatBundle(strings: unknown): string;
};

/** src/**\/*.ts with their text. */
function sources(dir = path.join(ROOT, 'src')): Array<{ file: string; text: string }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') ? [{ file: path.relative(ROOT, full), text: fs.readFileSync(full, 'utf8') }] : [];
  });
}

describe('localization: extraction', function () {
  // The extractor parses and queries every file in WebAssembly: about 26 s of CPU on this machine's
  // cores, which took 69 s beside an integration run. The timeout only guards against a hang.
  this.timeout(240_000);
  let extracted: Record<string, unknown>;
  const committed = readJson<Record<string, unknown>>('l10n/bundle.l10n.json');

  before(async () => {
    extracted = await extractStrings();
  });

  it('finds the strings of both layers (vscode.l10n.t and @vscode/l10n)', () => {
    // One of each: a notification of the editor layer, and a message of the plain-Node API client.
    assert.ok('Signed in to {0} as {1}.' in extracted, 'vscode.l10n.t in src/editor/accounts/signIn.ts');
    assert.ok('The request was cancelled.' in extracted, 'l10n.t in src/api/http.ts');
  });

  it('the committed l10n/bundle.l10n.json is what `npm run l10n` writes now', () => {
    const missing = Object.keys(extracted).filter((k) => !(k in committed));
    const stale = Object.keys(committed).filter((k) => !(k in extracted));
    assert.deepEqual(
      { missing, stale },
      { missing: [], stale: [] },
      'run `npm run l10n` and commit l10n/bundle.l10n.json',
    );
    assert.equal(
      fs.readFileSync(path.join(ROOT, 'l10n', 'bundle.l10n.json'), 'utf8'),
      formatBundle(extracted),
      'run `npm run l10n`',
    );
  });

  it('every l10n.t call starts with a string the extractor can read', () => {
    // A variable or a concatenation as the message is translated at run time only if a bundle
    // happens to hold that exact text, and the extractor never sees it.
    const unreadable = sources().flatMap(({ file, text }) =>
      [...text.matchAll(/\bl10n\.t\(\s*([^\s])/g)]
        .filter((m) => !["'", '"', '`', '{'].includes(m[1]))
        .map((m) => `${file}: ${text.slice(m.index, m.index + 60)}`),
    );
    assert.deepEqual(unreadable, []);
    const templated = sources().flatMap(({ file, text }) =>
      [...text.matchAll(/\bl10n\.t\(\s*`[^`]*\$\{/g)].map((m) => `${file}: ${text.slice(m.index, m.index + 60)}`),
    );
    assert.deepEqual(templated, [], 'use {0} placeholders, not ${…}, in a translated string');
  });
});

describe('localization: the manifest', () => {
  const nls = readJson<Record<string, string>>('package.nls.json');

  it('has every "%key%" of package.json in package.nls.json', () => {
    const keys = manifestKeys();
    assert.ok(keys.length > 50, `package.json uses package.nls.json (${keys.length} keys)`);
    assert.deepEqual(
      keys.filter(({ key }) => !(key in nls)).map(({ key, at }) => `${key} (${at})`),
      [],
    );
  });

  it('has no key in package.nls.json that package.json does not use', () => {
    const used = new Set(manifestKeys().map(({ key }) => key));
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
    );
  });

  it('leaves no user-facing manifest text untranslatable', () => {
    const manifest = readJson<{
      contributes: { commands: Array<Record<string, string>>; views: Record<string, Array<Record<string, string>>> };
    }>('package.json');
    for (const c of manifest.contributes.commands) {
      assert.match(c.title, /^%[^%]+%$/, `${c.command} title`);
      if (c.category) assert.match(c.category, /^%[^%]+%$/, `${c.command} category`);
    }
    for (const v of Object.values(manifest.contributes.views).flat()) assert.match(v.name, /^%[^%]+%$/, `${v.id} name`);
  });
});
