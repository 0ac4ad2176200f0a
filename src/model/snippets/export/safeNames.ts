// Names of exported folders and files that every operating system accepts, and the check that a
// path stays inside the export folder. Every name comes from the server (snippet names, file
// names, and the snippet's guid when its name leaves nothing usable), so any of them may hold
// `/ \ : * ? " < > |`, `..`, an absolute path or a drive letter, control or bidirectional
// characters, Windows' reserved device names (CON, NUL, COM1…), trailing dots or spaces (Windows
// drops them), or be thousands of characters long. Names compare without case, as on Windows and
// macOS, so that two snippets never share a folder there. And no name is one a tool acts on
// (`.git`, `.vscode`, GIT~1…: src/model/localFiles/toolNames.ts), and a snippet's folder never starts
// with a dot, where tools keep theirs; a file in it may (`.env.example`).
import * as nodePath from 'node:path';
import { isDotName, isToolName } from '../../localFiles/toolNames';

/** Most file systems allow 255 bytes per name; room is left for " (123)" and an extension. */
const MAX_BYTES = 180;
const MAX_CHARACTERS = 100;
// eslint-disable-next-line no-control-regex -- control characters (C0 and C1) are exactly what must be replaced
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*]/g;
// Bidirectional controls and invisible separators: they make a name read as something else
// ("invoice<RLO>fdp.exe" shows as "invoiceexe.pdf"). Dropped, not replaced.
const INVISIBLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/g;
// Device names, also with an extension or a space before it, which Windows reads as the device.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)\s*(\..*)?$/i;
/** The name when neither the name nor its fallback leaves anything usable. */
const LAST_RESORT = 'snippet';

/** Cuts to the limits without splitting a character made of two UTF-16 units. */
function truncate(text: string, maxCharacters: number, maxBytes: number): string {
  let out = '';
  for (const ch of Array.from(text).slice(0, maxCharacters)) {
    if (Buffer.byteLength(out + ch) > maxBytes) break;
    out += ch;
  }
  return out;
}

const tooLong = (text: string) => Buffer.byteLength(text) > MAX_BYTES || Array.from(text).length > MAX_CHARACTERS;

/** `text` made safe as one entry of a folder, or '' when nothing usable is left of it. */
function clean(text: string): string {
  let safe = text.normalize('NFC').replace(INVISIBLE, '').replace(FORBIDDEN, '_').trim();
  // A name ending in a dot or a space cannot be made on Windows; one of dots only is `.` or `..`.
  safe = safe.replace(/[. ]+$/, '');
  if (safe === '') return '';
  if (RESERVED.test(safe)) safe = `_${safe}`;
  if (!tooLong(safe)) return safe;
  const dot = safe.lastIndexOf('.');
  // Keep a short extension whole when shortening, so the file still opens in the right editor.
  if (dot > 0 && Array.from(safe.slice(dot)).length <= 16) {
    const extension = safe.slice(dot);
    const stem = truncate(
      safe.slice(0, dot),
      MAX_CHARACTERS - Array.from(extension).length,
      MAX_BYTES - Buffer.byteLength(extension),
    ).trimEnd();
    if (stem !== '') return stem + extension;
  }
  return truncate(safe, MAX_CHARACTERS, MAX_BYTES).replace(/[. ]+$/, '');
}

/** `name` with `_` before it when a tool acts on it (`.git` becomes `_.git`, GIT~1 `_GIT~1`). */
const notATool = (name: string) => (isToolName(name) ? clean(`_${name}`) : name);

/**
 * A file name that is safe on every OS: `name` cleaned, else `fallback` cleaned the same way (it
 * is server text too: a guid), else a fixed name; never one a tool acts on.
 */
export function safeName(name: string, fallback: string): string {
  return notATool(clean(name) || clean(fallback) || LAST_RESORT);
}

/**
 * A snippet folder's name: as safeName, and never starting with a dot (`.vscode` is `_vscode`, and
 * a name that macOS reads as starting with one gets a `_` before it).
 */
export function safeFolderName(name: string, fallback: string): string {
  const safe = clean(name) || clean(fallback) || LAST_RESORT;
  return notATool(isDotName(safe) ? clean(safe.startsWith('.') ? `_${safe.slice(1)}` : `_${safe}`) : safe);
}

/**
 * True when `name` is one safeName could have made apart from the tool names: a manifest is
 * trusted only when all its names are. Whether a name may be used again (not a tool's, a folder
 * not starting with a dot) is judged per snippet (isSnippetFolderName, isSnippetFileName).
 */
export function isSafeName(name: string): boolean {
  return name !== '' && clean(name) === name;
}

/** True when a manifest's folder may be a snippet's folder again. */
export function isSnippetFolderName(name: string): boolean {
  return isSafeName(name) && !isDotName(name) && !isToolName(name);
}

/** True when a manifest's file name may be a snippet's file again. */
export function isSnippetFileName(name: string): boolean {
  return isSafeName(name) && !isToolName(name);
}

/**
 * True when `entry`, resolved against `folder`, is a path strictly inside it. The last check
 * before anything is written, whatever the names were made of: `path.resolve` then
 * `path.relative`, so `..`, absolute paths, drive letters and UNC paths are all caught.
 * `lib` is `node:path` (tests pass `path.win32` and `path.posix` to check both).
 */
export function insideFolder(
  folder: string,
  entry: string,
  lib: Pick<typeof nodePath, 'resolve' | 'relative' | 'isAbsolute' | 'sep'> = nodePath,
): boolean {
  const base = lib.resolve(folder);
  const relative = lib.relative(base, lib.resolve(base, entry));
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${lib.sep}`) && !lib.isAbsolute(relative);
}

/** Names already used in one folder, compared without case. */
export class NameSet {
  private readonly taken = new Set<string>();

  constructor(names: Iterable<string> = []) {
    for (const name of names) this.taken.add(name.toLowerCase());
  }

  has(name: string): boolean {
    return this.taken.has(name.toLowerCase());
  }

  add(name: string): void {
    this.taken.add(name.toLowerCase());
  }

  /** `name`, or `name (2)`, `name (3)`… (before a file's extension), whichever is free; it is then taken. */
  claim(name: string, keepExtension: boolean): string {
    const dot = keepExtension ? name.lastIndexOf('.') : -1;
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.has(candidate); n++) candidate = `${stem} (${n})${extension}`;
    this.add(candidate);
    return candidate;
  }
}
