// Drag and drop in the Snippets view. Dragging a snippet or file row carries the rows (for an
// editor, which inserts the file: commands/dropIntoEditor.ts) and, for files, their URIs (VS Code
// opens them when dropped without Shift). Dropping on the view: a snippet on a category row adds
// that category; files from the Explorer on one of the user's snippets become its files. Each is
// one update of the snippet; others' snippets are refused with a message, and nothing is changed
// when any dropped entry cannot be added.
import * as path from 'node:path';
import vscode = require('vscode');
import type { Session } from '../../auth/session';
import { Mimes, EXPLORER_DRAG_MIMES, EXPLORER_DROP_MIMES } from '../../constants';
import { showFailure } from '../../ui/messages';
import { withProgress } from '../../ui/progress';
import { confirm } from '../../ui/prompts';
import { formatCount } from '../../util/localeFormat';
import type { Log } from '../../util/log';
import { draggedRowsOf, type DraggedRow } from '../core/draggedRows';
import { CONFIRM_DROP_FILES, planDroppedFiles, type DroppedEntry } from '../core/droppedFiles';
import { withCategoryAdded, withFilesAdded } from '../core/edits';
import type { SnippetService } from '../core/service';
import type { TreeNode } from './nodes';

/** A uri-list that names no resource. */
const NO_URIS = '# Bitbucket snippet rows: their text is inserted, no resource is opened';

/** What a drop did, for the tests and the log. */
export type DropOutcome = { done: 'categoryAdded' | 'filesAdded'; snippets: string[] } | { refused: string } | undefined;

export class ExplorerDragAndDrop implements vscode.TreeDragAndDropController<TreeNode> {
  readonly dragMimeTypes = EXPLORER_DRAG_MIMES;
  readonly dropMimeTypes = EXPLORER_DROP_MIMES;

  constructor(
    private readonly session: Session,
    /** The snippet service of a row's account (rows of the default account carry none). */
    private readonly serviceOf: (accountId: string | undefined) => SnippetService,
    private readonly log: Log,
  ) {}

  handleDrag(source: readonly TreeNode[], dataTransfer: vscode.DataTransfer): void {
    const rows = draggedRows(source);
    if (rows.length === 0) return;
    dataTransfer.set(Mimes.explorerRows, new vscode.DataTransferItem(rows));
    // VS Code adds the file rows' resource URIs as a uri-list, and an editor's own "insert path"
    // edit for it would win over inserting the file's text: a list with only a comment line (RFC
    // 2483) replaces it, so the editor inserts the text.
    dataTransfer.set(Mimes.uriList, new vscode.DataTransferItem(NO_URIS));
  }

  async handleDrop(target: TreeNode | undefined, dataTransfer: vscode.DataTransfer): Promise<void> {
    const outcome = await this.drop(target, dataTransfer);
    if (outcome) this.log.debug(`drop on ${target?.kind ?? 'the view'}: ${JSON.stringify(outcome)}`);
  }

  /** handleDrop's work, saying what it did. */
  async drop(target: TreeNode | undefined, dataTransfer: vscode.DataTransfer): Promise<DropOutcome> {
    const rows = dataTransfer.get(Mimes.explorerRows);
    if (rows) return this.dropRows(target, await draggedRowsOf(rows));
    const uris = dataTransfer.get(Mimes.uriList);
    if (uris) return this.dropFiles(target, parseUriList(await uris.asString()));
    return undefined;
  }

  // ---- A snippet on a category ------------------------------------------------------------------

  private async dropRows(target: TreeNode | undefined, rows: DraggedRow[]): Promise<DropOutcome> {
    const categoryGuid = target?.kind === 'root' && target.list.startsWith('category:') ? target.list.slice('category:'.length) : undefined;
    const service = this.serviceOf(target?.accountId);
    const category = categoryGuid && service.categories().find((c) => c.guid === categoryGuid);
    if (!category) {
      if (target === undefined || targetSnippet(target) === undefined || rows.some((r) => r.snippetGuid !== targetSnippet(target))) {
        return this.refuse(vscode.l10n.t('Drop a snippet on a category to add that category, or files from the Explorer on one of your snippets to add them.'), 'info');
      }
      return undefined;
    }
    if (rows.some((r) => r.accountId !== target?.accountId)) {
      return this.refuse(vscode.l10n.t('Drop a snippet on a category of its own account.'), 'info');
    }
    const guids = [...new Set(rows.map((r) => r.snippetGuid))];
    const snippets = await Promise.all(guids.map((g) => service.snippet(g)));
    const others = snippets.filter((s) => !service.mayWrite(s));
    if (others.length > 0) {
      return this.refuse(vscode.l10n.t('"{0}" belongs to another user: only your own snippets can be given a category.', others[0].name));
    }
    try {
      await withProgress('view', undefined, () => Promise.all(snippets.map((s) => service.update(s.guid, (fresh) => withCategoryAdded(fresh, category.name)))));
    } catch (err) {
      showFailure(err, { action: vscode.l10n.t('add the category "{0}"', category.name), account: this.session.account, log: this.log });
      return { refused: String(err) };
    }
    vscode.window.setStatusBarMessage(vscode.l10n.t('Added category "{0}" to {1}', category.name, snippets.map((s) => `"${s.name}"`).join(', ')), 4000);
    return { done: 'categoryAdded', snippets: guids };
  }

  // ---- Files on a snippet -----------------------------------------------------------------------

  private async dropFiles(target: TreeNode | undefined, uris: vscode.Uri[]): Promise<DropOutcome> {
    const guid = target && targetSnippet(target);
    if (!guid) return this.refuse(vscode.l10n.t('Drop files on one of your snippets to add them to it.'), 'info');
    const service = this.serviceOf(target?.accountId);
    let snippet;
    try {
      snippet = await service.snippet(guid);
    } catch (err) {
      showFailure(err, { action: vscode.l10n.t('add the dropped files'), account: this.session.account, log: this.log });
      return { refused: String(err) };
    }
    if (!service.mayWrite(snippet)) {
      return this.refuse(vscode.l10n.t('"{0}" belongs to another user: files can be added only to your own snippets.', snippet.name));
    }
    let entries: DroppedEntry[];
    try {
      entries = await Promise.all(uris.map(readEntry));
    } catch (err) {
      showFailure(err, { action: vscode.l10n.t('read the dropped files'), account: this.session.account, log: this.log });
      return { refused: String(err) };
    }
    const plan = planDroppedFiles(entries);
    if ('refusal' in plan) return this.refuse(plan.refusal);
    if (plan.files.length >= CONFIRM_DROP_FILES) {
      const ok = await confirm(
        vscode.l10n.t('Add {0} files to "{1}"?', formatCount(plan.files.length, vscode.env.language), snippet.name),
        vscode.l10n.t('They are added in one update of the snippet.'),
        vscode.l10n.t('Add Files'),
      );
      if (!ok) return { refused: 'not confirmed' };
    }
    try {
      await withProgress('view', undefined, () => service.update(guid, (fresh) => withFilesAdded(fresh, plan.files)));
    } catch (err) {
      const action = plan.files.length === 1 ? vscode.l10n.t('add a file to "{0}"', snippet.name) : vscode.l10n.t('add {0} files to "{1}"', formatCount(plan.files.length, vscode.env.language), snippet.name);
      showFailure(err, { action, account: this.session.account, log: this.log });
      return { refused: String(err) };
    }
    const added = plan.files.length === 1 ? vscode.l10n.t('Added {0} to "{1}"', plan.files[0].name, snippet.name) : vscode.l10n.t('Added {0} files to "{1}"', formatCount(plan.files.length, vscode.env.language), snippet.name);
    vscode.window.setStatusBarMessage(added, 4000);
    return { done: 'filesAdded', snippets: [guid] };
  }

  private refuse(message: string, level: 'info' | 'warning' = 'warning'): DropOutcome {
    if (level === 'info') void vscode.window.showInformationMessage(message);
    else void vscode.window.showWarningMessage(message);
    return { refused: message };
  }
}

/** The snippets and files of the dragged rows (other rows carry nothing). */
export function draggedRows(source: readonly TreeNode[]): DraggedRow[] {
  return source.flatMap((node) => rowOf(node).map((row) => (node.accountId === undefined ? row : { ...row, accountId: node.accountId })));
}

function rowOf(node: TreeNode): DraggedRow[] {
  switch (node.kind) {
    case 'snippet':
    case 'searchSnippet':
      return [{ snippetGuid: node.snippetGuid }];
    case 'file':
      return [{ snippetGuid: node.snippetGuid, fileName: node.fileName }];
    case 'searchMatch':
      return [node.fileName ? { snippetGuid: node.snippetGuid, fileName: node.fileName } : { snippetGuid: node.snippetGuid }];
    default:
      return [];
  }
}

/** The snippet a row stands for, when it stands for one. */
function targetSnippet(node: TreeNode): string | undefined {
  switch (node.kind) {
    case 'snippet':
    case 'file':
    case 'comments':
    case 'searchSnippet':
    case 'searchMatch':
      return node.snippetGuid;
    default:
      return undefined;
  }
}

function parseUriList(text: string): vscode.Uri[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .flatMap((l) => {
      try {
        return [vscode.Uri.parse(l, true)];
      } catch {
        return [];
      }
    });
}

/** A dropped file as the user sees it: an open editor's text (saved or not) wins over the disk. */
async function readEntry(uri: vscode.Uri): Promise<DroppedEntry> {
  const name = path.posix.basename(uri.path);
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.type & vscode.FileType.Directory) return { name, bytes: undefined };
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return { name, bytes: open ? new TextEncoder().encode(open.getText()) : await vscode.workspace.fs.readFile(uri) };
}
