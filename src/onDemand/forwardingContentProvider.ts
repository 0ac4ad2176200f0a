// A read-only document provider registered at activation for one whose code loads on first use
// (see forwardingFileSystem.ts): a restored editor may ask for a document before anything else.
import vscode = require('vscode');

export class ForwardingContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private target: vscode.TextDocumentContentProvider | undefined;
  private relay: vscode.Disposable | undefined;

  constructor(private readonly load: () => vscode.TextDocumentContentProvider) {}

  provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): vscode.ProviderResult<string> {
    if (!this.target) {
      const target = this.load();
      this.relay = target.onDidChange?.((changed) => this.changed.fire(changed));
      this.target = target;
    }
    return this.target.provideTextDocumentContent(uri, token);
  }

  dispose(): void {
    this.relay?.dispose();
    this.changed.dispose();
  }
}
