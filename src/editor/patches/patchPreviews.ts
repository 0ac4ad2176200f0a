// The "after" side of Preview Patch: each file as the patch would make it, served read-only from
// memory under a scheme of its own. Only the last preview is kept: a new preview replaces it, so
// memory holds at most one patch's files. The URI's path is the file's path in the repository, so
// the diff editor names the file and picks its language from it.
import vscode = require('vscode');
import { Generation } from '../../util/generation';

/** Read-only: a file with a patch applied, as Preview Patch shows it. */
export const PATCH_PREVIEW_SCHEME = 'bitbucket-snippet-patched';

export class PatchPreviews implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private texts = new Map<string, string>();
  private readonly generation = new Generation();

  /** Starts a new preview, dropping the texts of the last one. */
  begin(): void {
    this.texts = new Map();
    this.generation.next();
  }

  /**
   * The URI of `text` shown as the file `resource` in the current preview, on one side of its diff.
   * It has the file's own path, so the diff shows the file as changed, not as renamed.
   */
  add(resource: vscode.Uri, text: string, side: 'before' | 'after' = 'after'): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: PATCH_PREVIEW_SCHEME,
      path: resource.path,
      query: `${this.generation.ticket()}-${side}`,
    });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  /**
   * A side of the current preview. A tab of an earlier one (a newer preview replaced it, or the
   * window was reloaded and VS Code restored the tab) says so instead of showing an empty file,
   * which would read as the patch emptying it.
   */
  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.texts.get(uri.toString()) ??
      vscode.l10n.t(
        'This patch preview has ended: it is kept only until the next preview or until the window closes. Run Bitbucket Snippets: Preview Patch again.',
      ) + '\n'
    );
  }

  dispose(): void {
    this.texts.clear();
    this.changed.dispose();
  }
}
