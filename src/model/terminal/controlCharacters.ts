// The characters of a snippet that a terminal does not show as text: a shell reads ESC sequences,
// Ctrl keys and the like as keys (some of which run or rewrite the command line), and bidi and
// invisible marks make the text read differently from what runs. Tab and line breaks are ordinary
// in a script and are not counted here. Plain logic without `vscode`.

/** C0 and C1 controls but tab, LF and CR; DEL; bidi, invisible and separator marks a reader cannot see. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** How many characters of `text` a terminal would take as something other than text. */
export function controlCharacterCount(text: string): number {
  return text.match(CONTROL)?.length ?? 0;
}

export function hasControlCharacters(text: string): boolean {
  CONTROL.lastIndex = 0;
  const found = CONTROL.test(text);
  CONTROL.lastIndex = 0;
  return found;
}

/**
 * A character made visible: C0 controls as their Control Pictures (ESC as ␛), DEL as ␡, every
 * other as ⟨U+XXXX⟩, so that a confirmation shows where each one is.
 */
function visible(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** `text` with every control character written visibly; tab and line breaks are kept. */
export function withVisibleControls(text: string): string {
  return text.replace(CONTROL, visible);
}
