// A snippet or file row of the Snippets view dropped into an editor (with Shift, as VS Code wants
// for drops into an editor) inserts the file's text at the drop point. A snippet with several
// files asks which one; a file row inserts that file. The text comes from what is loaded (no
// request), and files of snippets marked for it go in as VS Code snippets with their tab stops.
import vscode = require('vscode');
import type { Snippet, SnippetFile } from '../../api/types';
import { Mimes, SETTINGS_SECTION, Settings } from '../../constants';
import { takeScriptedAnswer } from '../../ui/prompts';
import { formatCount } from '../../util/localeFormat';
import { usesSnippetSyntax } from '../core/completion';
import { draggedRowsOf } from '../core/draggedRows';
import type { SnippetService } from '../core/service';
import { reportFailure, type CommandDeps } from './context';
import { preview } from './use';

export const DROP_EDIT_KIND = vscode.DocumentDropOrPasteEditKind.Text.append('bitbucketSnippets', 'file');

export class SnippetDropProvider implements vscode.DocumentDropEditProvider {
  constructor(
    private readonly deps: CommandDeps,
    /** The snippet service of a dragged row's account (rows of the default account carry none). */
    private readonly serviceOf: (accountId: string | undefined) => SnippetService | undefined,
  ) {}

  async provideDocumentDropEdits(_document: vscode.TextDocument, _position: vscode.Position, dataTransfer: vscode.DataTransfer, token: vscode.CancellationToken): Promise<vscode.DocumentDropEdit | undefined> {
    const item = dataTransfer.get(Mimes.explorerRows);
    if (!item) return undefined;
    const rows = await draggedRowsOf(item);
    const row = rows[0];
    if (!row || token.isCancellationRequested) return undefined;
    const service = this.serviceOf(row.accountId);
    if (!service) return undefined;
    let snippet: Snippet;
    try {
      snippet = await service.snippet(row.snippetGuid);
    } catch (err) {
      return reportFailure(this.deps, vscode.l10n.t('insert the snippet file'), err);
    }
    const file = row.fileName !== undefined ? snippet.files.find((f) => f.name === row.fileName) : await chooseFile(snippet);
    if (!file || token.isCancellationRequested) return undefined;
    const marker = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<string>(Settings.snippetSyntaxCategory, 'vscode-snippet');
    // A plain string is inserted as it is: `$` in a shell script stays `$`.
    const text = usesSnippetSyntax(snippet, marker) ? new vscode.SnippetString(file.content) : file.content;
    return new vscode.DocumentDropEdit(text, vscode.l10n.t('Insert {0} from "{1}"', file.name, snippet.name), DROP_EDIT_KIND);
  }
}

/** The one file of a snippet, or the one the user picks among several. */
async function chooseFile(snippet: Snippet): Promise<SnippetFile | undefined> {
  if (snippet.files.length <= 1) return snippet.files[0];
  const items = snippet.files.map((file) => ({ label: `$(file) ${file.name}`, detail: preview(file.content), file }));
  const scripted = takeScriptedAnswer();
  if (scripted) return typeof scripted.answer === 'string' ? snippet.files.find((f) => f.name === scripted.answer) : undefined;
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Insert which file of "{0}"?', snippet.name), placeHolder: vscode.l10n.t('The snippet has {0} files', formatCount(snippet.files.length, vscode.env.language)) });
  return picked?.file;
}
