// The snippet explorer view: creates the tree view, keeps its sort and filter state, follows
// the signed-in account, and registers the toolbar and root commands.
import vscode = require('vscode');
import { showInfo } from '../../ui/notify';
import { showSafeInputBox } from '../../ui/quickInputText';
import { accountId, type Account } from '../../auth/accounts';
import type { Session } from '../../auth/session';
import { Commands, ContextKeys, SETTINGS_SECTION, Settings } from '../../constants';
import { withProgress } from '../../ui/progress';
import { input, pick } from '../../ui/prompts';
import type { Log } from '../../util/log';
import { matchesFilter, type SortOrder } from '../core/query';
import type { LastSearch } from '../core/search/lastSearch';
import type { SnippetService } from '../core/service';
import type { ListId } from '../core/store';
import { snippetLocation } from '../uris';
import { BrowsedUsers, validateUserName } from './browsedUsers';
import { ExplorerDragAndDrop } from './dragAndDrop';
import type { AccountNode, CategoriesNode, LoadMoreNode, MessageNode, RootNode, TreeNode } from './nodes';
import { SnippetTreeProvider } from './provider';
import type { SnippetAccounts } from '../accounts';
import { accountLabel } from '../../util/accountLabels';

/** What the other parts of the extension (and the tests) may ask of the explorer. */
export interface SnippetExplorerApi {
  /** Shows a snippet under My Snippets, expanded and selected (after creating it, for example). */
  reveal(snippetGuid: string): Promise<void>;
  readonly provider: vscode.TreeDataProvider<TreeNode>;
  readonly view: vscode.TreeView<TreeNode>;
  /** The view's drag and drop; activation's view forwards to it (src/onDemand/snippets.ts). */
  readonly dragAndDrop: ExplorerDragAndDrop;
}

type ListArg = RootNode | MessageNode | LoadMoreNode | CategoriesNode | undefined;

/** The account Browse User adds a user under: its key, the accountId its rows carry (none for the default), its name when several. */
type BrowseTarget = { key: string; rowAccountId: string | undefined; label: string | undefined };

export class SnippetExplorer implements SnippetExplorerApi, vscode.Disposable {
  readonly provider: SnippetTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  readonly dragAndDrop: ExplorerDragAndDrop;
  private sortOverride: SortOrder | undefined;
  private filter = '';
  /** The editor the view last followed (followActiveEditor). */
  private followed: string | undefined;
  private accountKey: string | undefined;
  private readonly browsedUsers: BrowsedUsers;
  private readonly disposables: vscode.Disposable[] = [];

  /** The signed-in accounts when the rows were last built, to rebuild them when one signs in or out. */
  private accountKeys: string;

  constructor(
    session: Session,
    private readonly service: SnippetService,
    private readonly lastSearch: LastSearch,
    private readonly accounts: SnippetAccounts,
    globalState: vscode.Memento,
    private readonly log: Log,
    /** Makes the view for the provider (activation made it already, with a forwarding provider). */
    createView: (provider: vscode.TreeDataProvider<TreeNode>) => vscode.TreeView<TreeNode>,
  ) {
    this.browsedUsers = new BrowsedUsers(globalState);
    this.accountKey = session.account ? accountId(session.account) : undefined;
    this.accountKeys = session.accounts().map(accountId).join('\n');
    this.provider = new SnippetTreeProvider({
      service,
      account: () => session.account,
      otherAccounts: () =>
        session
          .accounts()
          .filter((a) => accountId(a) !== this.accountKey)
          .map((account) => ({ id: accountId(account), account, service: accounts.service(account) })),
      accountLabel: (account) => accountLabel(account, session.accounts()),
      browsedUsers: this.browsedUsers,
      settings: () => ({ sortOrder: this.sortOrder(), filter: this.filter }),
      lastSearch,
      log,
    });
    this.view = createView(this.provider);
    this.dragAndDrop = new ExplorerDragAndDrop(session, (accountId) => this.provider.serviceOf(accountId), log.child('drop'));
    this.disposables.push(
      this.provider,
      this.view,
      session.onDidChange((account) => this.onAccountChange(account ? accountId(account) : undefined, session.accounts().map(accountId).join('\n'))),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.${Settings.sortOrder}`)) {
          this.sortOverride = undefined;
          this.applyViewState();
        }
      }),
      vscode.commands.registerCommand(Commands.refreshExplorer, () => this.refreshAll()),
      vscode.commands.registerCommand(Commands.refreshList, (node: ListArg) => this.refreshList(node)),
      vscode.commands.registerCommand(Commands.loadMore, (node: LoadMoreNode | RootNode | undefined) => this.loadMore(node)),
      vscode.commands.registerCommand(Commands.sortByName, () => this.setSort('name')),
      vscode.commands.registerCommand(Commands.sortByUpdated, () => this.setSort('updated')),
      vscode.commands.registerCommand(Commands.filterSnippets, (text?: string) => this.askFilter(text)),
      vscode.commands.registerCommand(Commands.clearFilter, () => this.setFilter('')),
      vscode.commands.registerCommand(Commands.clearSearchResults, () => this.lastSearch.clear()),
      vscode.commands.registerCommand(Commands.browseUser, (arg?: string | AccountNode) => this.browseUser(arg)),
      vscode.commands.registerCommand(Commands.removeBrowsedUser, (node?: RootNode) => this.removeBrowsedUser(node)),
      vscode.commands.registerCommand(Commands.revealActiveSnippet, (uri?: unknown) => this.revealFile(uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri, true)),
      // Like the Explorer's autoReveal: follows the active editor among the rows already loaded.
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        const follow = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<boolean>(Settings.followActiveEditor, false);
        if (follow && editor && this.view.visible && snippetLocation(editor.document.uri)) {
          this.followed = editor.document.uri.toString();
          void this.revealFile(editor.document.uri, false);
        }
      }),
    );
    this.applyViewState(false);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  async reveal(snippetGuid: string): Promise<void> {
    await withViewProgress(() => this.service.ensureLoaded('mine'));
    if (!this.service.list('mine').guids.includes(snippetGuid)) this.service.showAsMine(await this.service.snippet(snippetGuid));
    const snippet = this.service.get(snippetGuid);
    if (!snippet) return;
    if (this.filter && !matchesFilter(snippet, this.filter)) this.setFilter('');
    // Revealing while VS Code still fetches refreshed rows would register them twice.
    await this.provider.settled();
    await this.view.reveal(this.provider.snippetNode('mine', snippet), { select: true, focus: true, expand: true });
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
    // A file of another signed-in account is shown under that account's root, from its own lists.
    const owner = this.accounts.ofLocation(loc);
    const ownerKey = owner && accountId(owner) !== this.accountKey ? accountId(owner) : undefined;
    const service = this.provider.serviceOf(ownerKey);
    const shownLists: ListId[] = ownerKey === undefined ? this.provider.loadedLists() : ['mine', 'starred', 'browse'];
    const inLoadedList = () => shownLists.find((id) => service.list(id).guids.includes(snippetGuid));
    let list = inLoadedList();
    if (!list && !load) return false;
    if (!list) {
      const snippet = await service.snippet(snippetGuid);
      const home: ListId = service.mayWrite(snippet) ? 'mine' : 'browse';
      await withViewProgress(() => service.ensureLoaded(home));
      if (home === 'mine' && !service.list('mine').guids.includes(snippetGuid)) service.showAsMine(snippet);
      list = service.list(home).guids.includes(snippetGuid) ? home : undefined;
    }
    const snippet = service.get(snippetGuid);
    if (!list || !snippet) {
      void showInfo(vscode.l10n.t('Snippet "{0}" is not in the loaded part of any list of the Snippets view. Load more of Browse, or browse its owner\'s snippets.', snippet?.name ?? snippetGuid));
      return false;
    }
    if (this.filter && !matchesFilter(snippet, this.filter)) this.setFilter('');
    await this.provider.settled();
    // Following, only the latest editor counts: an earlier switch still waiting must not win.
    if (!load && this.followed !== key) return false;
    // The snippet's row first: the file row's parent is found through it.
    const row = this.provider.snippetNode(list, snippet, ownerKey);
    const target = snippet.files.some((f) => f.name === fileName) ? this.provider.fileNode(list, snippet, fileName, ownerKey) : row;
    await this.view.reveal(target, { select: true, focus: false, expand: true });
    return true;
  }

  // ---- Commands -------------------------------------------------------------------------------

  /** Reloads every shown list of every signed-in account, each from its own server. */
  private async refreshAll(): Promise<void> {
    const lists = this.provider.loadedListsOfAllAccounts().map(({ accountId, list }) => ({ list, service: this.provider.serviceOf(accountId) }));
    // Refresh means "what the server has now": the next search reads it again too, on every account.
    for (const service of new Set([this.service, ...lists.map((l) => l.service)])) service.search.readAgain();
    this.provider.redraw();
    await withViewProgress(() => Promise.all(lists.map(({ list, service }) => this.reload(list, service))));
  }

  private async refreshList(node: ListArg): Promise<void> {
    if (!node) return this.refreshAll();
    if (node.kind === 'categories' || (node.kind === 'message' && node.list === 'categories')) {
      const lists = this.provider.loadedLists().filter((id) => id.startsWith('category:'));
      this.provider.redraw();
      await withViewProgress(() => Promise.all(lists.map((id) => this.reload(id))));
      return;
    }
    const list = node.list as ListId;
    await withViewProgress(() => this.reload(list, this.provider.serviceOf(node.accountId)));
  }

  private async loadMore(node: LoadMoreNode | RootNode | undefined): Promise<void> {
    if (!node) return;
    try {
      await withViewProgress(() => this.provider.serviceOf(node.accountId).loadMore(node.list));
    } catch (err) {
      // The store keeps the error; the list shows it as a row with a retry.
      this.log.error(`loading more of ${node.list} failed`, err);
    }
  }

  private async reload(list: ListId, service = this.service): Promise<void> {
    try {
      await service.refresh(list);
    } catch (err) {
      this.log.error(`refreshing ${list} failed`, err);
    }
  }

  private setSort(order: SortOrder): void {
    this.sortOverride = order;
    this.applyViewState();
  }

  private async askFilter(text?: string): Promise<void> {
    const value =
      typeof text === 'string'
        ? text
        : await showSafeInputBox({
            title: vscode.l10n.t('Bitbucket Snippets: Filter'),
            prompt: vscode.l10n.t('Show loaded snippets whose name, description, file names or categories contain every word'),
            value: this.filter,
            placeHolder: vscode.l10n.t('e.g. docker compose'),
          });
    if (value === undefined) return;
    this.setFilter(value.trim());
  }

  private setFilter(filter: string): void {
    this.filter = filter;
    this.applyViewState();
  }

  /**
   * Adds a user to browse under an account: the account root's it was started from, else the
   * only one, else the one the user picks (the default first).
   */
  private async browseUser(arg?: string | AccountNode): Promise<void> {
    const target = typeof arg === 'object' && arg?.kind === 'account' ? this.accountOfRoot(arg) : await this.pickAccount();
    if (!target) return;
    const picked =
      typeof arg === 'string'
        ? arg
        : await input({
            title: vscode.l10n.t('Bitbucket Snippets: Browse User'),
            prompt: target.label
              ? vscode.l10n.t('Whose snippets do you want to browse as {0}? The user stays in the tree until you remove it.', target.label)
              : vscode.l10n.t('Whose snippets do you want to browse? The user stays in the tree until you remove it.'),
            placeHolder: vscode.l10n.t('Bitbucket user name, e.g. bob'),
            validateInput: validateUserName,
          });
    if (picked === undefined || validateUserName(picked) !== undefined) return;
    const user = picked.trim();
    await this.browsedUsers.add(target.key, user);
    const existing = this.browsedUsers.list(target.key).find((u) => u.toLowerCase() === user.toLowerCase()) ?? user;
    this.provider.redraw();
    await this.provider.settled();
    await this.view.reveal(this.provider.rootNode(`user:${existing}`, target.rowAccountId), { select: true, focus: true, expand: true });
  }

  /** The account of an account root, if it is still signed in. */
  private accountOfRoot(node: AccountNode): BrowseTarget | undefined {
    const key = node.accountId ?? this.accountKey;
    const account = key === undefined ? undefined : this.accounts.session.accountById(key);
    return account && this.browseTarget(account, this.accounts.session.accounts());
  }

  /** With several accounts, asks which one (the default first); with one, it is that one. */
  private async pickAccount(): Promise<BrowseTarget | undefined> {
    const { session } = this.accounts;
    const fallback = session.account;
    if (!fallback || this.accountKey === undefined) return undefined;
    const all = session.accounts();
    if (all.length <= 1) return { key: this.accountKey, rowAccountId: undefined, label: undefined };
    const ordered = [fallback, ...all.filter((a) => accountId(a) !== this.accountKey)];
    const items = ordered.map((account) => ({
      label: accountLabel(account, all),
      description: accountId(account) === this.accountKey ? vscode.l10n.t('default') : undefined,
      detail: account.serverUrl,
      account,
    }));
    const chosen = await pick(items, { title: vscode.l10n.t('Bitbucket Snippets: Browse User'), placeHolder: vscode.l10n.t('Browse a user\'s snippets with which account?') });
    return chosen && this.browseTarget(chosen.account, all);
  }

  private browseTarget(account: Account, all: readonly Account[]): BrowseTarget {
    const key = accountId(account);
    return { key, rowAccountId: key === this.accountKey ? undefined : key, label: all.length > 1 ? accountLabel(account, all) : undefined };
  }

  private async removeBrowsedUser(node?: RootNode): Promise<void> {
    const key = node?.accountId ?? this.accountKey;
    if (!key || !node || !node.list.startsWith('user:')) return;
    await this.browsedUsers.remove(key, node.list.slice('user:'.length));
    this.provider.redraw();
  }

  // ---- State ----------------------------------------------------------------------------------

  private sortOrder(): SortOrder {
    return this.sortOverride ?? vscode.workspace.getConfiguration(SETTINGS_SECTION).get<SortOrder>(Settings.sortOrder, 'updated');
  }

  private onAccountChange(key: string | undefined, keys: string): void {
    if (key === this.accountKey) {
      // A connection setting changed (the rows stay, nothing is fetched), or another account
      // signed in or out: the default account's rows and lists stay, the roots are redrawn.
      if (keys !== this.accountKeys) {
        this.accountKeys = keys;
        this.provider.redraw();
      }
      return;
    }
    this.accountKey = key;
    this.accountKeys = keys;
    this.filter = '';
    this.provider.reset();
    this.applyViewState(false);
  }

  /** Context keys for the toolbar, the view's description, and a redraw. */
  private applyViewState(redraw = true): void {
    void vscode.commands.executeCommand('setContext', ContextKeys.sortOrder, this.sortOrder());
    void vscode.commands.executeCommand('setContext', ContextKeys.filterActive, this.filter !== '');
    this.view.description = this.filter ? `Filter: "${this.filter}"` : undefined;
    this.view.message = this.filter ? vscode.l10n.t('Showing loaded snippets matching "{0}". Clear the filter to see all.', this.filter) : undefined;
    if (redraw) this.provider.redraw();
  }
}

const withViewProgress = <T>(task: () => Promise<T>): Promise<T> => withProgress('view', undefined, task);
