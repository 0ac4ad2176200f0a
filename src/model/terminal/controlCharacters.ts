// The characters of a snippet that a terminal does not show as text: a shell reads ESC sequences,
// Ctrl keys and the like as keys (some of which run or rewrite the command line), and format,
// bidi and other invisible characters make the text read differently from what runs. Tab and line
// breaks are ordinary in a script and are not counted here. Plain logic without `vscode`.

/**
 * C0 and C1 controls but tab, LF and CR; DEL; every format character (Unicode's class Cf: soft
 * hyphen, bidi marks, zero-width and tag characters, …); line and paragraph separators; spaces
 * other than U+0020 (a shell does not split words at them); and the letters and marks that draw
 * nothing: Hangul fillers, the combining grapheme joiner, Khmer's inherent vowels, Mongolian and
 * Unicode variation selectors, and the blank Braille pattern.
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- finding control and combining invisible characters one by one is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cf}\p{Zl}\p{Zp}\p{Zs}\u115F\u1160\u3164\uFFA0\u034F\u17B4\u17B5\u180B-\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u2800]/gu;

/** `char` is a control or invisible character; U+0020 is the one space that is text. */
const isControl = (char: string): boolean => char !== ' ';

/** How many characters of `text` a terminal would take as something other than the text a reader sees. */
export function controlCharacterCount(text: string): number {
  let count = 0;
  for (const found of text.matchAll(CONTROL)) if (isControl(found[0])) count += 1;
  return count;
}

export function hasControlCharacters(text: string): boolean {
  return controlCharacterCount(text) > 0;
}

/**
 * A character made visible: C0 controls as their Control Pictures (ESC as ␛), DEL as ␡, every
 * other as ⟨U+XXXX⟩, so that a confirmation shows where each one is.
 */
export function visibleCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** `text` with every control and invisible character written visibly; tab, line breaks and U+0020 are kept. */
export function withVisibleControls(text: string): string {
  return text.replace(CONTROL, (char) => (isControl(char) ? visibleCharacter(char) : char));
}
