// Which signed-in account a snippet URI, tree row or command belongs to, and that account's
// snippet service. The one place the snippet views turn "this file / this row" into an account.
import vscode = require('vscode');
import { accountId, type Account } from '../../model/accounts/accounts';
import { namedAccount, type NamedAccount } from '../../model/accounts/accountOfArgument';
import type { Session } from '../accounts/session';
import { isSameServer, parseSnippetLink } from '../../model/snippets/links/links';
import { accountOfLocation, type SnippetLocation } from '../../model/snippets/snippetUri';
import type { SnippetService } from '../../model/snippets/service';
import type { SnippetServices } from '../../model/snippets/snippetServices';
import { snippetLocation } from '../ui/snippetUris';

export class SnippetAccounts {
  constructor(
    readonly session: Session,
    readonly services: SnippetServices,
  ) {}

  /** The signed-in account a location belongs to (the old URI form: see accountOfLocation). */
  ofLocation(location: SnippetLocation): Account | undefined {
    return accountOfLocation(location, this.session.accounts(), this.session.account);
  }

  /** The account of a snippet document; undefined for other documents or a signed-out account. */
  ofUri(uri: vscode.Uri): Account | undefined {
    const location = snippetLocation(uri);
    return location && this.ofLocation(location);
  }

  /**
   * The account a command started from `arg` acts on: the one a row or a snippet document names
   * (model/accounts/accountOfArgument.ts), else the active editor's (when followed), else the default.
   */
  ofArgument(arg: unknown, followActiveEditor: boolean): Account | undefined {
    const named = namedAccount(arg, this.session, this.ofDocument);
    if (named) return named.account;
    const active = followActiveEditor && arg === undefined ? vscode.window.activeTextEditor?.document.uri : undefined;
    return (active && this.ofUri(active)) ?? this.session.account;
  }

  /** For the resolver: the account of a snippet document's URI. */
  private readonly ofDocument = (arg: unknown): NamedAccount =>
    arg instanceof vscode.Uri && snippetLocation(arg) ? { account: this.ofUri(arg) } : undefined;

  /** The account a vscode:// snippet link is for: the default one when it is on the link's server, else another that is. */
  ofLink(uri: vscode.Uri): Account | undefined {
    const parsed = parseSnippetLink(uri.path, uri.query);
    if (!parsed.ok) return undefined;
    const onServer = (a: Account) => isSameServer(parsed.target.serverUrl, a.serverUrl);
    const fallback = this.session.account;
    if (fallback && onServer(fallback)) return fallback;
    return this.session.accounts().find(onServer);
  }

  service(account: Account): SnippetService {
    return this.services.forAccount(accountId(account));
  }
}
