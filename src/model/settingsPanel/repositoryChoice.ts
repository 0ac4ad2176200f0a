// Which repository the settings panel opens, and with which account: the choice Open Repository
// Settings makes before it shows a panel, without the pick's widgets (those are the editor's,
// src/editor/settingsPanel/repositoryPick.ts). Accounts come default first; a repository argument
// names its account (or its server's); a clone the command was run on, or the only clone of a
// signed-in server in the workspace, is taken as meant; otherwise the user picks among the
// workspace's clones and the repositories opened recently, or types one. No `vscode` here.
import type { RepositoryRef } from '../../api/types';
import { accountId } from '../accounts/accounts';
import { accountOfArgument, type SignedInAccounts } from '../accounts/accountOfArgument';
import { defaultFirst } from '../accounts/defaultFirst';
import { sameRepository } from '../repositories/remotes';
import type { RecentRepository } from './memory';
import { accountNamed, type PanelAccount } from './panelAccount';

/** A repository and the account its panel reads and writes with. */
export interface PanelTarget {
  account: PanelAccount;
  repository: RepositoryRef;
  /** The user chose this account (an argument's accountId, a typed name offered per account), rather than its server. */
  named?: boolean;
}

/**
 * The accounts a panel may open with, default first. Signed out with a server configured, that
 * server with no user: the panel opens and says to sign in. None: the user is asked to sign in.
 */
export function panelAccounts(session: SignedInAccounts, configuredServerUrl: string | undefined): PanelAccount[] {
  const accounts: PanelAccount[] = defaultFirst(session.accounts(), session.account);
  if (accounts.length === 0 && configuredServerUrl) accounts.push({ serverUrl: configuredServerUrl, username: '' });
  return accounts;
}

/** A repository as commands and tests pass it, optionally naming the account (`accountId`) or server (`serverUrl`). */
export type RepositoryArgument = RepositoryRef & { accountId?: unknown; serverUrl?: unknown };

export const isRepositoryArgument = (v: unknown): v is RepositoryArgument =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RepositoryRef).projectKey === 'string' &&
  typeof (v as RepositoryRef).repositorySlug === 'string';

/**
 * The target a repository argument names: its account (or its server's default), the project key
 * in capitals. `{ signedOut }` when it names an account or server no one is signed in to.
 */
export function targetOfArgument(
  arg: RepositoryArgument,
  session: SignedInAccounts,
  accounts: readonly PanelAccount[],
): { target: PanelTarget } | { signedOut: RepositoryRef } {
  const account = session.account ? accountOfArgument(arg, session) : accounts[0];
  if (!account) return { signedOut: { projectKey: arg.projectKey, repositorySlug: arg.repositorySlug } };
  return {
    target: {
      account,
      repository: { projectKey: arg.projectKey.toUpperCase(), repositorySlug: arg.repositorySlug },
      named: typeof arg.accountId === 'string',
    },
  };
}

/** The clones of the workspace, as the editor's git detection finds them. */
export interface CloneFinder<Near, Clone extends { repository: RepositoryRef }> {
  /** The clone at `near` whose remote points at `serverUrl`. */
  cloneAt(serverUrl: string, near: Near): Promise<Clone | undefined>;
  /** Every clone of the workspace whose remote points at `serverUrl`. */
  clones(serverUrl: string): Promise<Clone[]>;
}

/** A clone or a recently opened repository the pick offers, with the account it opens with. */
export interface Offered<T> {
  account: PanelAccount;
  item: T;
}

/** Either the target is known, or the user picks among these (or types a name). */
export type RepositoryChoice<Clone> =
  { target: PanelTarget } | { ask: { clones: Offered<Clone>[]; recent: Offered<RecentRepository>[] } };

/**
 * The clone the command was run on (the account whose server its remote points at), the only
 * clone of a signed-in server in the workspace, or what to offer. Two users of one server see the
 * same clones: each clone goes to the first of them (the default first); each repository is
 * offered once per account, a recent one only when it is not a clone already offered.
 */
export async function chooseRepository<Near, Clone extends { repository: RepositoryRef }>(
  accounts: readonly PanelAccount[],
  finder: CloneFinder<Near, Clone>,
  recent: (serverUrl: string) => readonly RecentRepository[],
  near: Near | undefined,
  alwaysAsk: boolean,
): Promise<RepositoryChoice<Clone>> {
  if (near !== undefined && !alwaysAsk) {
    for (const account of accounts) {
      const here = await finder.cloneAt(account.serverUrl, near);
      if (here) return { target: { account, repository: here.repository } };
    }
  }
  const servers = new Map<string, PanelAccount>();
  for (const account of accounts) if (!servers.has(account.serverUrl)) servers.set(account.serverUrl, account);
  const found: Offered<Clone>[] = [];
  for (const account of servers.values()) {
    for (const clone of await finder.clones(account.serverUrl)) found.push({ account, item: clone });
  }
  // The workspace is a clone of exactly one repository of a signed-in server: that is the one
  // meant, unless the user asked for another one.
  if (found.length === 1 && !alwaysAsk) {
    return { target: { account: found[0].account, repository: found[0].item.repository } };
  }
  const seen: { account: PanelAccount; repository: RepositoryRef }[] = [];
  const firstTime = (account: PanelAccount, repository: RepositoryRef): boolean => {
    if (seen.some((t) => t.account === account && sameRepository(t.repository, repository))) return false;
    seen.push({ account, repository });
    return true;
  };
  const clones = found.filter(({ account, item }) => firstTime(account, item.repository));
  const recentOnes = [...servers.values()].flatMap((account) =>
    recent(account.serverUrl).map((item) => ({ account, item })),
  );
  return { ask: { clones, recent: recentOnes.filter(({ account, item }) => firstTime(account, item)) } };
}

/**
 * The account a panel shows: a new panel the account it showed last (only while that account is
 * signed in to its server), unless the user named one; an open panel keeps its own.
 */
export function accountToShow(
  target: PanelTarget,
  alreadyOpen: boolean,
  signedIn: readonly PanelAccount[],
  lastAccountId: string | undefined,
): PanelAccount {
  if (alreadyOpen || target.named) return target.account;
  return accountNamed(signedIn, target.account.serverUrl, lastAccountId) ?? target.account;
}

/** The account id to remember with a repository: none for the signed-out stand-in (a server with no user). */
export const rememberedAccountId = (account: PanelAccount): string | undefined =>
  account.username ? accountId(account) : undefined;
