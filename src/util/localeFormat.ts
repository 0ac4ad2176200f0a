// Numbers, dates and relative times in the display language (VS Code's `vscode.env.language`,
// handed in by the editor layer), through Intl. No `vscode` here: plain logic, tested in Node.
// A time no `Date` holds (a hostile server, a hand-edited file) reads as "unknown time" instead of
// throwing: one row that cannot be formatted would empty its whole level of the tree.

import * as l10n from '@vscode/l10n';
import { isDateTime } from '../api/timestamps';

const SECOND = 1000;

/** Intl takes BCP 47 tags; VS Code's are that already ('de', 'zh-cn', 'pt-br'). An unknown one falls back to English. */
function supported(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
}

export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(supported(locale)).format(n);
}

/** What a time a `Date` cannot hold reads as. */
export const unknownTime = (): string => l10n.t('unknown time');

export function formatDate(ms: number, locale: string): string {
  if (!isDateTime(ms)) return unknownTime();
  return new Intl.DateTimeFormat(supported(locale), { dateStyle: 'medium' }).format(ms);
}

export function formatDateTime(ms: number, locale: string): string {
  if (!isDateTime(ms)) return unknownTime();
  return new Intl.DateTimeFormat(supported(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** "just now", "5 minutes ago", "yesterday", "3 months ago"… A time in the future counts as now. */
export function relativeTime(at: number, now: number, locale: string): string {
  if (!isDateTime(at) || !isDateTime(now)) return unknownTime();
  const seconds = Math.max(0, Math.round((now - at) / SECOND));
  if (seconds < 45) return l10n.t('just now');
  const rtf = new Intl.RelativeTimeFormat(supported(locale), { numeric: 'auto' });
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
