// The vscode.Uri of a snippet file, shared by every snippet view and command: the tree's rows,
// the commands that open files, the comment threads and the file system provider. The format
// and its reasons are in ./core/snippetUri.ts.
import vscode = require('vscode');
import {
  parseSnippetComponents,
  snippetUriComponents,
  type SnippetLocation,
  type UriAccount,
} from '../../model/snippets/snippetUri';

/** `occurrence`: 2, 3… for a later file of a name several files of the snippet share. */
export function snippetFileUri(
  account: UriAccount,
  snippet: { guid: string; name: string },
  fileName: string,
  occurrence?: number,
): vscode.Uri {
  return vscode.Uri.from(snippetUriComponents(account, snippet, fileName, occurrence));
}

/** Where a vscode.Uri of our scheme points; undefined for anything else. */
export function snippetLocation(uri: vscode.Uri): SnippetLocation | undefined {
  return parseSnippetComponents(uri.authority, uri.path, uri.query);
}
