// Reading snippets for the tools with the search Search Snippets uses (model/snippets/search/):
// each account's loaded lists and kept pages first, then its server; when a server cannot be
// reached, what the offline cache holds of the lists it could not read, saying so.
import { isUnreachable } from '../../model/snippets/connectivity';
import { searchAccounts } from '../../model/snippets/search/everyAccount';
import { LastSearch } from '../../model/snippets/search/lastSearch';
import { matchSnippet, normalizeQuery, type SearchMatch } from '../../model/snippets/search/match';
import type { SearchList } from '../../model/snippets/search/types';
import type { Snippet } from '../../api/types';
import { describeError, messageContext } from '../../util/describeError';
import vscode = require('vscode');
import type { ToolAccount } from './host';

export interface AccountLists {
  target: ToolAccount;
  lists: SearchList[];
}

export interface Read {
  target: ToolAccount;
  snippet: Snippet;
  matches: SearchMatch[];
}

export interface ReadResult {
  found: Read[];
  /** Offline, kept pages, lists not read to the end: what the result should say. */
  notes: string[];
}

/** Snippets whose name, description, categories, file names or content contain `query`. */
export async function findInLists(
  query: string,
  targets: readonly AccountLists[],
  signal: AbortSignal,
): Promise<ReadResult> {
  // A LastSearch of its own: a tool call must not replace the "Search results" the user sees in the view.
  const summary = await searchAccounts(
    query,
    targets.map((t) => ({ accountId: t.target.id, search: t.target.service.search, lists: t.lists })),
    new LastSearch(),
    { signal },
  );
  const byId = new Map(targets.map((t) => [t.target.id, t.target]));
  const found: Read[] = summary.results.flatMap((r) => {
    const target = byId.get(r.accountId);
    return target ? [{ target, snippet: r.snippet, matches: r.matches }] : [];
  });
  const notes: string[] = [];
  if (summary.keptSince !== undefined) {
    notes.push(
      vscode.l10n.t(
        'Some lists were searched in pages kept since {0}; snippets made since then may be missing.',
        new Date(summary.keptSince).toISOString(),
      ),
    );
  }
  const needle = normalizeQuery(query);
  for (const t of targets) {
    const failures = summary.failures.filter((f) => f.accountId === t.target.id);
    const fromCache = await offlineFallback(t.target, failures, found, (snippet) => {
      const matches = matchSnippet(snippet, needle);
      return matches.length > 0 ? matches : undefined;
    });
    notes.push(...fromCache.notes);
    found.push(...fromCache.found);
  }
  return { found, notes };
}

/**
 * Lists whose server could not be reached are read from the offline cache (the first pages kept
 * there); any other failure is said with its reason. `match` keeps what the caller wants.
 */
export async function offlineFallback(
  target: ToolAccount,
  failures: ReadonlyArray<{ list: SearchList; error: unknown }>,
  already: readonly Read[],
  match: (snippet: Snippet) => SearchMatch[] | undefined,
): Promise<ReadResult> {
  const found: Read[] = [];
  const notes: string[] = [];
  const offline = failures.filter((f) => isUnreachable(f.error) || target.service.connectivity.current.offline);
  for (const failure of failures.filter((f) => !offline.includes(f))) {
    notes.push(
      vscode.l10n.t(
        'Not all of {0} of {1} was read: {2}',
        failure.list,
        target.label,
        describeError(failure.error, messageContext(vscode.l10n.t('read {0}', failure.list), target.account)),
      ),
    );
  }
  if (offline.length === 0) {
    // Every list was read from what is loaded or kept, with no request that could fail: still say the server is away.
    if (target.service.connectivity.current.offline) {
      notes.push(
        vscode.l10n.t(
          'Offline: the server of {0} cannot be reached. These results come from what was loaded or kept in the offline cache, and may be out of date.',
          target.label,
        ),
      );
    }
    return { found, notes };
  }
  const seen = new Set(already.filter((r) => r.target.id === target.id).map((r) => r.snippet.guid));
  let oldest: number | undefined;
  for (const { list } of offline) {
    // Seeds the list from the offline cache when it has it (its one request in the background fails quietly).
    await target.service.ensureLoaded(list).catch(() => undefined);
    const state = target.service.store.list(list);
    if (state.fetchedAt !== undefined) oldest = Math.min(oldest ?? state.fetchedAt, state.fetchedAt);
    for (const snippet of target.service.store.snippetsOf(list)) {
      if (seen.has(snippet.guid)) continue;
      const matches = match(snippet);
      if (!matches) continue;
      seen.add(snippet.guid);
      found.push({ target, snippet, matches });
    }
  }
  const lists = offline.map((f) => f.list).join(', ');
  notes.push(
    oldest !== undefined
      ? vscode.l10n.t(
          'Offline: the server of {0} cannot be reached. {1} came from the offline cache (read {2}) and may be incomplete or out of date.',
          target.label,
          lists,
          new Date(oldest).toISOString(),
        )
      : vscode.l10n.t(
          'Offline: the server of {0} cannot be reached, and the offline cache has nothing of {1}.',
          target.label,
          lists,
        ),
  );
  return { found, notes };
}
