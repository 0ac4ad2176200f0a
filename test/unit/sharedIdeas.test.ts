// Small ideas the extension needs in many places are written once, and every place uses that one
// (the "Folders are layers" issue found each written three to eleven times, with rules that had
// drifted apart). Reads the sources: most users are editor adapters, which need VS Code to run;
// the shared pieces themselves are tested on their own (util/serverUrl, util/generation,
// auth/defaultFirst).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** Every source file of src/ but the webviews' scripts, as a path from the checkout's root with forward slashes. */
function sources(dir = path.join(ROOT, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'webview' ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });
}

/** The files of src/ whose code matches `pattern`. */
const filesMatching = (pattern: RegExp): string[] =>
  sources().filter((file) => pattern.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));

describe('shared ideas, written once', () => {
  it('server URLs are put in one form, by one rule (api/serverUrlForm.ts), and compared by util/serverUrl.ts only', () => {
    assert.deepEqual(filesMatching(/\$\{url\.protocol\}\/\/\$\{url\.host\}\$\{url\.pathname/), [
      'src/api/serverUrlForm.ts',
    ]);
    assert.deepEqual(filesMatching(/(function|const) sameServer\b/), ['src/util/serverUrl.ts']);
  });

  it('accounts are offered in a quick pick by editor/ui/accountPick.ts, the default one described as "default"', () => {
    assert.deepEqual(filesMatching(/label: accountLabel\(account,/), ['src/editor/ui/accountPick.ts']);
    assert.deepEqual(filesMatching(/l10n\.t\('\(default\)'\)/), []);
  });

  it('stale answers are told by util/generation.ts, not by counters of their own', () => {
    assert.deepEqual(filesMatching(/\bgeneration\s*=\s*(0|new Map)\b/), []);
  });

  it('no editor class keeps its own list of disposables: each extends editor/ui/disposable.ts', () => {
    assert.deepEqual(filesMatching(/\bdisposables\s*:\s*vscode\.Disposable\[\]\s*[=;]|this\.disposables\b/), []);
  });

  it("a failure's own words come from util/errorMessage.ts, not from a test of instanceof Error in each place", () => {
    assert.deepEqual(filesMatching(/\binstanceof Error\s*\?\s*\w+\.message\s*:/), ['src/util/errorMessage.ts']);
    // The API client sits below util/ and may not import it: its three readers of the system's certificate stores say it themselves.
    assert.deepEqual(
      filesMatching(/\(\w+ as Error\)\.message/).filter((file) => !file.startsWith('src/api/')),
      [],
    );
  });

  it('the snippets every account knows (its loaded lists, the last search) are gathered by model/snippets/knownSnippets.ts', () => {
    const gathering = /\.listIds\(\)|lastSearch\.state\??\.results/;
    assert.deepEqual(
      filesMatching(gathering).filter(
        (file) => !file.startsWith('src/model/snippets/') || file.endsWith('knownSnippets.ts'),
      ),
      ['src/model/snippets/knownSnippets.ts'],
    );
  });

  it('whether a value from outside is an object to read fields of is asked of util/isRecord.ts', () => {
    const spelled =
      /typeof (\w+) === 'object' && \1 !== null && !Array\.isArray\(\1\)|typeof (\w+) !== 'object' \|\| \2 === null \|\| Array\.isArray\(\2\)/;
    // The API client sits below util/ and keeps its own (api/validate.ts, api/connectionSettings.ts).
    assert.deepEqual(
      filesMatching(spelled).filter((file) => !file.startsWith('src/api/')),
      ['src/util/isRecord.ts'],
    );
  });
});
