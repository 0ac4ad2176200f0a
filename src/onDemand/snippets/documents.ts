// Snippet documents: the file system provider, the server-version documents of a conflict, and
// what the vscode:// link handler opens. Activation registers the two providers' schemes
// (src/onDemand/snippets.ts); this makes the providers.
import vscode = require('vscode');
import type { SnippetsContext } from '../../editor/snippets/context';
import { ServerVersions } from '../../editor/snippets/files/conflicts';
import { SnippetFileSystem } from '../../editor/snippets/files/provider';
import { openSnippetLink } from '../../editor/snippets/links/linkHandler';

export interface SnippetDocuments {
  fileSystem: SnippetFileSystem;
  serverVersions: vscode.TextDocumentContentProvider;
  /** The vscode:// link handler's work (Copy VS Code Link); activation registers the handler itself. */
  openLink(uri: vscode.Uri): Promise<vscode.TextEditor | undefined>;
  disposable: vscode.Disposable;
}

export function createSnippetDocuments({ accounts, log, scope, workspaceState }: SnippetsContext): SnippetDocuments {
  const fileSystem = new SnippetFileSystem(accounts, log.child('fs'), workspaceState);
  const serverVersions = new ServerVersions(accounts);
  return {
    fileSystem,
    serverVersions,
    openLink: (uri) => openSnippetLink(scope.depsFor(accounts.ofLink(uri)), uri),
    disposable: vscode.Disposable.from(fileSystem, serverVersions),
  };
}
