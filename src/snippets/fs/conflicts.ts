// What a user can do when a save is refused because the snippet changed on the server:
// Compare (the server's version on the left, theirs on the right) or Overwrite. VS Code's own
// "file is newer" dialog only appears when the server's version differs in size, so this offer
// is made on every conflict.
import vscode = require('vscode');
import { showWarning } from '../../ui/notify';
import { Commands, Schemes } from '../../constants';
import type { SnippetAccounts } from '../accounts';
import type { SnippetService } from '../core/service';
import { snippetLocation } from '../uris';

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
        for (const uri of this.open.values()) if (snippets.includes(snippetLocation(uri.with({ scheme: Schemes.snippet }))?.snippetGuid ?? '')) this.changed.fire(uri);
      }),
    );
  }

  /** The server-version twin of a snippet file URI. */
  static uriFor(fileUri: vscode.Uri): vscode.Uri {
    return fileUri.with({ scheme: Schemes.snippetOnServer });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    this.open.set(uri.toString(), uri);
    const loc = snippetLocation(uri.with({ scheme: Schemes.snippet }));
    const account = loc && this.accounts.ofLocation(loc);
    if (!loc?.fileName || !account) return '';
    const service = this.accounts.service(account);
    this.follow(service);
    return service.get(loc.snippetGuid)?.files.find((f) => f.name === loc.fileName)?.content ?? '';
  }

  dispose(): void {
    for (const subscription of this.subscriptions.values()) subscription.dispose();
    this.changed.dispose();
  }
}

/** Opens the comparison: the server's version on the left, the editor's text on the right. */
export async function compareWithServer(fileUri: vscode.Uri, fileName: string, snippetName: string): Promise<void> {
  await vscode.commands.executeCommand('vscode.diff', ServerVersions.uriFor(fileUri), fileUri, vscode.l10n.t('{0} ({1}): on the server ↔ yours', fileName, snippetName));
}

/** Offers Compare and Overwrite after a refused save; both are also commands of the palette. */
export async function offerConflictChoices(fileUri: vscode.Uri, fileName: string, snippetName: string): Promise<void> {
  const choice = await showWarning(
    vscode.l10n.t('"{0}" in snippet "{1}" changed on the server since you opened it. Your text is still in the editor.', fileName, snippetName),
    vscode.l10n.t('Compare'),
    vscode.l10n.t('Overwrite'),
  );
  if (choice === vscode.l10n.t('Compare')) await compareWithServer(fileUri, fileName, snippetName);
  else if (choice === vscode.l10n.t('Overwrite')) await vscode.commands.executeCommand(Commands.overwriteServerVersion, fileUri);
}
