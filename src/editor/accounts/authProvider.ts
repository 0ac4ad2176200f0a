// The accounts in VS Code's Accounts menu, and sessions for other extensions: an authentication
// provider over the same accounts and secrets as the rest of the extension (nothing is stored twice).
// VS Code lists only registered providers, so this registers at activation and stays small: it lists
// the accounts activation already has, without reading a secret, and signs out as a row's Sign Out
// does. What other extensions ask (`getSession`) is answered by sessionsForExtensions.ts, loaded with
// the sign-in bundle on the first request.
import vscode = require('vscode');
import { Disposable } from '../ui/disposable';
import { accountId } from '../../model/accounts/accounts';
import {
  AUTH_PROVIDER_ID,
  anyChange,
  sessionChanges,
  sessionData,
  sessionIdentity,
  type SessionIdentity,
} from '../../model/accounts/authSessions';
import type { ExtensionSessions } from './sessionsForExtensions';
import type { Session } from './session';

export class BitbucketAuthProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changes = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changes.event;
  /** The sessions VS Code was last told about. */
  private published: SessionIdentity[];
  /** Accounts signed in again since then: their sessions changed (a new secret). */
  private renewed: string[] = [];

  constructor(
    private readonly session: Session,
    private readonly forExtensions: () => ExtensionSessions,
  ) {
    super();
    this.published = this.identities();
    this.register(
      this.changes,
      // The session says "signed in" before "changed": the renewal is known when the change is told.
      session.onDidSignIn((account) => this.renewed.push(accountId(account))),
      session.onDidChange(() => this.publish()),
    );
  }

  /**
   * Without scopes VS Code lists accounts (the Accounts menu, its Sign Out, `getAccounts`): every
   * account, each token empty, no secret read. With scopes an extension asks (`getSession`).
   */
  async getSessions(
    scopes: readonly string[] | undefined,
    options?: vscode.AuthenticationProviderSessionOptions,
  ): Promise<vscode.AuthenticationSession[]> {
    if (scopes) return this.forExtensions().getSessions(scopes, options?.account?.id);
    return this.identities()
      .filter((s) => !options?.account || s.id === options.account.id)
      .map((s) => sessionData(s, ''));
  }

  /** The extension's own sign-in, for the server the scopes name (asked only when they name none). */
  createSession(
    scopes: readonly string[],
    options?: vscode.AuthenticationProviderSessionOptions,
  ): Promise<vscode.AuthenticationSession> {
    return this.forExtensions().createSession(scopes, options?.account?.id);
  }

  /** Sign Out in the Accounts menu: the account signs out as its row's Sign Out does (secret, cache, views). */
  async removeSession(sessionId: string): Promise<void> {
    const account = this.session.accountById(sessionId);
    if (account) await this.session.signOut(account);
  }

  private identities(): SessionIdentity[] {
    const all = this.session.accounts();
    return all.map((a) => sessionIdentity(a, all));
  }

  private publish(): void {
    const now = this.identities();
    const diff = sessionChanges(this.published, now, this.renewed);
    this.published = now;
    this.renewed = [];
    // What VS Code hears carries no token: it only updates its lists.
    const told = (list: SessionIdentity[]) => list.map((s) => sessionData(s, ''));
    if (anyChange(diff)) {
      this.changes.fire({ added: told(diff.added), removed: told(diff.removed), changed: told(diff.changed) });
    }
  }
}

export function registerAuthProvider(
  session: Session,
  forExtensions: () => ExtensionSessions,
): { provider: BitbucketAuthProvider; disposable: vscode.Disposable } {
  const provider = new BitbucketAuthProvider(session, forExtensions);
  // The product's name, as package.json's `contributes.authentication` gives it.
  const registration = vscode.authentication.registerAuthenticationProvider(
    AUTH_PROVIDER_ID,
    'Bitbucket Data Center',
    provider,
    { supportsMultipleAccounts: true },
  );
  return { provider, disposable: vscode.Disposable.from(registration, provider) };
}
