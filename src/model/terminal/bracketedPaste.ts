// Bracketed paste: a shell that has turned it on (bash 5.1+, zsh 5.1+, fish 3+ by default) takes
// everything between ESC [200~ and ESC [201~ as typed text, line breaks included, and runs none of
// it until the user presses Enter. The end marker inside the text would end the paste early and
// let the rest run as keys, so it never reaches the shell inside one. Plain logic without `vscode`.

export const PASTE_START = '\u001b[200~';
export const PASTE_END = '\u001b[201~';

/**
 * `text` without any paste marker. Taking one out can join the pieces around it into another
 * ("\x1b[2" + marker + "01~"), so this repeats until none is left; each round shortens the text.
 */
export function withoutPasteMarkers(text: string): string {
  let result = text;
  for (;;) {
    const next = result.split(PASTE_END).join('').split(PASTE_START).join('');
    if (next === result) return result;
    result = next;
  }
}

/** `text` as one bracketed paste: the markers around it, none inside. */
export function bracketedPaste(text: string): string {
  return `${PASTE_START}${withoutPasteMarkers(text)}${PASTE_END}`;
}
