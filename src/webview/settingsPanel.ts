// The repository settings webview. It draws what the extension sends (`state` messages) and
// posts the user's actions back; it never decides a setting's value itself. Every string from
// the server or from git is put in the page with textContent or as an attribute value, never
// parsed as HTML (dom.ts). Message shapes: src/model/settingsPanel/protocol.ts, checked by the
// type check both ways. Every word it shows comes from the extension, translated (words.ts).
//
// Browser code: esbuild bundles this entry and its modules of src/webview/ to
// dist/webview/settingsPanel.js, which src/editor/settingsPanel/panel.ts loads. It imports
// nothing else at run time, only the protocol's and the strings' types (src/webview/tsconfig.json
// checks it with the DOM and without Node).
// The bundle is a classic script, not a module: this keeps it strict (esbuild puts it at its top).
'use strict';

import type { ExtensionMessage, PanelState } from '../model/settingsPanel/protocol';
// First: the page's API is acquired before anything else reads the page.
import { vscode } from './vscodeApi';
import { app } from './words';
import { clicked } from './controls';
import { el, replaceContent, type Child } from './dom';
import { focusLastControl, followFocus } from './focus';
import { header, renderHeader } from './header';
import { renderHooks } from './hooksSection';
import { renderPages } from './pagesSection';
import { renderSignIn } from './signInSection';
import { announce, status } from './status';

let state: PanelState | null = null;

const content = el('div', { id: 'content' });
app.replaceChildren(header, status, content);

followFocus();

function render(): void {
  if (!state) return;
  const active = document.activeElement as HTMLElement | null;
  const hadFocus = !!active && active !== document.body && !!active.dataset && !!active.dataset.focusKey;
  renderHeader(state);
  const parts: Child[] = [];
  if (state.notice) parts.push(el('p', { class: 'notice', attrs: { role: 'alert' }, text: state.notice }));
  if (!state.account) parts.push(renderSignIn(state));
  else {
    parts.push(renderPages(state));
    parts.push(renderHooks(state));
  }
  replaceContent(content, parts);
  app.removeAttribute('aria-busy');
  // Rebuilding the page must not throw the keyboard user back to the top.
  if (hadFocus) focusLastControl();
}

// ---- Messages from the extension -------------------------------------------------------------

window.addEventListener('message', (event: MessageEvent<ExtensionMessage | null | undefined>) => {
  const message = event.data;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'state' && message.state && typeof message.state === 'object' && message.state.repository) {
    state = message.state;
    clicked.clear();
    vscode.setState({ state });
    render();
  } else if (message.type === 'announce' && typeof message.message === 'string') {
    announce(message.message, message.error === true);
  } else if (message.type === 'result' && typeof message.requestId === 'string') {
    if (typeof message.message === 'string' && message.message) announce(message.message, message.ok !== true);
    else if (message.ok === true) announce('', false);
  }
});

// Shown again after being hidden: draw the last state at once, then ask for the current one.
const saved = vscode.getState();
if (saved && saved.state && saved.state.repository) {
  state = saved.state;
  render();
}
vscode.postMessage({ type: 'ready' });
