// How much a tool result may hold, so a large server never floods a model's context: a count of
// items and a count of characters, each cut saying what the whole was ("showing 20 of 143
// matches"). Plain Node.
import * as l10n from '@vscode/l10n';

export const Bounds = {
  /** Results of a search or a category, unless the input asks for fewer (or up to maxResultsCap). */
  results: 20,
  maxResultsCap: 50,
  /** Categories listed. */
  categories: 100,
  /** Matched lines shown per snippet. */
  linesPerSnippet: 3,
  /** Characters of one file the read tool returns, unless the input asks otherwise. */
  fileCharacters: 20_000,
  /** Characters of a whole result (a search's, a list's): what is past them is left out, and said. */
  resultCharacters: 16_000,
  /**
   * The most the save tool proposes: its confirmation shows every character that will be saved,
   * and a person reads no more than this in one (files together); a larger proposal is refused.
   */
  proposalCharacters: 20_000,
  proposalLines: 500,
} as const;

export interface Shown<T> {
  items: T[];
  total: number;
}

/** The first `max` items and how many there were. */
export function firstOf<T>(items: readonly T[], max: number): Shown<T> {
  return { items: items.slice(0, Math.max(0, max)), total: items.length };
}

/** "Showing 20 of 143 matches." when cut; undefined when everything is shown. */
export function shownOf(shown: number, total: number, what: string): string | undefined {
  return shown < total ? l10n.t('Showing {0} of {1} {2}.', shown, total, what) : undefined;
}

export interface CutText {
  text: string;
  /** Characters of the whole text. */
  total: number;
  cut: boolean;
}

/** The first `max` characters of `text`, at a line end when one is near, never inside a surrogate pair. */
export function cutText(text: string, max: number): CutText {
  if (text.length <= max) return { text, total: text.length, cut: false };
  let end = max;
  const lineEnd = text.lastIndexOf('\n', end);
  if (lineEnd > max * 0.8) end = lineEnd + 1;
  else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return { text: text.slice(0, end), total: text.length, cut: true };
}

/**
 * Joins parts of a result until `max` characters: the parts that fit, and how many were left out.
 * The first part always fits (cut itself if it must), so a result is never empty.
 */
export function joinWithin(parts: readonly string[], max: number, separator = '\n\n'): { text: string; shown: number } {
  let text = '';
  let shown = 0;
  for (const part of parts) {
    const next = shown === 0 ? part : `${text}${separator}${part}`;
    if (next.length > max) {
      if (shown === 0) return { text: cutText(part, max).text, shown: 1 };
      break;
    }
    text = next;
    shown++;
  }
  return { text, shown };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
