// Keeps the keyboard user on the control they were on: a redraw replaces every node, and a
// prompt (Add Ref…, Change…) takes the focus out of the page.

/** The control the keyboard user was last on, kept across redraws (which replace every node). */
let lastFocusKey: string | undefined;

/** Returns to the control the keyboard user was last on, when it is on the page. */
export function focusLastControl(): void {
  if (!lastFocusKey) return;
  const again = [...document.querySelectorAll<HTMLElement>('[data-focus-key]')].find(
    (n) => n.dataset.focusKey === lastFocusKey,
  );
  if (again) again.focus();
}

/** Follows the focus from control to control, and brings it back when the page gets it again. */
export function followFocus(): void {
  document.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement;
    if (target && target.dataset && target.dataset.focusKey) lastFocusKey = target.dataset.focusKey;
  });

  // Back from a prompt (Add Ref…, Change…) the page may have been redrawn meanwhile: return to the control that opened it.
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body) focusLastControl();
  });
}
