// The marks of a refused save of hook settings: each problem at its field in the refused text, and
// in the Problems view. A mark goes with the text that was refused: once the document holds what
// the server has (reverted, or edited back), the marks go (a successful save clears them itself).
// Closing the last tab of a document drops them as well: VS Code keeps a closed document for a
// while, and the Problems view would list it.
import vscode = require('vscode');
import { Disposable } from '../ui/disposable';
import type { BitbucketError } from '../../api/errors';
import { Ids, Schemes } from '../../util/constants';
import { locateField, type SettingsProblem } from '../../model/hooks/settingsValidator';

const DIAGNOSTIC_SOURCE = 'Bitbucket';

function offsetToPosition(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}

const rangeOf = (text: string, offset: number, length: number): vscode.Range =>
  new vscode.Range(offsetToPosition(text, offset), offsetToPosition(text, offset + Math.max(length, 1)));

export class HookFieldErrors extends Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection(Ids.hookDiagnostics);

  /** `servedText`: the text of a document last read from or saved to the server, if any. */
  constructor(servedText: (uri: vscode.Uri) => string | undefined) {
    super();
    this.register(
      this.diagnostics,
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document.uri.scheme === Schemes.hook && servedText(document.uri) === document.getText()) {
          this.diagnostics.delete(document.uri);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === Schemes.hook) this.diagnostics.delete(doc.uri);
      }),
      vscode.window.tabGroups.onDidChangeTabs(({ closed }) => {
        // A document still shown, in another group or as the right side of a Compare, keeps them.
        const shown = new Set(
          vscode.window.tabGroups.all
            .flatMap((g) => g.tabs)
            .flatMap((t) =>
              t.input instanceof vscode.TabInputText
                ? [t.input.uri.toString()]
                : t.input instanceof vscode.TabInputTextDiff
                  ? [t.input.modified.toString()]
                  : [],
            ),
        );
        for (const tab of closed) {
          if (
            tab.input instanceof vscode.TabInputText &&
            tab.input.uri.scheme === Schemes.hook &&
            !shown.has(tab.input.uri.toString())
          ) {
            this.diagnostics.delete(tab.input.uri);
          }
        }
      }),
    );
  }

  /** Marks the problems of `text`, the document's text that was refused. */
  show(uri: vscode.Uri, text: string, problems: SettingsProblem[]): void {
    this.diagnostics.set(
      uri,
      problems.map((p) => {
        const d = new vscode.Diagnostic(rangeOf(text, p.offset, p.length), p.message, vscode.DiagnosticSeverity.Error);
        d.source = DIAGNOSTIC_SOURCE;
        return d;
      }),
    );
  }

  /** The server's field errors at their fields (`context` = field name), the others at the start. */
  showServerProblems(uri: vscode.Uri, text: string, err: BitbucketError): void {
    const problems: SettingsProblem[] = err.serverMessages.map((m) => {
      const at = m.context ? locateField(text, m.context) : undefined;
      return {
        message: m.context && !at ? `${m.context}: ${m.message}` : m.message,
        field: m.context ?? undefined,
        offset: at?.offset ?? 0,
        length: at?.length ?? 1,
      };
    });
    this.show(uri, text, problems.length > 0 ? problems : [{ message: err.message, offset: 0, length: 1 }]);
  }

  clear(uri: vscode.Uri): void {
    this.diagnostics.delete(uri);
  }
}
