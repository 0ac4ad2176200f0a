// Numbers, dates and relative times in the display language (VS Code's `vscode.env.language`,
// handed in by the editor layer), through Intl. No `vscode` here: plain logic, tested in Node.
// A time no `Date` holds (a hostile server, a hand-edited file) reads as "unknown time" instead of
// throwing: one row that cannot be formatted would empty its whole level of the tree.

import * as l10n from '@vscode/l10n';
import { isDateTime } from '../api/timestamps';

const SECOND = 1000;

/** A session has one display language; a few more are kept for tests and a changed setting. */
const MOST_LANGUAGES = 8;

/**
 * Each language's formatters, made at the first text that needs one and kept: making one costs
 * about a hundred times formatting with it (a tree of hundreds of rows formats a count or a date on
 * each), and the process's first (Intl's data) tens of milliseconds.
 */
interface Formatters {
  count?: Intl.NumberFormat;
  date?: Intl.DateTimeFormat;
  dateTime?: Intl.DateTimeFormat;
  relative?: Intl.RelativeTimeFormat;
}

const byLanguage = new Map<string, Formatters>();

/** Intl takes BCP 47 tags; VS Code's are that already ('de', 'zh-cn', 'pt-br'). An unknown one falls back to English. */
function supported(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
}

/** The language's formatter of one kind, made once. */
function formatter<K extends keyof Formatters>(
  locale: string,
  kind: K,
  make: (language: string) => NonNullable<Formatters[K]>,
): NonNullable<Formatters[K]> {
  let kept = byLanguage.get(locale);
  if (!kept) {
    if (byLanguage.size >= MOST_LANGUAGES) byLanguage.clear();
    kept = {};
    byLanguage.set(locale, kept);
  }
  return (kept[kind] ??= make(supported(locale))) as NonNullable<Formatters[K]>;
}

export function formatCount(n: number, locale: string): string {
  return formatter(locale, 'count', (language) => new Intl.NumberFormat(language)).format(n);
}

/** What a time a `Date` cannot hold reads as. */
export const unknownTime = (): string => l10n.t('unknown time');

export function formatDate(ms: number, locale: string): string {
  if (!isDateTime(ms)) return unknownTime();
  return formatter(locale, 'date', (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })).format(ms);
}

export function formatDateTime(ms: number, locale: string): string {
  if (!isDateTime(ms)) return unknownTime();
  return formatter(
    locale,
    'dateTime',
    (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(ms);
}

/** "just now", "5 minutes ago", "yesterday", "3 months ago"… A time in the future counts as now. */
export function relativeTime(at: number, now: number, locale: string): string {
  if (!isDateTime(at) || !isDateTime(now)) return unknownTime();
  const seconds = Math.max(0, Math.round((now - at) / SECOND));
  if (seconds < 45) return l10n.t('just now');
  const rtf = formatter(locale, 'relative', (language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 30) return rtf.format(-days, 'day');
  const months = Math.round(days / 30.4);
  if (months < 12) return rtf.format(-months, 'month');
  return rtf.format(-Math.max(1, Math.round(days / 365)), 'year');
}
