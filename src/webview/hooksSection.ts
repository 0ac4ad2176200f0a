// The repository hooks section: a card for each role (the pre-receive hook, the merge check), with
// its switch where the API can switch it, and the buttons to edit its settings or change its hook.
import type { HookRow, PanelState } from '../model/settingsPanel/protocol';
import { button, clicked, switchControl } from './controls';
import { el } from './dom';
import { send } from './vscodeApi';
import { onOff, t } from './words';

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
      h.canToggle
        ? el('label', { id: `${switchId}-label`, for: switchId, text: t.enabled })
        : el('span', { text: t.hookStatus }),
      el('span', {
        id: `${switchId}-state`,
        class: `state ${busy ? 'busy' : ''}`,
        text: `${stateText}${configured && !busy ? ` · ${configured}` : ''}`,
      }),
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

export function renderHooks(s: PanelState): HTMLElement {
  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'hooks-title' } }, [
    el('h2', { id: 'hooks-title', text: t.repositoryHooks }),
    s.hooks.blocked ? el('p', { class: 'notice', attrs: { role: 'alert' }, text: s.hooks.blocked }) : null,
    ...s.hooks.rows.map((h) => renderHook(s, h)),
  ]);
}
