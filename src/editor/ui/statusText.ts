// Status bar texts draw `$(name)` as an icon: the extension's own icon, then outside text (an
// account's user name and host) that cannot add one.
import vscode = require('vscode');
import { iconSafeText } from '../../util/outsideText';

/** `$(icon) text`, with `text` shown as typed. */
export function statusText(icon: string, text: string): string {
  return `$(${icon}) ${iconSafeText(text, 200)}`;
}

/** A passing status bar message whose text (names included) is shown as typed, after an optional icon of the extension's own. */
export function setStatusBarMessage(text: string, hideAfterMs: number, icon?: string): vscode.Disposable {
  return vscode.window.setStatusBarMessage(icon ? statusText(icon, text) : iconSafeText(text, 500), hideAfterMs);
}
