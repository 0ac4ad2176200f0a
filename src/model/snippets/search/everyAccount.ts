// The one search runner: Search Snippets… searches one account or every signed-in account, each
// by its own SnippetSearch (its loaded lists first, then its server), at once, and the results go,
// marked with their account, into the session's LastSearch, the "Search results" root of the
// view. A failing account (its server down) is reported for that account; the others' results
// stay. No `vscode` here.
import { normalizeQuery } from './match';
import type { LastSearch } from './lastSearch';
import { EmptyQueryError, type SearchList, type SearchOptions, type SearchResult, type SearchSummary } from './types';

export interface AccountToSearch {
  accountId: string;
  search: { find(query: string, options: SearchOptions): Promise<SearchSummary> };
  lists: readonly SearchList[];
}

export interface AccountFailure {
  accountId: string;
  list: SearchList;
  error: unknown;
}

export interface EveryAccountSummary {
  query: string;
  results: SearchResult[];
  requests: number;
  cancelled: boolean;
  failures: AccountFailure[];
  /** When pages kept from an earlier session were searched: when the oldest was fetched. */
  keptSince?: number;
}

export async function searchAccounts(
  query: string,
  targets: readonly AccountToSearch[],
  last: LastSearch,
  options: { signal?: AbortSignal; onResults?: (results: SearchResult[]) => void },
): Promise<EveryAccountSummary> {
  // Refused before it replaces the last search's results.
  if (!normalizeQuery(query)) throw new EmptyQueryError();
  const token = last.begin(query.trim());
  const summary: EveryAccountSummary = {
    query: query.trim(),
    results: [],
    requests: 0,
    cancelled: false,
    failures: [],
  };
  // Per account, its results as they streamed in, then as its search ordered them: the final list
  // goes account by account in the order given, whichever answered first.
  const byAccount: SearchResult[][] = targets.map(() => []);
  try {
    await Promise.all(
      targets.map(async (target, index) => {
        const mark = (results: readonly Omit<SearchResult, 'accountId'>[]): SearchResult[] =>
          results.map((r) => ({ ...r, accountId: target.accountId }));
        try {
          const found = await target.search.find(query, {
            lists: target.lists,
            signal: options.signal,
            onResults: (results) => {
              const marked = mark(results);
              byAccount[index].push(...marked);
              last.add(token, marked);
              options.onResults?.(marked);
            },
          });
          byAccount[index] = mark(found.results);
          summary.requests += found.requests;
          if (found.keptSince !== undefined) {
            summary.keptSince = Math.min(summary.keptSince ?? found.keptSince, found.keptSince);
          }
          summary.failures.push(...found.failures.map((f) => ({ ...f, accountId: target.accountId })));
        } catch (err) {
          // The whole account failed (signed out meanwhile): one failure for its first list.
          if (!options.signal?.aborted) {
            summary.failures.push({ accountId: target.accountId, list: target.lists[0] ?? 'mine', error: err });
          }
        }
      }),
    );
    summary.cancelled = options.signal?.aborted === true;
    summary.results = byAccount.flat();
    return summary;
  } finally {
    last.end(token, summary);
  }
}
