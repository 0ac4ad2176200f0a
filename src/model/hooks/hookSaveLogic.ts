// When a save of hook settings may replace the server's: the settings the editor's text started
// from are known by a hash (kept beyond the window for editors VS Code restores with unsaved
// text, see util/documentBases.ts), and a save that meets other settings on the server is a
// conflict. Plain logic without `vscode`, unit-tested in Node.
import { stringifyExact } from '../../api/exactJson';
import type { HookSettings } from '../../api/types';
import { textHash } from '../../util/documentBases';

/**
 * Settings compared by content, whatever the key order the server answers in. Numbers compare by
 * their text: 9007199254740993 is not 9007199254740992, and `1.0` written as `1` is a change.
 */
export function canonicalSettings(settings: HookSettings | undefined): string {
  const s = settings ?? {};
  return stringifyExact(
    Object.fromEntries(
      Object.keys(s)
        .sort()
        .map((k) => [k, s[k]]),
    ),
  );
}

/** What an edit of hook settings is based on: a hash of the settings it was loaded from, never the settings. */
export interface HookSettingsBase {
  hash: string;
}

export function hookSettingsBaseOf(settings: HookSettings | undefined): HookSettingsBase {
  return { hash: textHash(canonicalSettings(settings)) };
}

export function isHookSettingsBase(value: unknown): value is HookSettingsBase {
  return typeof value === 'object' && value !== null && typeof (value as Partial<HookSettingsBase>).hash === 'string';
}

export type HookSaveDecision =
  /** Replace the server's settings with the edited ones. */
  | { kind: 'write' }
  /** The server already has the edited settings: nothing to send. */
  | { kind: 'unchanged' }
  /** The server's settings are not the ones the edit started from: Compare or Overwrite. */
  | { kind: 'conflict' };

/**
 * After reading the server's current settings: may the edited ones replace them? With no base at
 * all (an editor restored from a window older than the bases), nothing says what the edit started
 * from, so only settings equal to the edited ones go without asking; it is never a blind write.
 * After a refused save, the user's Overwrite approves the settings that save met (their hash,
 * util/saveConflicts.ts): those, and only those, may be replaced.
 */
export function decideHookSave(input: {
  base: HookSettingsBase | undefined;
  current: HookSettings | undefined;
  edited: HookSettings;
  overwriteApproved?: string;
}): HookSaveDecision {
  const current = hookSettingsBaseOf(input.current).hash;
  if (input.base) {
    return input.base.hash === current || input.overwriteApproved === current
      ? { kind: 'write' }
      : { kind: 'conflict' };
  }
  if (current === hookSettingsBaseOf(input.edited).hash) return { kind: 'unchanged' };
  return input.overwriteApproved === current ? { kind: 'write' } : { kind: 'conflict' };
}
