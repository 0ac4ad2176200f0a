// One SnippetService per signed-in account, keyed by account id. The default account's service
// is the one the views made at start follow (it is reset when the default changes, as before
// several accounts existed); every other account gets a service of its own, made on first use,
// with its own lists and its own identity. Plain logic without `vscode`.
import type { SnippetService } from './service';

export class SnippetServices {
  private defaultKey: string | undefined;
  private readonly others = new Map<string, SnippetService>();

  constructor(
    /** The service that follows the default account. */
    readonly defaultService: SnippetService,
    /** Makes the service of another account (its client, its user). */
    private readonly make: (accountKey: string) => SnippetService,
  ) {}

  /** The default account changed: its service is `defaultService`; an own one it had is dropped. */
  setDefault(accountKey: string | undefined): void {
    this.defaultKey = accountKey;
    if (accountKey !== undefined) this.drop(accountKey);
  }

  /** The service of an account (made on first use). */
  forAccount(accountKey: string): SnippetService {
    if (accountKey === this.defaultKey) return this.defaultService;
    let service = this.others.get(accountKey);
    if (!service) {
      service = this.make(accountKey);
      this.others.set(accountKey, service);
    }
    return service;
  }

  /** The service of an account if one exists, without making one. */
  existing(accountKey: string): SnippetService | undefined {
    return accountKey === this.defaultKey ? this.defaultService : this.others.get(accountKey);
  }

  /** Drops the services of accounts that are no longer signed in. */
  retain(accountKeys: readonly string[]): void {
    for (const key of [...this.others.keys()]) if (!accountKeys.includes(key)) this.drop(key);
  }

  /**
   * A service nobody asks any more is disposed: its offline check stops (it would go on asking
   * the server every 30 seconds for an account that signed out) and its cache writes what it holds.
   */
  private drop(accountKey: string): void {
    const service = this.others.get(accountKey);
    if (!service) return;
    this.others.delete(accountKey);
    void service.dispose();
  }

  /** The accounts with a service of their own besides the default. */
  otherAccounts(): string[] {
    return [...this.others.keys()];
  }
}
