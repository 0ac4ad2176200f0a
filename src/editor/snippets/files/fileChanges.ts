// Which open snippet files a change of the snippet core touches, as the events VS Code reloads
// editors on: every clean editor when the connection went or came back (with it, whether the file
// is read-only), and the files of snippets that changed or disappeared.
import vscode = require('vscode');
import type { ServiceChange, SnippetService } from '../../../model/snippets/service';
import type { SnippetFileVersions } from '../../../model/snippets/files/snippetFileVersions';

export function fileChangesOf(
  versions: SnippetFileVersions<vscode.Uri, SnippetService>,
  service: SnippetService,
  change: ServiceChange,
): vscode.FileChangeEvent[] {
  const events: vscode.FileChangeEvent[] = [];
  if (change.connection) {
    const dirty = new Set(vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString()));
    for (const uri of versions.uris()) {
      if (!dirty.has(uri.toString())) events.push({ type: vscode.FileChangeType.Changed, uri });
    }
  }
  const touched = versions.touchedBy(service, change.snippets, (guid) => service.store.get(guid));
  for (const uri of touched.deleted) events.push({ type: vscode.FileChangeType.Deleted, uri });
  for (const uri of touched.changed) events.push({ type: vscode.FileChangeType.Changed, uri });
  return events;
}
