// The words and markdown the snippet tree shows: labels, descriptions, tooltips and empty
// states. Plain logic without `vscode`, unit-tested in Node; the provider only wraps it and hands
// in the display language (`locale`) for numbers and times.
import type { Comment, Snippet } from '../../../api/types';
import type { ListId, ListState } from '../store';
import { personLabel, type People } from '../people';
import { formatCount, formatDateTime, relativeTime } from '../../../util/localeFormat';
import * as l10n from '@vscode/l10n';

export { relativeTime };

/**
 * A list root's description: its count, and how old the rows are when they are not the server's
 * latest answer: "12 · cached 5 minutes ago" until the revalidation answers, "12 · offline
 * (cached 5 minutes ago)" while the server does not answer.
 */
export function cachedListDescription(
  count: string,
  state: Pick<ListState, 'fromCache' | 'fetchedAt' | 'error'>,
  offline: boolean,
  now: number,
  locale = 'en',
): string {
  if (state.fetchedAt === undefined) return count;
  const age = relativeTime(state.fetchedAt, now, locale);
  if (offline && (state.fromCache || state.error)) return l10n.t('{0} · offline (cached {1})', count, age);
  if (state.fromCache) return l10n.t('{0} · cached {1}', count, age);
  return count;
}

/** The row under an offline list that keeps its rows. */
export function offlineListText(fetchedAt: number, now: number, locale = 'en'): string {
  return l10n.t('Offline: showing what was loaded {0} — click to retry', relativeTime(fetchedAt, now, locale));
}

/**
 * A snippet row's description. Other people's snippets are always marked: "by bob" when
 * the owner's name is known, "shared" otherwise (the tooltip then gives the id).
 */
export function snippetDescription(snippet: Snippet, own: boolean, people: People, now: number, locale = 'en'): string {
  const when = relativeTime(snippet.updatedAt, now, locale);
  if (own) return when;
  const name = people.names.get(snippet.userId);
  return name ? l10n.t('by {0} · {1}', name, when) : l10n.t('shared · {0}', when);
}

/** Escapes text for a markdown tooltip, so names and descriptions from the server stay text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

/** The tooltip of a snippet row, as markdown: description, owner, categories, files, times. */
export function snippetTooltip(snippet: Snippet, own: boolean, people: People, now: number, locale = 'en'): string {
  const lines = [`**${escapeMarkdown(snippet.name)}**`];
  if (snippet.description) lines.push(escapeMarkdown(snippet.description));
  const name = people.names.get(snippet.userId);
  const owner = own
    ? l10n.t('you')
    : name
      ? l10n.t('{0} (user {1})', name, snippet.userId)
      : l10n.t('user {0}', snippet.userId);
  lines.push(l10n.t('Owner: {0}', escapeMarkdown(owner)));
  if (snippet.categories.length > 0) {
    lines.push(l10n.t('Categories: {0}', snippet.categories.map((c) => escapeMarkdown(c.name)).join(', ')));
  }
  const files = snippet.files.length;
  const comments = snippet.comments.length;
  lines.push(
    [
      files === 1 ? l10n.t('1 file') : l10n.t('{0} files', formatCount(files, locale)),
      comments === 1 ? l10n.t('1 comment') : l10n.t('{0} comments', formatCount(comments, locale)),
      l10n.t(
        'updated {0} ({1})',
        relativeTime(snippet.updatedAt, now, locale),
        formatDateTime(snippet.updatedAt, locale),
      ),
    ].join(' · '),
  );
  return lines.join('\n\n');
}

/** A comment row's label: its first non-empty line, shortened. */
export function commentLabel(comment: Pick<Comment, 'text'>, max = 80): string {
  const first =
    comment.text
      .split(/\r?\n/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? l10n.t('(empty comment)');
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/** A comment row's description: author and when, and whether it was edited. */
export function commentDescription(comment: Comment, people: People, now: number, locale = 'en'): string {
  const who = personLabel(comment.userId, people);
  const when = relativeTime(comment.createdAt, now, locale);
  return comment.updatedAt > comment.createdAt + 1000 ? l10n.t('{0} · {1} (edited)', who, when) : `${who} · ${when}`;
}

/** The first line of a comment row's markdown tooltip: author and when (the comment's text follows as text). */
export function commentTooltipHeading(comment: Comment, people: People, locale = 'en'): string {
  return `**${escapeMarkdown(personLabel(comment.userId, people))}**, ${formatDateTime(comment.createdAt, locale)}`;
}

/** How a list is named in rows and messages. */
export function listTitle(list: ListId, categoryName?: string): string {
  if (list === 'mine') return l10n.t('My Snippets');
  if (list === 'starred') return l10n.t('Starred');
  if (list === 'browse') return l10n.t('Browse');
  if (list.startsWith('user:')) return l10n.t("{0}'s snippets", list.slice('user:'.length));
  return categoryName ? l10n.t('category {0}', categoryName) : l10n.t('this category');
}

/** What an empty list says, with the next step. */
export function emptyListText(list: ListId): string {
  if (list === 'mine') return l10n.t('No snippets yet. Create one with Save Selection as Snippet or the + button.');
  if (list === 'starred') return l10n.t("Nothing starred yet: star snippets in Bitbucket's web UI.");
  if (list === 'browse') return l10n.t('No snippets are visible to you on this server yet.');
  if (list.startsWith('user:')) {
    return l10n.t('{0} has no snippets you can see (or no such user).', list.slice('user:'.length));
  }
  return l10n.t('No snippets in this category.');
}

export const noCategoriesText = (): string =>
  l10n.t('No categories yet: add categories to a snippet with Edit Details.');

/** Said when a filter hides every loaded snippet of a list. */
export function noMatchText(filter: string, more: boolean): string {
  return more
    ? l10n.t('No loaded snippets match "{0}": load more to search further.', filter)
    : l10n.t('No loaded snippets match "{0}".', filter);
}
