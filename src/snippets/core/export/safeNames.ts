// Names of exported folders and files that every operating system accepts: snippet and file names
// come from the server and may hold `/ \ : * ? " < > |`, control characters, Windows' reserved
// device names (CON, NUL, COM1…), trailing dots or spaces (Windows drops them), or be hundreds of
// characters long. Names compare without case, as on Windows and macOS, so that two snippets
// never share a folder there.

/** Most file systems allow 255 bytes per name; room is left for " (123)" and an extension. */
const MAX_BYTES = 180;
const MAX_CHARACTERS = 100;
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be replaced
const FORBIDDEN = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** Cuts to the limits without splitting a character made of two UTF-16 units. */
function truncate(text: string, maxCharacters: number, maxBytes: number): string {
  let out = '';
  for (const ch of Array.from(text).slice(0, maxCharacters)) {
    if (Buffer.byteLength(out + ch) > maxBytes) break;
    out += ch;
  }
  return out;
}

/** A name that is safe on every OS, or `fallback` when nothing usable is left of it. */
export function safeName(name: string, fallback: string): string {
  let safe = name.normalize('NFC').replace(FORBIDDEN, '_').trim();
  // A name ending in a dot or a space cannot be made on Windows.
  safe = safe.replace(/[. ]+$/, '');
  if (safe === '' || /^\.+$/.test(safe)) safe = fallback;
  if (RESERVED.test(safe)) safe = `_${safe}`;
  const dot = safe.lastIndexOf('.');
  // Keep a short extension whole when shortening, so the file still opens in the right editor.
  if (dot > 0 && safe.length - dot <= 16 && Buffer.byteLength(safe) > MAX_BYTES) {
    const extension = safe.slice(dot);
    return truncate(safe.slice(0, dot), MAX_CHARACTERS - extension.length, MAX_BYTES - Buffer.byteLength(extension)).trimEnd() + extension;
  }
  return truncate(safe, MAX_CHARACTERS, MAX_BYTES).replace(/[. ]+$/, '') || fallback;
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
