// How the offline cache stays within its bound: the least recently used snippets go first (the
// map of entries is in the order of use, so this needs no sort), and every list loses them in one
// pass. No `vscode` here.
import { isSearchList, type ListEntry } from './cachedLists';
import { LIST_SLOT_BYTES, type SnippetEntry } from './keptText';

/**
 * Drops the least recently used `snippets` until `bytes` (what everything kept counts for) is at
 * most `max`, then takes them out of every list; returns what is left kept. A search list that
 * lost a snippet goes whole: with a hole it would miss results, and the next search reads the
 * server. A list left empty goes too.
 */
export function evictLeastUsed(
  snippets: Map<string, SnippetEntry>,
  lists: Map<string, ListEntry>,
  bytes: number,
  max: number,
): number {
  if (bytes <= max) return bytes;
  const evicted = new Set<string>();
  for (const [guid, entry] of snippets) {
    if (bytes <= max) break;
    bytes -= entry.bytes;
    evicted.add(guid);
  }
  for (const guid of evicted) snippets.delete(guid);
  for (const [id, list] of [...lists]) {
    const kept = list.guids.filter((guid) => !evicted.has(guid));
    if (kept.length === list.guids.length && kept.length > 0) continue;
    if (isSearchList(id) || kept.length === 0) {
      lists.delete(id);
      bytes -= LIST_SLOT_BYTES * list.guids.length;
      continue;
    }
    bytes -= LIST_SLOT_BYTES * (list.guids.length - kept.length);
    list.guids = kept;
  }
  return bytes;
}
