// What a snippet looks like after a comment was added, edited or deleted, without asking the
// server again. Plain logic without `vscode`.
import type { Comment, Snippet } from '../../../api/types';

/** The snippet with this comment added, or replaced when one with its guid exists. */
export function withComment(snippet: Snippet, comment: Comment): Snippet {
  const exists = snippet.comments.some((c) => c.guid === comment.guid);
  const comments = exists
    ? snippet.comments.map((c) => (c.guid === comment.guid ? comment : c))
    : [...snippet.comments, comment];
  return { ...snippet, comments };
}

export function withoutComment(snippet: Snippet, commentGuid: string): Snippet {
  return { ...snippet, comments: snippet.comments.filter((c) => c.guid !== commentGuid) };
}
