// Which accounts exist and which one is active, kept in VS Code's global state. Only non-secret
// facts live there (server URL, user name, kind of credential); passwords and tokens live in
// SecretStorage alone.
import type * as vscode from 'vscode';
import type { Credentials } from '../../api/http';
import { accountId, type Account, type AuthType } from '../../model/accounts/accounts';
import { StateKeys } from '../../util/constants';

const ACCOUNTS_KEY = StateKeys.accounts;
const ACTIVE_KEY = StateKeys.activeAccount;

const secretKey = (a: Pick<Account, 'serverUrl' | 'username'>): string => `bitbucketSnippets.credentials:${accountId(a)}`;

interface StoredSecret {
  type: AuthType;
  secret: string;
}

export class AccountStore {
  private readonly cache = new Map<string, Credentials>();

  constructor(private readonly state: vscode.Memento, private readonly secrets: vscode.SecretStorage) {}

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

  async save(account: Account, credentials: Credentials): Promise<void> {
    const stored: StoredSecret =
      credentials.type === 'basic' ? { type: 'basic', secret: credentials.password } : { type: 'token', secret: credentials.token };
    await this.secrets.store(secretKey(account), JSON.stringify(stored));
    this.cache.set(accountId(account), credentials);
    const others = this.list().filter((a) => accountId(a) !== accountId(account));
    await this.state.update(ACCOUNTS_KEY, [...others, account]);
  }

  async remove(account: Account): Promise<void> {
    await this.secrets.delete(secretKey(account));
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
        stored.type === 'basic' ? { type: 'basic', username: account.username, password: stored.secret } : { type: 'token', token: stored.secret };
      this.cache.set(id, credentials);
      return credentials;
    } catch {
      return undefined;
    }
  }

  /** Another window may have changed a secret: forget what is cached. */
  forgetCached(): void {
    this.cache.clear();
  }
}
