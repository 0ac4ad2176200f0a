// The page's line to the extension: VS Code's webview API, and the actions the user's clicks post.
// Message shapes: src/model/settingsPanel/protocol.ts, checked here by the type check.
import type { PanelState, WebviewMessage } from '../model/settingsPanel/protocol';

/** What the webview keeps while hidden: the last state drawn. */
interface SavedState {
  state: PanelState;
}

/** The part of VS Code's webview API this page uses (declared here rather than adding @types/vscode-webview for three methods). */
interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** The actions, every message but `ready`: each carries a requestId. */
type Action = Exclude<WebviewMessage, { type: 'ready' }>;
/** The fields of an action besides its type and requestId. */
type ActionFields<T extends Action['type']> = Omit<Extract<Action, { type: T }>, 'type' | 'requestId'>;

export const vscode = acquireVsCodeApi();

let sequence = 0;

/** Posts an action with a new requestId; its fields are the protocol's, so a field it lacks or does not know fails the type check. */
export function send<T extends Action['type']>(
  type: T,
  ...fields: keyof ActionFields<T> extends never ? [] : [ActionFields<T>]
): string {
  sequence += 1;
  const requestId = `r${Date.now().toString(36)}-${sequence}`;
  // The fields' type comes from the protocol's own union; TypeScript cannot follow the generic back to it.
  vscode.postMessage(Object.assign({ type, requestId }, fields[0] || {}) as Action);
  return requestId;
}
