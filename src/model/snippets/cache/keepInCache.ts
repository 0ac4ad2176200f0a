// What the persistent cache learns from the store: the first page of every list the server just
// sent, and every newer copy of a cached snippet (a deleted one leaves). No `vscode` here.
import type { Snippet } from '../../../api/types';
import type { SnippetStore, StoreChange } from '../store';
import type { SnippetCache } from './snippetCache';

export function keepInCache(
  cache: SnippetCache,
  store: SnippetStore,
  change: StoreChange,
  pageSize: () => number,
): void {
  for (const id of change.lists) {
    const state = store.list(id);
    if (!state.loaded || state.loading || state.error || state.fromCache) continue;
    const size = Math.max(1, pageSize());
    const firstPage = state.guids.slice(0, size);
    const snippets = firstPage.map((g) => store.get(g)).filter((s): s is Snippet => s !== undefined);
    cache.putList(id, snippets, state.guids.length > size ? size : state.nextStart);
  }
  for (const guid of change.snippets) {
    const snippet = store.get(guid);
    if (snippet) cache.updateSnippet(snippet);
    else cache.removeSnippet(guid);
  }
}
