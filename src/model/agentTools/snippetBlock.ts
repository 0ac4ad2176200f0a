// One snippet as a tool result shows it: its name, owner and account, description, categories,
// files with their languages and references, and the lines a search matched. Search results and a
// category's snippets share it. Every text from outside is one quoted string (outsideData.ts's
// quoted), so none can end its quotes or start a line that passes for the block's own. Plain Node.
import * as l10n from '@vscode/l10n';
import type { Snippet } from '../../api/types';
import type { SearchMatch } from '../snippets/search/match';
import { Bounds } from './bounds';
import { plainName, quoted } from './outsideData';
import { formatReference } from './references';

/** A snippet found in one account, with what the result says about it. */
export interface ResultSnippet {
  accountId: string;
  /** The account as people name it: `alice @ bitbucket.example.com`. */
  accountLabel: string;
  snippet: Snippet;
  /** Who owns it (outsideData.ts's ownerText). */
  owner: string;
  matches?: readonly SearchMatch[];
}

/** The language id of a file name, or undefined when no installed language claims it. */
export type LanguageOf = (fileName: string) => string | undefined;

export function snippetBlock(item: ResultSnippet, index: number, languageOf: LanguageOf): string {
  const { snippet } = item;
  const lines = [
    l10n.t(
      '{0}. Snippet {1}, owner: {2}, account: {3}',
      index,
      quoted(snippet.name),
      item.owner,
      plainName(item.accountLabel),
    ),
  ];
  if (snippet.description) lines.push(l10n.t('   Description: {0}', quoted(snippet.description, true)));
  if (snippet.categories.length > 0) {
    lines.push(l10n.t('   Categories: {0}', snippet.categories.map((c) => quoted(c.name)).join(', ')));
  }
  lines.push(l10n.t('   Files:'));
  for (const file of snippet.files) {
    const language = languageOf(file.name);
    const reference = formatReference({ accountId: item.accountId, snippetGuid: snippet.guid, fileName: file.name });
    lines.push(
      language
        ? l10n.t('   - {0} (language: {1}), reference: {2}', quoted(file.name), language, quoted(reference))
        : l10n.t('   - {0}, reference: {1}', quoted(file.name), quoted(reference)),
    );
  }
  const matches = item.matches ?? [];
  const shown = matches.slice(0, Bounds.linesPerSnippet);
  if (shown.length > 0) {
    lines.push(
      matches.length > shown.length
        ? l10n.t('   Matches (first {0} of {1}):', shown.length, matches.length)
        : l10n.t('   Matches:'),
    );
    for (const match of shown) lines.push(`   - ${matchPlace(match)}: ${quoted(match.text)}`);
  }
  return lines.join('\n');
}

function matchPlace(match: SearchMatch): string {
  switch (match.field) {
    case 'content':
      return l10n.t('{0} line {1}', quoted(match.fileName ?? ''), match.line ?? 0);
    case 'fileName':
      return l10n.t('file name');
    case 'name':
      return l10n.t('name');
    case 'description':
      return l10n.t('description');
    case 'category':
      return l10n.t('category');
  }
}
