// What VS Code's authentication provider answers (src/editor/accounts/authProvider.ts): which account
// each session is, which scopes the provider understands and which accounts answer them. A scope
// names a server by its URL, in the one form of util/serverUrl.ts, so that another extension can ask
// for one server's session. Only accounts signed in with a personal access token answer another
// extension: a password is never handed out. Plain Node: no `vscode`, no translated text (the
// activation bundle carries this; the editor layer words the refusals).
import { accountLabel } from '../../util/accountLabels';
import { iconSafeText } from '../../util/outsideText';
import { normaliseServerUrl } from '../../util/serverUrl';
import { accountId, type Account } from './accounts';
import { defaultFirst } from './defaultFirst';

/** The provider's id (package.json `contributes.authentication`): what another extension passes to `vscode.authentication.getSession`. */
export const AUTH_PROVIDER_ID = 'bitbucket-data-center';

/** What a request's scopes ask for: any server, one server, or something the provider does not understand. */
export type ScopeRequest =
  | { kind: 'anyServer' }
  | { kind: 'server'; serverUrl: string }
  | { kind: 'notAServer'; scope: string }
  | { kind: 'severalServers'; serverUrls: string[] };

/** Reads an extension's scopes: none means any server; every scope must be the URL of one and the same server. */
export function readScopes(scopes: readonly string[]): ScopeRequest {
  const servers: string[] = [];
  for (const scope of scopes) {
    const serverUrl = typeof scope === 'string' ? normaliseServerUrl(scope) : undefined;
    if (serverUrl === undefined) return { kind: 'notAServer', scope: String(scope) };
    if (!servers.includes(serverUrl)) servers.push(serverUrl);
  }
  if (servers.length === 0) return { kind: 'anyServer' };
  if (servers.length > 1) return { kind: 'severalServers', serverUrls: servers };
  return { kind: 'server', serverUrl: servers[0] };
}

/** Whether an account may answer another extension: only a token is ever handed out. */
export const mayBeHandedOut = (account: Pick<Account, 'authType'>): boolean => account.authType === 'token';

/**
 * The accounts whose sessions answer a request another extension made (`getSession(scopes)`): those
 * with a token on the server the scopes name (any server for no scopes), the default one first.
 * `accountIdWanted` narrows it to one account (VS Code passes the account the user picked).
 */
export function accountsAnswering(
  request: ScopeRequest,
  accounts: readonly Account[],
  defaultAccount: Account | undefined,
  accountIdWanted?: string,
): Account[] {
  if (request.kind !== 'anyServer' && request.kind !== 'server') return [];
  return defaultFirst(accounts, defaultAccount).filter(
    (a) =>
      mayBeHandedOut(a) &&
      (request.kind === 'anyServer' || a.serverUrl === request.serverUrl) &&
      (accountIdWanted === undefined || accountId(a) === accountIdWanted),
  );
}

/** What VS Code shows and keys a session by: the account's id and the label the Snippets view gives it. */
export interface SessionIdentity {
  /** The session's id and its account's id: `accountId()`, stable while the account is signed in. */
  id: string;
  /** `user @ server`, as the tree and the status bar label the account. */
  label: string;
  /** The scopes it answers: its server's URL. */
  scopes: string[];
}

/**
 * VS Code shows the label in its own quick picks (which draw `$(icon)`) and modal dialogs (which draw
 * `[text](command:…)` as a link), where the extension's sinks cannot reach: a user name a server
 * named is neutralised here, the same way every time, since VS Code keys an account's trusted
 * extensions by its label.
 */
export function sessionIdentity(account: Account, all: readonly Account[]): SessionIdentity {
  return { id: accountId(account), label: iconSafeText(accountLabel(account, all), 200), scopes: [account.serverUrl] };
}

/** A session as VS Code takes it (its `AuthenticationSession`): `accessToken` empty where VS Code only lists accounts. */
export interface SessionData {
  id: string;
  accessToken: string;
  account: { id: string; label: string };
  scopes: string[];
}

export const sessionData = (identity: SessionIdentity, accessToken: string): SessionData => ({
  id: identity.id,
  accessToken,
  account: { id: identity.id, label: identity.label },
  scopes: identity.scopes,
});

/** What VS Code must hear after the accounts changed: sessions gone, new, and renamed or renewed. */
export interface SessionChanges {
  added: SessionIdentity[];
  removed: SessionIdentity[];
  changed: SessionIdentity[];
}

/**
 * The difference between the sessions VS Code was last told about and the current ones. A session
 * whose label changed (another account made the short label ambiguous) is removed and added again:
 * the Accounts menu keeps its entries by label. `renewed`: ids of accounts signed in again.
 */
export function sessionChanges(
  before: readonly SessionIdentity[],
  after: readonly SessionIdentity[],
  renewed: readonly string[] = [],
): SessionChanges {
  const old = new Map(before.map((s) => [s.id, s]));
  const changes: SessionChanges = { added: [], removed: [], changed: [] };
  for (const now of after) {
    const was = old.get(now.id);
    if (!was) changes.added.push(now);
    else if (was.label !== now.label) {
      changes.removed.push(was);
      changes.added.push(now);
    } else if (renewed.includes(now.id)) changes.changed.push(now);
    old.delete(now.id);
  }
  changes.removed.push(...old.values());
  return changes;
}

/** Whether there is anything to tell. */
export const anyChange = (c: SessionChanges): boolean => c.added.length + c.removed.length + c.changed.length > 0;

/**
 * What a request for a new session (VS Code's createSession) comes to: the account the user picked
 * in VS Code's list when it has a token, a refusal when that account has a password or is on
 * another server than the one asked for, else a sign-in, to the server the scopes name (its URL is
 * asked only when they name none).
 */
export type NewSessionPlan =
  | { kind: 'useAccount'; account: Account }
  | { kind: 'passwordAccount'; account: Account }
  | { kind: 'otherServer'; account: Account; serverUrl: string }
  | { kind: 'signIn'; serverUrl: string | undefined };

export function newSessionPlan(request: ScopeRequest, picked: Account | undefined): NewSessionPlan {
  const serverUrl = request.kind === 'server' ? request.serverUrl : undefined;
  if (!picked) return { kind: 'signIn', serverUrl };
  if (serverUrl !== undefined && picked.serverUrl !== serverUrl) {
    return { kind: 'otherServer', account: picked, serverUrl };
  }
  return mayBeHandedOut(picked)
    ? { kind: 'useAccount', account: picked }
    : { kind: 'passwordAccount', account: picked };
}
