// The repository settings webview. It draws what the extension sends (`state` messages) and
// posts the user's actions back; it never decides a setting's value itself. Every string from
// the server or from git is put in the page with textContent or as an attribute value, never
// parsed as HTML. Message shapes: src/model/settingsPanel/protocol.ts, checked here by the type check
// both ways. Every word it shows comes from the extension, translated (data-strings, made by
// src/model/settingsPanel/webviewStrings.ts): no English is written here
// (test/unit/settingsPanel/webviewStrings.test.ts holds that).
//
// Browser code: esbuild bundles it to dist/webview/settingsPanel.js, which src/editor/settingsPanel/panel.ts
// loads. It imports nothing at run time, only the protocol's and the strings' types
// (src/webview/tsconfig.json checks it with the DOM and without Node).
// The bundle is a classic script, not a module: this keeps it strict (esbuild puts it at its top).
'use strict';

import type { ExtensionMessage, HookRow, NewRefsKind, PanelState, WebviewMessage } from '../model/settingsPanel/protocol';
import type { PanelStrings } from '../model/settingsPanel/webviewStrings';

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

type Child = Node | string | null | undefined | false;

interface ElementProps {
  class?: string;
  id?: string;
  text?: string;
  for?: string;
  type?: string;
  disabled?: boolean;
  attrs?: Record<string, string | null | undefined>;
  on?: Record<string, EventListener>;
}

interface SwitchOptions {
  id: string;
  value: boolean | null;
  disabled: boolean;
  busy: boolean;
  focusKey: string;
  labelId: string;
  describedBy: string;
  onToggle: (wanted: boolean) => void;
}

interface ButtonOptions {
  secondary?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
}

const vscode = acquireVsCodeApi();
const app = document.getElementById('app') as HTMLElement;
/** The translated words, by the keys of src/model/settingsPanel/webviewStrings.ts. */
const t = JSON.parse(app.dataset.strings || '{}') as PanelStrings;

/** A template of `t` with its {0}, {1}… filled. */
const fmt = (template: string, ...args: Array<string | number>): string =>
  template.replace(/\{(\d+)\}/g, (match, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : match));

let state: PanelState | null = null;
let sequence = 0;
/** Controls the user just used, shown as busy until the next state arrives. */
const clicked = new Set<string>();

// ---- Building DOM without HTML parsing ---------------------------------------------------

function el(tag: string, props?: ElementProps, children?: Child[]): HTMLElement {
  const node = document.createElement(tag);
  const p = props || {};
  if (p.class) node.className = p.class;
  if (p.id) node.id = p.id;
  if (p.text !== undefined) node.textContent = String(p.text);
  if (p.for) node.setAttribute('for', p.for);
  if (p.type) node.setAttribute('type', p.type);
  if (p.disabled) node.setAttribute('disabled', '');
  if (p.attrs) for (const [name, value] of Object.entries(p.attrs)) if (value !== undefined && value !== null) node.setAttribute(name, String(value));
  if (p.on) for (const [event, fn] of Object.entries(p.on)) node.addEventListener(event, fn);
  for (const child of children || []) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * Puts `children` in `node` in place of what it held, leaving the absent ones out as el() does:
 * replaceChildren itself would show a `null` as the word "null".
 */
function replaceContent(node: HTMLElement, children: Child[]): void {
  node.replaceChildren(...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false));
}

/**
 * A switch showing a server value: a real button with role="switch", so Tab reaches it and both
 * Space and Enter press it. Its name comes from its visible label (aria-labelledby), and its
 * state text (Unknown, Changing…, an error) is read with it (aria-describedby). While busy or
 * blocked it stays focusable (aria-disabled, not disabled): pressing it must not drop the
 * keyboard user's focus to the top of the page.
 */
function switchControl(o: SwitchOptions): HTMLElement {
  const control = el('button', {
    id: o.id,
    type: 'button',
    class: 'switch',
    attrs: {
      role: 'switch',
      // A switch is on or off: an unknown value reads as off, and its state text says "Unknown".
      'aria-checked': o.value === true ? 'true' : 'false',
      'aria-labelledby': o.labelId,
      'aria-describedby': o.describedBy,
      'aria-disabled': o.disabled || o.busy ? 'true' : undefined,
      'aria-busy': o.busy ? 'true' : undefined,
      'data-value': o.value === true ? 'on' : o.value === false ? 'off' : 'unknown',
      'data-focus-key': o.focusKey,
    },
  }, [el('span', { class: 'switch-thumb', attrs: { 'aria-hidden': 'true' } })]);
  control.addEventListener('click', () => {
    if (control.getAttribute('aria-disabled') === 'true') return;
    // Show the server's value until the server answers: never the value that was asked for.
    control.setAttribute('aria-disabled', 'true');
    control.setAttribute('aria-busy', 'true');
    clicked.add(o.focusKey);
    o.onToggle(o.value !== true);
  });
  return control;
}

function button(label: string, focusKey: string, onClick: () => void, opts?: ButtonOptions): HTMLElement {
  const o = opts || {};
  return el('button', {
    type: 'button',
    class: o.secondary ? 'secondary' : '',
    disabled: !!o.disabled,
    text: label,
    attrs: { 'data-focus-key': focusKey, 'aria-label': o.ariaLabel },
    on: { click: onClick },
  });
}

/** Posts an action with a new requestId; its fields are the protocol's, so a field it lacks or does not know fails the type check. */
function send<T extends Action['type']>(type: T, ...fields: keyof ActionFields<T> extends never ? [] : [ActionFields<T>]): string {
  sequence += 1;
  const requestId = `r${Date.now().toString(36)}-${sequence}`;
  // The fields' type comes from the protocol's own union; TypeScript cannot follow the generic back to it.
  vscode.postMessage(Object.assign({ type, requestId }, fields[0] || {}) as Action);
  return requestId;
}

const onOff = (v: boolean | null, on: string, off: string): string => (v === true ? on : v === false ? off : t.unknown);
// In VS Code's display language (the page's lang, set by the extension), not the engine's.
const when = (ms: number): string => new Date(ms).toLocaleString(document.documentElement.lang || undefined);

// ---- Status line (a live region that exists before anything is announced) ----------------

const header = el('header', { class: 'header' });
const status = el('div', { id: 'status', class: 'status', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
const content = el('div', { id: 'content' });
app.replaceChildren(header, status, content);

let announceTimer = 0;
function announce(message: string, isError: boolean): void {
  status.classList.toggle('error', !!isError);
  status.setAttribute('aria-live', isError ? 'assertive' : 'polite');
  clearTimeout(announceTimer);
  // The same words again (a second failure alike) change nothing a screen reader would notice:
  // empty the region first, then fill it.
  if (message && status.textContent === message) {
    status.textContent = '';
    announceTimer = window.setTimeout(() => (status.textContent = message), 100);
  } else status.textContent = message || '';
}

// ---- Sections -----------------------------------------------------------------------------

function renderHeader(s: PanelState): void {
  const repo = `${s.repository.projectKey}/${s.repository.repositorySlug}`;
  replaceContent(header, [
    el('div', { class: 'title' }, [
      el('h1', { text: repo }),
      el('p', { class: 'muted', text: s.account ? fmt(t.onHostSignedInAs, s.repository.host, s.account.username) : fmt(t.onHost, s.repository.host) }),
    ]),
    s.account
      ? el('div', { class: 'header-actions' }, [
          // Only accounts of this repository's server are offered (the extension asks which).
          Array.isArray(s.accounts) && s.accounts.length > 1
            ? button(t.switchAccount, 'switch-account', () => send('switchAccount'), { secondary: true, ariaLabel: fmt(t.switchAccountLabel, repo, s.repository.host) })
            : null,
          button(t.refresh, 'refresh', () => send('refresh'), { secondary: true, ariaLabel: fmt(t.refreshLabel, repo) }),
        ])
      : null,
  ]);
}

function renderSignIn(s: PanelState): HTMLElement {
  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'signin-title' } }, [
    el('h2', { id: 'signin-title', text: t.notSignedIn }),
    el('p', { text: fmt(t.signInToSee, s.repository.host, `${s.repository.projectKey}/${s.repository.repositorySlug}`) }),
    button(t.signIn, 'signin', () => send('signIn')),
  ]);
}

function newRefsRow(s: PanelState, which: NewRefsKind, label: string): HTMLElement {
  const value = s.newRefs[which];
  const busy = s.newRefs.changing.includes(which) || clicked.has(`new-${which}`);
  const id = `new-${which}`;
  return el('div', { class: 'row' }, [
    switchControl({
      id,
      value,
      disabled: !!s.notice,
      busy,
      focusKey: id,
      labelId: `${id}-label`,
      describedBy: `${id}-state`,
      onToggle: (wanted) => send('setPagesForNewRefs', { which, enabled: wanted }),
    }),
    el('label', { id: `${id}-label`, for: id, text: label }),
    el('span', { id: `${id}-state`, class: `state ${busy ? 'busy' : ''}`, text: busy ? t.changing : onOff(value, t.on, t.off) }),
  ]);
}

function renderPages(s: PanelState): HTMLElement {
  const nr = s.newRefs;
  let learned: string;
  if (nr.learnedAt === null) learned = t.newRefsNeverLearned;
  else if (nr.fresh) learned = fmt(t.newRefsAnswered, when(nr.learnedAt));
  else learned = fmt(t.newRefsLastKnown, when(nr.learnedAt));
  // The ref's name sits inside the sentence that names its switch, where the language puts it.
  const [publishBefore, publishAfter] = t.publishPagesFor.split('{0}');

  const rows = s.refs.rows.map((r, i) => {
    const id = `ref-${i}`;
    const focusKey = `ref:${r.refId}`;
    const busy = r.busy !== null || clicked.has(focusKey);
    const stateText = r.busy === 'loading' ? t.loading : busy ? t.changing : onOff(r.enabled, t.published, t.notPublished);
    return el('li', { class: 'row ref', attrs: { 'data-ref': r.refId } }, [
      switchControl({
        id,
        value: r.enabled,
        disabled: !!s.notice,
        busy,
        focusKey,
        labelId: `${id}-label`,
        describedBy: r.error ? `${id}-state ${id}-error` : `${id}-state`,
        onToggle: (wanted) => send('setPagesForRef', { refId: r.refId, enabled: wanted }),
      }),
      el('label', { id: `${id}-label`, for: id, attrs: { title: r.refId } }, [
        publishBefore ? el('span', { class: 'visually-hidden', text: publishBefore }) : null,
        el('span', { class: 'ref-name', text: r.name }),
        publishAfter ? el('span', { class: 'visually-hidden', text: publishAfter }) : null,
        r.isDefault ? el('span', { class: 'badge', text: t.defaultBranch }) : null,
        el('span', { class: 'muted kind', text: r.kind === 'tag' ? t.kindTag : t.kindBranch }),
      ]),
      el('span', { id: `${id}-state`, class: `state ${busy ? 'busy' : ''}`, text: stateText }),
      r.error ? el('span', { id: `${id}-error`, class: 'error-text', text: r.error }) : null,
    ]);
  });

  const sourceNote =
    s.refs.source === 'git'
      ? t.refsFromClone
      : t.refsWithoutClone;

  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'pages-title' } }, [
    el('h2', { id: 'pages-title', text: t.staticPages }),
    el('fieldset', {}, [
      el('legend', { text: t.newRefs }),
      newRefsRow(s, 'branches', t.publishNewBranches),
      newRefsRow(s, 'tags', t.publishNewTags),
      el('p', { class: 'muted', text: learned }),
    ]),
    el('h3', { id: 'refs-title', text: t.refs }),
    el('p', { class: 'muted', text: sourceNote }),
    rows.length > 0 ? el('ul', { class: 'refs', attrs: { 'aria-labelledby': 'refs-title' } }, rows) : el('p', { class: 'muted', text: t.noRefsYet }),
    el('div', { class: 'actions' }, [
      s.refs.more > 0 ? button(fmt(t.showMore, Math.min(s.refs.more, 25), s.refs.more), 'more', () => send('showMoreRefs'), { secondary: true }) : null,
      button(t.addRef, 'addref', () => send('addRef'), { secondary: true, disabled: !!s.notice }),
    ]),
  ]);
}

function renderHook(s: PanelState, h: HookRow): HTMLElement {
  const preReceive = h.role === 'preReceive';
  const roleName = preReceive ? t.preReceiveHook : t.mergeCheck;
  const titleId = `hook-${h.role}-title`;
  const blocked = !!s.hooks.blocked || !!s.notice;
  const focusKey = `hook:${h.role}`;
  const busy = h.busy !== null || clicked.has(focusKey);
  const stateText = h.busy === 'loading' ? t.loading : busy ? t.changing : onOff(h.enabled, t.enabled, t.disabled);
  const configured = h.configured === true ? t.configured : h.configured === false ? t.notConfigured : null;
  const switchId = `hook-${h.role}-enabled`;
  return el('article', { class: 'hook', attrs: { 'aria-labelledby': titleId, 'data-hook': h.role } }, [
    // By its name, with the key under it; a hook of unknown name is headed by its key, once.
    el('div', { class: 'hook-head' }, [
      h.name ? el('h3', { id: titleId, text: h.name }) : el('h3', { id: titleId }, [el('code', { text: h.key })]),
      el('span', { class: 'badge', text: roleName }),
    ]),
    h.name ? el('p', {}, [el('code', { text: h.key })]) : null,
    el('div', { class: 'row' }, [
      h.canToggle
        ? switchControl({
            id: switchId,
            value: h.enabled,
            disabled: blocked,
            busy,
            focusKey,
            // "Enabled" alone would not say which hook: the name starts with the card's heading.
            labelId: `${titleId} ${switchId}-label`,
            describedBy: h.error ? `${switchId}-state ${switchId}-error` : `${switchId}-state`,
            onToggle: (wanted) => send('setHookEnabled', { role: h.role, enabled: wanted }),
          })
        : null,
      // Merge checks cannot be switched on or off through this API: their state is shown, not offered.
      h.canToggle ? el('label', { id: `${switchId}-label`, for: switchId, text: t.enabled }) : el('span', { text: t.hookStatus }),
      el('span', { id: `${switchId}-state`, class: `state ${busy ? 'busy' : ''}`, text: `${stateText}${configured && !busy ? ` · ${configured}` : ''}` }),
    ]),
    h.error ? el('p', { id: `${switchId}-error`, class: 'error-text', text: h.error }) : null,
    el('div', { class: 'actions' }, [
      button(t.editSettings, `edit:${h.role}`, () => send('editHookSettings', { role: h.role }), {
        disabled: blocked,
        ariaLabel: preReceive ? t.editPreReceiveSettings : t.editMergeCheckSettings,
      }),
      button(t.change, `change:${h.role}`, () => send('changeHook', { role: h.role }), {
        secondary: true,
        disabled: blocked,
        ariaLabel: preReceive ? t.changePreReceive : t.changeMergeCheck,
      }),
    ]),
  ]);
}

function renderHooks(s: PanelState): HTMLElement {
  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'hooks-title' } }, [
    el('h2', { id: 'hooks-title', text: t.repositoryHooks }),
    s.hooks.blocked ? el('p', { class: 'notice', attrs: { role: 'alert' }, text: s.hooks.blocked }) : null,
    ...s.hooks.rows.map((h) => renderHook(s, h)),
  ]);
}

/** The control the keyboard user was last on, kept across redraws (which replace every node). */
let lastFocusKey: string | undefined;
document.addEventListener('focusin', (event) => {
  const target = event.target as HTMLElement;
  if (target && target.dataset && target.dataset.focusKey) lastFocusKey = target.dataset.focusKey;
});

function focusLastControl(): void {
  if (!lastFocusKey) return;
  const again = [...document.querySelectorAll<HTMLElement>('[data-focus-key]')].find((n) => n.dataset.focusKey === lastFocusKey);
  if (again) again.focus();
}

// Back from a prompt (Add Ref…, Change…) the page may have been redrawn meanwhile: return to the control that opened it.
window.addEventListener('focus', () => {
  if (document.activeElement === document.body) focusLastControl();
});

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
