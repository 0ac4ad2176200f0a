// "Show Whole Text" of a terminal confirmation that cannot show every row: the exact text that
// would be sent, as a read-only document (nothing typed there could reach the terminal, and
// closing it asks nothing). The editor marks invisible and control characters itself
// (editor.unicodeHighlight, editor.renderControlCharacters).
import vscode = require('vscode');
import { displaySafeName } from '../../model/snippets/snippetUri';

const SCHEME = 'bitbucket-snippets-terminal-text';

class WholeTexts implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private count = 0;

  constructor() {
    // Once VS Code lets the document go, so does this.
    vscode.workspace.onDidCloseTextDocument((document) => this.texts.delete(document.uri.toString()));
  }

  add(text: string, fileName: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${++this.count}/${displaySafeName(fileName)}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.texts.get(uri.toString()) ??
      vscode.l10n.t('This text was shown for a terminal confirmation in an earlier window and is no longer available.')
    );
  }
}

let wholeTexts: WholeTexts | undefined;

/** Opens `text` read-only beside nothing else, in a tab named after the file. */
export async function showWholeText(text: string, fileName: string): Promise<void> {
  if (!wholeTexts) {
    wholeTexts = new WholeTexts();
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, wholeTexts);
  }
  const document = await vscode.workspace.openTextDocument(wholeTexts.add(text, fileName));
  await vscode.window.showTextDocument(document, { preview: false });
}
