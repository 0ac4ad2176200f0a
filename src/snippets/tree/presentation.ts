// The words and markdown the snippet tree shows: labels, descriptions, tooltips and empty
// states. Plain logic without `vscode`, unit-tested in Node; the provider only wraps it.
import type { Comment, Snippet } from '../../api/types';
import type { ListId, ListState } from '../core/store';
import { personLabel, type People } from '../core/people';

/** "just now", "5 minutes ago", "yesterday", "3 months ago"… A time in the future counts as now. */
export function relativeTime(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 30) return plural(days, 'day');
  const months = Math.round(days / 30.4);
  if (months < 12) return plural(months, 'month');
  return plural(Math.max(1, Math.round(days / 365)), 'year');
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * A list root's description: its count, and how old the rows are when they are not the server's
 * latest answer: "12 · cached 5 minutes ago" until the revalidation answers, "12 · offline
 * (cached 5 minutes ago)" while the server does not answer.
 */
export function cachedListDescription(count: string, state: Pick<ListState, 'fromCache' | 'fetchedAt' | 'error'>, offline: boolean, now: number): string {
  if (state.fetchedAt === undefined) return count;
  const age = relativeTime(state.fetchedAt, now);
  if (offline && (state.fromCache || state.error)) return `${count} · offline (cached ${age})`;
  if (state.fromCache) return `${count} · cached ${age}`;
  return count;
}

/** The row under an offline list that keeps its rows. */
export function offlineListText(fetchedAt: number, now: number): string {
  return `Offline: showing what was loaded ${relativeTime(fetchedAt, now)} — click to retry`;
}

/**
 * A snippet row's description. Other people's snippets are always marked: "by bob" when
 * the owner's name is known, "shared" otherwise (the tooltip then gives the id).
 */
export function snippetDescription(snippet: Snippet, own: boolean, people: People, now: number): string {
  const when = relativeTime(snippet.updatedAt, now);
  if (own) return when;
  const name = people.names.get(snippet.userId);
  return `${name ? `by ${name}` : 'shared'} · ${when}`;
}

/** Escapes text for a markdown tooltip, so names and descriptions from the server stay text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

/** The tooltip of a snippet row, as markdown: description, owner, categories, files, times. */
export function snippetTooltip(snippet: Snippet, own: boolean, people: People, now: number): string {
  const lines = [`**${escapeMarkdown(snippet.name)}**`];
  if (snippet.description) lines.push(escapeMarkdown(snippet.description));
  const owner = own ? 'you' : people.names.get(snippet.userId) ? `${people.names.get(snippet.userId)} (user ${snippet.userId})` : `user ${snippet.userId}`;
  lines.push(`Owner: ${escapeMarkdown(owner)}`);
  if (snippet.categories.length > 0) lines.push(`Categories: ${snippet.categories.map((c) => escapeMarkdown(c.name)).join(', ')}`);
  const files = snippet.files.length;
  const comments = snippet.comments.length;
  lines.push(
    `${files} file${files === 1 ? '' : 's'} · ${comments} comment${comments === 1 ? '' : 's'} · updated ${relativeTime(snippet.updatedAt, now)} (${new Date(snippet.updatedAt).toLocaleString()})`,
  );
  return lines.join('\n\n');
}

/** A comment row's label: its first non-empty line, shortened. */
export function commentLabel(comment: Pick<Comment, 'text'>, max = 80): string {
  const first = comment.text.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '(empty comment)';
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/** A comment row's description: author and when, and whether it was edited. */
export function commentDescription(comment: Comment, people: People, now: number): string {
  const edited = comment.updatedAt > comment.createdAt + 1000 ? ' (edited)' : '';
  return `${personLabel(comment.userId, people)} · ${relativeTime(comment.createdAt, now)}${edited}`;
}

/** How a list is named in rows and messages. */
export function listTitle(list: ListId, categoryName?: string): string {
  if (list === 'mine') return 'My Snippets';
  if (list === 'starred') return 'Starred';
  if (list === 'browse') return 'Browse';
  if (list.startsWith('user:')) return `${list.slice('user:'.length)}'s snippets`;
  return categoryName ? `category ${categoryName}` : 'this category';
}

/** What an empty list says, with the next step. */
export function emptyListText(list: ListId): string {
  if (list === 'mine') return 'No snippets yet. Create one with Save Selection as Snippet or the + button.';
  if (list === 'starred') return "Nothing starred yet: star snippets in Bitbucket's web UI.";
  if (list === 'browse') return 'No snippets are visible to you on this server yet.';
  if (list.startsWith('user:')) return `${list.slice('user:'.length)} has no snippets you can see (or no such user).`;
  return 'No snippets in this category.';
}

export const NO_CATEGORIES_TEXT = 'No categories yet: add categories to a snippet with Edit Details.';

/** Said when a filter hides every loaded snippet of a list. */
export function noMatchText(filter: string, more: boolean): string {
  return `No loaded snippets match "${filter}"${more ? ': load more to search further' : ''}.`;
}
