// The handlers of Compare with Server and Overwrite Server Version, the two ways out of a save the
// server refused because its copy changed (src/onDemand/snippets/commands.ts registers them).
import vscode = require('vscode');
import { Schemes } from '../../../util/constants';
import type { AccountContext } from '../../ui/accountContext';
import { compareWithServer, overwriteServerVersion } from '../../ui/saveConflict';
import { snippetLocation } from '../../ui/snippetUris';
import { snippetConflict } from './conflicts';
import type { SnippetFileSystem } from './provider';

/** Compare with Server: the open file beside the server's version of it. */
export async function compareSnippetWithServer(deps: AccountContext, arg: unknown): Promise<void> {
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
