// The one answer to "which signed-in account does this command's argument name": a tree row or
// search result (`accountId`), an account or repository argument (`serverUrl` with `username`, or
// `serverUrl` alone), a snippet document's URI (its owner answers through `ofDocument`), or
// nothing (the Command Palette). Snippet commands, Sign Out and the settings panel all ask here;
// what to do when nothing is named (use the default account, or ask) is the caller's choice.
// Plain Node: no `vscode`.
import { normaliseServerUrl } from '../../util/serverUrl';
import { accountId, type Account } from './accounts';
import { defaultFirst } from './defaultFirst';

/** What the resolver reads of the session. */
export interface SignedInAccounts {
  /** The default account: first among several on one server. */
  readonly account: Account | undefined;
  accounts(): Account[];
}

/**
 * `{ account }` when the argument names an account (`account` undefined when that account is no
 * longer signed in); undefined when it names none.
 */
export type NamedAccount = { account: Account | undefined } | undefined;

/**
 * The account `arg` names. `ofDocument` answers for document URIs: `{ account }` when `arg` is one
 * (of a signed-in account or not), undefined when it is not a document.
 */
export function namedAccount(
  arg: unknown,
  session: SignedInAccounts,
  ofDocument?: (arg: unknown) => NamedAccount,
): NamedAccount {
  const document = ofDocument?.(arg);
  if (document) return document;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const {
    accountId: id,
    serverUrl,
    username,
  } = arg as { accountId?: unknown; serverUrl?: unknown; username?: unknown };
  const all = session.accounts();
  if (typeof id === 'string') return { account: all.find((a) => accountId(a) === id) };
  if (typeof serverUrl !== 'string') return undefined;
  const server = normaliseServerUrl(serverUrl);
  if (server === undefined) return { account: undefined };
  if (typeof username === 'string') {
    return { account: all.find((a) => accountId(a) === accountId({ serverUrl: server, username })) };
  }
  // A server alone (a repository's): the default account when it is on that server, else the first that is.
  return { account: defaultFirst(all, session.account).find((a) => a.serverUrl === server) };
}

/** The account a command acts on: the one its argument names, else the default one. */
export function accountOfArgument(
  arg: unknown,
  session: SignedInAccounts,
  ofDocument?: (arg: unknown) => NamedAccount,
): Account | undefined {
  const named = namedAccount(arg, session, ofDocument);
  return named ? named.account : session.account;
}
