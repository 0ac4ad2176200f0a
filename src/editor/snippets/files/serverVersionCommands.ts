// Snippet documents: the file system provider, the server-version documents of a conflict, and
// what the vscode:// link handler opens. Activation registers the two providers' schemes
// (src/onDemand/snippets.ts); this makes the providers. The handlers of Compare with Server and
// Overwrite Server Version are here too; registerCommands.ts registers them.
import vscode = require('vscode');
import { Schemes } from '../../util/constants';
import type { Log } from '../../util/log';
import { openSnippetLink } from './links/linkHandler';
import type { CommandDeps, CommandScope } from './context';
import type { SnippetAccounts } from './snippetAccounts';
import { ServerVersions, snippetConflict } from './files/conflicts';
import { compareWithServer, overwriteServerVersion } from '../ui/saveConflict';
import { SnippetFileSystem } from './files/provider';
import { snippetLocation } from './uris';

export interface SnippetDocuments {
  fileSystem: SnippetFileSystem;
  serverVersions: vscode.TextDocumentContentProvider;
  /** The vscode:// link handler's work (Copy VS Code Link); activation registers the handler itself. */
  openLink(uri: vscode.Uri): Promise<vscode.TextEditor | undefined>;
  disposable: vscode.Disposable;
}

export function createSnippetDocuments(
  accounts: SnippetAccounts,
  log: Log,
  scope: CommandScope,
  /** The workspace's state (context.workspaceState): what open files were loaded from, beyond the window. */
  workspaceState: vscode.Memento,
): SnippetDocuments {
  const fileSystem = new SnippetFileSystem(accounts, log.child('fs'), workspaceState);
  const serverVersions = new ServerVersions(accounts);
  return {
    fileSystem,
    serverVersions,
    openLink: (uri) => openSnippetLink(scope.depsFor(accounts.ofLink(uri)), uri),
    disposable: vscode.Disposable.from(fileSystem, serverVersions),
  };
}

/** Compare with Server: the open file beside the server's version of it. */
export async function compareSnippetWithServer(deps: CommandDeps, arg: unknown): Promise<void> {
  const uri = snippetFileArg(arg);
  const loc = uri && snippetLocation(uri);
  if (!uri || !loc?.fileName) return;
  const conflict = snippetConflict(uri, loc.fileName, deps.service.store.get(loc.snippetGuid)?.name ?? 'snippet');
  await compareWithServer(conflict.serverVersion, conflict.document, conflict.title);
}

/** Overwrite Server Version: the refused save of the file goes ahead over the version it met. */
export async function overwriteSnippetServerVersion(fileSystem: SnippetFileSystem, arg: unknown): Promise<boolean> {
  const uri = snippetFileArg(arg);
  return uri ? overwriteServerVersion(uri, (u) => fileSystem.approveOverwrite(u)) : false;
}

/** The snippet file a command is about: its argument, or the active editor's document. */
function snippetFileArg(arg: unknown): vscode.Uri | undefined {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === Schemes.snippet ? uri : undefined;
}
