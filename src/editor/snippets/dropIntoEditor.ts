// Snippet or file rows of the Snippets view dropped into an editor (with Shift, as VS Code wants
// for drops into an editor) insert the files' text at the drop point. One snippet row with several
// files asks which one; a file row inserts that file. Several rows insert their files one after
// another, each on a line of its own, without asking: a snippet row among them inserts all its
// files. The text comes from what is loaded (no request), and files of snippets marked for it go
// in as VS Code snippets with their tab stops.
import vscode = require('vscode');
import type { Snippet, SnippetFile } from '../../api/types';
import { Mimes, Settings } from '../../util/constants';
import { setting } from '../settings/settings';
import { pick } from '../ui/prompts';
import { formatCount } from '../../util/localeFormat';
import { usesSnippetSyntax } from '../../model/snippets/completion/completion';
import {
  draggedRowsOf,
  joinInsertedTexts,
  rowsToInsert,
  type DraggedRow,
  type InsertedText,
} from '../../model/snippets/draggedRows';
import type { SnippetService } from '../../model/snippets/service';
import { reportFailure } from '../ui/accountContext';
import { preview } from '../../model/snippets/filePreview';
import type { SnippetsContext } from './context';

export const DROP_EDIT_KIND = vscode.DocumentDropOrPasteEditKind.Text.append('bitbucketSnippets', 'file');

export class SnippetDropProvider implements vscode.DocumentDropEditProvider {
  constructor(private readonly context: Pick<SnippetsContext, 'session' | 'services' | 'accounts' | 'scope'>) {}

  /** The snippet service of a dragged row's account (rows of the default account carry none). */
  private serviceOf(id: string | undefined): SnippetService | undefined {
    if (id === undefined) return this.context.services.defaultService;
    const account = this.context.session.accountById(id);
    return account && this.context.accounts.service(account);
  }

  async provideDocumentDropEdits(
    _document: vscode.TextDocument,
    _position: vscode.Position,
    dataTransfer: vscode.DataTransfer,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentDropEdit | undefined> {
    const item = dataTransfer.get(Mimes.explorerRows);
    if (!item) return undefined;
    const dragged = await draggedRowsOf(item);
    const rows = rowsToInsert(dragged);
    if (rows.length === 0 || token.isCancellationRequested) return undefined;
    const marker = setting(Settings.snippetSyntaxCategory);
    const parts: InsertedText[] = [];
    const inserted: Array<{ file: string; snippet: string }> = [];
    for (const row of rows) {
      const service = this.serviceOf(row.accountId);
      if (!service) continue;
      let snippet: Snippet;
      try {
        snippet = await service.snippet(row.snippetGuid);
      } catch (err) {
        return reportFailure(this.context.scope.defaults, vscode.l10n.t('insert the snippet file'), err);
      }
      const files = await filesOf(row, snippet, dragged.length === 1);
      if (token.isCancellationRequested) return undefined;
      const snippetSyntax = usesSnippetSyntax(snippet, marker);
      for (const file of files) {
        parts.push({ content: file.content, snippetSyntax });
        inserted.push({ file: file.name, snippet: snippet.name });
      }
    }
    if (parts.length === 0) return undefined;
    const joined = joinInsertedTexts(parts);
    // A plain string is inserted as it is: `$` in a shell script stays `$`.
    const text = joined.snippetSyntax ? new vscode.SnippetString(joined.content) : joined.content;
    const title =
      inserted.length === 1
        ? vscode.l10n.t('Insert {0} from "{1}"', inserted[0].file, inserted[0].snippet)
        : vscode.l10n.t('Insert {0} files', formatCount(inserted.length, vscode.env.language));
    return new vscode.DocumentDropEdit(text, title, DROP_EDIT_KIND);
  }
}

/** The files a dragged row inserts: a file row's file; a snippet row's one file, the one picked when dragged alone, or all. */
async function filesOf(row: DraggedRow, snippet: Snippet, alone: boolean): Promise<SnippetFile[]> {
  if (row.fileName !== undefined) return snippet.files.filter((f) => f.name === row.fileName);
  if (!alone) return snippet.files;
  const file = await chooseFile(snippet);
  return file ? [file] : [];
}

/** The one file of a snippet, or the one the user picks among several. */
async function chooseFile(snippet: Snippet): Promise<SnippetFile | undefined> {
  if (snippet.files.length <= 1) return snippet.files[0];
  const items = snippet.files.map((file) => ({
    iconPath: new vscode.ThemeIcon('file'),
    label: file.name,
    detail: preview(file.content),
    file,
  }));
  const picked = await pick(items, {
    title: vscode.l10n.t('Insert which file of "{0}"?', snippet.name),
    placeHolder: vscode.l10n.t('The snippet has {0} files', formatCount(snippet.files.length, vscode.env.language)),
  });
  return picked?.file;
}
