// What the language model tools need of the snippets feature, and the small answers they share:
// the accounts to use, the lists the user lets tools read, how a result names an account, a
// snippet's owner and a file's language.
import vscode = require('vscode');
import type { SnippetsContext } from '../snippets/context';
import { accountId, type Account } from '../../model/accounts/accounts';
import { chooseAccounts } from '../../model/agentTools/accountChoice';
import { listsToRead, refusedLists } from '../../model/agentTools/readable';
import { AGENT_LISTS, type AgentList } from '../../model/agentTools/schemas';
import { ownerText, type DataSource } from '../../model/agentTools/outsideData';
import type { LanguageOf } from '../../model/agentTools/snippetBlock';
import { languageLookup } from '../../model/snippets/completion/completion';
import type { SnippetService } from '../../model/snippets/service';
import { accountLabel } from '../../util/accountLabels';
import { Settings } from '../../util/constants';
import { setting } from '../settings/settings';
import type { AccountContext } from '../ui/accountContext';

/** One signed-in account as a tool uses it. */
export interface ToolAccount {
  account: Account;
  id: string;
  /** As results name it: `alice @ bitbucket.example.com`, longer only when two would read the same. */
  label: string;
  deps: AccountContext;
  service: SnippetService;
}

export function toolAccount(host: SnippetsContext, account: Account): ToolAccount {
  const deps = host.scope.depsFor(account);
  const label = accountLabel(account, host.session.accounts());
  return { account, id: accountId(account), label, deps, service: deps.service };
}

/** The lists the setting lets tools read (unknown values ignored). */
export function allowedLists(): AgentList[] {
  const value: unknown = setting(Settings.agentToolsLists);
  return Array.isArray(value) ? AGENT_LISTS.filter((l) => value.includes(l)) : [];
}

/**
 * What a reading tool may read: the accounts it names (or every signed-in one) and the lists the
 * setting allows of those it asks for, with a note on those refused; or, when no account fits,
 * the answer that says why. What to say when no list is left is the tool's own.
 */
export function readableLists(
  host: SnippetsContext,
  input: { account?: string; lists?: AgentList[] },
): { accounts: ToolAccount[]; lists: AgentList[]; notes: string[]; allowed: AgentList[] } | string {
  const chosen = chooseAccounts(input.account, host.session.accounts());
  if (!chosen.ok) return chosen.problem;
  const allowed = allowedLists();
  const { lists, refused } = listsToRead(input.lists, allowed);
  const notes = refused.length > 0 ? [refusedLists(refused, allowed)] : [];
  return { accounts: chosen.accounts.map((account) => toolAccount(host, account)), lists, notes, allowed };
}

export function sourceOf(target: ToolAccount): DataSource {
  return { account: target.label, serverUrl: target.account.serverUrl };
}

/** Who owns a snippet of this account, as a result names them. */
export function ownerOf(target: ToolAccount, userId: number): string {
  const people = target.service.identity.people();
  return ownerText({ ownUserId: people.ownUserId, ownName: target.account.username, names: people.names }, userId);
}

let languages: LanguageOf | undefined;

/** The language of a file name, by the languages installed extensions declare. */
export function languageOf(fileName: string): string | undefined {
  languages ??= languageLookup(
    vscode.extensions.all.flatMap(
      (e) =>
        (
          e.packageJSON as {
            contributes?: { languages?: Array<{ id: string; extensions?: string[]; filenames?: string[] }> };
          }
        ).contributes?.languages ?? [],
    ),
  );
  return languages(fileName);
}
