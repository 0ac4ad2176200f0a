// Which signed-in account a tool's `account` input names: the account's id, its label as results
// give it (`alice @ bitbucket.example.com`), or its user name alone when only one account has it.
// Plain Node.
import * as l10n from '@vscode/l10n';
import { accountId, type Account } from '../accounts/accounts';
import { accountLabel } from '../../util/accountLabels';
import { plainName } from './outsideData';

export type AccountChoice = { ok: true; accounts: Account[] } | { ok: false; problem: string };

/** Every signed-in account when `named` is undefined; else the one it names. */
export function chooseAccounts(named: string | undefined, accounts: readonly Account[]): AccountChoice {
  if (accounts.length === 0) return { ok: false, problem: notSignedIn() };
  if (named === undefined) return { ok: true, accounts: [...accounts] };
  const wanted = named
    .trim()
    .toLowerCase()
    .replace(/\s*@\s*/, ' @ ');
  const byId = accounts.filter((a) => accountId(a).toLowerCase() === wanted);
  if (byId.length === 1) return { ok: true, accounts: byId };
  const byLabel = accounts.filter((a) => {
    const url = new URL(a.serverUrl);
    const labels = [
      accountLabel(a, accounts),
      `${a.username} @ ${url.hostname}`,
      `${a.username} @ ${url.host}`,
      `${a.username} @ ${a.serverUrl}`,
    ];
    return labels.some((l) => l.toLowerCase() === wanted);
  });
  if (byLabel.length === 1) return { ok: true, accounts: byLabel };
  const byName = accounts.filter((a) => a.username.toLowerCase() === wanted);
  if (byName.length === 1) return { ok: true, accounts: byName };
  const known = accounts.map((a) => `"${accountLabel(a, accounts)}"`).join(', ');
  return byName.length > 1 || byLabel.length > 1
    ? {
        ok: false,
        problem: l10n.t('"{0}" names more than one signed-in account. Name one of: {1}.', plainName(named), known),
      }
    : {
        ok: false,
        problem: l10n.t(
          'No signed-in account is "{0}". Signed-in accounts: {1}. Leave "account" out to use all of them.',
          plainName(named),
          known,
        ),
      };
}

export function notSignedIn(): string {
  return l10n.t(
    'No Bitbucket account is signed in. Ask the user to run "Bitbucket Snippets: Sign In", then try again.',
  );
}
