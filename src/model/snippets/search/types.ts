// What a search is asked and what it answers, shared by the finder (search.ts), the runner that
// searches one or every account (everyAccount.ts) and the session's record of the last search
// (lastSearch.ts), so none of them imports another for its types. No `vscode` here.
import * as l10n from '@vscode/l10n';
import type { Snippet } from '../../../api/types';
import type { SearchMatch } from './match';

/** The lists a search reads from the server (categories are in these too). */
export type SearchList = 'mine' | 'starred' | 'browse' | `user:${string}`;

/** A snippet one account's SnippetSearch found. */
export interface FoundSnippet {
  snippet: Snippet;
  /** The list it was found in first. */
  list: SearchList;
  matches: SearchMatch[];
}

/** A found snippet with the account it was found in: what the session's last search holds. */
export interface SearchResult extends FoundSnippet {
  accountId: string;
}

export interface SearchOptions {
  lists: readonly SearchList[];
  signal?: AbortSignal;
  /** Told of each batch of new results, as soon as they are found. */
  onResults?: (results: FoundSnippet[]) => void;
}

export interface SearchSummary {
  query: string;
  results: FoundSnippet[];
  /** Requests sent for this search. */
  requests: number;
  /** When pages kept from an earlier session were searched: when the oldest of them was fetched. */
  keptSince?: number;
  cancelled: boolean;
  /** Lists that could not be read to the end; their results so far are included. */
  failures: Array<{ list: SearchList; error: unknown }>;
}

/** An empty search: it would match every snippet, so nothing is asked. */
export class EmptyQueryError extends Error {
  constructor() {
    super(l10n.t('Type something to search for: a name, a file name, a category or text inside a file.'));
    this.name = 'EmptyQueryError';
  }
}
