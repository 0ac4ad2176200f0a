// Preview Patch: for each file the patch touches, its text now and with the patch applied. The
// patch is applied to copies of the touched files in a temporary folder (patchedCopy.ts), never in
// the working tree. A file the patch cannot apply to is tried alone (`--include`) to get git's
// reason for it, in plain words. The temporary folder is always removed. The copy has none of the
// repository's settings, so line-ending conversions the repository asks for (core.autocrlf,
// .gitattributes) show only when the patch is really applied.
//
// What the preview reads into memory is bounded: binary files and text files above
// MAX_PREVIEW_FILE_BYTES are named, never read; and a patch whose files, now or as the patch makes
// them, come to more than MAX_PREVIEW_BYTES is refused with that size, before git makes them when
// the patch announces the size (a binary file's `literal` size), else once the copy is made.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import type { GitContext } from './gitProcess';
import type { PathNoteKind } from './pathCheck';
import { PatchError } from './patchErrors';
import { applyInCopy, copyTouched, includeOf, inTree } from './patchedCopy';
import { planPatch, type PatchPlan } from './patchPlan';
import type { FileChange } from './readPatch';
import { withTemporaryFolder } from './temporaryFolder';

/** A text file larger than this (before or after) is named, not shown. */
export const MAX_PREVIEW_FILE_BYTES = 5 * 1024 * 1024;

/** The most the touched files may come to, now or as the patch makes them, for a preview. */
export const MAX_PREVIEW_BYTES = 50 * 1024 * 1024;

export interface PreviewFile {
  /** The path the diff editor names: the file after the patch, or before it when the patch removes it. */
  path: string;
  /** The file before, in the working tree now; undefined when the patch creates it. */
  fromPath: string | undefined;
  /** The file after; undefined when the patch removes it. */
  toPath: string | undefined;
  /** What the preview does to the file (a revert deletes what the patch creates). */
  change: FileChange;
  /** A binary file: named, never read (`before` and `after` are undefined). */
  binary: boolean;
  /** A text file above MAX_PREVIEW_FILE_BYTES: named, never read (`before` and `after` are undefined). */
  tooLarge: boolean;
  /** The working tree's file now; undefined when there is none (or it is not read). */
  before: Buffer | undefined;
  /** The file with the patch applied; undefined when the patch removes it, cannot apply to it, or it is not read. */
  after: Buffer | undefined;
  /** Why the patch does not apply to this file, in words. */
  problem: PatchError | undefined;
  notes: PathNoteKind[];
}

export interface Preview {
  root: string;
  files: PreviewFile[];
}

/** The size of the regular file at `at`; undefined when there is none. */
async function sizeOf(at: string): Promise<number | undefined> {
  const found = await fs.lstat(at).catch(() => undefined);
  return found?.isFile() ? found.size : undefined;
}

async function totalSize(root: string, names: ReadonlyArray<string | undefined>): Promise<number> {
  let total = 0;
  for (const name of names) total += name === undefined ? 0 : ((await sizeOf(inTree(root, name))) ?? 0);
  return total;
}

/** The sizes binary blocks announce (`literal N`): what git will make, known before it makes it. */
function announcedBytes(plan: PatchPlan): number {
  let total = 0;
  for (const match of plan.bytes.toString('utf8').matchAll(/^literal (\d+)\r?$/gm)) total += Number(match[1]);
  return total;
}

function refuseAbove(bytes: number): void {
  if (bytes <= MAX_PREVIEW_BYTES) return;
  const megabytes = (n: number) => (n / (1024 * 1024)).toFixed(1);
  throw new PatchError(
    'tooLarge',
    l10n.t(
      'The patch cannot be previewed: the files it touches come to {0} MB, more than the {1} MB a preview reads.',
      megabytes(bytes),
      megabytes(MAX_PREVIEW_BYTES),
    ),
    { bytes },
  );
}

/** The file at `at` when it is a regular file within the size a preview reads. */
async function readShown(at: string): Promise<Buffer | undefined> {
  const size = await sizeOf(at);
  return size === undefined || size > MAX_PREVIEW_FILE_BYTES ? undefined : fs.readFile(at);
}

/** The preview of `text` (reversed with `reverse`) for the repository of `folder`; a refused patch throws its PatchError. */
export async function previewPatch(
  git: GitContext,
  text: string,
  folder: string,
  options: { reverse?: boolean } = {},
): Promise<Preview> {
  const reverse = options.reverse ?? false;
  const plan = await planPatch(git, text, folder, reverse, false);
  const bytesNow = await totalSize(plan.state.root, plan.paths);
  refuseAbove(Math.max(bytesNow, announcedBytes(plan)));
  const files = plan.patch.files.map((file) => {
    const fromPath = reverse ? file.newPath : file.oldPath;
    const toPath = reverse ? file.oldPath : file.newPath;
    const shown = (toPath ?? fromPath)!;
    const notes = plan.notes.filter((note) => note.path === (file.newPath ?? file.oldPath)).map((note) => note.kind);
    return {
      fromPath,
      toPath,
      shown,
      file,
      notes,
      includes: [...new Set([file.oldPath, file.newPath])].filter((p): p is string => p !== undefined).map(includeOf),
    };
  });
  const problems = new Map<number, PatchError>();
  const afters = await withTemporaryFolder(git.tempRoot, async (temporary) => {
    const copy = path.join(temporary, 'tree');
    await fs.mkdir(copy);
    await copyTouched(plan, copy);
    if (await applyInCopy(git, plan, copy, [], true)) {
      for (const [i, entry] of files.entries()) {
        const problem = await applyInCopy(git, plan, copy, entry.includes, true);
        if (problem) problems.set(i, problem);
      }
    }
    const applicable = files.filter((_, i) => !problems.has(i)).flatMap((entry) => entry.includes);
    const failed = applicable.length > 0 ? await applyInCopy(git, plan, copy, applicable, false) : undefined;
    // Files that apply alone but not together (one renames what another changes): none is shown as applied.
    if (failed) files.forEach((_, i) => problems.has(i) || problems.set(i, failed));
    const made = files.map((entry, i) => (entry.toPath === undefined || problems.has(i) ? undefined : entry.toPath));
    refuseAbove(Math.max(bytesNow, await totalSize(copy, made)));
    const sizes = await Promise.all(made.map((name) => (name === undefined ? undefined : sizeOf(inTree(copy, name)))));
    const read = await Promise.all(
      made.map((name, i) => (name === undefined || files[i].file.binary ? undefined : readShown(inTree(copy, name)))),
    );
    return { sizes, read };
  });
  const previews: PreviewFile[] = [];
  for (const [i, entry] of files.entries()) {
    const binary = entry.file.binary;
    const sizeBefore = entry.fromPath === undefined ? undefined : await sizeOf(inTree(plan.state.root, entry.fromPath));
    const tooLarge = !binary && Math.max(sizeBefore ?? 0, afters.sizes[i] ?? 0) > MAX_PREVIEW_FILE_BYTES;
    const shown = !binary && !tooLarge;
    previews.push({
      path: entry.shown,
      fromPath: entry.fromPath,
      toPath: entry.toPath,
      change:
        reverse && entry.file.change === 'created'
          ? 'deleted'
          : reverse && entry.file.change === 'deleted'
            ? 'created'
            : entry.file.change,
      binary,
      tooLarge,
      before:
        shown && entry.fromPath !== undefined ? await readShown(inTree(plan.state.root, entry.fromPath)) : undefined,
      after: shown ? afters.read[i] : undefined,
      problem: problems.get(i),
      notes: entry.notes,
    });
  }
  return { root: plan.state.root, files: previews };
}
