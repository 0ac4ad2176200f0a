// The status line: a live region that exists before anything is announced, so that a screen
// reader reads what the extension announces and the results of the user's actions.
import { el } from './dom';

export const status = el('div', {
  id: 'status',
  class: 'status',
  attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' },
});

let announceTimer = 0;
export function announce(message: string, isError: boolean): void {
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
