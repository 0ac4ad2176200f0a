// The vscode.Uri of a snippet file, shared by every snippet view and command: the tree's rows,
// the commands that open files, the comment threads and the file system provider.
import vscode = require('vscode');
import { parseSnippetPath, snippetUriComponents, type SnippetLocation } from './core/snippetUri';

export function snippetFileUri(serverUrl: string, snippetGuid: string, fileName: string): vscode.Uri {
  return vscode.Uri.from(snippetUriComponents(serverUrl, snippetGuid, fileName));
}

/** Where a vscode.Uri of our scheme points; undefined for anything else. */
export function snippetLocation(uri: vscode.Uri): SnippetLocation | undefined {
  return parseSnippetPath(uri.authority, uri.path);
}
