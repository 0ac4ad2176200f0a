// The snippets the extension knows without asking the server, as the picks of Compare with
// Snippet… and of the patch commands offer their files: every signed-in account's loaded lists and
// the last search's results, each snippet once, most recently updated first. Plain Node.
import type { Snippet, SnippetFile } from '../../api/types';
import type { SnippetStore } from './store';

/** A snippet as one account knows it: from a loaded list or the last search's results. */
export interface KnownSnippet {
  accountId: string;
  snippet: Snippet;
}

/** A file of a known snippet, as Compare with Snippet… and the patch commands offer it. */
export interface FileChoice extends KnownSnippet {
  file: SnippetFile;
}

/**
 * The files of the given snippets, most recently updated snippet first (its files in their order).
 * A snippet known twice in one account (a list and a search) counts once, as its latest copy; a
 * second file of the same name is left out, as every command addresses a file by its name.
 */
export function fileChoices(known: Iterable<KnownSnippet>): FileChoice[] {
  const latest = new Map<string, KnownSnippet>();
  for (const entry of known) {
    const key = `${entry.accountId}\n${entry.snippet.guid}`;
    const seen = latest.get(key);
    if (!seen || entry.snippet.updatedAt > seen.snippet.updatedAt) latest.set(key, entry);
  }
  // Array.prototype.sort is stable: snippets updated at the same moment keep the order they were given in.
  const snippets = [...latest.values()].sort((a, b) => b.snippet.updatedAt - a.snippet.updatedAt);
  return snippets.flatMap(({ accountId, snippet }) => {
    const names = new Set<string>();
    return snippet.files
      .filter((file) => !names.has(file.name) && names.add(file.name))
      .map((file) => ({ accountId, snippet, file }));
  });
}

/** Where known snippets are: the accounts' services (SnippetServices) and the last search (LastSearch). */
export interface KnownSources {
  /** The signed-in accounts' ids, in their order. */
  accountIds: readonly string[];
  /** An account's service, if it has one (none is made to be asked), with the lists it loaded. */
  services: { existing(accountId: string): { store: Pick<SnippetStore, 'listIds' | 'snippetsOf'> } | undefined };
  /** The last search; results of an account no longer signed in are left out. */
  lastSearch: { readonly state: { readonly results: readonly KnownSnippet[] } | undefined };
}

/** The files of every snippet the signed-in accounts know, as fileChoices orders them. */
export function knownSnippetFiles({ accountIds, services, lastSearch }: KnownSources): FileChoice[] {
  const known: KnownSnippet[] = [];
  for (const accountId of accountIds) {
    const store = services.existing(accountId)?.store;
    for (const list of store?.listIds() ?? []) {
      for (const snippet of store?.snippetsOf(list) ?? []) known.push({ accountId, snippet });
    }
  }
  const signedIn = new Set(accountIds);
  for (const { accountId, snippet } of lastSearch.state?.results ?? []) {
    if (signedIn.has(accountId)) known.push({ accountId, snippet });
  }
  return fileChoices(known);
}
