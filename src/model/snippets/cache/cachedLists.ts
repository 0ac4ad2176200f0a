// How the offline cache keeps a list: the guids of its snippets in the server's order (the
// snippets themselves are kept once, by guid, whatever lists they are in). The tree's first
// pages are kept by list id, and the pages a search fetched under `search:<list>`.
import type { Snippet } from '../../../api/types';
import type { ListLine } from './cacheFile';
import { LIST_SLOT_BYTES, type SnippetEntry } from './keptText';

export interface ListEntry {
  guids: string[];
  nextStart: number | undefined;
  fetchedAt: number;
  usedAt: number;
  /** Of a search list: its snippets and slots, as counted when they were kept (its share of the bound). */
  bytes?: number;
}

/**
 * The share of the bound one search's pages of a list may take. Past it the list keeps the pages
 * it has, and the search goes on from there next time: a search through a very large list leaves
 * the lists the user opened in the cache, and spends no time putting in snippets that would push
 * each other out again.
 */
export const SEARCH_SHARE = 0.5;

/** The id a search's pages of `list` are kept under (`search:mine`, `search:user:bob`). */
export const searchListId = (list: string): string => `search:${list}`;

/** Search pages must be whole: one with a hole would miss results, so it is dropped instead. */
export const isSearchList = (id: string): boolean => id.startsWith('search:');

/** Whether `snippets` begins with the guids of `guids`, in order: pages added to the ones kept. */
export function startsWith(snippets: readonly Snippet[], guids: readonly string[]): boolean {
  if (snippets.length < guids.length) return false;
  for (let i = 0; i < guids.length; i++) if (snippets[i].guid !== guids[i]) return false;
  return true;
}

/**
 * A list read back from the file, over the snippets kept (`kept`, by guid): its guids are the
 * kept entries' own strings. Undefined for search pages with a hole (the file was bounded since):
 * they would miss results.
 */
export function listFromFile(line: ListLine, kept: ReadonlyMap<string, SnippetEntry>): ListEntry | undefined {
  const entries = line.guids.flatMap((g) => kept.get(g) ?? []);
  const search = isSearchList(line.id);
  if (search && entries.length !== line.guids.length) return undefined;
  const guids = entries.map((e) => e.guid);
  return {
    guids,
    nextStart: line.nextStart ?? undefined,
    fetchedAt: line.fetchedAt,
    usedAt: line.usedAt,
    bytes: search ? listBytes(guids, kept) : undefined,
  };
}

/**
 * Counts each search list's bytes again from its snippets as they count now: a write made the
 * texts of snippets a search put in, and their real sizes replace the estimates the lists added.
 */
export function recountSearchLists(
  lists: ReadonlyMap<string, ListEntry>,
  kept: ReadonlyMap<string, SnippetEntry>,
): void {
  for (const [id, list] of lists) if (isSearchList(id)) list.bytes = listBytes(list.guids, kept);
}

/** What a search list counts for against its share: its snippets as they count now, and its slots. */
function listBytes(guids: readonly string[], kept: ReadonlyMap<string, SnippetEntry>): number {
  let bytes = 0;
  for (const guid of guids) bytes += (kept.get(guid)?.bytes ?? 0) + LIST_SLOT_BYTES;
  return bytes;
}

/** Takes a snippet that is gone out of every list that has it; returns the bytes of the slots it took. */
export function removeFromLists(lists: ReadonlyMap<string, ListEntry>, entry: SnippetEntry): number {
  let freed = 0;
  for (const list of lists.values()) {
    const i = list.guids.indexOf(entry.guid);
    if (i < 0) continue;
    list.guids.splice(i, 1);
    freed += LIST_SLOT_BYTES;
    if (list.bytes !== undefined) list.bytes -= entry.bytes + LIST_SLOT_BYTES;
  }
  return freed;
}
