// Which rows show under a row of the Snippets view, from what the row's account's snippet service
// has loaded: an account's lists, a list's snippets (with a message or Load more… row), a
// snippet's files and comments, the categories, and the last search's results. Nothing is
// fetched here; the provider (provider.ts) loads a list before asking for its rows.
import vscode = require('vscode');
import type { Account } from '../../../model/accounts/accounts';
import { describeError, messageContext } from '../../../util/describeError';
import { matchesFilter, sortSnippets, type SortOrder } from '../../../model/snippets/query';
import type { SnippetService } from '../../../model/snippets/service';
import type { LastSearchState } from '../../../model/snippets/search/lastSearch';
import type { ListId } from '../../../model/snippets/store';
import type {
  CommentNode,
  CommentsNode,
  FileNode,
  LoadMoreNode,
  MessageNode,
  SearchMatchNode,
  SearchSnippetNode,
  SnippetNode,
  TreeNode,
} from '../../../model/snippets/tree/nodes';
import {
  emptyListText,
  listTitle,
  noCategoriesText,
  noMatchText,
  offlineListText,
} from '../../../model/snippets/tree/presentation';
import { searchResultOf } from './rowItems';

export interface ExplorerSettings {
  sortOrder: SortOrder;
  filter: string;
}

/** One account's part of the tree, as the rows below it are built. */
export interface AccountRows {
  accountId: string;
  account: Account | undefined;
  service: SnippetService;
  /** The one object per row id (provider.ts). */
  intern: <T extends TreeNode>(node: T) => T;
  /** The row of one of the account's lists. */
  rootNode: (list: ListId) => TreeNode;
}

export const FIXED_ROOTS: ReadonlyArray<{ list: ListId; label: string }> = [
  { list: 'mine', label: vscode.l10n.t('My Snippets') },
  { list: 'starred', label: vscode.l10n.t('Starred') },
];

/** A list's row label: fixed, a browsed user's name, or a category's name. */
export function rootLabel(list: ListId, service: SnippetService): string {
  const fixed = FIXED_ROOTS.find((r) => r.list === list);
  if (fixed) return fixed.label;
  if (list === 'browse') return vscode.l10n.t('Browse');
  if (list.startsWith('user:')) return list.slice('user:'.length);
  return categoryName(list, service) ?? vscode.l10n.t('Category');
}

function categoryName(list: ListId, service: SnippetService): string | undefined {
  if (!list.startsWith('category:')) return undefined;
  const guid = list.slice('category:'.length);
  return service.store.categories().find((c) => c.guid === guid)?.name;
}

/** My Snippets, Starred, Categories, Browse and the browsed users of one account. */
export function accountChildren(rows: AccountRows, categories: TreeNode, browsedUsers: readonly string[]): TreeNode[] {
  return [
    ...FIXED_ROOTS.map((r) => rows.rootNode(r.list)),
    categories,
    rows.rootNode('browse'),
    ...browsedUsers.map((u) => rows.rootNode(`user:${u}`)),
  ];
}

/** One row per known category, else a message saying where categories come from. */
export function categoryChildren(rows: AccountRows, shownLists: readonly ListId[]): TreeNode[] {
  const { service, accountId } = rows;
  const categories = service.store.categories();
  if (categories.length > 0) return categories.map((c) => rows.rootNode(`category:${c.guid}`));
  const anythingLoaded = shownLists.some((id) => service.store.list(id).loaded);
  const text = anythingLoaded
    ? noCategoriesText()
    : vscode.l10n.t('Categories are collected from loaded snippets: expand My Snippets or Browse first.');
  return [rows.intern<MessageNode>({ kind: 'message', list: 'categories', text, isError: false, accountId })];
}

/** A list's snippets, sorted and filtered, then what to say about the list (error, empty, offline) and Load more…. */
export function listChildren(rows: AccountRows, list: ListId, { sortOrder, filter }: ExplorerSettings): TreeNode[] {
  const { service, accountId } = rows;
  const state = service.store.list(list);
  const all = service.store.snippetsOf(list);
  const shown = sortSnippets(
    all.filter((s) => matchesFilter(s, filter)),
    sortOrder,
  );
  const children: TreeNode[] = shown.map((s) =>
    rows.intern<SnippetNode>({ kind: 'snippet', list, snippetGuid: s.guid, own: service.mayWrite(s), accountId }),
  );
  const more = state.nextStart !== undefined && state.loaded;
  const offline = service.connectivity.current.offline;
  const message = (text: string, isError: boolean, retry?: boolean) =>
    children.push(
      rows.intern<MessageNode>({ kind: 'message', list, text, isError, ...(retry ? { retry } : {}), accountId }),
    );
  if (state.error && offline && state.fetchedAt !== undefined) {
    // Offline with rows to show: they stay, and one row says how old they are and offers a retry.
    message(offlineListText(state.fetchedAt, Date.now(), vscode.env.language), false, true);
  } else if (state.error) {
    message(
      vscode.l10n.t(
        '{0} — click to retry',
        describeError(
          state.error,
          messageContext(vscode.l10n.t('load {0}', listTitle(list, categoryName(list, service))), rows.account),
        ),
      ),
      true,
    );
  } else if (state.loaded && all.length === 0 && !more) {
    message(emptyListText(list), false);
  } else if (state.loaded && shown.length === 0 && filter.trim()) {
    message(noMatchText(filter.trim(), more), false);
  }
  if (more && !state.error) children.push(rows.intern<LoadMoreNode>({ kind: 'loadMore', list, accountId }));
  return children;
}

/** A snippet's files, then its Comments row. */
export function snippetChildren(rows: AccountRows, node: SnippetNode): TreeNode[] {
  const { service, accountId } = rows;
  const snippet = service.store.get(node.snippetGuid);
  if (!snippet) return [];
  const own = service.mayWrite(snippet);
  // Files are addressed by name; a later file of a name used before gets a row (and URI) of its own.
  const seen = new Map<string, number>();
  const occurrence = (name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n > 1 ? { occurrence: n } : {};
  };
  return [
    ...snippet.files.map((f) =>
      rows.intern<FileNode>({
        kind: 'file',
        snippetGuid: snippet.guid,
        fileName: f.name,
        own,
        list: node.list,
        ...occurrence(f.name),
        accountId,
      }),
    ),
    rows.intern<CommentsNode>({ kind: 'comments', snippetGuid: snippet.guid, own, list: node.list, accountId }),
  ];
}

export function commentChildren(rows: AccountRows, node: CommentsNode): TreeNode[] {
  const { service, accountId } = rows;
  const snippet = service.store.get(node.snippetGuid);
  if (!snippet) return [];
  return [...snippet.comments]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((c) =>
      rows.intern<CommentNode>({
        kind: 'comment',
        snippetGuid: snippet.guid,
        commentGuid: c.guid,
        mine: service.identity.mayEditComment(c),
        list: node.list,
        accountId,
      }),
    );
}

/** The last search's results of the accounts still signed in. */
export function searchChildren(
  search: LastSearchState | undefined,
  rowsOf: (accountId: string) => AccountRows | undefined,
): TreeNode[] {
  return (search?.results ?? []).flatMap((r) => {
    const rows = rowsOf(r.accountId);
    return rows
      ? [
          rows.intern<SearchSnippetNode>({
            kind: 'searchSnippet',
            snippetGuid: r.snippet.guid,
            own: rows.service.mayWrite(r.snippet),
            accountId: r.accountId,
          }),
        ]
      : [];
  });
}

export function searchMatchChildren(
  search: LastSearchState | undefined,
  rows: AccountRows,
  node: SearchSnippetNode,
): TreeNode[] {
  const result = searchResultOf(search, node.snippetGuid, node.accountId);
  if (!result) return [];
  return result.matches.map((m, index) =>
    rows.intern<SearchMatchNode>({
      kind: 'searchMatch',
      snippetGuid: node.snippetGuid,
      index,
      fileName: m.fileName ?? result.snippet.files[0]?.name,
      own: node.own,
      accountId: node.accountId,
    }),
  );
}

/** How the provider finds the rows above a row. */
export interface Parents {
  row: (id: string) => TreeNode | undefined;
  rootNode: (list: ListId, accountId: string) => TreeNode;
  categoriesNode: (accountId: string) => TreeNode;
  /** An account's root with several accounts, none with one. */
  topParent: (accountId: string) => TreeNode | undefined;
  searchRoot: () => TreeNode;
}

/** The row a row is shown under (VS Code asks when it reveals a row). */
export function parentOf(node: TreeNode, parents: Parents): TreeNode | undefined {
  if (node.kind === 'account' || node.kind === 'searchRoot') return undefined;
  const a = node.accountId;
  switch (node.kind) {
    case 'root':
      return node.list.startsWith('category:') ? parents.categoriesNode(a) : parents.topParent(a);
    case 'categories':
      return parents.topParent(a);
    case 'snippet':
    case 'loadMore':
      return parents.rootNode(node.list, a);
    case 'message':
      return node.list === 'categories' ? parents.categoriesNode(a) : parents.rootNode(node.list, a);
    case 'file':
    case 'comments':
      return node.list ? parents.row(`${a}|${node.list}/${node.snippetGuid}`) : undefined;
    case 'comment':
      return node.list ? parents.row(`${a}|${node.list}/comments/${node.snippetGuid}`) : undefined;
    case 'searchSnippet':
      return parents.searchRoot();
    case 'searchMatch':
      return parents.row(`${a}|search/${node.snippetGuid}`);
  }
}
