// Turns the snippet core's lists into tree rows. It fetches nothing itself except through the
// core, and only when a list is first expanded; it listens to the core and refreshes just the
// roots whose lists changed, reusing one object per row id so VS Code keeps expansion and
// selection. Who owns what is the core's answer, never decided here.
import vscode = require('vscode');
import type { Snippet } from '../../api/types';
import { accountId, type Account } from '../../auth/accounts';
import { Commands } from '../../constants';
import { withProgress } from '../../ui/progress';
import type { Log } from '../../util/log';
import { lineText } from '../../util/outsideText';
import { describeError, messageContext } from '../../util/userMessages';
import { formatCount, formatDateTime } from '../../util/localeFormat';
import { personLabel } from '../core/people';
import { matchesFilter, sortSnippets, type SortOrder } from '../core/query';
import type { ServiceChange, SnippetService } from '../core/service';
import type { LastSearch } from '../core/search/lastSearch';
import type { SearchMatch } from '../core/search/match';
import type { SearchResult } from '../core/search/search';
import type { ListId } from '../core/store';
import { snippetFileUri } from '../uris';
import type { BrowsedUsers } from './browsedUsers';
import { RefreshGate, WHOLE_TREE } from './refreshGate';
import { SEARCH_MATCH_ICONS, iconForFileName } from './icons';
import {
  escapeMarkdown,
  noCategoriesText,
  commentDescription,
  commentLabel,
  emptyListText,
  listTitle,
  noMatchText,
  relativeTime,
  snippetDescription,
  snippetTooltip,
  cachedListDescription,
  offlineListText,
} from './presentation';
import {
  contextValue,
  nodeId,
  type AccountNode,
  type CategoriesNode,
  type CommentNode,
  type CommentsNode,
  type FileNode,
  type LoadMoreNode,
  type MessageNode,
  type RootNode,
  type SearchMatchNode,
  type SearchRootNode,
  type SearchSnippetNode,
  type SnippetNode,
  type TreeNode,
} from './nodes';

const FIXED_ROOTS: ReadonlyArray<{ list: ListId; label: string }> = [
  { list: 'mine', label: vscode.l10n.t('My Snippets') },
  { list: 'starred', label: vscode.l10n.t('Starred') },
];
const ROOT_ICONS: Record<string, string> = { mine: 'account', starred: 'star-full', browse: 'globe', user: 'person', category: 'tag' };

export interface ExplorerSettings {
  sortOrder: SortOrder;
  filter: string;
}

/** A signed-in account besides the default one, with its own snippet service. */
export interface OtherAccount {
  id: string;
  account: Account;
  service: SnippetService;
}

export interface TreeDeps {
  /** The default account's service: its rows carry no accountId. */
  service: SnippetService;
  account: () => Account | undefined;
  /** The other signed-in accounts; with any, the tree has one root per account. */
  otherAccounts: () => OtherAccount[];
  /** How an account is named on its root row. */
  accountLabel: (account: Account) => string;
  browsedUsers: BrowsedUsers;
  settings: () => ExplorerSettings;
  /** The last Search Snippets… of the session, shown as the "Search results" root. */
  lastSearch: LastSearch;
  log: Log;
}

export class SnippetTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** One object per row id: VS Code finds rows by object, so refreshes must hand back the same ones. */
  private nodes = new Map<string, TreeNode>();
  /** Lists whose rows were shown, so Refresh reloads exactly those. */
  private readonly shownLists = new Set<ListId>();
  /** The same for the other accounts' lists, as `<account id>|<list>`. */
  private readonly otherShownLists = new Set<string>();
  /** The other accounts' services this tree listens to. */
  private readonly followed = new Map<SnippetService, { dispose(): void }>();
  private categoriesKey = '';
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly gate = new RefreshGate<TreeNode>((elements) => this.changed.fire(elements.includes(WHOLE_TREE) ? undefined : (elements as TreeNode[])));

  constructor(private readonly deps: TreeDeps) {
    const subscription = deps.service.onDidChange((c) => this.onServiceChange(c));
    const searched = deps.lastSearch.onDidChange(() => this.onSearchChange());
    this.disposables.push({ dispose: () => subscription.dispose() }, { dispose: () => searched.dispose() });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    for (const d of this.followed.values()) d.dispose();
  }

  /** Forgets every row, as after sign-out or an account switch. */
  reset(): void {
    this.nodes = new Map();
    this.shownLists.clear();
    this.otherShownLists.clear();
    for (const d of this.followed.values()) d.dispose();
    this.followed.clear();
    this.categoriesKey = '';
    this.gate.refresh([WHOLE_TREE]);
  }

  /** Redraws everything from what is loaded (sort or filter changed); sends no request. */
  redraw(): void {
    this.gate.refresh([WHOLE_TREE]);
  }

  /** Resolves once VS Code has fetched the rows of every refresh so far (a reveal waits for this). */
  settled(): Promise<void> {
    return this.gate.settled();
  }

  /** Lists shown so far that have been loaded (or failed), for Refresh All. */
  loadedLists(): ListId[] {
    return [...this.shownLists].filter((id) => {
      const s = this.deps.service.list(id);
      return s.loaded || s.error !== undefined;
    });
  }

  /**
   * Every account's lists shown so far that have been loaded (or failed), for Refresh All: the
   * default account's first, then those of the other accounts still signed in.
   */
  loadedListsOfAllAccounts(): Array<{ accountId: string | undefined; list: ListId }> {
    const own = this.loadedLists().map((list) => ({ accountId: undefined, list }));
    const others = this.deps.otherAccounts();
    const ofOthers = others.flatMap((other) =>
      [...this.otherShownLists]
        .filter((key) => key.startsWith(`${other.id}|`))
        .map((key) => key.slice(other.id.length + 1) as ListId)
        .filter((list) => {
          const state = other.service.list(list);
          return state.loaded || state.error !== undefined;
        })
        .map((list) => ({ accountId: other.id, list })),
    );
    return [...own, ...ofOthers];
  }

  /** The row of a list: a root, a browsed user or a category (of another account when `accountId` is given). */
  rootNode(list: ListId, accountId?: string): RootNode {
    return this.intern<RootNode>({ kind: 'root', list, label: this.rootLabel(list, accountId), ...ofAccount(accountId) });
  }

  categoriesNode(accountId?: string): CategoriesNode {
    return this.intern<CategoriesNode>({ kind: 'categories', label: vscode.l10n.t('Categories'), ...ofAccount(accountId) });
  }

  snippetNode(list: ListId, snippet: Snippet, accountId?: string): SnippetNode {
    return this.intern<SnippetNode>({ kind: 'snippet', list, snippetGuid: snippet.guid, own: this.serviceOf(accountId).mayWrite(snippet), ...ofAccount(accountId) });
  }

  fileNode(list: ListId, snippet: Snippet, fileName: string, accountId?: string): FileNode {
    return this.intern<FileNode>({ kind: 'file', snippetGuid: snippet.guid, fileName, own: this.serviceOf(accountId).mayWrite(snippet), list, ...ofAccount(accountId) });
  }

  /** The service of a row's account: the default one, or another signed-in account's. */
  serviceOf(accountId: string | undefined): SnippetService {
    if (accountId === undefined) return this.deps.service;
    const other = this.deps.otherAccounts().find((o) => o.id === accountId);
    if (!other) return this.deps.service;
    if (!this.followed.has(other.service)) {
      this.followed.set(other.service, other.service.onDidChange(() => this.gate.refresh([this.accountNode(other)])));
    }
    return other.service;
  }

  private accountNode(of: { id: string; account: Account } | undefined): AccountNode {
    const account = of?.account ?? this.deps.account();
    const key = of?.id ?? `default`;
    return this.intern<AccountNode>({ kind: 'account', key, label: account ? this.deps.accountLabel(account) : '', ...ofAccount(of?.id) });
  }

  // ---- TreeDataProvider --------------------------------------------------------------------

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const item = this.buildItem(node);
    // Names, descriptions and comments come from other users: no control or bidi characters.
    if (typeof item.label === 'string') item.label = lineText(item.label);
    if (typeof item.description === 'string') item.description = lineText(item.description);
    item.id = nodeId(node);
    item.contextValue = contextValue(node);
    // Without this, screen readers hear a plain-text tooltip instead of the row's label.
    item.accessibilityInformation ??= { label: [labelText(item), item.description].filter(Boolean).join(', ') };
    return item;
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return this.gate.children(
      node ?? WHOLE_TREE,
      () => (node?.kind === 'root' ? this.ensureListLoaded(node.list, node.accountId) : Promise.resolve()),
      () => this.childrenOf(node),
    );
  }

  private childrenOf(node: TreeNode | undefined): TreeNode[] {
    if (!node) return this.roots();
    switch (node.kind) {
      case 'account':
        return this.accountRoots(node.accountId);
      case 'categories':
        return this.categoryRoots(node.accountId);
      case 'root':
        return this.listChildren(node.list, node.accountId);
      case 'snippet':
        return this.snippetChildren(node);
      case 'comments':
        return this.commentRows(node);
      case 'searchRoot':
        return (this.deps.lastSearch.state?.results ?? [])
          .filter((r) => r.accountId === undefined || this.isShownAccount(r.accountId))
          .map((r) =>
            this.intern<SearchSnippetNode>({ kind: 'searchSnippet', snippetGuid: r.snippet.guid, own: this.serviceOf(r.accountId).mayWrite(r.snippet), ...ofAccount(r.accountId) }),
          );
      case 'searchSnippet': {
        const result = this.searchResult(node.snippetGuid, node.accountId);
        if (!result) return [];
        return result.matches.map((m, index) =>
          this.intern<SearchMatchNode>({ kind: 'searchMatch', snippetGuid: node.snippetGuid, index, fileName: m.fileName ?? result.snippet.files[0]?.name, own: node.own, ...ofAccount(node.accountId) }),
        );
      }
      default:
        return [];
    }
  }

  /** The "Search results" root, when there is a last search. */
  searchRootNode(): SearchRootNode {
    return this.intern<SearchRootNode>({ kind: 'searchRoot', label: vscode.l10n.t('Search results') });
  }

  private searchResult(guid: string, accountId: string | undefined): SearchResult | undefined {
    return this.deps.lastSearch.state?.results.find((r) => r.snippet.guid === guid && r.accountId === accountId);
  }

  /** A result of an account that signed out since is not shown. */
  private isShownAccount(accountId: string): boolean {
    return this.deps.otherAccounts().some((o) => o.id === accountId);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    const a = node.accountId;
    const prefix = a === undefined ? '' : `${a}|`;
    switch (node.kind) {
      case 'account':
        return undefined;
      case 'root':
        return node.list.startsWith('category:') ? this.categoriesNode(a) : this.topParent(a);
      case 'categories':
        return this.topParent(a);
      case 'snippet':
      case 'loadMore':
        return this.rootNode(node.list, a);
      case 'message':
        return node.list === 'categories' ? this.categoriesNode(a) : this.rootNode(node.list, a);
      case 'file':
      case 'comments':
        return node.list ? this.nodes.get(`${prefix}${node.list}/${node.snippetGuid}`) : undefined;
      case 'comment':
        return node.list ? this.nodes.get(`${prefix}${node.list}/comments/${node.snippetGuid}`) : undefined;
      case 'searchRoot':
        return undefined;
      case 'searchSnippet':
        return this.searchRootNode();
      case 'searchMatch':
        return this.nodes.get(`${prefix}search/${node.snippetGuid}`);
    }
  }

  /** The parent of an account's top rows: its account root when several accounts show, else none. */
  private topParent(accountId: string | undefined): AccountNode | undefined {
    const others = this.deps.otherAccounts();
    if (others.length === 0) return undefined;
    return this.accountNode(accountId === undefined ? undefined : others.find((o) => o.id === accountId));
  }

  // ---- Rows -------------------------------------------------------------------------------

  private roots(): TreeNode[] {
    if (!this.deps.account()) return [];
    const others = this.deps.otherAccounts();
    // The last search (of the default account) comes first, above every account.
    const search = this.deps.lastSearch.state ? [this.searchRootNode()] : [];
    // One account: its lists are the roots, as they always were.
    if (others.length === 0) return [...search, ...this.accountRoots(undefined)];
    return [...search, this.accountNode(undefined), ...others.map((o) => this.accountNode(o))];
  }

  /** My Snippets, Starred, Categories, Browse and the browsed users of one account. */
  private accountRoots(accountKey: string | undefined): TreeNode[] {
    const account = accountKey === undefined ? this.deps.account() : this.deps.otherAccounts().find((o) => o.id === accountKey)?.account;
    if (!account) return [];
    const users = this.deps.browsedUsers.list(accountId(account));
    return [
      ...FIXED_ROOTS.map((r) => this.rootNode(r.list, accountKey)),
      this.categoriesNode(accountKey),
      this.rootNode('browse', accountKey),
      ...users.map((u) => this.rootNode(`user:${u}`, accountKey)),
    ];
  }

  private categoryRoots(accountKey: string | undefined): TreeNode[] {
    const service = this.serviceOf(accountKey);
    const categories = service.categories();
    if (accountKey === undefined) this.categoriesKey = categoryKey(categories);
    if (categories.length > 0) return categories.map((c) => this.rootNode(`category:${c.guid}`, accountKey));
    const shown = accountKey === undefined ? [...this.shownLists] : [...this.otherShownLists].filter((k) => k.startsWith(`${accountKey}|`)).map((k) => k.slice(accountKey.length + 1));
    const anythingLoaded = shown.some((id) => service.list(id as ListId).loaded);
    const text = anythingLoaded ? noCategoriesText() : vscode.l10n.t('Categories are collected from loaded snippets: expand My Snippets or Browse first.');
    return [this.intern<MessageNode>({ kind: 'message', list: 'categories', text, isError: false, ...ofAccount(accountKey) })];
  }

  /** Loads a list's first page the first time it is shown (one request, with the view's progress bar). */
  private async ensureListLoaded(list: ListId, accountKey: string | undefined): Promise<void> {
    if (accountKey === undefined) this.shownLists.add(list);
    else this.otherShownLists.add(`${accountKey}|${list}`);
    const service = this.serviceOf(accountKey);
    const before = service.list(list);
    if (before.loaded || before.error) return;
    try {
      await withProgress('view', undefined, () => service.ensureLoaded(list));
    } catch (err) {
      this.deps.log.error(`loading ${list} failed`, err);
    }
  }

  private listChildren(list: ListId, accountKey: string | undefined): TreeNode[] {
    const service = this.serviceOf(accountKey);
    const a = ofAccount(accountKey);
    const state = service.list(list);
    const { sortOrder, filter } = this.deps.settings();
    const all = service.snippetsOf(list);
    const shown = sortSnippets(
      all.filter((s) => matchesFilter(s, filter)),
      sortOrder,
    );
    const rows: TreeNode[] = shown.map((s) => this.snippetNode(list, s, accountKey));
    const more = state.nextStart !== undefined && state.loaded;
    const offline = service.connection().offline;
    if (state.error && offline && state.fetchedAt !== undefined) {
      // Offline with rows to show: they stay, and one row says how old they are and offers a retry.
      rows.push(this.intern<MessageNode>({ kind: 'message', list, text: offlineListText(state.fetchedAt, Date.now(), vscode.env.language), isError: false, retry: true, ...a }));
    } else if (state.error) {
      const text = vscode.l10n.t('{0} — click to retry', describeError(state.error, messageContext(vscode.l10n.t('load {0}', listTitle(list, this.categoryName(list, accountKey))), this.accountOf(accountKey))));
      rows.push(this.intern<MessageNode>({ kind: 'message', list, text, isError: true, ...a }));
    } else if (state.loaded && all.length === 0 && !more) {
      rows.push(this.intern<MessageNode>({ kind: 'message', list, text: emptyListText(list), isError: false, ...a }));
    } else if (state.loaded && shown.length === 0 && filter.trim()) {
      rows.push(this.intern<MessageNode>({ kind: 'message', list, text: noMatchText(filter.trim(), more), isError: false, ...a }));
    }
    if (more && !state.error) rows.push(this.intern<LoadMoreNode>({ kind: 'loadMore', list, ...a }));
    return rows;
  }

  private snippetChildren(node: SnippetNode): TreeNode[] {
    const service = this.serviceOf(node.accountId);
    const snippet = service.get(node.snippetGuid);
    if (!snippet) return [];
    const own = service.mayWrite(snippet);
    const a = ofAccount(node.accountId);
    // Files are addressed by name; a later file of a name used before gets a row (and URI) of its own.
    const seen = new Map<string, number>();
    const occurrence = (name: string) => {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      return n > 1 ? { occurrence: n } : {};
    };
    return [
      ...snippet.files.map((f) => this.intern<FileNode>({ kind: 'file', snippetGuid: snippet.guid, fileName: f.name, own, list: node.list, ...occurrence(f.name), ...a })),
      this.intern<CommentsNode>({ kind: 'comments', snippetGuid: snippet.guid, own, list: node.list, ...a }),
    ];
  }

  private commentRows(node: CommentsNode): TreeNode[] {
    const service = this.serviceOf(node.accountId);
    const snippet = service.get(node.snippetGuid);
    if (!snippet) return [];
    return [...snippet.comments]
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((c) =>
        this.intern<CommentNode>({ kind: 'comment', snippetGuid: snippet.guid, commentGuid: c.guid, mine: service.mayEditComment(c), list: node.list, ...ofAccount(node.accountId) }),
      );
  }

  private buildItem(node: TreeNode): vscode.TreeItem {
    const now = Date.now();
    const collapsed = vscode.TreeItemCollapsibleState.Collapsed;
    if (node.kind === 'account') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.iconPath = new vscode.ThemeIcon('account');
      const account = this.accountOf(node.accountId);
      if (account) {
        item.tooltip =
          node.accountId === undefined
            ? vscode.l10n.t('{0} on {1}, the default account', account.username, account.serverUrl)
            : vscode.l10n.t('{0} on {1}', account.username, account.serverUrl);
      }
      if (node.accountId === undefined) item.description = vscode.l10n.t('default');
      return item;
    }
    const service = this.serviceOf(node.accountId);
    switch (node.kind) {
      case 'root': {
        const item = new vscode.TreeItem(node.label, collapsed);
        item.iconPath = new vscode.ThemeIcon(ROOT_ICONS[node.list.split(':')[0]] ?? 'folder');
        const state = service.list(node.list);
        if (state.loaded) {
          const more = state.nextStart !== undefined;
          const shown = formatCount(state.guids.length, vscode.env.language);
          const offline = service.connection().offline;
          item.description = cachedListDescription(`${shown}${more ? '+' : ''}`, state, offline, now, vscode.env.language);
          // "My Snippets, 25+" read aloud says little: the words say what the number counts (and how old a cached list is).
          const count = more
            ? vscode.l10n.t('{0} snippets loaded, more on the server', shown)
            : state.guids.length === 1
              ? vscode.l10n.t('1 snippet')
              : vscode.l10n.t('{0} snippets', shown);
          item.accessibilityInformation = { label: `${node.label}, ${cachedListDescription(count, state, offline, now, vscode.env.language)}` };
        }
        if (node.list.startsWith('user:')) item.tooltip = vscode.l10n.t('Snippets of {0} that you can see', node.label);
        return item;
      }
      case 'categories': {
        const item = new vscode.TreeItem(node.label, collapsed);
        item.iconPath = new vscode.ThemeIcon('tag');
        item.tooltip = vscode.l10n.t('Categories of the snippets loaded so far');
        return item;
      }
      case 'snippet': {
        const snippet = service.get(node.snippetGuid);
        if (!snippet) return new vscode.TreeItem(vscode.l10n.t('(removed)'), vscode.TreeItemCollapsibleState.None);
        const item = new vscode.TreeItem(snippet.name, collapsed);
        const people = service.people();
        item.description = snippetDescription(snippet, node.own, people, now, vscode.env.language);
        item.tooltip = new vscode.MarkdownString(snippetTooltip(snippet, node.own, people, now, vscode.env.language));
        item.iconPath = new vscode.ThemeIcon(iconForFileName(snippet.files[0]?.name));
        // Whose snippet it is, in words: a screen reader user cannot tell by what is missing from the description.
        const owner = node.own ? vscode.l10n.t('your snippet') : vscode.l10n.t('snippet by {0}', personLabel(snippet.userId, people));
        item.accessibilityInformation = { label: [snippet.name, owner, vscode.l10n.t('updated {0}', relativeTime(snippet.updatedAt, now, vscode.env.language))].join(', ') };
        return item;
      }
      case 'file': {
        const item = new vscode.TreeItem(node.fileName, vscode.TreeItemCollapsibleState.None);
        const account = this.accountOf(node.accountId);
        const snippet = service.get(node.snippetGuid);
        if (account) item.resourceUri = snippetFileUri(account, { guid: node.snippetGuid, name: snippet?.name ?? node.snippetGuid }, node.fileName, node.occurrence);
        if (node.occurrence !== undefined && node.occurrence > 1) {
          // Opened by its own URI, read-only: a save, rename or delete by name would reach the first file of the name.
          if (item.resourceUri) item.command = { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [item.resourceUri, { preview: true }] };
          item.description = vscode.l10n.t('read-only: same name as another file');
          item.tooltip = vscode.l10n.t('{0}: another file of this snippet has the same name, so this one opens read-only. Rename one of them on the server to edit it here.', node.fileName);
          return item;
        }
        item.command = { command: Commands.openFile, title: vscode.l10n.t('Open File'), arguments: [node] };
        if (!node.own) item.description = vscode.l10n.t('read-only');
        item.tooltip = node.own ? vscode.l10n.t('{0}: click to open and edit', node.fileName) : vscode.l10n.t('{0}: read-only, click to open', node.fileName);
        return item;
      }
      case 'comments': {
        const count = service.get(node.snippetGuid)?.comments.length ?? 0;
        const item = new vscode.TreeItem(vscode.l10n.t('Comments ({0})', formatCount(count, vscode.env.language)), count > 0 ? collapsed : vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon('comment-discussion');
        if (count === 0) item.tooltip = vscode.l10n.t('No comments yet: right-click to add one.');
        return item;
      }
      case 'comment': {
        const comment = service.get(node.snippetGuid)?.comments.find((c) => c.guid === node.commentGuid);
        if (!comment) return new vscode.TreeItem(vscode.l10n.t('(removed)'), vscode.TreeItemCollapsibleState.None);
        const item = new vscode.TreeItem(commentLabel(comment), vscode.TreeItemCollapsibleState.None);
        const people = service.people();
        item.description = commentDescription(comment, people, now, vscode.env.language);
        const tooltip = new vscode.MarkdownString();
        tooltip.appendMarkdown(`**${escapeMarkdown(personLabel(comment.userId, people))}**, ${formatDateTime(comment.createdAt, vscode.env.language)}\n\n`);
        tooltip.appendText(comment.text);
        item.tooltip = tooltip;
        // The icon tells your comments from others'; the label says it too.
        item.iconPath = new vscode.ThemeIcon(node.mine ? 'comment' : 'account');
        item.accessibilityInformation = { label: vscode.l10n.t('Comment by {0}: {1}, {2}', personLabel(comment.userId, people), item.label as string, item.description) };
        return item;
      }
      case 'searchRoot':
        return this.searchRootItem(node);
      case 'searchSnippet': {
        const result = this.searchResult(node.snippetGuid, node.accountId);
        // A few results open with their matches showing; many stay folded, one row each.
        const many = (this.deps.lastSearch.state?.results.length ?? 0) > 20;
        const item = new vscode.TreeItem(result?.snippet.name ?? vscode.l10n.t('(removed)'), many ? collapsed : vscode.TreeItemCollapsibleState.Expanded);
        if (!result) return item;
        // With several accounts, each result names its account.
        const account = this.deps.otherAccounts().length > 0 ? this.accountOf(node.accountId) : undefined;
        item.description = account ? `${result.matches.length} · ${this.deps.accountLabel(account)}` : `${result.matches.length}`;
        item.tooltip = new vscode.MarkdownString(snippetTooltip(result.snippet, node.own, this.serviceOf(node.accountId).people(), now));
        item.iconPath = new vscode.ThemeIcon(iconForFileName(result.snippet.files[0]?.name));
        return item;
      }
      case 'searchMatch': {
        const result = this.searchResult(node.snippetGuid, node.accountId);
        const match = result?.matches[node.index];
        if (!result || !match) return new vscode.TreeItem(vscode.l10n.t('(removed)'), vscode.TreeItemCollapsibleState.None);
        return this.searchMatchItem(node, result, match);
      }
      case 'loadMore': {
        const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon('fold-down');
        item.tooltip = vscode.l10n.t('Fetch the next page of this list');
        item.command = { command: Commands.loadMore, title: vscode.l10n.t('Load More'), arguments: [node] };
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.tooltip = node.text;
        if (node.isError) {
          item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
          item.accessibilityInformation = { label: vscode.l10n.t('Error: {0}', node.text) };
          item.command = { command: Commands.refreshList, title: vscode.l10n.t('Retry'), arguments: [node] };
        } else if (node.retry) {
          item.iconPath = new vscode.ThemeIcon('cloud-offline');
          item.command = { command: Commands.refreshList, title: vscode.l10n.t('Retry'), arguments: [node] };
        } else {
          item.iconPath = new vscode.ThemeIcon('info');
        }
        return item;
      }
    }
  }

  private searchRootItem(node: SearchRootNode): vscode.TreeItem {
    const state = this.deps.lastSearch.state;
    const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
    item.iconPath = new vscode.ThemeIcon(state?.running ? 'loading~spin' : 'search');
    if (!state) return item;
    const found = vscode.l10n.t('{0} found', formatCount(state.results.length, vscode.env.language));
    const status = state.running ? vscode.l10n.t('searching…') : state.cancelled ? vscode.l10n.t('stopped') : state.failedLists.length > 0 ? vscode.l10n.t('not every list could be read') : '';
    item.description = [`"${state.query}"`, found, status].filter(Boolean).join(' · ');
    item.tooltip = vscode.l10n.t('The last Search Snippets… of this session. Clear it with the button on this row.');
    return item;
  }

  private searchMatchItem(node: SearchMatchNode, result: SearchResult, match: SearchMatch): vscode.TreeItem {
    const content = match.field === 'content' && match.line !== undefined;
    const label = content ? `${match.fileName}:${match.line}` : match.field === 'fileName' ? (match.fileName ?? '') : fieldPlace(match.field);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.description = content || match.field !== 'fileName' ? match.text : undefined;
    item.tooltip = match.text;
    item.iconPath = new vscode.ThemeIcon(content ? SEARCH_MATCH_ICONS.line : SEARCH_MATCH_ICONS.field);
    const account = this.accountOf(node.accountId);
    if (account && node.fileName) item.resourceUri = snippetFileUri(account, result.snippet, node.fileName);
    if (node.fileName) {
      const selection = content ? new vscode.Range(match.line! - 1, match.column, match.line! - 1, match.column + match.length) : undefined;
      item.command = { command: Commands.openFile, title: vscode.l10n.t('Open File'), arguments: [{ snippetGuid: result.snippet.guid, fileName: node.fileName, ...ofAccount(node.accountId) }, { preview: true, selection }] };
    }
    return item;
  }

  // ---- Search changes -----------------------------------------------------------------------

  private searchShown = false;

  private onSearchChange(): void {
    const shown = this.deps.lastSearch.state !== undefined;
    if (shown !== this.searchShown) {
      this.searchShown = shown;
      for (const id of [...this.nodes.keys()]) if (id.startsWith('search/') || id.includes('|search/')) this.nodes.delete(id);
      this.gate.refresh([WHOLE_TREE]);
      return;
    }
    if (shown) this.gate.refresh([this.searchRootNode()]);
  }

  // ---- Store changes ------------------------------------------------------------------------

  private onServiceChange(change: ServiceChange): void {
    if (change.people || change.connection) {
      // Whose snippets and comments these are may read differently now: redraw every row.
      this.gate.refresh([WHOLE_TREE]);
      return;
    }
    const toRefresh = new Set<TreeNode>();
    for (const list of change.lists) {
      // While a list reloads, its old rows stay: only the answer changes what is shown.
      if (this.deps.service.list(list).loading) continue;
      const node = this.nodes.get(`root/${list}`);
      if (node) toRefresh.add(node);
    }
    const key = categoryKey(this.deps.service.categories());
    if (key !== this.categoriesKey) {
      const node = this.nodes.get('categories');
      if (node) toRefresh.add(node);
    }
    if (toRefresh.size > 0) this.gate.refresh([...toRefresh]);
  }

  // ---- Helpers ------------------------------------------------------------------------------

  private rootLabel(list: ListId, accountKey: string | undefined): string {
    const fixed = FIXED_ROOTS.find((r) => r.list === list);
    if (fixed) return fixed.label;
    if (list === 'browse') return vscode.l10n.t('Browse');
    if (list.startsWith('user:')) return list.slice('user:'.length);
    return this.categoryName(list, accountKey) ?? vscode.l10n.t('Category');
  }

  private categoryName(list: ListId, accountKey: string | undefined): string | undefined {
    if (!list.startsWith('category:')) return undefined;
    const guid = list.slice('category:'.length);
    return this.serviceOf(accountKey).categories().find((c) => c.guid === guid)?.name;
  }

  private accountOf(accountKey: string | undefined): Account | undefined {
    return accountKey === undefined ? this.deps.account() : this.deps.otherAccounts().find((o) => o.id === accountKey)?.account;
  }

  /** The one object for this row's id, updated with the latest fields. */
  private intern<T extends TreeNode>(node: T): T {
    const id = nodeId(node);
    const existing = this.nodes.get(id) as T | undefined;
    if (existing) return Object.assign(existing, node);
    this.nodes.set(id, node);
    return node;
  }
}

/** Where a match that is not in a file's lines is, as a row label. */
const fieldPlace = (field: SearchMatch['field']): string =>
  ({
    name: vscode.l10n.t('in the name'),
    description: vscode.l10n.t('in the description'),
    category: vscode.l10n.t('in a category'),
    fileName: vscode.l10n.t('in a file name'),
    content: vscode.l10n.t('in a file'),
  })[field];

/** The accountId field of a row of another account; nothing for the default account's rows. */
const ofAccount = (accountId: string | undefined): { accountId?: string } => (accountId === undefined ? {} : { accountId });

const labelText = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : item.label?.label ?? '');

const categoryKey = (categories: ReadonlyArray<{ guid: string; name: string }>): string => categories.map((c) => `${c.guid}=${c.name}`).join('\n');
