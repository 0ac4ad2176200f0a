// Preview Patch: for each file the patch touches, its text now and with the patch applied. The
// patch is applied to copies of the touched files in a temporary folder that is no repository
// (GIT_CEILING_DIRECTORIES keeps git from finding one above it), never in the working tree; plain
// `git apply` there takes binary patches too. A file the patch cannot apply to is tried alone
// (`--include`) to get git's reason for it, in plain words. The temporary folder is always removed.
// The copy has none of the repository's settings, so line-ending conversions the repository asks
// for (core.autocrlf, .gitattributes) show only when the patch is really applied.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { applyFailure } from './applyFailures';
import { runGit, type GitContext } from './gitProcess';
import type { PathNoteKind } from './pathCheck';
import type { PatchError } from './patchErrors';
import { planPatch, reverseArgs, type PatchPlan } from './patchPlan';
import type { FileChange } from './readPatch';
import { withTemporaryFolder } from './temporaryFolder';

export interface PreviewFile {
  /** The path the diff editor names: the file after the patch, or before it when the patch removes it. */
  path: string;
  /** The file before, in the working tree now; undefined when the patch creates it. */
  fromPath: string | undefined;
  /** The file after; undefined when the patch removes it. */
  toPath: string | undefined;
  /** What the preview does to the file (a revert deletes what the patch creates). */
  change: FileChange;
  binary: boolean;
  /** The working tree's file now; undefined when there is none. */
  before: Buffer | undefined;
  /** The file with the patch applied; undefined when the patch removes it or cannot apply to it. */
  after: Buffer | undefined;
  /** Why the patch does not apply to this file, in words. */
  problem: PatchError | undefined;
  notes: PathNoteKind[];
}

export interface Preview {
  root: string;
  files: PreviewFile[];
}

async function readRegularFile(at: string): Promise<Buffer | undefined> {
  try {
    return (await fs.lstat(at)).isFile() ? await fs.readFile(at) : undefined;
  } catch {
    return undefined;
  }
}

const inTree = (root: string, name: string) => path.join(root, ...name.split('/'));

/** A --include pattern that matches `name` only (git's wildmatch; backslashes are refused in patch paths). */
const includeOf = (name: string) => `--include=${name.replace(/[*?[\]\\]/g, '\\$&')}`;

async function copyTouched(plan: PatchPlan, copy: string): Promise<void> {
  for (const name of plan.paths) {
    const found = await fs.lstat(inTree(plan.state.root, name)).catch(() => undefined);
    if (!found?.isFile()) continue;
    const target = inTree(copy, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(inTree(plan.state.root, name), target);
  }
}

/** Applies the files `includes` lets through (all with none) in `copy`; git's failure as a PatchError. */
async function applyInCopy(git: GitContext, plan: PatchPlan, copy: string, includes: string[], check: boolean): Promise<PatchError | undefined> {
  const args = ['apply', ...(check ? ['--check'] : []), ...reverseArgs(plan), ...includes];
  const out = await runGit(git, args, { cwd: copy, input: plan.bytes, env: { GIT_CEILING_DIRECTORIES: path.dirname(copy) } });
  return out.code === 0 ? undefined : applyFailure(out.stderr, { crlfPatch: plan.patch.lineEndings === 'crlf', threeWay: false });
}

/** The preview of `text` (reversed with `reverse`) for the repository of `folder`; a refused patch throws its PatchError. */
export async function previewPatch(git: GitContext, text: string, folder: string, options: { reverse?: boolean } = {}): Promise<Preview> {
  const reverse = options.reverse ?? false;
  const plan = await planPatch(git, text, folder, reverse);
  const files = plan.patch.files.map((file) => {
    const fromPath = reverse ? file.newPath : file.oldPath;
    const toPath = reverse ? file.oldPath : file.newPath;
    const shown = (toPath ?? fromPath)!;
    const notes = plan.notes.filter((note) => note.path === (file.newPath ?? file.oldPath)).map((note) => note.kind);
    return { fromPath, toPath, shown, file, notes, includes: [...new Set([file.oldPath, file.newPath])].filter((p): p is string => p !== undefined).map(includeOf) };
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
    return Promise.all(files.map((entry, i) => (entry.toPath === undefined || problems.has(i) ? undefined : readRegularFile(inTree(copy, entry.toPath)))));
  });
  const previews: PreviewFile[] = [];
  for (const [i, entry] of files.entries()) {
    previews.push({
      path: entry.shown,
      fromPath: entry.fromPath,
      toPath: entry.toPath,
      change: reverse && entry.file.change === 'created' ? 'deleted' : reverse && entry.file.change === 'deleted' ? 'created' : entry.file.change,
      binary: entry.file.binary,
      before: entry.fromPath === undefined ? undefined : await readRegularFile(inTree(plan.state.root, entry.fromPath)),
      after: afters[i],
      problem: problems.get(i),
      notes: entry.notes,
    });
  }
  return { root: plan.state.root, files: previews };
}
