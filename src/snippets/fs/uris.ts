// The vscode.Uri of a snippet file or folder. The tree uses it for `resourceUri`, commands to open files.
import * as vscode from 'vscode';
import { parseSnippetPath, snippetUriComponents, type SnippetLocation } from './snippetUri';

export function snippetFileUri(serverUrl: string, snippetGuid: string, fileName: string): vscode.Uri {
  return vscode.Uri.from(snippetUriComponents(serverUrl, snippetGuid, fileName));
}

export function snippetFolderUri(serverUrl: string, snippetGuid: string): vscode.Uri {
  return vscode.Uri.from(snippetUriComponents(serverUrl, snippetGuid));
}

/** Where a vscode.Uri of our scheme points; undefined for anything else. */
export function snippetLocation(uri: vscode.Uri): SnippetLocation | undefined {
  return parseSnippetPath(uri.authority, uri.path);
}
