// The checks a hook settings document passes before it is sent: what Bitbucket itself would
// refuse (not an object, nested values, over 32 KB), plus what it would silently get wrong
// (a key given twice). Each problem carries the range it is about, for a diagnostic there.
// Pure logic, no `vscode`.
import type { HookSettings } from '../api/types';
import { JsonSyntaxError, scanJson, type JsonMember } from './strictJson';
import * as l10n from '@vscode/l10n';

/** Bitbucket refuses hook settings larger than this, serialized. */
export const MAX_SETTINGS_BYTES = 32 * 1024;

export interface SettingsProblem {
  message: string;
  /** The field the problem is about, when it is about one. */
  field?: string;
  offset: number;
  length: number;
}

export type SettingsCheck = { ok: true; settings: HookSettings } | { ok: false; problems: SettingsProblem[] };

const describeType = (member: JsonMember): string =>
  member.value.type === 'object' ? l10n.t('an object') : member.value.type === 'array' ? l10n.t('a list') : 'null';

export function checkSettingsText(text: string): SettingsCheck {
  let root;
  try {
    root = scanJson(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) {
      return { ok: false, problems: [{ message: l10n.t('Not valid JSON: {0}', err.message), offset: err.offset, length: 1 }] };
    }
    throw err;
  }
  if (root.type !== 'object') {
    return {
      ok: false,
      problems: [{ message: l10n.t('Hook settings must be a JSON object: { "field": value, … }.'), offset: root.offset, length: root.length }],
    };
  }

  const problems: SettingsProblem[] = [];
  const seen = new Map<string, JsonMember>();
  const settings: HookSettings = {};
  for (const member of root.members) {
    const earlier = seen.get(member.key);
    if (earlier) {
      const line = text.slice(0, earlier.keyOffset).split('\n').length;
      problems.push({
        message: l10n.t('"{0}" is given twice (first on line {1}); Bitbucket would keep only one of them. Remove one.', member.key, line),
        field: member.key,
        offset: member.keyOffset,
        length: member.keyLength,
      });
      continue;
    }
    seen.set(member.key, member);
    const v = member.value;
    if (v.type === 'string' || v.type === 'number' || v.type === 'boolean') {
      Object.defineProperty(settings, member.key, { value: v.value, enumerable: true, writable: true, configurable: true });
    } else {
      problems.push({
        message: l10n.t('"{0}" is {1}: Bitbucket accepts only text, numbers and true/false as setting values.', member.key, describeType(member)),
        field: member.key,
        offset: v.offset,
        length: v.length,
      });
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const size = Buffer.byteLength(JSON.stringify(settings), 'utf8');
  if (size > MAX_SETTINGS_BYTES) {
    return {
      ok: false,
      problems: [
        {
          message: l10n.t('The settings are {0} when sent; Bitbucket accepts at most {1}.', formatKb(size), formatKb(MAX_SETTINGS_BYTES)),
          offset: root.offset,
          length: 1,
        },
      ],
    };
  }
  return { ok: true, settings };
}

const formatKb = (bytes: number): string => `${(bytes / 1024).toFixed(bytes % 1024 === 0 ? 0 : 1)} KB`;

/**
 * The range of a top-level field's key, to show the server's field errors where the field is.
 * Undefined when the text does not parse or has no such field.
 */
export function locateField(text: string, field: string): { offset: number; length: number } | undefined {
  try {
    const root = scanJson(text);
    if (root.type !== 'object') return undefined;
    const member = root.members.find((m) => m.key === field);
    return member ? { offset: member.keyOffset, length: member.keyLength } : undefined;
  } catch {
    return undefined;
  }
}

/** How settings are shown in the editor: in the order the server sent them, two-space indents, final newline. */
export function formatSettings(settings: HookSettings | undefined): string {
  return `${JSON.stringify(settings ?? {}, null, 2)}\n`;
}
