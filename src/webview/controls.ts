// The page's controls: switches showing a server value, and buttons. A control the user has just
// used shows as busy until the extension's next state.
import { el } from './dom';

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

/** Controls the user just used, shown as busy until the next state arrives. */
export const clicked = new Set<string>();

/**
 * A switch showing a server value: a real button with role="switch", so Tab reaches it and both
 * Space and Enter press it. Its name comes from its visible label (aria-labelledby), and its
 * state text (Unknown, Changing…, an error) is read with it (aria-describedby). While busy or
 * blocked it stays focusable (aria-disabled, not disabled): pressing it must not drop the
 * keyboard user's focus to the top of the page.
 */
export function switchControl(o: SwitchOptions): HTMLElement {
  const control = el(
    'button',
    {
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
    },
    [el('span', { class: 'switch-thumb', attrs: { 'aria-hidden': 'true' } })],
  );
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

export function button(label: string, focusKey: string, onClick: () => void, opts?: ButtonOptions): HTMLElement {
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
