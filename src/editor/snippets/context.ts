// The one context of the snippets bundle: the services it builds once (src/onDemand/snippets/context.ts)
// and every feature of the bundle takes what it needs from, through its register(context) in the
// wiring (src/onDemand/snippets/). Other editor features name this type only; the object itself
// always comes from the wiring.
import type vscode = require('vscode');
import type { LastSearch } from '../../model/snippets/search/lastSearch';
import type { SnippetServices } from '../../model/snippets/snippetServices';
import type { Log } from '../../util/log';
import type { Session } from '../accounts/session';
import type { SecretGate } from '../secretScan/secretGate';
import type { CommandScope } from '../ui/accountContext';
import type { ComparedTexts } from './compare/comparedTexts';
import type { RecentEditors } from './compare/recentEditors';
import type { SnippetAccounts } from './snippetAccounts';
import type { BrowsedUsers } from './tree/browsedUsers';

export interface SnippetsContext {
  readonly session: Session;
  readonly log: Log;
  /** The extension's one queue of global state writes (src/util/orderedState.ts). */
  readonly globalState: vscode.Memento;
  /** The workspace's state, where open snippet files' bases outlive the window. */
  readonly workspaceState: vscode.Memento;
  /** Every signed-in account's snippet service, the default account's too (an empty one while none is). */
  readonly services: SnippetServices;
  /** Which account a row, document or link belongs to, and its service. */
  readonly accounts: SnippetAccounts;
  /** The scope of the current account: the context a command acting on an account gets. */
  readonly scope: CommandScope;
  /** The session's last search, of every account, which the "Search results" root shows. */
  readonly lastSearch: LastSearch;
  /** The secret scan before any text of an account is sent. */
  readonly secretGate: SecretGate;
  /** The users whose snippets each account browses, in the view. */
  readonly browsedUsers: BrowsedUsers;
  /** The editors the user was in last, for Compare with…. */
  readonly recentEditors: RecentEditors;
  /** The clipboard's or a selection's text beside a snippet file (Compare with…). */
  readonly comparedTexts: ComparedTexts;
  /** Shows a snippet in the tree, expanded and selected. */
  reveal(snippetGuid: string): Promise<void>;
}
