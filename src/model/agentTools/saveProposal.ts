// What the save tool proposes, checked before the user is asked: file names a snippet can have
// (the create commands' own rule), the details as every create takes them, and the first lines
// of each file the confirmation shows. Plain Node.
import * as l10n from '@vscode/l10n';
import { fileNameProblem, parseCategories, type SnippetDetails } from '../snippets/edits';
import type { NewFile } from '../snippets/snippetWrites';
import { Bounds } from './bounds';
import { plainName, visibleContent } from './outsideData';
import type { SaveInput } from './schemas';

export type Proposal = { ok: true; files: NewFile[]; details: SnippetDetails } | { ok: false; problems: string[] };

export function proposal(input: SaveInput): Proposal {
  const problems: string[] = [];
  const names: string[] = [];
  input.files.forEach((file, i) => {
    const problem = fileNameProblem(file.name, names);
    if (problem) problems.push(l10n.t('"files"[{0}] ("{1}"): {2}', i, plainName(file.name), problem));
    names.push(file.name);
  });
  if (!input.name.trim()) problems.push(l10n.t('"name" is empty: a snippet needs a name.'));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    files: input.files.map((f) => ({ name: f.name, content: f.content })),
    details: { name: input.name.trim(), description: (input.description ?? '').trim(), categories: parseCategories((input.categories ?? []).join(',')) },
  };
}

export interface FirstLines {
  text: string;
  /** Lines not shown. */
  more: number;
}

/** The first lines of a file as the confirmation shows them: a few, each cut, hidden characters removed. */
export function firstLines(content: string, count: number = Bounds.confirmationLines, length: number = Bounds.confirmationLineLength): FirstLines {
  const all = visibleContent(content).text.split(/\r\n|\r|\n/);
  if (all.length > 1 && all[all.length - 1] === '') all.pop();
  const shown = all.slice(0, count).map((line) => (line.length > length ? `${line.slice(0, length - 1)}…` : line));
  return { text: shown.join('\n'), more: all.length - shown.length };
}
