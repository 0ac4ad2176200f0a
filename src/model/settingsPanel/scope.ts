// What the sections of the repository settings panel (static pages, hooks) share: which
// repository on which server, the signed-in account's client, one limiter for all their
// requests, the requests in flight (so tests can wait for quiet), the notice about the
// repository as a whole, and the wording of failed requests. Pure logic, no `vscode`: the
// session and the log are reached through the small interfaces below.
import type { BitbucketClient } from '../../api/client';
import { isBitbucketError } from '../../api/errors';
import type { RepositoryRef } from '../../api/types';
import { isMissingRepository, missingRepositoryMessage } from '../repositories/missingRepository';
import { sameServer, serverHost } from '../../util/serverUrl';
import { describeError } from '../../util/describeError';
import { createLimiter } from './limiter';
import * as l10n from '@vscode/l10n';

/** How many requests about refs and hooks may run at once. */
export const CONCURRENCY = 4;

export interface ActionResult {
  ok: boolean;
  /** What to tell the user (announced in the panel's status line); null when nothing needs saying. */
  message: string | null;
}

export const succeeded = (message: string | null = null): ActionResult => ({ ok: true, message });
export const failed = (message: string): ActionResult => ({ ok: false, message });

/** The requests the panel makes. The real BitbucketClient has them; unit tests fake them. */
export type PanelClient = Pick<
  BitbucketClient,
  | 'getPagesForRef'
  | 'refExists'
  | 'enablePagesForRef'
  | 'disablePagesForRef'
  | 'setPagesForNewBranches'
  | 'setPagesForNewTags'
  | 'getHook'
  | 'enableHook'
  | 'disableHook'
  | 'listHooks'
  | 'items'
>;

/** An account the panel may switch to: its id as the session gives it, and its user name. */
export interface AccountChoice {
  id: string;
  username: string;
}

/** Who the panel is signed in as, their client, and the other accounts of its server. */
export interface AccountSource {
  readonly account: { serverUrl: string; username: string } | undefined;
  readonly client: PanelClient | undefined;
  /** The accounts signed in to the panel's server (its own included), in a stable order. */
  readonly choices: readonly AccountChoice[];
}

/** The part of the extension's Log the panel writes to. */
export interface PanelLog {
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

export class PanelScope {
  /** One queue for every request of the panel, so 500 refs never become 500 requests at once. */
  readonly limiter = createLimiter(CONCURRENCY);
  private readonly inFlight = new Set<Promise<unknown>>();
  /** The account the state was loaded for, as the panel shows it. */
  shownAccount: { username: string } | null = null;
  /** The user names signed in to this panel's server when the state was loaded: more than one offers a switch. */
  shownChoices: string[] = [];
  /** About the repository as a whole (not found, wrong server), or null. */
  notice: string | null = null;
  /** The account and client the state was loaded with (see sameAccount). */
  private loadedWith: { account: AccountSource['account']; client: PanelClient | undefined } | undefined;

  constructor(
    readonly serverUrl: string,
    readonly repository: RepositoryRef,
    private readonly accounts: AccountSource,
    readonly log: PanelLog,
    /** Called after every change of a section's state. */
    readonly changed: () => void,
  ) {}

  get host(): string {
    return serverHost(this.serverUrl);
  }

  get where(): string {
    return `${this.repository.projectKey}/${this.repository.repositorySlug}`;
  }

  /** The user name signed in now (which may differ from shownAccount until the reload it causes). */
  get username(): string | undefined {
    return this.accounts.account?.username;
  }

  /** Starts over for a reload: drops queued requests and takes the account as it is now. */
  reset(): void {
    this.limiter.clear();
    const account = this.accounts.account;
    this.loadedWith = { account, client: this.client() };
    this.shownAccount = account ? { username: account.username } : null;
    this.takeChoices();
    this.notice =
      account && !this.isThisServer(account.serverUrl)
        ? l10n.t(
            'This panel is for {0} on {1}, but you are signed in to {2}. Switch account to reach it.',
            this.where,
            this.host,
            serverHost(account.serverUrl),
          )
        : null;
  }

  /** The accounts the panel offers to switch to, as the session has them now. */
  takeChoices(): void {
    this.shownChoices = this.accounts.choices.map((c) => c.username);
  }

  /** True when the account and client are the ones the state was loaded with: what it shows still holds. */
  sameAccount(): boolean {
    const before = this.loadedWith;
    const now = this.accounts.account;
    if (!before || this.client() !== before.client) return false;
    if (!before.account || !now) return before.account === now;
    return (
      sameServer(before.account.serverUrl, now.serverUrl) &&
      before.account.username.toLowerCase() === now.username.toLowerCase()
    );
  }

  /** The client when signed in to this panel's server. */
  client(): PanelClient | undefined {
    const account = this.accounts.account;
    if (!account || !this.isThisServer(account.serverUrl)) return undefined;
    return this.accounts.client;
  }

  /** Two servers on one host may differ by port or context path: the whole base URL decides. */
  private isThisServer(serverUrl: string): boolean {
    return sameServer(serverUrl, this.serverUrl);
  }

  /** Counts a request as in flight until it settles (see whenIdle). */
  track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const settled = () => this.inFlight.delete(promise);
    void promise.then(settled, settled);
    return promise;
  }

  /** Resolves when every request started so far has settled, including those they started. */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** A message for a failed request; a missing repository becomes the panel's notice and stops the queue. */
  explain(err: unknown, action: string): string {
    if (isBitbucketError(err, 'not-found') && isMissingRepository(err)) {
      const message = missingRepositoryMessage(this.where, this.host);
      this.notice = message;
      this.limiter.clear();
      return message;
    }
    return describeError(err, { action, host: this.host, user: this.username });
  }

  dispose(): void {
    this.limiter.clear();
  }
}
