// Which account a repository settings panel reads and writes with. A panel belongs to the
// account it was opened for (the one whose server the clone points at, or the one picked): it
// never follows the default account to another server. When that account signs out, the panel
// goes on with another signed-in user of the same server, naming them; when none is left, it
// says where the user is signed in instead. No `vscode` here.
import type { AccountSource, PanelClient } from './scope';

export interface PanelAccount {
  /** Normalised base URL, context path included, no trailing slash. */
  serverUrl: string;
  username: string;
}

/** What the panel needs of the session (the extension's Session has this shape). */
export interface SessionAccounts<A extends PanelAccount> {
  readonly account: A | undefined;
  accounts(): A[];
  clientFor(account: A): PanelClient;
}

const sameUser = (a: PanelAccount, b: PanelAccount): boolean => a.serverUrl === b.serverUrl && a.username.toLowerCase() === b.username.toLowerCase();

/** The account of a panel opened for `chosen`, as the session is now. */
export function panelAccount<A extends PanelAccount>(session: SessionAccounts<A>, chosen: PanelAccount): A | undefined {
  const accounts = session.accounts();
  const same = accounts.find((a) => sameUser(a, chosen));
  if (same) return same;
  const fallback = session.account;
  if (fallback && fallback.serverUrl === chosen.serverUrl) return fallback;
  return accounts.find((a) => a.serverUrl === chosen.serverUrl) ?? fallback;
}

/** The panel's view of the session: its own account and that account's client. */
export function panelAccountSource<A extends PanelAccount>(session: SessionAccounts<A>, chosen: PanelAccount): AccountSource {
  return {
    get account() {
      return panelAccount(session, chosen);
    },
    get client() {
      const account = panelAccount(session, chosen);
      return account && account.serverUrl === chosen.serverUrl ? session.clientFor(account) : undefined;
    },
  };
}
