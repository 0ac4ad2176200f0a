// Apply Patch and Revert Patch (the same patch in reverse). A colleague's patch first passes
// patchPlan.ts (state, form, hostile paths), then `git apply --check`; files that tools read or run
// (toolFiles.ts) are then named to the caller's approval, and only then is it applied, all or
// nothing (allOrNothing.ts: git's check passing does not mean its write cannot fail part-way).
// A plain apply never touches a file with uncommitted changes (a revert may: see patchPlan.ts).
// When it would fail because the base differs, or because a touched file has staged changes, and
// `git apply --3way --check` passes, the answer is that a three-way apply is possible (nothing is
// written); the three-way apply itself is git's: it stages what it applies, merges into staged
// files, leaves conflict markers and unmerged entries, and refuses a file with unstaged changes.
import * as l10n from '@vscode/l10n';
import { writeAllOrNothing } from './allOrNothing';
import { applyFailure, type FailureContext } from './applyFailures';
import { runGit, type GitContext, type GitOutput } from './gitProcess';
import type { PathNote } from './pathCheck';
import { PatchError } from './patchErrors';
import { planPatch, reverseArgs, uncommittedRefusal, type PatchPlan } from './patchPlan';
import { indexFileOf } from './repositoryState';
import { scriptChanges } from './toolFiles';

export interface ApplyOptions {
  /** Revert: apply the patch in reverse. */
  reverse?: boolean;
  /** Apply with git's three-way merge (`--3way`). */
  threeWay?: boolean;
  /**
   * Asked, before anything is written, whether the files tools read or run that the patch writes
   * (and files it makes executable) may be written; false leaves everything as it is. Without it,
   * such a patch is refused: nothing writes them unasked.
   */
  approveToolFiles?: (notes: PathNote[]) => Promise<boolean>;
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
  | (Touched & { kind: 'threeWayPossible'; reason: PatchError; conflicted: string[] })
  /** Nothing was written: the files tools read or run were not approved. */
  | (Touched & { kind: 'declined' });

const CONFLICTED = /^Applied patch to '(.+)' with conflicts\.$/;

function conflictedIn(stderr: string): string[] {
  return stderr
    .split(/\r?\n/)
    .map((line) => CONFLICTED.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

const touched = (plan: PatchPlan): Touched => ({ files: plan.paths, notes: plan.notes, root: plan.state.root });

const context = (plan: PatchPlan, threeWay: boolean): FailureContext => ({
  crlfPatch: plan.patch.lineEndings === 'crlf',
  threeWay,
});

function applyGit(git: GitContext, plan: PatchPlan, extra: string[]) {
  return runGit(git, ['apply', ...extra, ...reverseArgs(plan)], { cwd: plan.state.root, input: plan.bytes });
}

/** Whether a plain apply would go through; when not, whether a three-way apply would; throws a PatchError when neither. */
async function checkPlan(git: GitContext, plan: PatchPlan): Promise<CheckResult> {
  const plain = await applyGit(git, plan, ['--check']);
  // The user's uncommitted work is named before git's reason, which may only be that work.
  const refused =
    uncommittedRefusal(plan) ?? (plain.code === 0 ? undefined : applyFailure(plain.stderr, context(plan, false)));
  if (!refused) return { kind: 'applies', ...touched(plan) };
  if (refused.reason !== 'doesNotApply' && refused.reason !== 'uncommittedChanges') throw refused;
  const threeWay = await applyGit(git, plan, ['--3way', '--check']);
  if (threeWay.code !== 0) throw refused;
  return { kind: 'threeWayPossible', reason: refused, conflicted: conflictedIn(threeWay.stderr), ...touched(plan) };
}

/** `git apply --check` for `text` in the repository of `folder`, after the hostile check. */
export async function checkPatch(
  git: GitContext,
  text: string,
  folder: string,
  options: Pick<ApplyOptions, 'reverse'> = {},
): Promise<CheckResult> {
  return checkPlan(git, await planPatch(git, text, folder, options.reverse ?? false));
}

/** The notes the caller approves: the plan's, and each package.json whose scripts change. */
async function notesToApprove(git: GitContext, plan: PatchPlan): Promise<PathNote[]> {
  const scripts = await scriptChanges(git, plan);
  return [...plan.notes, ...scripts.map((path): PathNote => ({ path, kind: 'changesScripts' }))];
}

function unapproved(notes: readonly PathNote[]): PatchError {
  const names = [...new Set(notes.map((note) => note.path))].join(', ');
  return new PatchError(
    'toolFiles',
    l10n.t(
      'The patch was not applied: it writes files that tools read or run ({0}), and applying it was not confirmed.',
      names,
    ),
    { path: notes[0]?.path },
  );
}

/** Git's write, all or nothing: on a failure every touched path (and, three-way, the index) is put back. */
async function write(git: GitContext, plan: PatchPlan, threeWay: boolean): Promise<GitOutput> {
  return writeAllOrNothing(git, {
    root: plan.state.root,
    paths: plan.paths,
    indexFile: threeWay ? await indexFileOf(git, plan.state.root) : undefined,
    run: () => applyGit(git, plan, threeWay ? ['--3way'] : []),
    // A three-way apply with conflicts exits with 1 and says so for each file, with no error line.
    succeeded: (out) =>
      out.code === 0 || (threeWay && conflictedIn(out.stderr).length > 0 && !/^(error|fatal):/m.test(out.stderr)),
    failure: (out) => applyFailure(out.stderr, context(plan, threeWay)),
  });
}

/**
 * Applies `text` (reversed with `reverse`) to the working tree of the repository of `folder`.
 * Throws a PatchError for every refusal; on a refusal or a failure the working tree (and the index)
 * is as before.
 */
export async function applyPatch(
  git: GitContext,
  text: string,
  folder: string,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const plan = await planPatch(git, text, folder, options.reverse ?? false);
  const threeWay = options.threeWay ?? false;
  if (threeWay) {
    const check = await applyGit(git, plan, ['--3way', '--check']);
    if (check.code !== 0) throw applyFailure(check.stderr, context(plan, true));
  } else {
    const check = await checkPlan(git, plan);
    if (check.kind !== 'applies') return check;
  }
  const notes = await notesToApprove(git, plan);
  if (notes.length > 0) {
    if (!options.approveToolFiles) throw unapproved(notes);
    if (!(await options.approveToolFiles(notes))) return { kind: 'declined', ...touched(plan), notes };
  }
  const applied = await write(git, plan, threeWay);
  const conflicted = conflictedIn(applied.stderr);
  if (applied.code !== 0 && conflicted.length > 0) return { kind: 'conflicts', conflicted, ...touched(plan), notes };
  return { kind: 'applied', ...touched(plan), notes };
}
