// Turns the snippet core's lists into tree rows. It fetches nothing itself except through the
// core, and only when a list is first expanded; it listens to each account's service and
// refreshes just the rows whose lists changed, reusing one object per row id so VS Code keeps
// expansion and selection. Every account is handled the same way (accountBook.ts keeps what is
// kept per account); which rows a row has is rowChildren.ts, how a row looks is rowItems.ts.
import vscode = require('vscode');
import type { Snippet } from '../../../api/types';
import { accountId as idOf, type Account } from '../../../model/accounts/accounts';
import { withProgress } from '../../ui/progress';
import type { Log } from '../../../util/log';
import { lineText } from '../../../util/outsideText';
import type { ServiceChange, SnippetService } from '../../../model/snippets/service';
import type { ListId } from '../../../model/snippets/store';
import { AccountBook } from '../../../model/snippets/tree/accountBook';
import {
  contextValue,
  nodeId,
  type AccountNode,
  type CategoriesNode,
  type FileNode,
  type RootNode,
  type SearchRootNode,
  type SnippetNode,
  type TreeNode,
} from '../../../model/snippets/tree/nodes';
import { RefreshGate, WHOLE_TREE } from '../../../model/snippets/tree/refreshGate';
import * as children from './rowChildren';
import { rowItem, type RowContext } from './rowItems';
import { rowTooltip } from './rowTooltips';
import { accountLabel } from '../../../util/accountLabels';
import type { SnippetsContext } from '../context';

export type { ExplorerSettings } from './rowChildren';

/** What the provider asks its explorer: the accounts in the order the view shows them, and the view's sort and filter. */
export interface ExplorerState {
  /** The signed-in accounts, the default first; with several, the tree has one root per account. */
  accounts(): Account[];
  settings(): children.ExplorerSettings;
}

export class SnippetTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** What is kept per account: rows, shown lists, expanded rows (the explorer tells it which), services followed. */
  readonly book = new AccountBook<TreeNode, ServiceChange, SnippetService>(nodeId, (node) => node.accountId);
  private readonly gate = new RefreshGate<TreeNode>((elements) =>
    this.changed.fire(elements.includes(WHOLE_TREE) ? undefined : (elements as TreeNode[])),
  );
  private searchShown = false;
  private readonly searched: { dispose(): void };

  constructor(
    private readonly context: Pick<SnippetsContext, 'session' | 'services' | 'lastSearch' | 'browsedUsers'>,
    private readonly log: Log,
    private readonly explorer: ExplorerState,
  ) {
    this.searched = context.lastSearch.onDidChange(() => this.onSearchChange());
  }

  /** The snippet service of a signed-in account; an account that signed out has none any more: its last rows draw from the signed-out one. */
  private serviceFor(id: string): SnippetService {
    const { session, services } = this.context;
    return session.accountById(id) ? services.forAccount(id) : services.defaultService;
  }

  /** How an account is named on its root row. */
  private readonly labelOf = (account: Account): string => accountLabel(account, this.context.session.accounts());

  dispose(): void {
    this.changed.dispose();
    this.searched.dispose();
    this.book.dispose();
  }

  /** Forgets what is kept of accounts no longer signed in, and redraws (no request). */
  retainAccounts(): void {
    this.book.retain(this.explorer.accounts().map(idOf));
    this.redraw();
  }

  /** Redraws everything from what is loaded (sort or filter changed); sends no request. */
  redraw(): void {
    this.gate.refresh([WHOLE_TREE]);
  }

  /** Resolves once VS Code has fetched the rows of every refresh so far (a reveal waits for this). */
  settled(): Promise<void> {
    return this.gate.settled();
  }

  /** An account's lists shown so far that have been loaded (or failed), for Refresh. */
  loadedLists(accountId: string): ListId[] {
    const service = this.account(accountId) && this.serviceOf(accountId);
    return service
      ? this.book
          .shownLists(accountId)
          .filter((id) => service.store.list(id).loaded || service.store.list(id).error !== undefined)
      : [];
  }

  /** The row of a list: a root, a browsed user or a category. */
  rootNode(list: ListId, accountId: string): RootNode {
    return this.book.intern<RootNode>({
      kind: 'root',
      list,
      label: children.rootLabel(list, this.serviceOf(accountId)),
      accountId,
    });
  }

  categoriesNode(accountId: string): CategoriesNode {
    return this.book.intern<CategoriesNode>({ kind: 'categories', label: vscode.l10n.t('Categories'), accountId });
  }

  snippetNode(list: ListId, snippet: Snippet, accountId: string): SnippetNode {
    return this.book.intern<SnippetNode>({
      kind: 'snippet',
      list,
      snippetGuid: snippet.guid,
      own: this.serviceOf(accountId).mayWrite(snippet),
      accountId,
    });
  }

  fileNode(list: ListId, snippet: Snippet, fileName: string, accountId: string): FileNode {
    return this.book.intern<FileNode>({
      kind: 'file',
      snippetGuid: snippet.guid,
      fileName,
      own: this.serviceOf(accountId).mayWrite(snippet),
      list,
      accountId,
    });
  }

  searchRootNode(): SearchRootNode {
    return this.book.intern<SearchRootNode>({ kind: 'searchRoot', label: vscode.l10n.t('Search results') });
  }

  /** The service of a row's account (none given: the default account's), followed from its first use: its changes redraw its rows. */
  serviceOf(rowAccountId: string | undefined): SnippetService {
    const accountId = rowAccountId ?? this.context.services.defaultAccountId ?? '';
    const service = this.serviceFor(accountId);
    if (this.account(accountId)) {
      this.book.follow(accountId, service, (change) => this.onServiceChange(accountId, change));
    }
    return service;
  }

  private account(accountId: string): Account | undefined {
    return this.explorer.accounts().find((a) => idOf(a) === accountId);
  }

  private accountNode(account: Account): AccountNode {
    return this.book.intern<AccountNode>({ kind: 'account', accountId: idOf(account), label: this.labelOf(account) });
  }

  /** An account's part of the tree, for rowChildren.ts; undefined once it signed out. */
  private rowsOf(accountId: string): children.AccountRows | undefined {
    const account = this.account(accountId);
    if (!account) return undefined;
    return {
      accountId,
      account,
      service: this.serviceOf(accountId),
      intern: (node) => this.book.intern(node),
      rootNode: (list) => this.rootNode(list, accountId),
    };
  }

  private rowContext(node: TreeNode): RowContext {
    const accountId = node.accountId;
    return {
      now: Date.now(),
      // The Search results root has no account: its item reads no service.
      service: this.serviceOf(accountId),
      account: accountId === undefined ? undefined : this.account(accountId),
      isDefault: accountId !== undefined && accountId === this.context.services.defaultAccountId,
      several: this.explorer.accounts().length > 1,
      accountLabel: this.labelOf,
      search: this.context.lastSearch.state,
    };
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const item = rowItem(node, this.rowContext(node));
    // Names, descriptions and comments come from other users: no control or bidi characters.
    if (typeof item.label === 'string') item.label = lineText(item.label);
    if (typeof item.description === 'string') item.description = lineText(item.description);
    item.id = nodeId(node);
    item.contextValue = contextValue(node);
    // Without this, screen readers hear a plain-text tooltip instead of the row's label.
    item.accessibilityInformation ??= { label: [labelText(item), item.description].filter(Boolean).join(', ') };
    return item;
  }

  /** A row's Markdown tooltip, when it is hovered (rowTooltips.ts says why not before). */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    item.tooltip ??= rowTooltip(node, this.rowContext(node));
    return item;
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return this.gate.children(
      node ?? WHOLE_TREE,
      () => (node?.kind === 'root' ? this.ensureListLoaded(node.list, node.accountId) : Promise.resolve()),
      () => {
        // The categories VS Code is shown now: a change of them later refreshes that row.
        if (node?.kind === 'categories') {
          this.book.categoriesChanged(node.accountId, categoryKey(this.serviceOf(node.accountId)));
        }
        return this.childrenOf(node);
      },
    );
  }

  /**
   * Whether the row is among the rows its parent has now, and its parent among its own, up to the
   * top: VS Code refuses to reveal any other row (a deleted snippet's, one the filter hides) after
   * looking for it, which costs a reveal waiting behind it up to a second or more. Sends nothing.
   */
  isShown(node: TreeNode): boolean {
    for (let row: TreeNode | undefined = node; row;) {
      const parent = this.getParent(row);
      if (!this.childrenOf(parent).includes(row)) return false;
      row = parent;
    }
    return true;
  }

  private childrenOf(node: TreeNode | undefined): TreeNode[] {
    if (!node) return this.roots();
    const search = this.context.lastSearch.state;
    if (node.kind === 'searchRoot') return children.searchChildren(search, (id) => this.rowsOf(id));
    const rows = this.rowsOf(node.accountId);
    if (!rows) return [];
    switch (node.kind) {
      case 'account':
        return children.accountChildren(
          rows,
          this.categoriesNode(node.accountId),
          this.context.browsedUsers.list(node.accountId),
        );
      case 'categories':
        return children.categoryChildren(rows, this.book.shownLists(node.accountId));
      case 'root':
        return children.listChildren(rows, node.list, this.explorer.settings());
      case 'snippet':
        return children.snippetChildren(rows, node);
      case 'comments':
        return children.commentChildren(rows, node);
      case 'searchSnippet':
        return children.searchMatchChildren(search, rows, node);
      default:
        return [];
    }
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return children.parentOf(node, {
      row: (id) => this.book.row(id),
      rootNode: (list, a) => this.rootNode(list, a),
      categoriesNode: (a) => this.categoriesNode(a),
      topParent: (a) => this.topParent(a),
      searchRoot: () => this.searchRootNode(),
    });
  }

  /** The parent of an account's top rows: its account root when several accounts show, else none. */
  private topParent(accountId: string): AccountNode | undefined {
    const all = this.explorer.accounts();
    const account = all.length > 1 ? this.account(accountId) : undefined;
    return account && this.accountNode(account);
  }

  /** The last search first, then one account's lists, or one root per account. */
  private roots(): TreeNode[] {
    const all = this.explorer.accounts();
    if (all.length === 0) return [];
    const search = this.context.lastSearch.state ? [this.searchRootNode()] : [];
    if (all.length > 1) return [...search, ...all.map((a) => this.accountNode(a))];
    return [...search, ...this.childrenOf(this.accountNode(all[0]))];
  }

  /** Loads a list's first page the first time it is shown (one request, with the view's progress bar). */
  private async ensureListLoaded(list: ListId, accountId: string): Promise<void> {
    if (!this.account(accountId)) return;
    const service = this.serviceOf(accountId);
    this.book.showList(accountId, list);
    const before = service.store.list(list);
    if (before.loaded || before.error) return;
    try {
      await withProgress('view', undefined, () => service.ensureLoaded(list));
    } catch (err) {
      this.log.error(`loading ${list} failed`, err);
    }
  }

  private onSearchChange(): void {
    const shown = this.context.lastSearch.state !== undefined;
    if (shown !== this.searchShown) {
      this.searchShown = shown;
      this.book.forgetRows((id) => id.includes('|search/'));
      this.gate.refresh([WHOLE_TREE]);
      return;
    }
    if (shown) this.gate.refresh([this.searchRootNode()]);
  }

  private onServiceChange(accountId: string, change: ServiceChange): void {
    if (change.people || change.connection) {
      // Whose snippets and comments these are may read differently now: redraw every row.
      this.gate.refresh([WHOLE_TREE]);
      return;
    }
    const service = this.serviceFor(accountId);
    // While a list reloads, its old rows stay: only the answer changes what is shown.
    const ids = change.lists
      .filter((list) => !service.store.list(list).loading)
      .map((list) => `${accountId}|root/${list}`);
    if (this.book.categoriesChanged(accountId, categoryKey(service))) ids.push(`${accountId}|categories`);
    const rows = ids.flatMap((id) => this.book.row(id) ?? []);
    if (rows.length > 0) this.gate.refresh(rows);
  }
}

const labelText = (item: vscode.TreeItem): string =>
  typeof item.label === 'string' ? item.label : (item.label?.label ?? '');

/** The categories an account shows, as one string to compare. */
const categoryKey = (service: SnippetService): string =>
  service.store
    .categories()
    .map((c) => `${c.guid}=${c.name}`)
    .join('\n');
