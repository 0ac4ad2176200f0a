// The context narrowed to one account, which every command acting on snippets gets (the snippets
// bundle builds it, src/onDemand/snippets/scope.ts), and the small helpers those commands share:
// which account a command acts on, resolving the snippet a command is about, reporting a failure
// once, and the URI of a snippet file. Part of the shared adapter kit: the snippet commands, the
// terminal, patch snippets and the chat tools all act on an account's snippets this way.
import vscode = require('vscode');
import type { Account } from '../../model/accounts/accounts';
import type { Snippet, SnippetFile } from '../../api/types';
import type { Session } from '../accounts/session';
import { showFailure, showNotSignedIn } from './showFailure';
import type { Log } from '../../util/log';
import type { SnippetDetails } from '../../model/snippets/edits';
import { SignedOutError } from '../../model/snippets/errors';
import type { SnippetService } from '../../model/snippets/service';
import type { NewFile } from '../../model/snippets/snippetWrites';
import { snippetFileUri, snippetLocation } from './snippetUris';

export interface AccountContext {
  session: Session;
  /** The account the command acts on (its row's or document's); the default account when absent. */
  account?: Account;
  /** That account's snippet service. */
  service: SnippetService;
  log: Log;
  /** Shows a snippet in the tree, expanded and selected. */
  reveal: (snippetGuid: string) => Promise<void>;
  /**
   * Where every create path ends (src/editor/snippets/create.ts): one POST (and one PUT for a
   * description or categories), the new snippet revealed in My Snippets, and a file of it opened
   * (`open`, else its first).
   */
  createAndOpen(files: NewFile[], details: SnippetDetails, title: string, open?: string): Promise<Snippet | undefined>;
  /** A file of one of the account's snippets (of `snippetGuid`'s, or any), as the user picks it (src/editor/snippets/use.ts). */
  pickFile(snippetGuid?: string, title?: string): Promise<{ snippet: Snippet; file: SnippetFile } | undefined>;
}

/**
 * Which account a snippet command acts on, as the context its handler gets: commands about a
 * snippet act on the account of the row or document they were started from
 * (SnippetAccounts.ofArgument); commands that make something new, and the Command Palette with
 * nothing else to go by, act on the default account, whichever it is when they run.
 */
export interface CommandScope {
  /** The default account's context. */
  readonly defaults: AccountContext;
  /** The given account's context; the default account's without one. */
  depsFor(account: Account | undefined): AccountContext;
  /** The context of the account the command was started from. */
  of(arg: unknown, followActiveEditor?: boolean): AccountContext;
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
export function reportFailure(deps: AccountContext, action: string, err: unknown): undefined {
  return showFailure(err, { action, account: accountOf(deps), log: deps.log });
}

/** True when signed in; otherwise says so, with a Sign In button, before anything is asked. */
export function requireSignedIn(deps: AccountContext): boolean {
  if (deps.session.account) return true;
  showNotSignedIn();
  return false;
}

/** The account a command acts on: its row's or document's, else the default one. */
export function accountOf(deps: AccountContext): Account | undefined {
  return deps.account ?? deps.session.account;
}

/** The document URI of a file of a snippet of the command's account, named after the snippet. */
export function fileUri(deps: AccountContext, snippet: { guid: string; name: string }, fileName: string): vscode.Uri {
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
export async function fileUriOf(deps: AccountContext, snippetGuid: string, fileName: string): Promise<vscode.Uri> {
  if (!accountOf(deps)) throw new SignedOutError();
  return fileUri(deps, deps.service.store.get(snippetGuid) ?? (await deps.service.snippet(snippetGuid)), fileName);
}
