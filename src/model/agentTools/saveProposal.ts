// What the save tool proposes, checked before the user is asked: file names a snippet can have
// (the create commands' own rule), the details as every create takes them, a size the user can
// read whole, and every field and file as the confirmation shows them. Plain Node.
import * as l10n from '@vscode/l10n';
import { fileNameProblem, parseCategories, type SnippetDetails } from '../snippets/edits';
import type { NewFile } from '../snippets/snippetWrites';
import { Bounds } from './bounds';
import { markedInvisible, plainName } from './outsideData';
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
  const files = input.files.map((f) => ({ name: f.name, content: f.content }));
  const tooLarge = problems.length === 0 ? tooLargeToConfirm(files) : undefined;
  if (tooLarge) problems.push(tooLarge);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    files,
    details: {
      name: input.name.trim(),
      description: (input.description ?? '').trim(),
      categories: parseCategories((input.categories ?? []).join(',')),
    },
  };
}

/** How many lines a text has as an editor counts them (a last line break starts no line). */
export function lineCount(text: string): number {
  if (text === '') return 1;
  const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  return /(\r\n|\r|\n)$/.test(text) ? breaks : breaks + 1;
}

/**
 * A proposal larger than its confirmation may show: the words that say so, with what the model
 * can do instead; undefined when it fits.
 */
export function tooLargeToConfirm(
  files: readonly NewFile[],
  maxCharacters: number = Bounds.proposalCharacters,
  maxLines: number = Bounds.proposalLines,
): string | undefined {
  const characters = files.reduce((sum, f) => sum + f.content.length, 0);
  const lines = files.reduce((sum, f) => sum + lineCount(f.content), 0);
  if (characters <= maxCharacters && lines <= maxLines) return undefined;
  return l10n.t(
    'The files have {0} characters in {1} lines together. The user is shown every character a save sends, so a proposal may have at most {2} characters and {3} lines. Propose only what the user asked to keep, or split it into several snippets; or ask the user to make the snippet from the file themselves (command "Bitbucket Snippets: Save File as Snippet").',
    characters,
    lines,
    maxCharacters,
    maxLines,
  );
}

/** Each field and file of a proposal as its confirmation shows it: whole, with what hides itself marked. */
export interface ShownProposal {
  name: string;
  description: string;
  categories: string[];
  files: Array<{ name: string; text: string; lines: number; characters: number }>;
  /** Characters shown as marks in all of it. */
  marked: number;
}

export function shownProposal(files: readonly NewFile[], details: SnippetDetails): ShownProposal {
  let marked = 0;
  const show = (text: string, keepLines: boolean): string => {
    const shown = markedInvisible(text, keepLines);
    marked += shown.marked;
    return shown.text;
  };
  const result = {
    name: show(details.name, false),
    description: show(details.description, true),
    categories: details.categories.map((c) => show(c, false)),
    files: files.map((f) => ({
      name: show(f.name, false),
      text: show(f.content, true),
      lines: lineCount(f.content),
      characters: f.content.length,
    })),
  };
  return { ...result, marked };
}
