// The Markdown tooltips of the Snippets view's rows, made when a row is hovered
// (TreeDataProvider.resolveTreeItem in provider.ts), not when it is drawn: VS Code parses every
// Markdown tooltip it is given with a row (it looks for links in it), and a level of a few hundred
// rows is drawn in one go. Outside text in them is escaped (presentation.ts) or appended as text.
import vscode = require('vscode');
import type { TreeNode } from '../../../model/snippets/tree/nodes';
import { commentTooltipHeading, snippetTooltip } from '../../../model/snippets/tree/presentation';
import { searchResultOf, type RowContext } from './rowItems';

/**
 * The tooltip of a snippet, a search result or a comment row. Undefined for the other rows (theirs
 * are plain text, set with the row) and for a row whose snippet or comment is gone.
 */
export function rowTooltip(node: TreeNode, { service, search, now }: RowContext): vscode.MarkdownString | undefined {
  const people = () => service.identity.people();
  switch (node.kind) {
    case 'snippet': {
      const snippet = service.store.get(node.snippetGuid);
      return (
        snippet && new vscode.MarkdownString(snippetTooltip(snippet, node.own, people(), now, vscode.env.language))
      );
    }
    case 'searchSnippet': {
      const result = searchResultOf(search, node.snippetGuid, node.accountId);
      return result && new vscode.MarkdownString(snippetTooltip(result.snippet, node.own, people(), now));
    }
    case 'comment': {
      const comment = service.store.get(node.snippetGuid)?.comments.find((c) => c.guid === node.commentGuid);
      if (!comment) return undefined;
      const tooltip = new vscode.MarkdownString();
      tooltip.appendMarkdown(`${commentTooltipHeading(comment, people(), vscode.env.language)}\n\n`);
      tooltip.appendText(comment.text);
      return tooltip;
    }
    default:
      return undefined;
  }
}
