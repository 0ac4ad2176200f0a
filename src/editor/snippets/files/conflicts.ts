// A save conflict of a snippet file, for the shared Compare / Overwrite of src/editor/ui/saveConflict.ts:
// the server's version as a read-only document (the left side of Compare, and of Compare with… and
// Compare with Snippet…, commands/compare.ts), and the words for it.
import vscode = require('vscode');
import { fileSystemError } from '../../ui/fileSystemErrors';
import { comparisonTitle, offerConflictChoices, type SaveConflict } from '../../ui/saveConflict';
import { Commands, Schemes } from '../../../util/constants';
import type { SnippetAccounts } from '../snippetAccounts';
import type { SnippetService } from '../../../model/snippets/service';
import { snippetLocation } from '../../ui/snippetUris';

/** Read-only documents of snippet files as the snippet core last learned them from the server. */
export class ServerVersions implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly open = new Map<string, vscode.Uri>();
  private readonly subscriptions = new Map<SnippetService, { dispose(): void }>();

  constructor(private readonly accounts: SnippetAccounts) {}

  /** A refused save tells the account's core the server's version: an open comparison follows it. */
  private follow(service: SnippetService): void {
    if (this.subscriptions.has(service)) return;
    this.subscriptions.set(
      service,
      service.onDidChange(({ snippets }) => {
        for (const uri of this.open.values()) {
          if (snippets.includes(snippetLocation(uri.with({ scheme: Schemes.snippet }))?.snippetGuid ?? '')) {
            this.changed.fire(uri);
          }
        }
      }),
    );
  }

  /** The server-version twin of a snippet file URI. */
  static uriFor(fileUri: vscode.Uri): vscode.Uri {
    return fileUri.with({ scheme: Schemes.snippetOnServer });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    this.open.set(uri.toString(), uri);
    const loc = snippetLocation(uri.with({ scheme: Schemes.snippet }));
    const account = loc && this.accounts.ofLocation(loc);
    if (!loc?.fileName || !account) return '';
    const service = this.accounts.service(account);
    this.follow(service);
    // A comparison VS Code restored after a reload asks before the core has the snippet.
    const snippet =
      service.store.get(loc.snippetGuid) ?? (await service.snippet(loc.snippetGuid).catch(() => undefined));
    return snippet?.files.find((f) => f.name === loc.fileName)?.content ?? '';
  }

  dispose(): void {
    for (const subscription of this.subscriptions.values()) subscription.dispose();
    this.changed.dispose();
  }
}

/**
 * The error for a save refused over a change on the server. VS Code shows it as its own "Failed to
 * save" notification, and there is no way for a provider to stop that; the one beside it is ours,
 * the one with Compare / Overwrite.
 */
export function refusedOverConflict(
  fileUri: vscode.Uri,
  fileName: string,
  snippetName: string,
): vscode.FileSystemError {
  void offerConflictChoices(snippetConflict(fileUri, fileName, snippetName));
  return fileSystemError.unavailable(
    vscode.l10n.t(
      '"{0}" in snippet "{1}" was changed on the server since you opened it, so it was not overwritten. Your text is still in the editor: Compare it with the server\'s version, or Overwrite it.',
      fileName,
      snippetName,
    ),
  );
}

/** The refused save of a snippet file as the shared conflict helper offers it (Compare / Overwrite). */
export function snippetConflict(fileUri: vscode.Uri, fileName: string, snippetName: string): SaveConflict {
  return {
    document: fileUri,
    serverVersion: ServerVersions.uriFor(fileUri),
    message: vscode.l10n.t(
      '"{0}" in snippet "{1}" changed on the server since you opened it. Your text is still in the editor.',
      fileName,
      snippetName,
    ),
    title: comparisonTitle(fileName, snippetName),
    overwriteCommand: Commands.overwriteServerVersion,
  };
}
