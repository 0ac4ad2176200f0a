// What every snippet command needs, and the small helpers they share: which account a command
// acts on, resolving the snippet a command is about, reporting a failure once, and the URI of a
// snippet file.
import vscode = require('vscode');
import type { Account } from '../../model/accounts/accounts';
import type { Session } from '../auth/session';
import { showFailure, showNotSignedIn } from '../ui/showFailure';
import type { Log } from '../../util/log';
import { SignedOutError } from '../../model/snippets/errors';
import type { SnippetService } from '../../model/snippets/service';
import type { SnippetAccounts } from './snippetAccounts';
import { snippetFileUri, snippetLocation } from './uris';

export interface CommandDeps {
  session: Session;
  /** The account the command acts on (its row's or document's); the default account when absent. */
  account?: Account;
  /** That account's snippet service. */
  service: SnippetService;
  log: Log;
  /** Shows a snippet in the tree, expanded and selected. */
  reveal: (snippetGuid: string) => Promise<void>;
}

/**
 * Which account a snippet command acts on, as the dependencies its handler gets: commands about a
 * snippet act on the account of the row or document they were started from
 * (SnippetAccounts.ofArgument); commands that make something new, and the Command Palette with
 * nothing else to go by, act on the default account, whichever it is when they run.
 */
export interface CommandScope {
  /** The default account's dependencies. */
  readonly defaults: CommandDeps;
  /** The given account's dependencies; the default account's without one. */
  depsFor(account: Account | undefined): CommandDeps;
  /** The dependencies for the account the command was started from. */
  of(arg: unknown, followActiveEditor?: boolean): CommandDeps;
}

export function commandScope(accounts: SnippetAccounts, log: Log, reveal: (snippetGuid: string) => Promise<void>): CommandScope {
  const { session } = accounts;
  const defaults: CommandDeps = {
    session,
    get service() {
      return accounts.services.defaultService;
    },
    log,
    reveal,
  };
  const depsFor = (account: Account | undefined): CommandDeps => (account ? { session, account, service: accounts.service(account), log, reveal } : defaults);
  return {
    defaults,
    depsFor,
    of: (arg, followActiveEditor = true) => depsFor(accounts.ofArgument(arg, followActiveEditor)),
  };
}

export interface ResolvedTarget {
  snippetGuid: string;
  fileName: string | undefined;
}

/**
 * The target of a command: its argument (a tree row, which carries `snippetGuid` and for files
 * `fileName`; a snippet file's URI from an editor title or tab), else the active editor's file.
 */
export function resolveTarget(arg: unknown): ResolvedTarget | undefined {
  if (arg instanceof vscode.Uri) {
    const loc = snippetLocation(arg);
    return loc && { snippetGuid: loc.snippetGuid, fileName: loc.fileName };
  }
  if (typeof arg === 'object' && arg !== null && typeof (arg as { snippetGuid?: unknown }).snippetGuid === 'string') {
    const t = arg as { snippetGuid: string; fileName?: unknown };
    return { snippetGuid: t.snippetGuid, fileName: typeof t.fileName === 'string' ? t.fileName : undefined };
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active) return resolveTarget(active);
  return undefined;
}

/** Shows one message for a failure (details to the log) and returns undefined. */
export function reportFailure(deps: CommandDeps, action: string, err: unknown): undefined {
  return showFailure(err, { action, account: accountOf(deps), log: deps.log });
}

/** True when signed in; otherwise says so, with a Sign In button, before anything is asked. */
export function requireSignedIn(deps: CommandDeps): boolean {
  if (deps.session.account) return true;
  showNotSignedIn();
  return false;
}

/** The account a command acts on: its row's or document's, else the default one. */
export function accountOf(deps: CommandDeps): Account | undefined {
  return deps.account ?? deps.session.account;
}

/** The document URI of a file of a snippet of the command's account, named after the snippet. */
export function fileUri(deps: CommandDeps, snippet: { guid: string; name: string }, fileName: string): vscode.Uri {
  const account = accountOf(deps);
  if (!account) throw new SignedOutError();
  return snippetFileUri(account, snippet, fileName);
}

/**
 * The same for a snippet known only by its guid (a search result, a link, another extension's
 * call). The URI's path is what the tab's hover, the breadcrumbs and Open Editors show, so it must
 * carry the snippet's name: a snippet no list has loaded is read first, with the one GET that
 * opening its file would send anyway (the editor then reads it from the core, with no request).
 */
export async function fileUriOf(deps: CommandDeps, snippetGuid: string, fileName: string): Promise<vscode.Uri> {
  if (!accountOf(deps)) throw new SignedOutError();
  return fileUri(deps, deps.service.store.get(snippetGuid) ?? (await deps.service.snippet(snippetGuid)), fileName);
}
