// The results of the search and list tools as text for a model: the source notice, the totals,
// the snippets (bounded in count and characters, saying what was left out), and notes (offline,
// lists not read to the end). Plain Node.
import * as l10n from '@vscode/l10n';
import { Bounds, joinWithin, shownOf } from './bounds';
import { dataNotice, plainName, type DataSource } from './outsideData';
import { snippetBlock, type LanguageOf, type ResultSnippet } from './snippetBlock';

export interface SnippetList {
  /** What was asked, as the result's first line says it: `Search for "retry"`. */
  heading: string;
  sources: readonly DataSource[];
  found: readonly ResultSnippet[];
  /** The most snippets to show. */
  max: number;
  /** What the found things are called in the totals line (`matching snippets`). */
  noun: string;
  /** Said when nothing was found. */
  none: string;
  /** Offline, kept pages, lists that failed: said after the totals. */
  notes: readonly string[];
  languageOf: LanguageOf;
  maxCharacters?: number;
}

export function snippetListText(list: SnippetList): string {
  const head = [plainName(list.heading), dataNotice(list.sources), ...list.notes];
  if (list.found.length === 0) return [...head, list.none].join('\n\n');
  const wanted = list.found.slice(0, list.max);
  const blocks = wanted.map((item, i) => snippetBlock(item, i + 1, list.languageOf));
  const budget = (list.maxCharacters ?? Bounds.resultCharacters) - head.join('\n\n').length - 400;
  const { text, shown } = joinWithin(blocks, Math.max(1000, budget));
  const totals = [l10n.t('Found {0} {1}.', list.found.length, list.noun), shownOf(shown, list.found.length, list.noun)]
    .filter(Boolean)
    .join(' ');
  const tail: string[] = [];
  if (shown < wanted.length) {
    tail.push(
      l10n.t(
        '{0} more were left out to keep this result short: ask again with a narrower query.',
        wanted.length - shown,
      ),
    );
  } else if (wanted.length < list.found.length) tail.push(l10n.t('Ask again with a narrower query to see the others.'));
  return [...head, totals, text, ...tail].join('\n\n');
}
