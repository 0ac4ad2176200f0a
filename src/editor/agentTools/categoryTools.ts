// The category tools: the categories of the snippets in the lists the user lets tools read (each
// with how many snippets carry it), and one category's snippets, bounded.
import vscode = require('vscode');
import type { SnippetsContext } from '../snippets/context';
import type { Snippet } from '../../api/types';
import { Bounds } from '../../model/agentTools/bounds';
import { categoriesText, countCategories, hasCategory } from '../../model/agentTools/categories';
import { snippetListText } from '../../model/agentTools/listResults';
import { plainName } from '../../model/agentTools/outsideData';
import type { AgentList, ListCategoriesInput, ListCategoryInput } from '../../model/agentTools/schemas';
import type { SearchList } from '../../model/snippets/search/types';
import { languageOf, ownerOf, readableLists, sourceOf, type ToolAccount } from './host';
import { findInLists, offlineFallback, type ReadResult } from './listsRead';

/**
 * What the search looks for when only its paging is wanted: it pages every list through to its end
 * into the pages it keeps, which are read afterwards. Its matches are not used, so a snippet that
 * holds this text (two noncharacters) changes nothing.
 */
const PAGES_EVERY_LIST = '\uffff\uffff';

/** What a category tool reads (host.ts), or the answer that says why nothing can be. */
function readable(
  host: SnippetsContext,
  input: ListCategoriesInput,
): { accounts: ToolAccount[]; lists: AgentList[]; notes: string[] } | string {
  const read = readableLists(host, input);
  if (typeof read === 'string') return read;
  if (read.lists.length === 0) {
    return [...read.notes, vscode.l10n.t('Nothing was read: no list is left to read.')].join('\n\n');
  }
  return read;
}

export async function listCategoriesTool(
  host: SnippetsContext,
  input: ListCategoriesInput,
  signal: AbortSignal,
): Promise<string> {
  const read = readable(host, input);
  if (typeof read === 'string') return read;
  const { accounts: targets, lists, notes } = read;
  const every = await everySnippet(targets, lists, signal);
  const counts = countCategories(every.found.map((r) => ({ snippet: r.snippet, accountLabel: r.target.label })));
  return categoriesText(counts, targets.map(sourceOf), [...notes, ...every.notes], targets.length > 1);
}

export async function listCategoryTool(
  host: SnippetsContext,
  input: ListCategoryInput,
  signal: AbortSignal,
): Promise<string> {
  const readableNow = readable(host, input);
  if (typeof readableNow === 'string') return readableNow;
  const { lists, notes } = readableNow;
  const category = input.category.trim();
  const targets = readableNow.accounts.map((target) => ({ target, lists: lists as SearchList[] }));
  // The search finds a category's name in the snippets' categories (and elsewhere): those that carry it are kept.
  const read = await findInLists(category, targets, signal);
  const found = read.found.filter((r) => hasCategory(r.snippet, category));
  return snippetListText({
    heading: vscode.l10n.t('Snippets in category "{0}" ({1})', category, lists.join(', ')),
    sources: targets.map((t) => sourceOf(t.target)),
    found: found.map((r) => ({
      accountId: r.target.id,
      accountLabel: r.target.label,
      snippet: r.snippet,
      owner: ownerOf(r.target, r.snippet.userId),
    })),
    max: input.maxResults ?? Bounds.results,
    noun: vscode.l10n.t('snippets in this category'),
    none: vscode.l10n.t(
      'No snippet in the lists read has the category "{0}". List the categories to see their names.',
      plainName(category),
    ),
    notes: [...notes, ...read.notes],
    languageOf,
  });
}

/** Every snippet of the lists, paged through by the search (kept pages first), offline from the cache. */
export async function everySnippet(
  targets: readonly ToolAccount[],
  lists: readonly SearchList[],
  signal: AbortSignal,
): Promise<ReadResult> {
  const found: ReadResult['found'] = [];
  const notes: string[] = [];
  await Promise.all(
    targets.map(async (target) => {
      const search = target.service.search;
      let failures: Array<{ list: SearchList; error: unknown }> = [];
      try {
        failures = (await search.find(PAGES_EVERY_LIST, { lists, signal })).failures;
      } catch (err) {
        failures = lists.map((list) => ({ list, error: err }));
      }
      const seen = new Set<string>();
      const add = (s: Snippet) => {
        if (seen.has(s.guid)) return;
        seen.add(s.guid);
        found.push({ target, snippet: target.service.store.get(s.guid) ?? s, matches: [] });
      };
      for (const list of lists) {
        for (const s of target.service.store.snippetsOf(list)) add(s);
        for (const s of search.pages.get(list)?.snippets ?? []) add(s);
      }
      const fallback = await offlineFallback(target, failures, found, () => []);
      found.push(...fallback.found);
      notes.push(...fallback.notes);
    }),
  );
  return { found, notes };
}
