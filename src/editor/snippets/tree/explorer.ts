// The snippet explorer view: creates the tree view, keeps its sort and filter state, follows
// the signed-in accounts, and reveals rows; its toolbar and root commands run the methods below
// (src/onDemand/snippets/commands.ts registers them).
import vscode = require('vscode');
import type { SnippetsContext } from '../context';
import { Disposable } from '../../ui/disposable';
import { showInfo } from '../../ui/notify';
import { showSafeInputBox } from '../../ui/quickInputText';
import { accountId, type Account } from '../../../model/accounts/accounts';
import { defaultFirst } from '../../../model/accounts/defaultFirst';
import type { Session } from '../../accounts/session';
import { ContextKeys, SETTINGS_SECTION, Settings } from '../../../util/constants';
import { setting } from '../../settings/settings';
import { withProgress } from '../../ui/progress';
import type { Log } from '../../../util/log';
import { matchesFilter, type SortOrder } from '../../../model/snippets/query';
import type { LastSearch } from '../../../model/snippets/search/lastSearch';
import type { SnippetServices } from '../../../model/snippets/snippetServices';
import type { ListId } from '../../../model/snippets/store';
import { snippetLocation } from '../../ui/snippetUris';
import { BrowseUserCommands } from './browseUser';
import { ExplorerDragAndDrop } from './dragAndDrop';
import type { SnippetService } from '../../../model/snippets/service';
import type { CategoriesNode, LoadMoreNode, MessageNode, RootNode, TreeNode } from '../../../model/snippets/tree/nodes';
import { SnippetTreeProvider } from './provider';
import type { SnippetAccounts } from '../snippetAccounts';
import { revealSelected } from '../../../model/snippets/tree/revealSelected';
import { errorMessage } from '../../../util/errorMessage';

/** What the other parts of the extension (and the tests) may ask of the explorer. */
export interface SnippetExplorerApi {
  /** Shows a snippet under My Snippets, expanded and selected (after creating it, for example). */
  reveal(snippetGuid: string): Promise<void>;
  /** The rows, and the service each row's account reads from (`serviceOf`). */
  readonly provider: SnippetTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  /** The view's drag and drop; activation's view forwards to it (src/onDemand/snippets.ts). */
  readonly dragAndDrop: ExplorerDragAndDrop;
  /** The session's last search, which the "Search results" root shows. */
  readonly lastSearch: LastSearch;
}

type ListArg = RootNode | MessageNode | LoadMoreNode | CategoriesNode | undefined;

export class SnippetExplorer extends Disposable implements SnippetExplorerApi {
  readonly provider: SnippetTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  readonly dragAndDrop: ExplorerDragAndDrop;
  /** Browse User… and Remove. */
  readonly userBrowsing: BrowseUserCommands;
  private sortOverride: SortOrder | undefined;
  private filter = '';
  /** The editor the view last followed (followActiveEditor). */
  private followed: string | undefined;

  /** How many accounts were signed in when the rows were last built: one shows its lists as roots, several an account root each. */
  private accountCount: number;
  /** Expanding again the rows of a tree that changed shape (onAccountsChange); a reveal waits for it. Never rejects. */
  private reexpanding: Promise<void> = Promise.resolve();

  private readonly session: Session;
  private readonly services: SnippetServices;
  readonly lastSearch: LastSearch;
  private readonly accounts: SnippetAccounts;
  private readonly log: Log;

  constructor(
    context: SnippetsContext,
    /** Makes the view for the provider (activation made it already, with a forwarding provider). */
    createView: (provider: vscode.TreeDataProvider<TreeNode>) => vscode.TreeView<TreeNode>,
  ) {
    super();
    const { session, services, lastSearch, browsedUsers } = context;
    const log = context.log.child('tree');
    this.session = session;
    this.services = services;
    this.lastSearch = lastSearch;
    this.accounts = context.accounts;
    this.log = log;
    this.accountCount = session.accounts().length;
    this.provider = new SnippetTreeProvider(context, log, {
      accounts: () => this.orderedAccounts(),
      settings: () => ({ sortOrder: this.sortOrder(), filter: this.filter }),
    });
    this.view = createView(this.provider);
    this.userBrowsing = new BrowseUserCommands(
      session,
      browsedUsers,
      this.provider,
      this.view,
      () => this.orderedAccounts(),
      () => this.quiet(),
      log,
    );
    this.dragAndDrop = new ExplorerDragAndDrop(session, (id) => this.provider.serviceOf(id), log.child('drop'));
    this.register(
      this.provider,
      this.view,
      this.view.onDidExpandElement((e) => this.provider.book.markExpanded(e.element, true)),
      this.view.onDidCollapseElement((e) => this.provider.book.markExpanded(e.element, false)),
      session.onDidChange(() => void this.onAccountsChange()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.${Settings.sortOrder}`)) {
          this.sortOverride = undefined;
          this.applyViewState();
        }
      }),
      // Like the Explorer's autoReveal: follows the active editor among the rows already loaded.
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        const follow = setting(Settings.followActiveEditor);
        if (follow && editor && this.view.visible && snippetLocation(editor.document.uri)) {
          this.followed = editor.document.uri.toString();
          void this.revealFile(editor.document.uri, false);
        }
      }),
    );
    this.applyViewState(false);
  }

  /** Shows a snippet of the default account (the one create commands use) under its My Snippets. */
  async reveal(snippetGuid: string): Promise<void> {
    const id = this.services.defaultAccountId;
    if (id === undefined) return;
    const service = this.provider.serviceOf(id);
    await withViewProgress(() => service.ensureLoaded('mine'));
    if (!service.store.list('mine').guids.includes(snippetGuid)) {
      service.store.showAsMine(await service.snippet(snippetGuid));
    }
    const snippet = service.store.get(snippetGuid);
    if (!snippet) return;
    if (this.filter && !matchesFilter(snippet, this.filter)) this.setFilter('');
    await this.quiet();
    await revealSelected(this.view, this.provider.snippetNode('mine', snippet, id), {
      focus: true,
      quiet: () => this.quiet(),
    });
  }

  /**
   * Shows the row of a snippet file: in a loaded list that has it, else in My Snippets (own) or
   * Browse (others'), whose first page is loaded only if it is not. Following the active editor
   * (`load` false) looks only at what is loaded and sends no request.
   */
  async revealFile(uri: vscode.Uri | undefined, load: boolean): Promise<boolean> {
    const loc = uri && snippetLocation(uri);
    if (!uri || !loc?.fileName) {
      if (load) void showInfo(vscode.l10n.t('Open a snippet file first: this shows its snippet in the Snippets view.'));
      return false;
    }
    const { snippetGuid, fileName } = loc;
    const key = uri.toString();
    // A file is shown under its own account, from that account's lists.
    const owner = this.accounts.ofLocation(loc);
    if (!owner) return false;
    const ownerId = accountId(owner);
    const service = this.provider.serviceOf(ownerId);
    const shownLists: ListId[] = this.provider.loadedLists(ownerId);
    const inLoadedList = () => shownLists.find((id) => service.store.list(id).guids.includes(snippetGuid));
    let list = inLoadedList();
    if (!list && !load) return false;
    if (!list) {
      const snippet = await service.snippet(snippetGuid);
      const home: ListId = service.mayWrite(snippet) ? 'mine' : 'browse';
      await withViewProgress(() => service.ensureLoaded(home));
      if (home === 'mine' && !service.store.list('mine').guids.includes(snippetGuid)) service.store.showAsMine(snippet);
      list = service.store.list(home).guids.includes(snippetGuid) ? home : undefined;
    }
    const snippet = service.store.get(snippetGuid);
    if (!list || !snippet) {
      void showInfo(
        vscode.l10n.t(
          'Snippet "{0}" is not in the loaded part of any list of the Snippets view. Load more of Browse, or browse its owner\'s snippets.',
          snippet?.name ?? snippetGuid,
        ),
      );
      return false;
    }
    if (this.filter && !matchesFilter(snippet, this.filter)) this.setFilter('');
    await this.quiet();
    // Following, only the latest editor counts: an earlier switch still waiting must not win.
    if (!load && this.followed !== key) return false;
    // The snippet's row first: the file row's parent is found through it.
    const row = this.provider.snippetNode(list, snippet, ownerId);
    const target = snippet.files.some((f) => f.name === fileName)
      ? this.provider.fileNode(list, snippet, fileName, ownerId)
      : row;
    const selected = await revealSelected(this.view, target, { focus: false, quiet: () => this.quiet() });
    if (!selected) this.log.info(`the row of ${fileName} was revealed, but VS Code did not select it`);
    return selected;
  }

  // ---- Commands (registered by src/onDemand/snippets/commands.ts) --------------------------------

  /** Reloads every shown list of every signed-in account, each from its own server. */
  async refreshAll(): Promise<void> {
    const lists = this.session.accounts().flatMap((account) => {
      const id = accountId(account);
      return this.provider.loadedLists(id).map((list) => ({ list, service: this.provider.serviceOf(id) }));
    });
    // Refresh means "what the server has now": the next search reads it again too, on every account.
    for (const account of this.session.accounts()) this.provider.serviceOf(accountId(account)).search.readAgain();
    this.provider.redraw();
    await withViewProgress(() => Promise.all(lists.map(({ list, service }) => this.reload(list, service))));
  }

  async refreshList(node: ListArg): Promise<void> {
    if (!node) return this.refreshAll();
    if (node.kind === 'categories' || (node.kind === 'message' && node.list === 'categories')) {
      const service = this.provider.serviceOf(node.accountId);
      const lists = this.provider.loadedLists(node.accountId).filter((id) => id.startsWith('category:'));
      this.provider.redraw();
      await withViewProgress(() => Promise.all(lists.map((id) => this.reload(id, service))));
      return;
    }
    const list = node.list as ListId;
    await withViewProgress(() => this.reload(list, this.provider.serviceOf(node.accountId)));
  }

  async loadMore(node: LoadMoreNode | RootNode | undefined): Promise<void> {
    if (!node) return;
    try {
      await withViewProgress(() => this.provider.serviceOf(node.accountId).store.loadMore(node.list));
    } catch (err) {
      // The store keeps the error; the list shows it as a row with a retry.
      this.log.error(`loading more of ${node.list} failed`, err);
    }
  }

  private async reload(list: ListId, service: SnippetService): Promise<void> {
    try {
      await service.store.refresh(list);
    } catch (err) {
      this.log.error(`refreshing ${list} failed`, err);
    }
  }

  setSort(order: SortOrder): void {
    this.sortOverride = order;
    this.applyViewState();
  }

  async askFilter(text?: string): Promise<void> {
    const value =
      typeof text === 'string'
        ? text
        : await showSafeInputBox({
            title: vscode.l10n.t('Bitbucket Snippets: Filter'),
            prompt: vscode.l10n.t(
              'Show loaded snippets whose name, description, file names or categories contain every word',
            ),
            value: this.filter,
            placeHolder: vscode.l10n.t('e.g. docker compose'),
          });
    if (value === undefined) return;
    this.setFilter(value.trim());
  }

  setFilter(filter: string): void {
    this.filter = filter;
    this.applyViewState();
  }

  // ---- State ----------------------------------------------------------------------------------

  private sortOrder(): SortOrder {
    return this.sortOverride ?? setting(Settings.sortOrder);
  }

  /** The signed-in accounts, the default first: the order of their roots. */
  private orderedAccounts(): Account[] {
    return defaultFirst(this.session.accounts(), this.session.account);
  }

  /**
   * An account signed in or out, the default changed, or a connection setting: every account's
   * rows, lists and expanded rows stay (those of an account that signed out go). When the tree
   * changes shape (one account's lists as roots, or a root per account), the rows that were
   * expanded are expanded again under their new parent.
   */
  private async onAccountsChange(): Promise<void> {
    const count = this.session.accounts().length;
    const reshaped = count > 1 !== this.accountCount > 1;
    this.accountCount = count;
    if (count === 0) this.filter = '';
    this.provider.retainAccounts();
    this.applyViewState(false);
    if (!reshaped || count === 0) return;
    const expanded = this.provider.book.expandedRows();
    const reexpand = async () => {
      await this.provider.settled();
      for (const row of expanded) {
        // A row gone since it was expanded (its snippet deleted, or hidden by the filter): VS Code
        // would look for it and refuse it, while a reveal waits behind this.
        if (!this.provider.isShown(row)) continue;
        // The log keeps why VS Code refused a row that should have been found.
        await Promise.resolve(this.view.reveal(row, { select: false, focus: false, expand: true })).catch(
          (err: unknown) =>
            this.log.info(`a row expanded before the accounts changed was not expanded again: ${errorMessage(err)}`),
        );
      }
    };
    // Kept from rejecting: every later reveal waits for it.
    this.reexpanding = this.reexpanding
      .then(reexpand)
      .catch((err: unknown) => this.log.warn(`expanding rows again failed: ${errorMessage(err)}`));
    await this.reexpanding;
  }

  /**
   * Waits until the view is still: VS Code has fetched the rows of every refresh, and no row is
   * being expanded again after the accounts changed. A reveal in the middle of either meets rows
   * VS Code is replacing: it registers them twice, or VS Code shows and selects nothing.
   */
  private async quiet(): Promise<void> {
    await this.reexpanding;
    await this.provider.settled();
  }

  /** Context keys for the toolbar, the view's description, and a redraw. */
  private applyViewState(redraw = true): void {
    void vscode.commands.executeCommand('setContext', ContextKeys.sortOrder, this.sortOrder());
    void vscode.commands.executeCommand('setContext', ContextKeys.filterActive, this.filter !== '');
    this.view.description = this.filter ? vscode.l10n.t('Filter: "{0}"', this.filter) : undefined;
    this.view.message = this.filter
      ? vscode.l10n.t('Showing loaded snippets matching "{0}". Clear the filter to see all.', this.filter)
      : undefined;
    if (redraw) this.provider.redraw();
  }
}

const withViewProgress = <T>(task: () => Promise<T>): Promise<T> => withProgress('view', undefined, task);
