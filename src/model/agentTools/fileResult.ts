// The read tool's result: which file of which snippet, its owner, account and language, and its
// text, bounded (saying when it was cut and how long it is) and fenced so that it cannot pass for
// the result's own words. Plain Node.
import * as l10n from '@vscode/l10n';
import type { Snippet } from '../../api/types';
import { cutText } from './bounds';
import { dataNotice, fenced, plainName, quoted, visibleContent, type DataSource } from './outsideData';
import { formatReference } from './references';

export interface FileRead {
  source: DataSource;
  accountId: string;
  snippet: Snippet;
  fileName: string;
  owner: string;
  language: string | undefined;
  maxCharacters: number;
  /** Offline: read from the offline cache. */
  notes: readonly string[];
}

export function fileResultText(read: FileRead): string {
  const file = read.snippet.files.find((f) => f.name === read.fileName);
  const content = file?.content ?? '';
  const { text: visible, removed } = visibleContent(content);
  const cut = cutText(visible, read.maxCharacters);
  const others = read.snippet.files.filter((f) => f.name !== read.fileName);
  const lines = [
    l10n.t(
      'File {0} of snippet {1}, owner: {2}, account: {3}',
      quoted(read.fileName),
      quoted(read.snippet.name),
      read.owner,
      plainName(read.source.account),
    ),
    read.language ? l10n.t('Language: {0}', read.language) : l10n.t('Language: unknown'),
    l10n.t(
      'Reference: {0}',
      quoted(formatReference({ accountId: read.accountId, snippetGuid: read.snippet.guid, fileName: read.fileName })),
    ),
  ];
  if (others.length > 0) {
    lines.push(
      l10n.t(
        'Other files: {0}',
        others
          .map(
            (f) =>
              `${quoted(f.name)} (reference ${quoted(formatReference({ accountId: read.accountId, snippetGuid: read.snippet.guid, fileName: f.name }))})`,
          )
          .join(', '),
      ),
    );
  }
  const notes = [...read.notes];
  if (cut.cut) {
    notes.push(
      l10n.t(
        'The file has {0} characters; this shows the first {1}. Ask with a larger maxCharacters (at most 100000) for more.',
        cut.total,
        cut.text.length,
      ),
    );
  } else notes.push(l10n.t('The whole file: {0} characters.', cut.total));
  if (removed > 0) notes.push(l10n.t('{0} invisible or text-direction control character(s) were removed.', removed));
  return [dataNotice([read.source]), lines.join('\n'), ...notes, fenced(cut.text, read.language)].join('\n\n');
}
