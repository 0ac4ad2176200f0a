// A patch applied to copies of the files it touches, in a temporary folder that is no repository
// (GIT_CEILING_DIRECTORIES keeps git from finding one above it), never in the working tree: what
// Preview Patch shows, and what Apply reads to see whether a patch changes package.json's scripts.
// Plain `git apply` there takes binary patches too. The copy has none of the repository's settings.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { applyFailure } from './applyFailures';
import { runGit, type GitContext } from './gitProcess';
import type { PatchError } from './patchErrors';
import { reverseArgs, type PatchPlan } from './patchPlan';

export const inTree = (root: string, name: string): string => path.join(root, ...name.split('/'));

/** A --include pattern that matches `name` only (git's wildmatch; backslashes are refused in patch paths). */
export const includeOf = (name: string): string => `--include=${name.replace(/[*?[\]\\]/g, '\\$&')}`;

/** Copies the regular files among `names` (every touched path when undefined) from the working tree into `copy`. */
export async function copyTouched(plan: PatchPlan, copy: string, names: readonly string[] = plan.paths): Promise<void> {
  for (const name of names) {
    const found = await fs.lstat(inTree(plan.state.root, name)).catch(() => undefined);
    if (!found?.isFile()) continue;
    const target = inTree(copy, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(inTree(plan.state.root, name), target);
  }
}

/** Applies the files `includes` lets through (all with none) in `copy`; git's failure as a PatchError. */
export async function applyInCopy(
  git: GitContext,
  plan: PatchPlan,
  copy: string,
  includes: readonly string[],
  check: boolean,
): Promise<PatchError | undefined> {
  const args = ['apply', ...(check ? ['--check'] : []), ...reverseArgs(plan), ...includes];
  const out = await runGit(git, args, {
    cwd: copy,
    input: plan.bytes,
    env: { GIT_CEILING_DIRECTORIES: path.dirname(copy) },
  });
  return out.code === 0
    ? undefined
    : applyFailure(out.stderr, { crlfPatch: plan.patch.lineEndings === 'crlf', threeWay: false });
}
