// What the page shows in place of the settings while no account of the server is signed in.
import type { PanelState } from '../model/settingsPanel/protocol';
import { button } from './controls';
import { el } from './dom';
import { send } from './vscodeApi';
import { fmt, t } from './words';

export function renderSignIn(s: PanelState): HTMLElement {
  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'signin-title' } }, [
    el('h2', { id: 'signin-title', text: t.notSignedIn }),
    el('p', {
      text: fmt(t.signInToSee, s.repository.host, `${s.repository.projectKey}/${s.repository.repositorySlug}`),
    }),
    button(t.signIn, 'signin', () => send('signIn')),
  ]);
}
