// Which account a repository settings panel reads and writes with. A panel belongs to the
// account it was opened for (the one whose server the clone points at, or the one picked), and
// the user may switch it to another account signed in to the same server, never to another
// server. When its account signs out, the panel goes on with another signed-in user of the same
// server, naming them; when none is left, it says where the user is signed in instead. An
// account id that arrives from outside (a webview message, state restored after a reload) is
// only ever looked up among the accounts signed in to the panel's server. No `vscode` here.
import { accountId } from '../accounts/accounts';
import { sameServer } from '../../util/serverUrl';
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

const sameUser = (a: PanelAccount, b: PanelAccount): boolean =>
  a.serverUrl === b.serverUrl && a.username.toLowerCase() === b.username.toLowerCase();

/**
 * The accounts signed in to `serverUrl`, which a panel of that server may switch among: each
 * once, in user-name order (so the list does not move when the default account changes).
 */
export function accountsOfServer<A extends PanelAccount>(accounts: readonly A[], serverUrl: string): A[] {
  const unique: A[] = [];
  for (const a of accounts) {
    if (sameServer(a.serverUrl, serverUrl) && !unique.some((u) => sameUser(u, a))) unique.push(a);
  }
  return unique.sort(
    (a, b) =>
      a.username.toLowerCase().localeCompare(b.username.toLowerCase()) ||
      (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
  );
}

/**
 * The account of `serverUrl` that `id` names, if it is signed in now; undefined for anything
 * else (another server's account, one signed out since, a value of the wrong type). `id` is
 * untrusted: it comes from the webview or from state restored after a reload.
 */
export function accountNamed<A extends PanelAccount>(
  accounts: readonly A[],
  serverUrl: string,
  id: unknown,
): A | undefined {
  if (typeof id !== 'string') return undefined;
  return accountsOfServer(accounts, serverUrl).find((a) => accountId(a) === id);
}

/** The account of a panel opened for `chosen`, as the session is now. */
export function panelAccount<A extends PanelAccount>(session: SessionAccounts<A>, chosen: PanelAccount): A | undefined {
  const accounts = session.accounts();
  const same = accounts.find((a) => sameUser(a, chosen));
  if (same) return same;
  const fallback = session.account;
  if (fallback && fallback.serverUrl === chosen.serverUrl) return fallback;
  return accounts.find((a) => a.serverUrl === chosen.serverUrl) ?? fallback;
}

/** The panel's view of the session: its own account, that account's client, and the accounts it may switch to. */
export class PanelAccountSource<A extends PanelAccount> implements AccountSource {
  constructor(
    private readonly session: SessionAccounts<A>,
    /** The account the panel was opened for, or switched to last. */
    private chosen: PanelAccount,
  ) {}

  get account(): A | undefined {
    return panelAccount(this.session, this.chosen);
  }

  get client(): PanelClient | undefined {
    const account = this.account;
    return account && account.serverUrl === this.chosen.serverUrl ? this.session.clientFor(account) : undefined;
  }

  /** The accounts signed in to the panel's server, with their ids. */
  get choices(): { id: string; username: string }[] {
    return accountsOfServer(this.session.accounts(), this.chosen.serverUrl).map((a) => ({
      id: accountId(a),
      username: a.username,
    }));
  }

  /**
   * Switches to the signed-in account of the panel's server that `id` names; answers it, or
   * undefined (and changes nothing) when `id` names no such account.
   */
  choose(id: unknown): A | undefined {
    const account = accountNamed(this.session.accounts(), this.chosen.serverUrl, id);
    if (account) this.chosen = { serverUrl: account.serverUrl, username: account.username };
    return account;
  }
}
