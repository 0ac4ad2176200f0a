// The version bookkeeping of open hook settings documents (src/model/hooks/hookSettingsVersions.ts
// over src/model/documents/documentVersions.ts, the bookkeeping snippet files use too): what a save
// is decided against in this window and the next, in the workspace-state format earlier versions
// kept; a refused save and its Overwrite; an editor restored without a base; close and reopen;
// what stat reported; the served settings whose exact numbers go back as they came.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseExactJson } from '../../../src/api/exactJson';
import type { HookSettings } from '../../../src/api/types';
import {
  canonicalSettings,
  decideHookSave,
  hookSettingsBaseOf,
  isHookSettingsBase,
  type HookSettingsBase,
} from '../../../src/model/hooks/hookSaveLogic';
import { hookSettingsVersions } from '../../../src/model/hooks/hookSettingsVersions';
import { checkSettingsText, formatSettings } from '../../../src/model/hooks/settingsValidator';
import { WorkspaceStateKeys } from '../../../src/util/constants';
import { DocumentBases, type BaseStorage } from '../../../src/util/documentBases';

/** VS Code's workspace state as a Memento: `get` sees an update at once. */
function workspaceState(): BaseStorage & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key, value) => void (value === undefined ? values.delete(key) : values.set(key, value)),
  };
}

const KEY = WorkspaceStateKeys.hookSettingsBases;
const A = 'bitbucket-hook://admin@bitbucket.example.com/PROJ/repo1/com.example%3Ahook.json';
const B = 'bitbucket-hook://admin@bitbucket.example.com/PROJ/repo2/com.example%3Ahook.json';
const versions = (state = workspaceState()) => hookSettingsVersions<string>(state, KEY);
/** The document read from these settings, with the text it showed them as. */
const read = (settings: HookSettings | undefined) => ({ settings, text: formatSettings(settings) });

/** What a save of `edited` over the server's `current` settings is, against the bookkeeping of `uri`. */
function decide(
  bookkeeping: ReturnType<typeof versions>,
  uri: string,
  current: HookSettings | undefined,
  edited: HookSettings,
): string {
  const { base, overwriteApproved } = bookkeeping.saveState(uri);
  return decideHookSave({ base, current, edited, overwriteApproved }).kind;
}

describe('hook settings versions (the bookkeeping snippet files use)', () => {
  it("a document's base is the hash of the settings it was read from, found by the next window in the format earlier versions kept", () => {
    const state = workspaceState();
    const now = versions(state);
    assert.equal(now.baseOf(A), undefined);
    now.remember(A, read({ exe: '/opt/a.sh' }));
    assert.deepEqual(now.baseOf(A), hookSettingsBaseOf({ exe: '/opt/a.sh' }));
    const next = versions(state);
    assert.deepEqual(
      next.baseOf(A),
      hookSettingsBaseOf({ exe: '/opt/a.sh' }),
      'an editor restored after a reload is saved against the same base',
    );
    assert.equal(next.versionOf(A), undefined, 'the settings and their text stay in the window that read them');
    assert.ok(!JSON.stringify([...state.values]).includes('/opt/a.sh'), 'no settings are kept in the state');
    // The key and the value's shape are what hook documents kept before: { [uri]: { base: { hash }, at } }.
    assert.deepEqual(Object.keys(state.values.get(KEY) as object), [A]);
    assert.deepEqual((state.values.get(KEY) as Record<string, { base: unknown }>)[A].base, {
      hash: hookSettingsBaseOf({ exe: '/opt/a.sh' }).hash,
    });
    new DocumentBases<HookSettingsBase>(state, KEY, isHookSettingsBase).set(
      B,
      hookSettingsBaseOf({ exe: '/opt/b.sh' }),
    );
    assert.deepEqual(
      versions(state).baseOf(B),
      hookSettingsBaseOf({ exe: '/opt/b.sh' }),
      'a base an earlier window kept is found',
    );
  });

  it('a save over settings changed on the server is refused; Overwrite approves exactly those, and reading again ends it', () => {
    const now = versions();
    now.remember(A, read({ exe: '/opt/a.sh' }));
    const met = { exe: '/opt/c.sh' };
    assert.equal(decide(now, A, { exe: '/opt/a.sh' }, { exe: '/opt/b.sh' }), 'write');
    assert.equal(decide(now, A, met, { exe: '/opt/b.sh' }), 'conflict');
    assert.equal(now.conflicts.approve(A), false, 'nothing to overwrite before a refused save');
    now.conflicts.refused(A, hookSettingsBaseOf(met).hash);
    assert.equal(decide(now, A, met, { exe: '/opt/b.sh' }), 'conflict', 'saving again (auto-save) is no choice');
    assert.equal(now.conflicts.approve(A), true);
    assert.equal(decide(now, A, met, { exe: '/opt/b.sh' }), 'write');
    assert.equal(
      decide(now, A, { exe: '/opt/d.sh' }, { exe: '/opt/b.sh' }),
      'conflict',
      'changed again after the choice',
    );
    assert.equal(now.saveState(B).overwriteApproved, undefined, 'only for that document');
    now.remember(A, read(met));
    assert.equal(now.saveState(A).overwriteApproved, undefined);
    assert.equal(now.conflicts.approve(A), false);
  });

  it('restored without a base (a window older than the bases): never a blind write; equal settings send nothing and become the base', () => {
    const now = versions();
    assert.deepEqual(now.saveState(A), { base: undefined, reported: undefined, overwriteApproved: undefined });
    assert.equal(decide(now, A, { exe: '/opt/c.sh' }, { exe: '/opt/b.sh' }), 'conflict');
    assert.equal(decide(now, A, undefined, { exe: '/opt/b.sh' }), 'conflict');
    assert.equal(decide(now, A, { b: 2, a: 1 }, { a: 1, b: 2 }), 'unchanged');
    now.remember(A, { settings: { b: 2, a: 1 }, text: undefined });
    assert.equal(
      decide(now, A, { a: 1, b: 2 }, { a: 1, b: 3 }),
      'write',
      'from now on saved against the settings the server had',
    );
    assert.equal(decide(now, A, { a: 1, b: 4 }, { a: 1, b: 3 }), 'conflict');
  });

  it('never replaces settings other than the ones the edit started from, known in this window, kept from the last, or not at all', () => {
    const settings = fc.dictionary(
      fc.string({ maxLength: 4 }),
      fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean()),
      { maxKeys: 3 },
    );
    fc.assert(
      fc.property(
        settings,
        settings,
        settings,
        fc.constantFrom('this window', 'kept', 'unknown'),
        (loaded, current, edited, known) => {
          fc.pre(
            canonicalSettings(current) !== canonicalSettings(loaded) &&
              canonicalSettings(current) !== canonicalSettings(edited),
          );
          const state = workspaceState();
          const earlier = versions(state);
          if (known !== 'unknown') earlier.remember(A, read(loaded));
          const now = known === 'this window' ? earlier : versions(state);
          assert.equal(decide(now, A, current, edited), 'conflict');
        },
      ),
    );
  });

  it('a clean close forgets the base beyond the window, a dirty one keeps it, and a reopen without a read keeps it again', () => {
    const state = workspaceState();
    const now = versions(state);
    now.remember(A, read({ exe: '/opt/a.sh' }));
    now.closed(A, true);
    assert.deepEqual(versions(state).baseOf(A), hookSettingsBaseOf({ exe: '/opt/a.sh' }));
    now.closed(A, false);
    assert.equal(versions(state).baseOf(A), undefined);
    assert.deepEqual(now.baseOf(A), hookSettingsBaseOf({ exe: '/opt/a.sh' }), 'this window still knows what it read');
    now.reopened(A);
    assert.deepEqual(versions(state).baseOf(A), hookSettingsBaseOf({ exe: '/opt/a.sh' }));
    versions(state).reopened(B);
    assert.equal(versions(state).baseOf(B), undefined, 'nothing to keep for a document this window never read');
  });

  it('what stat last reported stays for any URI until a save moves it; a save decision counts it only for a document read in this window', () => {
    const now = versions();
    const serverCopy = `${A}&serverCopy`;
    assert.equal(now.lastReportedStat(serverCopy), undefined);
    now.reportStat(serverCopy, { mtime: 7, size: 0 });
    now.reportStat(A, { mtime: 8, size: 0 });
    assert.deepEqual(now.lastReportedStat(serverCopy), { mtime: 7, size: 0 });
    assert.deepEqual(now.lastReportedStat(A), { mtime: 8, size: 0 });
    assert.equal(now.reportedStat(A), undefined, 'VS Code checks a restored editor against no version');
    now.remember(A, read({}));
    assert.deepEqual(now.saveState(A).reported, { mtime: 8, size: 0 });
  });

  it('keeps the served settings and text in the window: a number as the server wrote it goes back, in another window it is refused', () => {
    const served = parseExactJson('{"limit": 1e400, "id": 9007199254740993}') as HookSettings;
    const state = workspaceState();
    const now = versions(state);
    now.remember(A, read(served));
    const text = now.versionOf(A)?.text ?? '';
    assert.equal(text, formatSettings(served));
    assert.ok(text.includes('1e400') && text.includes('9007199254740993'));
    const checked = checkSettingsText(text, now.versionOf(A)?.settings);
    assert.ok(checked.ok);
    assert.equal(decide(now, A, served, checked.settings), 'write');
    assert.equal(
      checkSettingsText(text, versions(state).versionOf(A)?.settings).ok,
      false,
      'a restored editor has no served settings to match',
    );
  });
});
