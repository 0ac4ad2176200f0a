// Compare with… and Compare with Snippet…: the diff's title, made of names from outside (a file
// name another user chose, a local file's name). Which snippet files Compare with Snippet… offers,
// in which order, is ../knownSnippets.ts. Plain Node; the commands are src/editor/snippets/compare/compare.ts.
import * as l10n from '@vscode/l10n';
import { lineText } from '../../../util/outsideText';

/** How much of one name a diff's title shows: the tab has room for little more. */
const NAME_MAX = 60;

/** One name for a title: on one line, without control or bidi characters, cut, never empty. */
function titleName(name: string): string {
  return lineText(name, NAME_MAX).trim() || '…';
}

/** What the diff's tab says: "<file> (snippet <name>) ↔ <local side>". */
export function comparisonTitle(fileName: string, snippetName: string, localName: string): string {
  return l10n.t('{0} (snippet {1}) ↔ {2}', titleName(fileName), titleName(snippetName), titleName(localName));
}
