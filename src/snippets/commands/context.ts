// What every snippet command needs, and the small helpers they share: resolving the snippet a
// command is about, reporting a failure once (message + log), and running with progress.
import * as vscode from 'vscode';
import type { Snippet } from '../../api/types';
import type { Session } from '../../auth/session';
import type { Log } from '../../util/log';
import { describeError, messageContext } from '../../util/userMessages';
import { SnippetEditError } from '../fs/saveLogic';
import type { SnippetFileSystem } from '../fs/provider';
import { snippetLocation } from '../fs/uris';
import type { SnippetStore } from '../store';

export interface CommandDeps {
  session: Session;
  store: SnippetStore;
  fs: SnippetFileSystem;
  log: Log;
  /** Shows a snippet in the tree, expanded and selected. */
  reveal: (snippetGuid: string) => Promise<void>;
}

/**
 * What a snippet command can be run on: a tree row (SnippetNode, FileNode, CommentsNode all carry
 * `snippetGuid`, file rows `fileName`), a snippet file's URI (editor title, editor tab), or, from
 * automation, `{ snippetGuid, fileName }`.
 */
export type SnippetTarget = { snippetGuid: string; fileName?: string } | vscode.Uri;

export interface ResolvedTarget {
  snippetGuid: string;
  fileName: string | undefined;
}

/** The target of a command: its argument, else the active editor's snippet file. */
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

export function errorContext(deps: CommandDeps, action: string) {
  return messageContext(action, deps.session.account);
}

/** Shows one message for a failure (details to the log) and returns undefined. */
export function reportFailure(deps: CommandDeps, action: string, err: unknown): undefined {
  if (err instanceof SnippetEditError) {
    void vscode.window.showWarningMessage(err.message);
    return undefined;
  }
  deps.log.error(`could not ${action}`, err);
  void vscode.window.showErrorMessage(describeError(err, errorContext(deps, action)));
  return undefined;
}

/** Signed in, or says how to get there. */
export function requireClient(deps: CommandDeps) {
  const client = deps.session.client;
  if (!client) {
    void vscode.window.showWarningMessage('Sign in to Bitbucket first (Bitbucket Snippets: Sign In).', 'Sign In').then((choice) => {
      if (choice) void vscode.commands.executeCommand('bitbucketSnippets.signIn');
    });
  }
  return client;
}

export function withProgress<T>(title: string, task: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task));
}

/** The snippet as fresh as the server has it; edits that replace all files start from this. */
export async function freshOwnSnippet(deps: CommandDeps, snippetGuid: string): Promise<Snippet> {
  const snippet = await deps.store.fetch(snippetGuid, { startNew: true });
  if (!deps.fs.isOwn(snippet)) throw new SnippetEditError(`"${snippet.name}" belongs to another user: only its owner can change it.`);
  return snippet;
}

/** The snippet as loaded, fetched if the store does not have it. */
export async function knownSnippet(deps: CommandDeps, snippetGuid: string): Promise<Snippet> {
  return deps.store.get(snippetGuid) ?? (await deps.store.fetch(snippetGuid));
}
