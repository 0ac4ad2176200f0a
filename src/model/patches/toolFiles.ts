// Files a colleague's patch may write that are not just files: tools read or run them, on opening
// the folder (a task with `runOn: folderOpen`, a dev container, direnv's `.envrc`), on commit (git
// hooks in `.husky/` or `.githooks/`, pre-commit's and lefthook's configs, `.gitattributes` naming
// a filter driver), on install or build (npm scripts, `.npmrc`, `.yarnrc.yml`'s `yarnPath`, a
// Makefile) or on push (CI pipelines). Apply and Revert name each one and write only when the user
// agrees (applyPatch.ts). Which files count by their names alone is toolFileNames.ts's; here,
// package.json counts when the patch changes what npm, yarn or pnpm run (its scripts, its hook
// settings), which is judged from the file before and after.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { GitContext } from './gitProcess';
import { applyInCopy, copyTouched, includeOf, inTree } from './patchedCopy';
import type { PatchPlan } from './patchPlan';
import { withTemporaryFolder } from './temporaryFolder';
import { isRecord } from '../../util/isRecord';

/** package.json's fields whose change changes what a package manager runs. */
const RUN_FIELDS = [
  'scripts',
  'bin',
  'husky',
  'simple-git-hooks',
  'pre-commit',
  'lint-staged',
  'gitHooks',
  'packageManager',
];

/** Above this, a package.json is not read: a change to it is named as a change of its scripts. */
const MAX_PACKAGE_JSON_BYTES = 1024 * 1024;

/** What in `json` decides what runs, as one comparable string; undefined when it is no JSON object. */
function runFieldsOf(json: Buffer | undefined): string | undefined {
  if (json === undefined) return '{}';
  try {
    const value: unknown = JSON.parse(json.toString('utf8'));
    if (!isRecord(value)) return undefined;
    return JSON.stringify(RUN_FIELDS.map((field) => (value as Record<string, unknown>)[field] ?? null));
  } catch {
    return undefined;
  }
}

async function readSmall(at: string): Promise<Buffer | undefined | 'tooLarge'> {
  const found = await fs.lstat(at).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  return found.size > MAX_PACKAGE_JSON_BYTES ? 'tooLarge' : fs.readFile(at);
}

/**
 * The package.json files whose scripts (or hook settings) `plan` changes, judged by applying it to
 * copies of them. One that cannot be judged (too large, no JSON, the patch does not apply to the
 * copy alone) counts as changed: a file not understood is named rather than let through.
 */
export async function scriptChanges(git: GitContext, plan: PatchPlan): Promise<string[]> {
  const manifests = plan.paths.filter((name) => name.split('/').pop() === 'package.json');
  if (manifests.length === 0) return [];
  return withTemporaryFolder(git.tempRoot, async (temporary) => {
    const copy = path.join(temporary, 'tree');
    await fs.mkdir(copy);
    await copyTouched(plan, copy, manifests);
    const problem = await applyInCopy(git, plan, copy, manifests.map(includeOf), false);
    const changed: string[] = [];
    for (const name of manifests) {
      const before = await readSmall(inTree(plan.state.root, name));
      const after = await readSmall(inTree(copy, name));
      if (problem || before === 'tooLarge' || after === 'tooLarge') {
        changed.push(name);
        continue;
      }
      const [was, will] = [runFieldsOf(before), runFieldsOf(after)];
      if (was === undefined || will === undefined || was !== will) changed.push(name);
    }
    return changed;
  });
}
