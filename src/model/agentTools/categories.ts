// Categories as the list tools see them: each name with how many snippets carry it, gathered from
// the snippets of the lists read (names compared ignoring case, as the tree does), and a
// category's snippets. Plain Node.
import * as l10n from '@vscode/l10n';
import type { Snippet } from '../../api/types';
import { Bounds, firstOf, shownOf } from './bounds';
import { dataNotice, plainName, quoted, type DataSource } from './outsideData';

export interface CategoryCount {
  name: string;
  snippets: number;
  /** The accounts (labels) whose snippets carry it. */
  accounts: string[];
}

export function countCategories(found: ReadonlyArray<{ snippet: Snippet; accountLabel: string }>): CategoryCount[] {
  const byName = new Map<string, CategoryCount & { guids: Set<string> }>();
  for (const { snippet, accountLabel } of found) {
    for (const category of snippet.categories) {
      const key = category.name.toLowerCase();
      const entry = byName.get(key) ?? { name: category.name, snippets: 0, accounts: [], guids: new Set<string>() };
      const guid = `${accountLabel}\n${snippet.guid}`;
      if (!entry.guids.has(guid)) {
        entry.guids.add(guid);
        entry.snippets++;
      }
      if (!entry.accounts.includes(accountLabel)) entry.accounts.push(accountLabel);
      byName.set(key, entry);
    }
  }
  return [...byName.values()]
    .map(({ name, snippets, accounts }) => ({ name, snippets, accounts }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function hasCategory(snippet: Snippet, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return snippet.categories.some((c) => c.name.toLowerCase() === wanted);
}

export function categoriesText(
  counts: readonly CategoryCount[],
  sources: readonly DataSource[],
  notes: readonly string[],
  severalAccounts: boolean,
): string {
  const head = [l10n.t('Categories of Bitbucket snippets'), dataNotice(sources), ...notes];
  if (counts.length === 0) return [...head, l10n.t('No snippet in the lists read has a category.')].join('\n\n');
  const shown = firstOf(counts, Bounds.categories);
  const totals = [
    l10n.t('{0} categories.', counts.length),
    shownOf(shown.items.length, shown.total, l10n.t('categories')),
  ]
    .filter(Boolean)
    .join(' ');
  const lines = shown.items.map((c) =>
    severalAccounts
      ? l10n.t('- {0}: {1} snippet(s) ({2})', quoted(c.name), c.snippets, c.accounts.map(plainName).join(', '))
      : l10n.t('- {0}: {1} snippet(s)', quoted(c.name), c.snippets),
  );
  return [
    ...head,
    totals,
    lines.join('\n'),
    l10n.t("List a category's snippets with the category tool and its name."),
  ].join('\n\n');
}
