// One SnippetService per signed-in account, keyed by account id: every account is addressed the
// same way, `forAccount(id)`, and keeps its service (its loaded lists, what it learned, its
// fetched search pages) until it signs out or signs in again. Which account is the default only
// decides `defaultService`, the one create commands and the Command Palette use: switching it
// drops nothing. A service is made when something asks for it (the view, a command), never by a
// sign-in itself: what only follows the default (the offline status) waits with `onDidMake`.
// Plain logic without `vscode`.
import { Emitter, type Event } from '../../util/emitter';
import type { SnippetService } from './service';

export class SnippetServices {
  private defaultId: string | undefined;
  private readonly byAccount = new Map<string, SnippetService>();
  private readonly made = new Emitter<string>();
  /** Fires with the account id of each service made. */
  readonly onDidMake: Event<string> = this.made.event;

  constructor(
    /** Makes the service of an account (its client, its user, its cache). */
    private readonly make: (accountId: string) => SnippetService,
    /** What `defaultService` answers while no account is signed in: empty, with no client. */
    private readonly signedOut: SnippetService,
  ) {}

  /** The default account changed (or none is left). Every service is kept. */
  setDefault(accountId: string | undefined): void {
    this.defaultId = accountId;
  }

  get defaultAccountId(): string | undefined {
    return this.defaultId;
  }

  /** The default account's service, or the signed-out one. */
  get defaultService(): SnippetService {
    return this.defaultId === undefined ? this.signedOut : this.forAccount(this.defaultId);
  }

  /** The default account's service if it has been made (the signed-out one while none is signed in); makes none. */
  get madeDefaultService(): SnippetService | undefined {
    return this.defaultId === undefined ? this.signedOut : this.byAccount.get(this.defaultId);
  }

  /** The service of an account (made on first use). */
  forAccount(accountId: string): SnippetService {
    let service = this.byAccount.get(accountId);
    if (!service) {
      service = this.make(accountId);
      this.byAccount.set(accountId, service);
      this.made.fire(accountId);
    }
    return service;
  }

  /** The service of an account if one exists, without making one. */
  existing(accountId: string): SnippetService | undefined {
    return this.byAccount.get(accountId);
  }

  /** Drops the services of accounts that are no longer signed in. */
  retain(accountIds: readonly string[]): void {
    for (const id of [...this.byAccount.keys()]) if (!accountIds.includes(id)) this.drop(id);
  }

  /** The account signed in again (new credentials, a new session of it): its next service starts empty. */
  renew(accountId: string): void {
    this.drop(accountId);
  }

  /** The accounts that have a service. */
  accountIds(): string[] {
    return [...this.byAccount.keys()];
  }

  /**
   * A service nobody asks any more is disposed: its offline check stops (it would go on asking
   * the server every 30 seconds for an account that signed out) and its cache writes what it holds.
   */
  private drop(accountId: string): void {
    const service = this.byAccount.get(accountId);
    if (!service) return;
    this.byAccount.delete(accountId);
    void service.dispose();
  }
}
