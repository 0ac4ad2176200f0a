// The search tool: a text found in the lists the user lets tools read, of every signed-in account
// or the one named, with the search Search Snippets uses; bounded results, each with its owner,
// account, files, languages, matched lines and references the read tool takes.
import vscode = require('vscode');
import type { SnippetsContext } from '../snippets/context';
import { Bounds } from '../../model/agentTools/bounds';
import { snippetListText } from '../../model/agentTools/listResults';
import { plainName } from '../../model/agentTools/outsideData';
import type { SearchInput } from '../../model/agentTools/schemas';
import type { SearchList } from '../../model/snippets/search/types';
import { languageOf, ownerOf, readableLists, sourceOf } from './host';
import { findInLists } from './listsRead';

export async function searchTool(host: SnippetsContext, input: SearchInput, signal: AbortSignal): Promise<string> {
  const read = readableLists(host, input);
  if (typeof read === 'string') return read;
  const { lists, notes, allowed } = read;
  const searched: SearchList[] = [...lists];
  const user = input.user?.trim();
  if (user) {
    if (allowed.includes('browse')) searched.push(`user:${user}`);
    else {
      notes.push(
        vscode.l10n.t(
          'Not read: the snippets of user "{0}", since the setting bitbucketSnippets.agentTools.lists does not allow "browse".',
          plainName(user),
        ),
      );
    }
  }
  if (searched.length === 0) {
    return [...notes, vscode.l10n.t('Nothing was searched: no list is left to read.')].join('\n\n');
  }
  const targets = read.accounts.map((target) => ({ target, lists: searched }));
  const found = await findInLists(input.query, targets, signal);
  return snippetListText({
    heading: vscode.l10n.t('Search for "{0}" in {1}', input.query.trim(), searched.join(', ')),
    sources: targets.map((t) => sourceOf(t.target)),
    found: found.found.map((r) => ({
      accountId: r.target.id,
      accountLabel: r.target.label,
      snippet: r.snippet,
      owner: ownerOf(r.target, r.snippet.userId),
      matches: r.matches,
    })),
    max: input.maxResults ?? Bounds.results,
    noun: vscode.l10n.t('matching snippets'),
    none: vscode.l10n.t('No snippet matches "{0}".', plainName(input.query.trim())),
    notes: [...notes, ...found.notes],
    languageOf,
  });
}
