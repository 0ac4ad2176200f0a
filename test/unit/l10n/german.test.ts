// The German translation is complete and keeps what must not change: every string of the code
// and of the manifest has a German entry with the same placeholders, command links and code.
import * as assert from 'node:assert/strict';
import { localizedManifest, readJson } from './localizedManifest';

type Bundle = Record<string, string | { message: string }>;
const text = (v: string | { message: string }): string => (typeof v === 'string' ? v : v.message);

/** What a translation must carry over unchanged, sorted. */
function invariants(s: string): string[] {
  return [
    ...(s.match(/\{\d+\}/g) ?? []), // l10n.t placeholders
    ...(s.match(/\(command:[^)]*\)/g) ?? []), // command links of the welcome view and walkthrough
    ...(s.match(/`[^`]*`/g) ?? []), // code: setting ids, paths, JSON
    ...(s.match(/\{[a-z]+\}/g) ?? []), // {server}, {guid} of the URL template
    ...(s.match(/\$\([a-z-]+\)/g) ?? []), // codicons
  ].sort();
}

function checkTranslation(english: Record<string, string>, german: Record<string, string>, what: string): void {
  assert.deepEqual(
    Object.keys(english).filter((k) => !(k in german)),
    [],
    `${what}: keys without a German entry`,
  );
  assert.deepEqual(
    Object.keys(german).filter((k) => !(k in english)),
    [],
    `${what}: German entries for keys that no longer exist`,
  );
  const broken = Object.keys(english).filter(
    (k) => german[k].trim() === '' || invariants(english[k]).join('\n') !== invariants(german[k]).join('\n'),
  );
  assert.deepEqual(
    broken.map((k) => `${k} → ${german[k]}`),
    [],
    `${what}: placeholders, links or code differ`,
  );
  // Product names and codes stay as they are; a file that is mostly English is not a translation.
  const same = Object.keys(english).filter((k) => english[k] === german[k]);
  assert.ok(same.length < Object.keys(english).length / 10, `${what}: ${same.length} entries are still English`);
}

describe('localization: German', () => {
  it('translates every string of the code, with the same placeholders', () => {
    const english = readJson<Bundle>('l10n/bundle.l10n.json');
    const german = readJson<Bundle>('l10n/bundle.l10n.de.json');
    const flat = (b: Bundle) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, text(v)]));
    checkTranslation(flat(english), flat(german), 'l10n/bundle.l10n.de.json');
  });

  it('translates every manifest string, keeping command links and setting references', () => {
    checkTranslation(readJson('package.nls.json'), readJson('package.nls.de.json'), 'package.nls.de.json');
  });

  it('names the view as its container, as in English (so a narrow side bar shows the name once), and gives German commands', () => {
    const de = localizedManifest<{
      contributes: {
        viewsContainers: { activitybar: Array<{ id: string; title: string }> };
        views: Record<string, Array<{ id: string; name: string }>>;
        commands: Array<{ command: string; title: string }>;
      };
    }>('de');
    const view = Object.values(de.contributes.views)
      .flat()
      .find((v) => v.id === 'bitbucketSnippets.explorer')?.name;
    assert.equal(view, 'Bitbucket Snippets');
    assert.equal(view, de.contributes.viewsContainers.activitybar.find((c) => c.id === 'bitbucketSnippets')?.title);
    assert.equal(de.contributes.commands.find((c) => c.command === 'bitbucketSnippets.signIn')?.title, 'Anmelden');
  });
});
