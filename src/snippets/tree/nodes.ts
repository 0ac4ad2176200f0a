// What the snippet tree's rows are. Commands receive these objects as their argument when run
// from a context menu or an inline action, so they are the contract between the tree and
// the commands. `contextValue`s (used in package.json `when` clauses) are built here too.
import type { ListId } from '../store';

export type RootNode = { kind: 'root'; list: ListId; label: string };
export type SnippetNode = { kind: 'snippet'; list: ListId; snippetGuid: string; own: boolean };
export type FileNode = { kind: 'file'; snippetGuid: string; fileName: string; own: boolean };
export type CommentsNode = { kind: 'comments'; snippetGuid: string; own: boolean };
export type CommentNode = { kind: 'comment'; snippetGuid: string; commentGuid: string; mine: boolean };
export type LoadMoreNode = { kind: 'loadMore'; list: ListId };
export type MessageNode = { kind: 'message'; list: ListId; text: string; isError: boolean };

export type TreeNode = RootNode | SnippetNode | FileNode | CommentsNode | CommentNode | LoadMoreNode | MessageNode;

/** A stable id per row, so refreshes keep expansion and selection. */
export function nodeId(node: TreeNode): string {
  switch (node.kind) {
    case 'root':
      return `root/${node.list}`;
    case 'snippet':
      return `${node.list}/${node.snippetGuid}`;
    case 'file':
      return `file/${node.snippetGuid}/${node.fileName}`;
    case 'comments':
      return `comments/${node.snippetGuid}`;
    case 'comment':
      return `comment/${node.snippetGuid}/${node.commentGuid}`;
    case 'loadMore':
      return `more/${node.list}`;
    case 'message':
      return `message/${node.list}`;
  }
}

/**
 * contextValue of a row, e.g. `snippet.own`, `file.other`, `comment.mine`, `root.user`.
 * Menus match them with regular expressions such as `viewItem =~ /^snippet\.own/`.
 */
export function contextValue(node: TreeNode): string {
  switch (node.kind) {
    case 'root':
      return `root.${node.list.split(':')[0]}`;
    case 'snippet':
      return `snippet.${node.own ? 'own' : 'other'}`;
    case 'file':
      return `file.${node.own ? 'own' : 'other'}`;
    case 'comments':
      return `comments.${node.own ? 'own' : 'other'}`;
    case 'comment':
      return `comment.${node.mine ? 'mine' : 'other'}`;
    case 'loadMore':
      return 'loadMore';
    case 'message':
      return node.isError ? 'message.error' : 'message';
  }
}
