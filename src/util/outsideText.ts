// Text from outside the extension (a server's message, a name another user chose, a link's
// parameter, a file name from disk) made harmless for the places VS Code renders text. No `vscode`
// here: it is plain logic, property-tested in Node. The sinks in src/editor/ui/ apply it to everything they
// show, so a call site cannot forget it.
//
// What VS Code renders, and so what is neutralised:
// - notifications, modal dialogs, input box prompts and validation messages turn
//   `[label](command:…)`, `(https:…)` and `(file:…)` into live links (vs/base/common/linkedText.ts);
//   a click on a `command:` link runs that command with the link's arguments;
// - quick pick labels, descriptions and details, and status bar texts, turn `$(name)` into icons;
// - control and bidirectional formatting characters reorder or hide what a reader sees.

/** C0 and C1 controls (tab and line breaks are handled apart), DEL, and the bidi and invisible formatting marks. */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** The opening of a link's target. VS Code's link syntax needs `](` with nothing between. */
const LINK_TARGET = /\]\(/g;
/** `$(` not already escaped with a backslash: VS Code's icon syntax. */
const ICON = /(\\)?\$\(/g;

/** How long outside text shown in one message may be; past it is cut with an ellipsis. */
export const MAX_SHOWN_LENGTH = 2000;

/** Cuts `text` to `max` characters without splitting a surrogate pair. */
function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * Text for a notification, a modal dialog or an input box's prompt: link syntax broken (`](`
 * becomes `] (`, which every reader still understands), control and bidi characters removed, tabs
 * as spaces, line breaks kept as `\n`, and at most MAX_SHOWN_LENGTH characters.
 */
export function messageText(text: unknown, max = MAX_SHOWN_LENGTH): string {
  const plain = String(text ?? '')
    .replace(LINE_BREAK, '\n')
    .replace(/\t/g, ' ')
    .replace(HIDDEN, '');
  return capped(plain.replace(LINK_TARGET, '] ('), max);
}

/** Text for one line (a tree row, a tab, a quick pick's title): as messageText, with line breaks as spaces. */
export function lineText(text: unknown, max = MAX_SHOWN_LENGTH): string {
  return messageText(String(text ?? '').replace(LINE_BREAK, ' '), max);
}

/**
 * Text for a place that draws `$(name)` as an icon (quick pick items, the status bar): as
 * lineText, with every `$(` escaped so that it shows as typed.
 */
export function iconSafeText(text: unknown, max = MAX_SHOWN_LENGTH): string {
  return lineText(text, max).replace(ICON, (match: string, escaped: string | undefined) => (escaped ? match : '\\$('));
}
