// When saved hook settings may replace the server's (src/model/hooks/hookSaveLogic.ts): against the
// base the editor's text was loaded from, in this window or kept from an earlier one, and with no
// base at all (an editor restored from a window older than the bases).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  canonicalSettings,
  decideHookSave,
  hookSettingsBaseOf,
  isHookSettingsBase,
  type HookSettingsBase,
} from '../../../src/model/hooks/hookSaveLogic';
import { DocumentBases, type BaseStorage } from '../../../src/util/documentBases';

const uri = 'bitbucket-hook://admin@bitbucket.example.com/PROJ/repo1/com.example%3Ahook.json';

function workspaceState(): BaseStorage & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key, value) => void values.set(key, value),
  };
}

describe("hook settings: when a save replaces the server's settings", () => {
  it('with the base loaded in this window: writes over the same settings (in any key order), refuses over others of the same length', () => {
    const base = hookSettingsBaseOf({ exe: '/opt/a.sh', safe_path: true });
    assert.deepEqual(
      decideHookSave({ base, current: { safe_path: true, exe: '/opt/a.sh' }, edited: { exe: '/opt/b.sh' } }),
      { kind: 'write' },
    );
    assert.deepEqual(
      decideHookSave({ base, current: { exe: '/opt/c.sh', safe_path: true }, edited: { exe: '/opt/b.sh' } }),
      { kind: 'conflict' },
    );
    assert.deepEqual(
      decideHookSave({ base: hookSettingsBaseOf(undefined), current: undefined, edited: { exe: '/opt/b.sh' } }),
      { kind: 'write' },
      'never configured, still not',
    );
    assert.deepEqual(
      decideHookSave({
        base: hookSettingsBaseOf(undefined),
        current: { exe: '/opt/c.sh' },
        edited: { exe: '/opt/b.sh' },
      }),
      { kind: 'conflict' },
      'configured meanwhile',
    );
  });

  it('with the base restored from storage by the next window: the same decisions, and no settings stored', () => {
    const state = workspaceState();
    new DocumentBases<HookSettingsBase>(state, 'hooks', isHookSettingsBase).set(
      uri,
      hookSettingsBaseOf({ exe: '/opt/a.sh' }),
    );
    const base = new DocumentBases<HookSettingsBase>(state, 'hooks', isHookSettingsBase).get(uri);
    assert.deepEqual(decideHookSave({ base, current: { exe: '/opt/c.sh' }, edited: { exe: '/opt/b.sh' } }), {
      kind: 'conflict',
    });
    assert.deepEqual(decideHookSave({ base, current: { exe: '/opt/a.sh' }, edited: { exe: '/opt/b.sh' } }), {
      kind: 'write',
    });
    assert.ok(!JSON.stringify([...state.values]).includes('/opt/a.sh'), 'no settings are stored');
  });

  it('with no base at all, and the server holding the edited settings: nothing to send', () => {
    assert.deepEqual(decideHookSave({ base: undefined, current: { b: 2, a: 1 }, edited: { a: 1, b: 2 } }), {
      kind: 'unchanged',
    });
    assert.deepEqual(decideHookSave({ base: undefined, current: undefined, edited: {} }), { kind: 'unchanged' });
  });

  it('with no base at all, and other settings on the server: a conflict, never a blind write', () => {
    assert.deepEqual(decideHookSave({ base: undefined, current: { exe: '/opt/c.sh' }, edited: { exe: '/opt/b.sh' } }), {
      kind: 'conflict',
    });
    assert.deepEqual(decideHookSave({ base: undefined, current: undefined, edited: { exe: '/opt/b.sh' } }), {
      kind: 'conflict',
    });
  });

  it('never replaces settings other than the ones the edit started from (any settings)', () => {
    const settings = fc.dictionary(
      fc.string({ maxLength: 4 }),
      fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean()),
      { maxKeys: 3 },
    );
    fc.assert(
      fc.property(settings, settings, settings, fc.boolean(), (loaded, current, edited, known) => {
        fc.pre(
          canonicalSettings(current) !== canonicalSettings(loaded) &&
            canonicalSettings(current) !== canonicalSettings(edited),
        );
        assert.deepEqual(decideHookSave({ base: known ? hookSettingsBaseOf(loaded) : undefined, current, edited }), {
          kind: 'conflict',
        });
      }),
    );
  });

  it('after a refused save, Overwrite replaces the settings that save met, and no others (as for snippet files)', () => {
    const base = hookSettingsBaseOf({ exe: '/opt/a.sh' });
    const met = { exe: '/opt/c.sh' };
    const approved = hookSettingsBaseOf(met).hash;
    assert.deepEqual(decideHookSave({ base, current: met, edited: { exe: '/opt/b.sh' } }), { kind: 'conflict' });
    assert.deepEqual(
      decideHookSave({ base, current: met, edited: { exe: '/opt/b.sh' }, overwriteApproved: approved }),
      { kind: 'write' },
    );
    assert.deepEqual(
      decideHookSave({
        base: undefined,
        current: { exe: '/opt/c.sh' },
        edited: { exe: '/opt/b.sh' },
        overwriteApproved: approved,
      }),
      { kind: 'write' },
      'a restored editor too',
    );
    assert.deepEqual(
      decideHookSave({
        base,
        current: { exe: '/opt/d.sh' },
        edited: { exe: '/opt/b.sh' },
        overwriteApproved: approved,
      }),
      { kind: 'conflict' },
      'changed again after the choice',
    );
  });
});
