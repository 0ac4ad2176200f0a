// Apply Patch and Revert Patch (the same patch in reverse). A colleague's patch first passes
// patchPlan.ts (state, form, hostile paths), then `git apply --check`, and only then is applied.
// A plain apply never touches a file with uncommitted changes (a revert may: see patchPlan.ts)
// and is atomic in git. When it
// would fail because the base differs, or because a touched file has staged changes, and
// `git apply --3way --check` passes, the answer is that a three-way apply is possible (nothing is
// written); the three-way apply itself is git's: it stages what it applies, merges into staged
// files, leaves conflict markers and unmerged entries, and refuses a file with unstaged changes.
import { applyFailure, type FailureContext } from './applyFailures';
import { runGit, type GitContext } from './gitProcess';
import type { PathNote } from './pathCheck';
import type { PatchError } from './patchErrors';
import { planPatch, reverseArgs, uncommittedRefusal, type PatchPlan } from './patchPlan';
import { restoreSnapshot, takeSnapshot } from './workingTreeSnapshot';

export interface ApplyOptions {
  /** Revert: apply the patch in reverse. */
  reverse?: boolean;
  /** Apply with git's three-way merge (`--3way`). */
  threeWay?: boolean;
}

interface Touched {
  /** The paths the patch touches, relative to the repository's top. */
  files: string[];
  /** What the preview and the result say: files made executable, tools' files. */
  notes: PathNote[];
  /** The repository's top folder. */
  root: string;
}

export type CheckResult =
  | (Touched & { kind: 'applies' })
  /** The plain apply is refused for `reason`; a three-way apply would go through, with conflicts in `conflicted`. */
  | (Touched & { kind: 'threeWayPossible'; reason: PatchError; conflicted: string[] });

export type ApplyResult =
  | (Touched & { kind: 'applied' })
  /** A three-way apply left conflict markers in `conflicted`. */
  | (Touched & { kind: 'conflicts'; conflicted: string[] })
  /** Nothing was written: see CheckResult. */
  | (Touched & { kind: 'threeWayPossible'; reason: PatchError; conflicted: string[] });

const CONFLICTED = /^Applied patch to '(.+)' with conflicts\.$/;

function conflictedIn(stderr: string): string[] {
  return stderr
    .split(/\r?\n/)
    .map((line) => CONFLICTED.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

const touched = (plan: PatchPlan): Touched => ({ files: plan.paths, notes: plan.notes, root: plan.state.root });

const context = (plan: PatchPlan, threeWay: boolean): FailureContext => ({ crlfPatch: plan.patch.lineEndings === 'crlf', threeWay });

function applyGit(git: GitContext, plan: PatchPlan, extra: string[]) {
  return runGit(git, ['apply', ...extra, ...reverseArgs(plan)], { cwd: plan.state.root, input: plan.bytes });
}

/** Whether a plain apply would go through; when not, whether a three-way apply would; throws a PatchError when neither. */
async function checkPlan(git: GitContext, plan: PatchPlan): Promise<CheckResult> {
  const plain = await applyGit(git, plan, ['--check']);
  // The user's uncommitted work is named before git's reason, which may only be that work.
  const refused = uncommittedRefusal(plan) ?? (plain.code === 0 ? undefined : applyFailure(plain.stderr, context(plan, false)));
  if (!refused) return { kind: 'applies', ...touched(plan) };
  if (refused.reason !== 'doesNotApply' && refused.reason !== 'uncommittedChanges') throw refused;
  const threeWay = await applyGit(git, plan, ['--3way', '--check']);
  if (threeWay.code !== 0) throw refused;
  return { kind: 'threeWayPossible', reason: refused, conflicted: conflictedIn(threeWay.stderr), ...touched(plan) };
}

/** `git apply --check` for `text` in the repository of `folder`, after the hostile check. */
export async function checkPatch(git: GitContext, text: string, folder: string, options: Pick<ApplyOptions, 'reverse'> = {}): Promise<CheckResult> {
  return checkPlan(git, await planPatch(git, text, folder, options.reverse ?? false));
}

async function applyThreeWay(git: GitContext, plan: PatchPlan): Promise<ApplyResult> {
  const check = await applyGit(git, plan, ['--3way', '--check']);
  if (check.code !== 0) throw applyFailure(check.stderr, context(plan, true));
  const before = await takeSnapshot(plan.state.root, plan.paths);
  const applied = await applyGit(git, plan, ['--3way']);
  const conflicted = conflictedIn(applied.stderr);
  if (applied.code === 0) return { kind: 'applied', ...touched(plan) };
  if (conflicted.length > 0 && !/^(error|fatal):/m.test(applied.stderr)) return { kind: 'conflicts', conflicted, ...touched(plan) };
  const failure = applyFailure(applied.stderr, context(plan, true));
  await restoreSnapshot(plan.state.root, before);
  throw failure;
}

/**
 * Applies `text` (reversed with `reverse`) to the working tree of the repository of `folder`.
 * Throws a PatchError for every refusal; on a refusal or a failure the working tree is as before.
 */
export async function applyPatch(git: GitContext, text: string, folder: string, options: ApplyOptions = {}): Promise<ApplyResult> {
  const plan = await planPatch(git, text, folder, options.reverse ?? false);
  if (options.threeWay) return applyThreeWay(git, plan);
  const check = await checkPlan(git, plan);
  if (check.kind !== 'applies') return check;
  const applied = await applyGit(git, plan, []);
  if (applied.code !== 0) throw applyFailure(applied.stderr, context(plan, false));
  return { ...check, kind: 'applied' };
}
