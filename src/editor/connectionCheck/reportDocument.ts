// The connection check's report as a read-only virtual document: a person can read it, copy from
// it, or keep it with File > Save As…, and closing it never asks to save (an untitled document
// did). Its text lives here while its document is open; a tab reopened after that says to run
// the check again rather than showing an empty page.
import vscode = require('vscode');
import { Disposable } from '../ui/disposable';

export const REPORT_SCHEME = 'bitbucket-connection-check';

export class ConnectionReports extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private count = 0;

  constructor() {
    super();
    this.register(
      vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === REPORT_SCHEME) this.texts.delete(document.uri.toString());
      }),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.texts.get(uri.toString()) ??
      vscode.l10n.t('This report is no longer open. Run Bitbucket Snippets: Check Connection again for a new one.')
    );
  }

  /**
   * Opens `content` as a new report, named after the server and the time (the name Save As
   * offers), in Markdown, and shows it.
   */
  async open(host: string, checkedAt: Date, content: string): Promise<vscode.TextDocument> {
    this.count += 1;
    const stamp = checkedAt.toISOString().slice(0, 19).replace(/:/g, '-');
    const safeHost = host.replace(/[^\w.-]+/g, '_');
    // The query keeps two reports of the same second apart without changing the file name.
    const uri = vscode.Uri.from({
      scheme: REPORT_SCHEME,
      path: `/connection-check-${safeHost}-${stamp}.md`,
      query: String(this.count),
    });
    this.texts.set(uri.toString(), content);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  override dispose(): void {
    super.dispose();
    this.texts.clear();
  }
}
