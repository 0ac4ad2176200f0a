// The URI handler of vscode:// snippet links (Copy VS Code Link): opens the snippet, or one file at
// a line, on the signed-in server. A link can come from anyone, so it only ever opens a snippet
// file: src/model/snippets/links/linkResolution.ts decides, and every other outcome is a message. Being
// signed in elsewhere or not at all offers Sign In; nothing signs in or switches by itself.
import vscode = require('vscode');
import { showWarning } from '../../ui/notify';
import { isBitbucketError } from '../../../api/errors';
import { Commands } from '../../../util/constants';
import { resolveSnippetLink } from '../../../model/snippets/links/linkResolution';
import { accountOf, fileUriOf, reportFailure, type AccountContext } from '../../ui/accountContext';

/** Handles one link; returns the editor it opened (undefined when it opened none). */
export async function openSnippetLink(deps: AccountContext, uri: vscode.Uri): Promise<vscode.TextEditor | undefined> {
  const outcome = await resolveSnippetLink(uri.path, uri.query, {
    signedInServerUrl: accountOf(deps)?.serverUrl,
    // A fresh GET: a link to a snippet deleted since it was loaded must say so, not open a stale copy.
    getSnippet: (guid) => deps.service.store.fetch(guid),
    isNotFound: (err) => isBitbucketError(err, 'not-found'),
  });
  switch (outcome.kind) {
    case 'refused':
      void showWarning(outcome.message);
      return undefined;
    case 'sign-in':
      void showWarning(outcome.message, vscode.l10n.t('Sign In')).then((choice) => {
        if (choice) void vscode.commands.executeCommand(Commands.signIn);
      });
      return undefined;
    case 'failed':
      return reportFailure(deps, vscode.l10n.t('open the snippet of the link'), outcome.error);
    case 'open':
      break;
  }
  // A link to the snippet alone opens its first file. The Snippets view is left as it is: its
  // reveal files a snippet under My Snippets or loads Browse, which a link should not cause; the
  // user's Reveal Snippet of Active File (or followActiveEditor) shows it there.
  const fileName = outcome.fileName ?? deps.service.store.get(outcome.snippetGuid)?.files[0]?.name;
  if (fileName === undefined) return undefined;
  try {
    const editor = await vscode.window.showTextDocument(await fileUriOf(deps, outcome.snippetGuid, fileName), {
      preview: false,
    });
    if (outcome.line !== undefined) revealLine(editor, outcome.line);
    return editor;
  } catch (err) {
    return reportFailure(deps, vscode.l10n.t('open {0}', fileName), err);
  }
}

/** Puts the cursor at the start of a 1-based line (the last one when the file has become shorter). */
function revealLine(editor: vscode.TextEditor, line: number): void {
  const index = Math.min(line, editor.document.lineCount) - 1;
  const position = new vscode.Position(index, 0);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
