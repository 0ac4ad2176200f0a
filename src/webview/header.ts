// The page's header: which repository, on which server, as whom; and the buttons to switch
// account and to refresh.
import type { PanelState } from '../model/settingsPanel/protocol';
import { button } from './controls';
import { el, replaceContent } from './dom';
import { send } from './vscodeApi';
import { fmt, t } from './words';

export const header = el('header', { class: 'header' });

export function renderHeader(s: PanelState): void {
  const repo = `${s.repository.projectKey}/${s.repository.repositorySlug}`;
  replaceContent(header, [
    el('div', { class: 'title' }, [
      el('h1', { text: repo }),
      el('p', {
        class: 'muted',
        text: s.account
          ? fmt(t.onHostSignedInAs, s.repository.host, s.account.username)
          : fmt(t.onHost, s.repository.host),
      }),
    ]),
    s.account
      ? el('div', { class: 'header-actions' }, [
          // Only accounts of this repository's server are offered (the extension asks which).
          Array.isArray(s.accounts) && s.accounts.length > 1
            ? button(t.switchAccount, 'switch-account', () => send('switchAccount'), {
                secondary: true,
                ariaLabel: fmt(t.switchAccountLabel, repo, s.repository.host),
              })
            : null,
          button(t.refresh, 'refresh', () => send('refresh'), {
            secondary: true,
            ariaLabel: fmt(t.refreshLabel, repo),
          }),
        ])
      : null,
  ]);
}
