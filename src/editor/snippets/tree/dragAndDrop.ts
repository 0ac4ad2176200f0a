// Drag and drop in the Snippets view. Dragging snippet or file rows (one or several) carries the
// rows, for an editor, which inserts the files' text (commands/dropIntoEditor.ts); the uri-list
// VS Code would add for file rows is replaced by one naming no resource (dragData.ts), so nothing
// is opened instead. Dropping on the view:
// - snippets on a category row add that category to each own one (one update each);
// - file rows of other snippets on an own snippet are copied into it (one update);
// - files from the Explorer or from outside VS Code (the file manager) on an own snippet become
//   its files (one update), and on "My Snippets" a new snippet (one create).
// Others' snippets are refused with a message, and nothing is changed when any dropped entry
// cannot be added. Failures name the account of the row dropped on.
import vscode = require('vscode');
import { showInfo, showWarning } from '../../ui/notify';
import { setStatusBarMessage } from '../../ui/statusText';
import type { Account } from '../../../model/accounts/accounts';
import type { Session } from '../../accounts/session';
import type { Snippet } from '../../../api/types';
import { Mimes, EXPLORER_DRAG_MIMES, EXPLORER_DROP_MIMES } from '../../../util/constants';
import { showFailure } from '../../ui/showFailure';
import { withProgress } from '../../ui/progress';
import { confirm } from '../../ui/prompts';
import { formatCount } from '../../../util/localeFormat';
import type { Log } from '../../../util/log';
import { draggedRowsOf, draggedSnippets, filesToCopy, type DraggedRow } from '../../../model/snippets/draggedRows';
import { CONFIRM_DROP_FILES, planDroppedFiles, type DroppedEntry } from '../../../model/snippets/droppedFiles';
import { defaultSnippetName, uniqueFileNames } from '../../../model/snippets/edits';
import type { SnippetService } from '../../../model/snippets/service';
import type { TreeNode } from '../../../model/snippets/tree/nodes';
import { NO_URIS, draggedRows, droppedSources, readEntry, targetSnippet, type DroppedSource } from './dragData';

/** What a drop did, which the log says; `skipped`: others' snippets left as they were. */
type DropResult =
  | { done: 'categoryAdded' | 'filesAdded' | 'filesCopied' | 'snippetCreated'; snippets: string[]; skipped?: number }
  | { refused: string }
  | undefined;

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
    const result = await this.drop(target, dataTransfer);
    if (!result) return;
    const on = `drop on ${target?.kind ?? 'the view'}`;
    // A refusal is logged with the sentence the user was shown.
    if ('refused' in result) this.log.info(`${on} refused: ${result.refused}`);
    else {
      this.log.info(
        `${on}: ${result.done} ${result.snippets.join(', ')}${result.skipped ? `; ${result.skipped} snippet(s) of others left as they were` : ''}`,
      );
    }
  }

  /** handleDrop's work, saying what it did. */
  private async drop(target: TreeNode | undefined, dataTransfer: vscode.DataTransfer): Promise<DropResult> {
    const rows = dataTransfer.get(Mimes.explorerRows);
    if (rows) return this.dropRows(target, await draggedRowsOf(rows));
    const sources = await droppedSources(dataTransfer);
    if (sources.length > 0) return this.dropFiles(target, sources);
    return undefined;
  }

  /** The account of the row dropped on, which failures name. */
  private accountOf(target: TreeNode | undefined): Account | undefined {
    return (
      (target?.accountId !== undefined ? this.session.accountById(target.accountId) : undefined) ?? this.session.account
    );
  }

  private fail(err: unknown, action: string, target: TreeNode | undefined): DropResult {
    showFailure(err, { action, account: this.accountOf(target), log: this.log });
    return { refused: String(err) };
  }

  // ---- Rows of the view -------------------------------------------------------------------------

  private async dropRows(target: TreeNode | undefined, rows: DraggedRow[]): Promise<DropResult> {
    const categoryGuid =
      target?.kind === 'root' && target.list.startsWith('category:')
        ? target.list.slice('category:'.length)
        : undefined;
    const service = this.serviceOf(target?.accountId);
    const category = categoryGuid && service.store.categories().find((c) => c.guid === categoryGuid);
    if (category) return this.addCategory(target, rows, service, category.name);
    const guid = target && targetSnippet(target);
    if (guid) {
      const copies = filesToCopy(rows, { snippetGuid: guid, accountId: target.accountId });
      if (copies.length > 0) return this.copyFiles(target, guid, copies, service);
      // Rows of the snippet itself dropped back on it: nothing to do.
      if (rows.every((r) => r.snippetGuid === guid && r.accountId === target.accountId)) return undefined;
    }
    return this.refuse(
      vscode.l10n.t(
        'Drop snippets on a category to add that category, files of a snippet on another of your snippets to copy them, or files from the Explorer or your file manager on one of your snippets or on My Snippets.',
      ),
      'info',
    );
  }

  private async addCategory(
    target: TreeNode | undefined,
    rows: DraggedRow[],
    service: SnippetService,
    category: string,
  ): Promise<DropResult> {
    if (rows.some((r) => r.accountId !== target?.accountId)) {
      return this.refuse(vscode.l10n.t('Drop a snippet on a category of its own account.'), 'info');
    }
    const guids = draggedSnippets(rows).map((s) => s.snippetGuid);
    let snippets: Snippet[];
    try {
      snippets = await Promise.all(guids.map((g) => service.snippet(g)));
    } catch (err) {
      return this.fail(err, vscode.l10n.t('add the category "{0}"', category), target);
    }
    const own = snippets.filter((s) => service.mayWrite(s));
    const others = snippets.length - own.length;
    if (own.length === 0) {
      return this.refuse(
        snippets.length === 1
          ? vscode.l10n.t(
              '"{0}" belongs to another user: only your own snippets can be given a category.',
              snippets[0].name,
            )
          : vscode.l10n.t(
              'These {0} snippets belong to other users: only your own snippets can be given a category.',
              formatCount(snippets.length, vscode.env.language),
            ),
      );
    }
    // Each snippet is its own update: one failing does not stop the others, and one message says how many failed.
    const results = await withProgress('view', undefined, () =>
      Promise.allSettled(own.map((s) => service.writes.addCategory(s.guid, category))),
    );
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (failed.length > 0) {
      const action =
        failed.length === own.length
          ? vscode.l10n.t('add the category "{0}"', category)
          : vscode.l10n.t(
              'add the category "{0}" to {1} of the snippets',
              category,
              formatCount(failed.length, vscode.env.language),
            );
      return this.fail(failed[0], action, target);
    }
    if (others > 0) {
      void showWarning(
        others === 1
          ? vscode.l10n.t(
              'Added category "{0}" to {1} of your snippets; 1 snippet of another user was left as it is.',
              category,
              formatCount(own.length, vscode.env.language),
            )
          : vscode.l10n.t(
              'Added category "{0}" to {1} of your snippets; {2} snippets of other users were left as they are.',
              category,
              formatCount(own.length, vscode.env.language),
              formatCount(others, vscode.env.language),
            ),
      );
    } else {
      setStatusBarMessage(
        vscode.l10n.t('Added category "{0}" to {1}', category, own.map((s) => `"${s.name}"`).join(', ')),
        4000,
      );
    }
    return { done: 'categoryAdded', snippets: own.map((s) => s.guid), ...(others > 0 ? { skipped: others } : {}) };
  }

  private async copyFiles(
    target: TreeNode,
    guid: string,
    copies: Array<DraggedRow & { fileName: string }>,
    service: SnippetService,
  ): Promise<DropResult> {
    let snippet: Snippet;
    let files: Array<{ name: string; content: string }>;
    try {
      snippet = await service.snippet(guid);
      if (!service.mayWrite(snippet)) {
        return this.refuse(
          vscode.l10n.t('"{0}" belongs to another user: files can be added only to your own snippets.', snippet.name),
        );
      }
      // The dragged files' text as loaded: a row is shown only once its snippet is.
      const sources = await Promise.all(
        draggedSnippets(copies).map(async (s) => this.serviceOf(s.accountId).snippet(s.snippetGuid)),
      );
      files = copies.flatMap((row) => {
        const source = sources.find((s) => s.guid === row.snippetGuid);
        const file = source?.files.find((f) => f.name === row.fileName);
        return file ? [{ name: file.name, content: file.content }] : [];
      });
    } catch (err) {
      return this.fail(err, vscode.l10n.t('copy the dropped files'), target);
    }
    if (files.length === 0) {
      return this.refuse(vscode.l10n.t('The dropped files are no longer there. Nothing was added.'));
    }
    return this.addFiles(target, service, snippet, files, 'filesCopied');
  }

  // ---- Files from the Explorer or from outside VS Code ------------------------------------------

  private async dropFiles(target: TreeNode | undefined, sources: DroppedSource[]): Promise<DropResult> {
    const onMine = target?.kind === 'root' && target.list === 'mine';
    const guid = target && targetSnippet(target);
    if (!onMine && !guid) {
      return this.refuse(
        vscode.l10n.t(
          'Drop files on one of your snippets to add them to it, or on My Snippets to make a new snippet of them.',
        ),
        'info',
      );
    }
    const service = this.serviceOf(target?.accountId);
    // The files are scanned before they are sent: the scan's worker starts while the target is fetched and the drop confirmed.
    service.writes.prepareCheck();
    let snippet: Snippet | undefined;
    if (guid) {
      try {
        snippet = await service.snippet(guid);
      } catch (err) {
        return this.fail(err, vscode.l10n.t('add the dropped files'), target);
      }
      if (!service.mayWrite(snippet)) {
        return this.refuse(
          vscode.l10n.t('"{0}" belongs to another user: files can be added only to your own snippets.', snippet.name),
        );
      }
    }
    let entries: DroppedEntry[];
    try {
      entries = await Promise.all(sources.map(readEntry));
    } catch (err) {
      return this.fail(err, vscode.l10n.t('read the dropped files'), target);
    }
    const plan = planDroppedFiles(entries);
    if ('refusal' in plan) return this.refuse(plan.refusal);
    return snippet
      ? this.addFiles(target, service, snippet, plan.files, 'filesAdded')
      : this.createSnippet(target, service, plan.files);
  }

  /** Files added to an own snippet in one update, after asking when they are many. */
  private async addFiles(
    target: TreeNode | undefined,
    service: SnippetService,
    snippet: Snippet,
    files: Array<{ name: string; content: string }>,
    done: 'filesAdded' | 'filesCopied',
  ): Promise<DropResult> {
    if (files.length >= CONFIRM_DROP_FILES) {
      const ok = await confirm(
        vscode.l10n.t('Add {0} files to "{1}"?', formatCount(files.length, vscode.env.language), snippet.name),
        vscode.l10n.t('They are added in one update of the snippet.'),
        vscode.l10n.t('Add Files'),
      );
      if (!ok) return { refused: 'not confirmed' };
    }
    try {
      await withProgress('view', undefined, () => service.writes.addFiles(snippet.guid, files));
    } catch (err) {
      const action =
        files.length === 1
          ? vscode.l10n.t('add a file to "{0}"', snippet.name)
          : vscode.l10n.t('add {0} files to "{1}"', formatCount(files.length, vscode.env.language), snippet.name);
      return this.fail(err, action, target);
    }
    const added =
      files.length === 1
        ? vscode.l10n.t('Added {0} to "{1}"', files[0].name, snippet.name)
        : vscode.l10n.t('Added {0} files to "{1}"', formatCount(files.length, vscode.env.language), snippet.name);
    setStatusBarMessage(added, 4000);
    return { done, snippets: [snippet.guid] };
  }

  /** Files dropped on My Snippets: one new snippet named after the first file (Edit Details renames it). */
  private async createSnippet(
    target: TreeNode | undefined,
    service: SnippetService,
    files: Array<{ name: string; content: string }>,
  ): Promise<DropResult> {
    const names = uniqueFileNames(files.map((f) => f.name));
    const name = defaultSnippetName(names);
    if (files.length >= CONFIRM_DROP_FILES) {
      const ok = await confirm(
        vscode.l10n.t('Make a snippet of {0} files?', formatCount(files.length, vscode.env.language)),
        vscode.l10n.t('Snippet "{0}" is created with all of them at once.', name),
        vscode.l10n.t('Create Snippet'),
      );
      if (!ok) return { refused: 'not confirmed' };
    }
    let created: Snippet;
    try {
      created = (
        await withProgress('view', undefined, () =>
          service.writes.create(
            files.map((f, i) => ({ name: names[i], content: f.content })),
            { name, description: '', categories: [] },
          ),
        )
      ).snippet;
    } catch (err) {
      return this.fail(err, vscode.l10n.t('create snippet "{0}"', name), target);
    }
    this.log.info(`created snippet ${created.guid} from ${files.length} dropped file(s)`);
    const message =
      files.length === 1
        ? vscode.l10n.t('Created snippet "{0}" from {1}', created.name, files[0].name)
        : vscode.l10n.t(
            'Created snippet "{0}" from {1} files',
            created.name,
            formatCount(files.length, vscode.env.language),
          );
    setStatusBarMessage(message, 4000);
    return { done: 'snippetCreated', snippets: [created.guid] };
  }

  private refuse(message: string, level: 'info' | 'warning' = 'warning'): DropResult {
    if (level === 'info') void showInfo(message);
    else void showWarning(message);
    return { refused: message };
  }
}
