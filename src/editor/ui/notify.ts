// The only place the extension calls VS Code's notification and dialog functions. Every message
// and detail passes through messageText, so a server's message, a snippet name or a link's
// parameter inside it shows as text and never as a live `command:` link (src/util/outsideText.ts).
// Lint forbids calling vscode.window.show…Message anywhere else (eslint.config.mjs).
import vscode = require('vscode');
import { lineText, messageText } from '../../util/outsideText';

type Show = (message: string, options: vscode.MessageOptions, ...items: string[]) => Thenable<string | undefined>;

function show(
  kind: Show,
  message: string,
  options: vscode.MessageOptions,
  actions: string[],
): Thenable<string | undefined> {
  // Buttons are drawn as plain text, but one may hold a name: it loses its controls too, and the
  // caller gets back the action it gave.
  const shown = actions.map((a) => lineText(a));
  const safeOptions = options.detail === undefined ? options : { ...options, detail: messageText(options.detail) };
  return kind(messageText(message), safeOptions, ...shown).then((choice) =>
    choice === undefined ? undefined : actions[shown.indexOf(choice)],
  );
}

/** An information notification; resolves to the chosen action. */
export function showInfo(message: string, ...actions: string[]): Thenable<string | undefined> {
  return show((m, o, ...i) => vscode.window.showInformationMessage(m, o, ...i), message, {}, actions);
}

/** A warning notification; resolves to the chosen action. */
export function showWarning(message: string, ...actions: string[]): Thenable<string | undefined> {
  return show((m, o, ...i) => vscode.window.showWarningMessage(m, o, ...i), message, {}, actions);
}

/** An error notification; resolves to the chosen action. */
export function showErrorText(message: string, ...actions: string[]): Thenable<string | undefined> {
  return show((m, o, ...i) => vscode.window.showErrorMessage(m, o, ...i), message, {}, actions);
}

/** A modal warning with a detail line; resolves to the chosen action, undefined for Cancel. */
export function showModalWarning(
  message: string,
  detail: string | undefined,
  ...actions: string[]
): Thenable<string | undefined> {
  return show((m, o, ...i) => vscode.window.showWarningMessage(m, o, ...i), message, { modal: true, detail }, actions);
}
