// What every use of a colleague's patch (check, preview, apply, revert) learns before git writes
// anything: the repository is in a state to take it, the text is a whole patch, every path it
// names (as read here, and as git itself lists them) passes the hostile check, and which of the
// files it touches have uncommitted changes.
import * as l10n from '@vscode/l10n';
import { applyFailure } from './applyFailures';
import { gitOutput, runGit, type GitContext } from './gitProcess';
import { checkPatchPaths, type PathNote } from './pathCheck';
import { PatchError } from './patchErrors';
import { readPatch, type ReadPatch } from './readPatch';
import { readRepositoryState, type RepositoryState } from './repositoryState';

export interface PatchPlan {
  state: RepositoryState;
  patch: ReadPatch;
  /** The patch's bytes, as git reads them on its standard input. */
  bytes: Buffer;
  /** Every path the patch touches, old and new, relative to the repository's top. */
  paths: string[];
  notes: PathNote[];
  /** Touched paths with uncommitted changes: staged, unstaged, or an untracked file in the way. */
  uncommitted: Array<{ path: string; unstaged: boolean }>;
  reverse: boolean;
}

/** The `-R` git needs for a reverse apply. */
export const reverseArgs = (plan: { reverse: boolean }): string[] => (plan.reverse ? ['-R'] : []);

/** The paths `git apply --numstat -z` lists: each record is `added TAB deleted TAB path NUL`, or `… TAB NUL old NUL new NUL` for a rename. */
export function numstatPaths(output: string): string[] {
  const fields = output.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const record = /^(?:\d+|-)\t(?:\d+|-)\t(.*)$/s.exec(fields[i]);
    if (!record) continue;
    if (record[1] !== '') paths.push(record[1]);
    else paths.push(fields[++i] ?? '', fields[++i] ?? '');
  }
  return paths.filter((p) => p !== '');
}

/**
 * Touched paths that `git status` reports, with whether the working tree differs from the index.
 * The index's record of each file's size and time is refreshed first, as `git status` does for
 * itself, so a file written and written back (an apply and a revert) is not taken for a change.
 * A refresh that cannot take the index's lock (another git is at work) is skipped: status still
 * compares contents where the record is stale.
 */
async function uncommittedOf(
  git: GitContext,
  root: string,
  paths: readonly string[],
  refreshIndex: boolean,
): Promise<PatchPlan['uncommitted']> {
  if (paths.length === 0) return [];
  if (refreshIndex) await runGit(git, ['update-index', '-q', '--refresh'], { cwd: root });
  const out = await gitOutput(
    git,
    ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', ...paths],
    { cwd: root },
  );
  return out.stdout
    .toString('utf8')
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => ({ path: entry.slice(3), unstaged: entry[1] !== ' ' }));
}

/**
 * Learns all of the above for `text` in the repository of `folder`; throws a PatchError for whatever
 * refuses it. Without `refreshIndex` (Preview, which writes nothing, not even the index) the index's
 * file records are not refreshed.
 */
export async function planPatch(
  git: GitContext,
  text: string,
  folder: string,
  reverse: boolean,
  refreshIndex = true,
): Promise<PatchPlan> {
  const state = await readRepositoryState(git, folder);
  const patch = readPatch(text);
  const bytes = Buffer.from(text, 'utf8');
  // Judged first as read here, so a refusal names the path in this core's words rather than git's.
  const notes = await checkPatchPaths(patch, state.root, [], reverse);
  const listed = await runGit(git, ['apply', '--numstat', '-z', ...reverseArgs({ reverse })], {
    cwd: state.root,
    input: bytes,
  });
  if (listed.code !== 0) {
    throw applyFailure(listed.stderr, { crlfPatch: patch.lineEndings === 'crlf', threeWay: false });
  }
  const gitPaths = numstatPaths(listed.stdout.toString('utf8'));
  await checkPatchPaths({ files: [], lineEndings: patch.lineEndings }, state.root, gitPaths);
  const paths = [
    ...new Set([
      ...patch.files.flatMap((f) => [f.oldPath, f.newPath]).filter((p): p is string => p !== undefined),
      ...gitPaths,
    ]),
  ];
  const uncommitted = await uncommittedOf(git, state.root, paths, refreshIndex);
  return { state, patch, bytes, paths, notes, uncommitted, reverse };
}

/**
 * The refusal of a plain apply onto a file with uncommitted changes, naming it (an unstaged one
 * first: a three-way apply cannot merge into that either). A revert is not refused: the patch it
 * takes back is itself the uncommitted change, and `git apply -R --check` has found its lines
 * where the patch left them.
 */
export function uncommittedRefusal(plan: PatchPlan): PatchError | undefined {
  if (plan.reverse) return undefined;
  const first = plan.uncommitted.find((entry) => entry.unstaged) ?? plan.uncommitted[0];
  if (!first) return undefined;
  const message = first.unstaged
    ? l10n.t('{0} has uncommitted changes; commit or stash them first.', first.path)
    : l10n.t('{0} has staged changes; commit them first, or apply with a three-way merge.', first.path);
  return new PatchError('uncommittedChanges', message, { path: first.path });
}
