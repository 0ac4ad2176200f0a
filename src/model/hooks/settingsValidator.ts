// The checks a hook settings document passes before it is sent: what Bitbucket itself would
// refuse (not an object, nested values, over 32 KB), plus what it would silently get wrong
// (a key given twice, a number it cannot hold). Each problem carries the range it is about, for
// a diagnostic there. Numbers keep the text they are written with, from the server to the
// editor and back (api/exactJson.ts). Pure logic, no `vscode`.
import { JsonNumber, stringifyExact } from '../../api/exactJson';
import type { HookSettings } from '../../api/types';
import { JsonSyntaxError, JsonTooDeepError, scanJson, type JsonMember } from './strictJson';
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

/** Whole numbers of 64 bits, signed or not: Bitbucket (Java) holds them exactly, so they are sent as written. */
const LEAST_64_BIT = -(2n ** 63n);
const MOST_64_BIT = 2n ** 64n - 1n;
const isWholeNumberOf64Bits = (text: string): boolean =>
  /^-?[0-9]+$/.test(text) && BigInt(text) >= LEAST_64_BIT && BigInt(text) <= MOST_64_BIT;

/**
 * Checks the editor's text. `served` is what the document was read from: a number written there
 * exactly as the server wrote it goes back as it came, whatever it is; any other number that
 * neither a JavaScript number nor a 64-bit whole number holds exactly (`1e400`, `1e-400`,
 * `0.1000000000000000055511`) is refused at its field, since the server would read another one.
 */
export function checkSettingsText(text: string, served?: HookSettings): SettingsCheck {
  let root;
  try {
    root = scanJson(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) {
      return {
        ok: false,
        problems: [{ message: l10n.t('Not valid JSON: {0}', err.message), offset: err.offset, length: 1 }],
      };
    }
    if (err instanceof JsonTooDeepError) {
      return { ok: false, problems: [{ message: err.message, offset: err.offset, length: 1 }] };
    }
    throw err;
  }
  if (root.type !== 'object') {
    return {
      ok: false,
      problems: [
        {
          message: l10n.t('Hook settings must be a JSON object: { "field": value, … }.'),
          offset: root.offset,
          length: root.length,
        },
      ],
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
        message: l10n.t(
          '"{0}" is given twice (first on line {1}); Bitbucket would keep only one of them. Remove one.',
          member.key,
          line,
        ),
        field: member.key,
        offset: member.keyOffset,
        length: member.keyLength,
      });
      continue;
    }
    seen.set(member.key, member);
    const v = member.value;
    if (v.type === 'number') {
      const number = new JsonNumber(v.text);
      const servedValue = served && Object.hasOwn(served, member.key) ? served[member.key] : undefined;
      const asServed = servedValue instanceof JsonNumber && servedValue.text === v.text;
      if (!number.isExact && !isWholeNumberOf64Bits(v.text) && !asServed) {
        problems.push({
          message: l10n.t(
            '"{0}": the number {1} cannot be held exactly; it would become {2}. Write it in quotes to send it as text.',
            member.key,
            v.text,
            String(number.value),
          ),
          field: member.key,
          offset: v.offset,
          length: v.length,
        });
        continue;
      }
      Object.defineProperty(settings, member.key, {
        value: number,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (v.type === 'string' || v.type === 'boolean') {
      Object.defineProperty(settings, member.key, {
        value: v.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      problems.push({
        message: l10n.t(
          '"{0}" is {1}: Bitbucket accepts only text, numbers and true/false as setting values.',
          member.key,
          describeType(member),
        ),
        field: member.key,
        offset: v.offset,
        length: v.length,
      });
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const size = Buffer.byteLength(stringifyExact(settings), 'utf8');
  if (size > MAX_SETTINGS_BYTES) {
    return {
      ok: false,
      problems: [
        {
          message: l10n.t(
            'The settings are {0} when sent; Bitbucket accepts at most {1}.',
            formatKb(size),
            formatKb(MAX_SETTINGS_BYTES),
          ),
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

/** How settings are shown in the editor: in the order the server sent them, each number as it wrote it, two-space indents, final newline. */
export function formatSettings(settings: HookSettings | undefined): string {
  return `${stringifyExact(settings ?? {}, 2)}\n`;
}
