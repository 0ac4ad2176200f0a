// What the snippet tree's rows are. Commands receive these objects as their argument when run
// from a context menu or an inline action, so they are the contract between the tree and
// the commands. `contextValue`s (used in package.json `when` clauses) are built here too.
import { isPatchFileName } from '../../patches/patchFiles';
import type { ListId } from '../store';

// Every row but the Search results root carries its account's `accountId`, the default
// account's rows too: commands started from a row act on that account, and row ids start with
// it, so they differ between accounts (the same snippet guid can exist on two servers) and stay
// the same when the default account changes or another account signs in or out.
type OfAccount = { accountId: string };

/** With several accounts signed in: the root of one account's lists, `alice @ bitbucket.example.com`. */
export type AccountNode = OfAccount & { kind: 'account'; label: string };
export type RootNode = OfAccount & { kind: 'root'; list: ListId; label: string };
/** The "Categories" root: its children are one RootNode per known category (`category:<guid>`). */
export type CategoriesNode = OfAccount & { kind: 'categories'; label: string };
export type SnippetNode = OfAccount & { kind: 'snippet'; list: ListId; snippetGuid: string; own: boolean };
// One snippet can show under several roots (My Snippets and Browse), so the rows below it carry
// the list they are shown under: VS Code refuses two rows with the same id.
// `occurrence` (2, 3…) marks a later file of a name several files of the snippet share: the
// server does not always refuse that, and commands find a file by its name.
export type FileNode = OfAccount & {
  kind: 'file';
  snippetGuid: string;
  fileName: string;
  own: boolean;
  list?: ListId;
  occurrence?: number;
};
export type CommentsNode = OfAccount & { kind: 'comments'; snippetGuid: string; own: boolean; list?: ListId };
export type CommentNode = OfAccount & {
  kind: 'comment';
  snippetGuid: string;
  commentGuid: string;
  mine: boolean;
  list?: ListId;
};
export type LoadMoreNode = OfAccount & { kind: 'loadMore'; list: ListId };
/** `retry`: clicking it asks the server again (an offline list shown from what was loaded or cached). */
export type MessageNode = OfAccount & {
  kind: 'message';
  list: ListId | 'categories';
  text: string;
  isError: boolean;
  retry?: boolean;
};

/** The "Search results" root: the last search of the session (Search Snippets…), of every account. */
export type SearchRootNode = { kind: 'searchRoot'; label: string; accountId?: undefined };
/** A snippet found by the last search; its children are its matches. */
export type SearchSnippetNode = OfAccount & { kind: 'searchSnippet'; snippetGuid: string; own: boolean };
/** One match of a found snippet: a matched line, a file name or a field. */
export type SearchMatchNode = OfAccount & {
  kind: 'searchMatch';
  snippetGuid: string;
  index: number;
  fileName: string | undefined;
  own: boolean;
};

export type TreeNode =
  | AccountNode
  | RootNode
  | CategoriesNode
  | SnippetNode
  | FileNode
  | CommentsNode
  | CommentNode
  | LoadMoreNode
  | MessageNode
  | SearchRootNode
  | SearchSnippetNode
  | SearchMatchNode;

/** A stable id per row, so refreshes keep expansion and selection; unique across accounts. */
export function nodeId(node: TreeNode): string {
  if (node.kind === 'account') return `account/${node.accountId}`;
  if (node.kind === 'searchRoot') return 'search';
  return `${node.accountId}|${idInAccount(node)}`;
}

function idInAccount(node: Exclude<TreeNode, AccountNode | SearchRootNode>): string {
  switch (node.kind) {
    case 'root':
      return `root/${node.list}`;
    case 'categories':
      return 'categories';
    case 'snippet':
      return `${node.list}/${node.snippetGuid}`;
    case 'file':
      return node.occurrence !== undefined && node.occurrence > 1
        ? `${underList(node)}file~${node.occurrence}/${node.snippetGuid}/${node.fileName}`
        : `${underList(node)}file/${node.snippetGuid}/${node.fileName}`;
    case 'comments':
      return `${underList(node)}comments/${node.snippetGuid}`;
    case 'comment':
      return `${underList(node)}comment/${node.snippetGuid}/${node.commentGuid}`;
    case 'loadMore':
      return `more/${node.list}`;
    case 'message':
      return `message/${node.list}`;
    case 'searchSnippet':
      return `search/${node.snippetGuid}`;
    case 'searchMatch':
      return `search/${node.snippetGuid}/${node.index}`;
  }
}

const underList = (node: { list?: ListId }): string => (node.list ? `${node.list}/` : '');

/**
 * contextValue of a row, e.g. `snippet.own`, `file.other`, `comment.mine`, `root.user`.
 * Menus match them with regular expressions such as `viewItem =~ /^snippet\.own/`. A file row of
 * a patch (`.patch`, `.diff`) ends in `.patch` (`file.own.patch`, `file.other.search.patch`), which
 * the patch commands' menus match and the others' prefixes let through.
 */
export function contextValue(node: TreeNode): string {
  switch (node.kind) {
    case 'account':
      return 'account';
    case 'root':
      return `root.${node.list.split(':')[0]}`;
    case 'categories':
      return 'categories';
    case 'snippet':
      return `snippet.${node.own ? 'own' : 'other'}`;
    case 'file':
      // A later file of a shared name gets none of the file menus: they act on the first of the name.
      if (node.occurrence !== undefined && node.occurrence > 1) return 'sameNameFile';
      return `file.${node.own ? 'own' : 'other'}${patchMark(node.fileName)}`;
    case 'comments':
      return `comments.${node.own ? 'own' : 'other'}`;
    case 'comment':
      return `comment.${node.mine ? 'mine' : 'other'}`;
    case 'loadMore':
      return 'loadMore';
    case 'message':
      return node.isError ? 'message.error' : 'message';
    case 'searchRoot':
      return 'searchRoot';
    // Search results take the menus of the same row in a list (`viewItem =~ /^snippet\.own/`),
    // and say they are search rows after that.
    case 'searchSnippet':
      return `snippet.${node.own ? 'own' : 'other'}.search`;
    case 'searchMatch':
      return node.fileName
        ? `file.${node.own ? 'own' : 'other'}.search${patchMark(node.fileName)}`
        : `searchMatch.${node.own ? 'own' : 'other'}`;
  }
}

const patchMark = (fileName: string): string => (isPatchFileName(fileName) ? '.patch' : '');
