// How each kind of row of the Snippets view looks: one function per row kind, from the row and
// what its account's snippet service knows. Nothing is fetched or remembered here; the provider
// (provider.ts) decides which rows exist and hands each to `rowItem`.
import vscode = require('vscode');
import type { Account } from '../../../model/accounts/accounts';
import { Commands } from '../../../util/constants';
import { formatCount } from '../../../util/localeFormat';
import { personLabel } from '../../../model/snippets/people';
import type { SnippetService } from '../../../model/snippets/service';
import type { LastSearchState } from '../../../model/snippets/search/lastSearch';
import type { SearchMatch } from '../../../model/snippets/search/match';
import type { SearchResult } from '../../../model/snippets/search/types';
import { snippetFileUri } from '../../ui/snippetUris';
import { SEARCH_MATCH_ICONS, iconForFileName } from '../../../model/snippets/tree/icons';
import type {
  AccountNode,
  CategoriesNode,
  CommentNode,
  CommentsNode,
  FileNode,
  LoadMoreNode,
  MessageNode,
  RootNode,
  SearchMatchNode,
  SearchRootNode,
  SearchSnippetNode,
  SnippetNode,
  TreeNode,
} from '../../../model/snippets/tree/nodes';
import {
  cachedListDescription,
  commentDescription,
  commentLabel,
  relativeTime,
  snippetDescription,
} from '../../../model/snippets/tree/presentation';

/** What drawing a row may read. */
export interface RowContext {
  now: number;
  /** The service of the row's account. */
  service: SnippetService;
  /** The row's account, if still signed in. */
  account: Account | undefined;
  isDefault: boolean;
  /** Several accounts are signed in: search results name theirs. */
  several: boolean;
  accountLabel: (account: Account) => string;
  search: LastSearchState | undefined;
}

const ROOT_ICONS: Record<string, string> = {
  mine: 'account',
  starred: 'star-full',
  browse: 'globe',
  user: 'person',
  category: 'tag',
};
const collapsed = vscode.TreeItemCollapsibleState.Collapsed;
const none = vscode.TreeItemCollapsibleState.None;
const removed = () => new vscode.TreeItem(vscode.l10n.t('(removed)'), none);

export function rowItem(node: TreeNode, ctx: RowContext): vscode.TreeItem {
  switch (node.kind) {
    case 'account':
      return accountItem(node, ctx);
    case 'root':
      return rootItem(node, ctx);
    case 'categories':
      return categoriesItem(node);
    case 'snippet':
      return snippetItem(node, ctx);
    case 'file':
      return fileItem(node, ctx);
    case 'comments':
      return commentsItem(node, ctx);
    case 'comment':
      return commentItem(node, ctx);
    case 'searchRoot':
      return searchRootItem(node, ctx);
    case 'searchSnippet':
      return searchSnippetItem(node, ctx);
    case 'searchMatch':
      return searchMatchItem(node, ctx);
    case 'loadMore':
      return loadMoreItem(node);
    case 'message':
      return messageItem(node);
  }
}

function accountItem(node: AccountNode, { account, isDefault }: RowContext): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
  item.iconPath = new vscode.ThemeIcon('account');
  if (account) {
    item.tooltip = isDefault
      ? vscode.l10n.t('{0} on {1}, the default account', account.username, account.serverUrl)
      : vscode.l10n.t('{0} on {1}', account.username, account.serverUrl);
  }
  if (isDefault) item.description = vscode.l10n.t('default');
  return item;
}

function rootItem(node: RootNode, { service, now }: RowContext): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, collapsed);
  item.iconPath = new vscode.ThemeIcon(ROOT_ICONS[node.list.split(':')[0]] ?? 'folder');
  const state = service.store.list(node.list);
  if (state.loaded) {
    const more = state.nextStart !== undefined;
    const shown = formatCount(state.guids.length, vscode.env.language);
    const offline = service.connectivity.current.offline;
    item.description = cachedListDescription(`${shown}${more ? '+' : ''}`, state, offline, now, vscode.env.language);
    // "My Snippets, 25+" read aloud says little: the words say what the number counts (and how old a cached list is).
    const count = more
      ? vscode.l10n.t('{0} snippets loaded, more on the server', shown)
      : state.guids.length === 1
        ? vscode.l10n.t('1 snippet')
        : vscode.l10n.t('{0} snippets', shown);
    item.accessibilityInformation = {
      label: `${node.label}, ${cachedListDescription(count, state, offline, now, vscode.env.language)}`,
    };
  }
  if (node.list.startsWith('user:')) item.tooltip = vscode.l10n.t('Snippets of {0} that you can see', node.label);
  return item;
}

function categoriesItem(node: CategoriesNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, collapsed);
  item.iconPath = new vscode.ThemeIcon('tag');
  item.tooltip = vscode.l10n.t('Categories of the snippets loaded so far');
  return item;
}

function snippetItem(node: SnippetNode, { service, now }: RowContext): vscode.TreeItem {
  const snippet = service.store.get(node.snippetGuid);
  if (!snippet) return removed();
  const item = new vscode.TreeItem(snippet.name, collapsed);
  const people = service.identity.people();
  item.description = snippetDescription(snippet, node.own, people, now, vscode.env.language);
  item.iconPath = new vscode.ThemeIcon(iconForFileName(snippet.files[0]?.name));
  // Whose snippet it is, in words: a screen reader user cannot tell by what is missing from the description.
  const owner = node.own
    ? vscode.l10n.t('your snippet')
    : vscode.l10n.t('snippet by {0}', personLabel(snippet.userId, people));
  item.accessibilityInformation = {
    label: [
      snippet.name,
      owner,
      vscode.l10n.t('updated {0}', relativeTime(snippet.updatedAt, now, vscode.env.language)),
    ].join(', '),
  };
  return item;
}

function fileItem(node: FileNode, { service, account }: RowContext): vscode.TreeItem {
  const item = new vscode.TreeItem(node.fileName, none);
  const snippet = service.store.get(node.snippetGuid);
  if (account) {
    item.resourceUri = snippetFileUri(
      account,
      { guid: node.snippetGuid, name: snippet?.name ?? node.snippetGuid },
      node.fileName,
      node.occurrence,
    );
  }
  if (node.occurrence !== undefined && node.occurrence > 1) {
    // Opened by its own URI, read-only: a save, rename or delete by name would reach the first file of the name.
    if (item.resourceUri) {
      item.command = {
        command: 'vscode.open',
        title: vscode.l10n.t('Open File'),
        arguments: [item.resourceUri, { preview: true }],
      };
    }
    item.description = vscode.l10n.t('read-only: same name as another file');
    item.tooltip = vscode.l10n.t(
      '{0}: another file of this snippet has the same name, so this one opens read-only. Rename one of them on the server to edit it here.',
      node.fileName,
    );
    return item;
  }
  item.command = { command: Commands.openFile, title: vscode.l10n.t('Open File'), arguments: [node] };
  if (!node.own) item.description = vscode.l10n.t('read-only');
  item.tooltip = node.own
    ? vscode.l10n.t('{0}: click to open and edit', node.fileName)
    : vscode.l10n.t('{0}: read-only, click to open', node.fileName);
  return item;
}

function commentsItem(node: CommentsNode, { service }: RowContext): vscode.TreeItem {
  const count = service.store.get(node.snippetGuid)?.comments.length ?? 0;
  const item = new vscode.TreeItem(
    vscode.l10n.t('Comments ({0})', formatCount(count, vscode.env.language)),
    count > 0 ? collapsed : none,
  );
  item.iconPath = new vscode.ThemeIcon('comment-discussion');
  if (count === 0) item.tooltip = vscode.l10n.t('No comments yet: right-click to add one.');
  return item;
}

function commentItem(node: CommentNode, { service, now }: RowContext): vscode.TreeItem {
  const comment = service.store.get(node.snippetGuid)?.comments.find((c) => c.guid === node.commentGuid);
  if (!comment) return removed();
  const item = new vscode.TreeItem(commentLabel(comment), none);
  const people = service.identity.people();
  item.description = commentDescription(comment, people, now, vscode.env.language);
  // The icon tells your comments from others'; the label says it too.
  item.iconPath = new vscode.ThemeIcon(node.mine ? 'comment' : 'account');
  item.accessibilityInformation = {
    label: vscode.l10n.t(
      'Comment by {0}: {1}, {2}',
      personLabel(comment.userId, people),
      item.label as string,
      item.description,
    ),
  };
  return item;
}

function searchRootItem(node: SearchRootNode, { search }: RowContext): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
  item.iconPath = new vscode.ThemeIcon(search?.running ? 'loading~spin' : 'search');
  if (!search) return item;
  const found = vscode.l10n.t('{0} found', formatCount(search.results.length, vscode.env.language));
  const status = search.running
    ? vscode.l10n.t('searching…')
    : search.cancelled
      ? vscode.l10n.t('stopped')
      : search.failedLists.length > 0
        ? vscode.l10n.t('not every list could be read')
        : '';
  item.description = [`"${search.query}"`, found, status].filter(Boolean).join(' · ');
  item.tooltip = vscode.l10n.t('The last Search Snippets… of this session. Clear it with the button on this row.');
  return item;
}

/** The result a search row shows, if the last search still has it. */
export const searchResultOf = (
  search: LastSearchState | undefined,
  guid: string,
  accountId: string,
): SearchResult | undefined => search?.results.find((r) => r.snippet.guid === guid && r.accountId === accountId);

function searchSnippetItem(
  node: SearchSnippetNode,
  { search, several, account, accountLabel }: RowContext,
): vscode.TreeItem {
  const result = searchResultOf(search, node.snippetGuid, node.accountId);
  // A few results open with their matches showing; many stay folded, one row each.
  const many = (search?.results.length ?? 0) > 20;
  const item = new vscode.TreeItem(
    result?.snippet.name ?? vscode.l10n.t('(removed)'),
    many ? collapsed : vscode.TreeItemCollapsibleState.Expanded,
  );
  if (!result) return item;
  // With several accounts, each result names its account.
  item.description =
    several && account ? `${result.matches.length} · ${accountLabel(account)}` : `${result.matches.length}`;
  item.iconPath = new vscode.ThemeIcon(iconForFileName(result.snippet.files[0]?.name));
  return item;
}

function searchMatchItem(node: SearchMatchNode, { search, account }: RowContext): vscode.TreeItem {
  const result = searchResultOf(search, node.snippetGuid, node.accountId);
  const match = result?.matches[node.index];
  if (!result || !match) return removed();
  const content = match.field === 'content' && match.line !== undefined;
  const label = content
    ? `${match.fileName}:${match.line}`
    : match.field === 'fileName'
      ? (match.fileName ?? '')
      : fieldPlace(match.field);
  const item = new vscode.TreeItem(label, none);
  item.description = content || match.field !== 'fileName' ? match.text : undefined;
  item.tooltip = match.text;
  item.iconPath = new vscode.ThemeIcon(content ? SEARCH_MATCH_ICONS.line : SEARCH_MATCH_ICONS.field);
  if (account && node.fileName) item.resourceUri = snippetFileUri(account, result.snippet, node.fileName);
  if (node.fileName) {
    const selection = content
      ? new vscode.Range(match.line! - 1, match.column, match.line! - 1, match.column + match.length)
      : undefined;
    item.command = {
      command: Commands.openFile,
      title: vscode.l10n.t('Open File'),
      arguments: [
        { snippetGuid: result.snippet.guid, fileName: node.fileName, accountId: node.accountId },
        { preview: true, selection },
      ],
    };
  }
  return item;
}

function loadMoreItem(node: LoadMoreNode): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), none);
  item.iconPath = new vscode.ThemeIcon('fold-down');
  item.tooltip = vscode.l10n.t('Fetch the next page of this list');
  item.command = { command: Commands.loadMore, title: vscode.l10n.t('Load More'), arguments: [node] };
  return item;
}

function messageItem(node: MessageNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.text, none);
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

/** Where a match that is not in a file's lines is, as a row label. */
const fieldPlace = (field: SearchMatch['field']): string =>
  ({
    name: vscode.l10n.t('in the name'),
    description: vscode.l10n.t('in the description'),
    category: vscode.l10n.t('in a category'),
    fileName: vscode.l10n.t('in a file name'),
    content: vscode.l10n.t('in a file'),
  })[field];
