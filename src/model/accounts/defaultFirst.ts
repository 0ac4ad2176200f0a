// The order every list of signed-in accounts is offered in: the default account first (so a pick
// preselects it, and a search for "an account of this server" prefers it), the others in the
// order they were signed in. No `vscode` here.
import { accountId, type Account } from './accounts';

type Named = Pick<Account, 'serverUrl' | 'username'>;

/** `accounts` with `defaultAccount` first and once; `accounts` as they are when there is no default. */
export function defaultFirst<A extends Named>(accounts: readonly A[], defaultAccount: A | undefined): A[] {
  if (!defaultAccount) return [...accounts];
  const id = accountId(defaultAccount);
  return [defaultAccount, ...accounts.filter((a) => accountId(a) !== id)];
}
