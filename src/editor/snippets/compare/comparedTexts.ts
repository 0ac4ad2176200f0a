// The local side of Compare with… when it is a text rather than a file: the clipboard's or a
// selection's text as it was when the comparison opened, as a read-only document. Read-only, since
// nothing could save it anywhere (an untitled document would ask to be saved when closed, and an
// edit there would not reach the clipboard or the selected text); the user copies from it what they
// want. Activation registers the scheme (src/onDemand/snippets.ts), so an editor VS Code restores
// after a reload finds a provider, which then says the text is no longer there.
import vscode = require('vscode');
import { Schemes } from '../../../util/constants';
import { displaySafeName } from '../../../model/snippets/snippetUri';

export class ComparedTexts implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private count = 0;
  // Once VS Code lets the document go (some time after its editor closed), so does this.
  private readonly closing = vscode.workspace.onDidCloseTextDocument((document) =>
    this.texts.delete(document.uri.toString()),
  );

  /**
   * A document of `text`, its path ending in `fileName` so that VS Code gives it the snippet
   * file's language and both sides of the diff are coloured alike.
   */
  add(text: string, kind: 'clipboard' | 'selection', fileName: string): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: Schemes.comparedText,
      path: `/${kind}-${++this.count}/${displaySafeName(fileName)}`,
    });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.texts.get(uri.toString()) ??
      vscode.l10n.t('This text was compared in an earlier window and is no longer available.')
    );
  }

  dispose(): void {
    this.closing.dispose();
    this.texts.clear();
  }
}
