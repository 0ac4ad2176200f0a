// Which text editors were active last, for Compare with…: started from a snippet file's own editor
// title, the active editor is that snippet file, and the editor meant is the one before it.
// It knows what happened since the snippets bundle loaded, and the editors visible then.
import vscode = require('vscode');
import { Schemes } from '../../../util/constants';

/** Editors that are not documents a user compares: the Output panel, the debug console's input, the snippet sides of comparisons. */
const IGNORED_SCHEMES = new Set<string>([
  'output',
  'debug',
  'vscode-scm',
  'comment',
  Schemes.snippetOnServer,
  Schemes.comparedText,
]);
const KEPT = 20;

export class RecentEditors implements vscode.Disposable {
  /** Document URIs, the most recently active first. */
  private readonly recent: vscode.Uri[] = [];
  private readonly following: vscode.Disposable;

  constructor() {
    for (const editor of [...vscode.window.visibleTextEditors].reverse()) this.note(editor);
    this.note(vscode.window.activeTextEditor);
    this.following = vscode.window.onDidChangeActiveTextEditor((editor) => this.note(editor));
  }

  /**
   * The most recently active text editor's document that is not one to `skip` and is still open
   * in a tab (or visible): its text editor when one is visible, so that its selection can be read.
   */
  latest(skip: (uri: vscode.Uri) => boolean): { uri: vscode.Uri; editor: vscode.TextEditor | undefined } | undefined {
    const open = openDocumentUris();
    const uri = this.recent.find((u) => !skip(u) && open.has(u.toString()));
    if (!uri) return undefined;
    const editor =
      (vscode.window.activeTextEditor?.document.uri.toString() === uri.toString()
        ? vscode.window.activeTextEditor
        : undefined) ?? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    return { uri, editor };
  }

  dispose(): void {
    this.following.dispose();
  }

  private note(editor: vscode.TextEditor | undefined): void {
    const uri = editor?.document.uri;
    if (!uri || IGNORED_SCHEMES.has(uri.scheme)) return;
    const at = this.recent.findIndex((u) => u.toString() === uri.toString());
    if (at >= 0) this.recent.splice(at, 1);
    this.recent.unshift(uri);
    this.recent.length = Math.min(this.recent.length, KEPT);
  }
}

/** Documents shown in a tab (either side of a diff too) or a visible editor. */
function openDocumentUris(): Set<string> {
  const open = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
  for (const tab of vscode.window.tabGroups.all.flatMap((group) => group.tabs)) {
    if (tab.input instanceof vscode.TabInputText) open.add(tab.input.uri.toString());
    else if (tab.input instanceof vscode.TabInputTextDiff) {
      open.add(tab.input.original.toString());
      open.add(tab.input.modified.toString());
    }
  }
  return open;
}
