// Which accounts exist and which one is active, kept in VS Code's global state. Only non-secret
// facts live there (server URL, user name, kind of credential); passwords and tokens live in
// SecretStorage alone.
import type * as vscode from 'vscode';
import type { Credentials } from '../../api/http';
import { accountId, type Account, type AuthType } from '../../model/accounts/accounts';
import { StateKeys } from '../../util/constants';

const ACCOUNTS_KEY = StateKeys.accounts;
const ACTIVE_KEY = StateKeys.activeAccount;

const secretKey = (a: Pick<Account, 'serverUrl' | 'username'>): string =>
  `bitbucketSnippets.credentials:${accountId(a)}`;

interface StoredSecret {
  type: AuthType;
  secret: string;
}

export class AccountStore {
  private readonly cache = new Map<string, Credentials>();
  /** The last write or delete of each account's secret: the next one waits for it, so a sign-out deletes what a sign-in stored. */
  private readonly secretWrites = new Map<string, Promise<void>>();

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {}

  list(): Account[] {
    return this.state.get<Account[]>(ACCOUNTS_KEY, []);
  }

  active(): Account | undefined {
    const id = this.state.get<string>(ACTIVE_KEY);
    return this.list().find((a) => accountId(a) === id);
  }

  async setActive(account: Account | undefined): Promise<void> {
    await this.state.update(ACTIVE_KEY, account ? accountId(account) : undefined);
  }

  /**
   * Keeps an account and its credentials. It is usable in this window at once: the credentials are
   * held in memory and the account is listed (global state answers a value as soon as it is
   * written). Storing them, in SecretStorage and on disk, takes round trips to VS Code (the secret
   * store alone 50 to 130 ms in code-server) and goes on behind: `stored` tells when it is done or
   * failed, for the caller to report.
   */
  save(account: Account, credentials: Credentials): { stored: Promise<void> } {
    const id = accountId(account);
    const kept: StoredSecret =
      credentials.type === 'basic'
        ? { type: 'basic', secret: credentials.password }
        : { type: 'token', secret: credentials.token };
    this.cache.set(id, credentials);
    const others = this.list().filter((a) => accountId(a) !== id);
    const listed = this.state.update(ACCOUNTS_KEY, [...others, account]);
    const secret = this.afterSecretWrites(id, () => this.secrets.store(secretKey(account), JSON.stringify(kept)));
    return { stored: Promise.all([secret, listed]).then(() => undefined) };
  }

  async remove(account: Account): Promise<void> {
    await this.afterSecretWrites(accountId(account), () => this.secrets.delete(secretKey(account)));
    this.cache.delete(accountId(account));
    await this.state.update(
      ACCOUNTS_KEY,
      this.list().filter((a) => accountId(a) !== accountId(account)),
    );
    if (this.state.get<string>(ACTIVE_KEY) === accountId(account)) await this.setActive(undefined);
  }

  /** The credentials of an account, read from SecretStorage once and then kept in memory. */
  async credentials(account: Account): Promise<Credentials | undefined> {
    const id = accountId(account);
    const cached = this.cache.get(id);
    if (cached) return cached;
    const raw = await this.secrets.get(secretKey(account));
    if (!raw) return undefined;
    try {
      const stored = JSON.parse(raw) as StoredSecret;
      const credentials: Credentials =
        stored.type === 'basic'
          ? { type: 'basic', username: account.username, password: stored.secret }
          : { type: 'token', token: stored.secret };
      this.cache.set(id, credentials);
      return credentials;
    } catch {
      return undefined;
    }
  }

  /** Runs a write of an account's secret now, or once the one before it has ended, failed or not. */
  private afterSecretWrites(id: string, write: () => Thenable<void>): Promise<void> {
    const before = this.secretWrites.get(id);
    const next = before ? before.catch(() => undefined).then(write) : Promise.resolve(write());
    this.secretWrites.set(id, next);
    void next
      .catch(() => undefined)
      .then(() => {
        if (this.secretWrites.get(id) === next) this.secretWrites.delete(id);
      });
    return next;
  }

  /** Another window may have changed a secret: forget what is cached. */
  forgetCached(): void {
    this.cache.clear();
  }
}
