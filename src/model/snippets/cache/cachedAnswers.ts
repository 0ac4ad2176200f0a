// What the offline cache answers: copies made from its texts at each read, so that what a caller
// keeps of them (the store's lists) is the caller's own memory, never the cache's. No `vscode` here.
import type { Snippet } from '../../../api/types';

export interface CachedList {
  snippets: Snippet[];
  /** Where the next page starts on the server, as it was when cached. */
  nextStart: number | undefined;
  /** When the server sent this page (ms since the epoch). */
  fetchedAt: number;
}

/** The pages a search fetched of one list, all of them, in the server's order. */
export interface CachedSearchPages {
  snippets: Snippet[];
  /** Where the next page starts; undefined when the whole list was fetched. */
  nextStart: number | undefined;
  fetchedAt: number;
}

export interface CachedSnippet {
  snippet: Snippet;
  fetchedAt: number;
}
