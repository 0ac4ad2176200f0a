// What a patch's description says about where it was made (repository, branch, base commit), and
// the states in which the patch core refuses to work: a folder that is no repository's working
// tree, and a merge, rebase, cherry-pick or revert in progress (its half-merged files are no base
// to share, and applying into them would mix a colleague's change with a conflict resolution).
// A detached HEAD is no refusal: a patch made there names its base commit, and one applied there
// changes the working tree as on a branch.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { gitOutput, runGit, type GitContext } from './gitProcess';
import { PatchError } from './patchErrors';

export type Operation = 'merge' | 'rebase' | 'cherryPick' | 'revert';

export interface RepositoryState {
  /** The working tree's top folder, as git names it. */
  root: string;
  /** The current branch's short name (also before its first commit); undefined on a detached HEAD. */
  branch: string | undefined;
  /** The full id of HEAD's commit; undefined when there is no commit yet. */
  head: string | undefined;
  detached: boolean;
}

/** The tree git compares with when a repository has no commit yet. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const OPERATION_MARKERS: ReadonlyArray<[string, Operation]> = [
  ['MERGE_HEAD', 'merge'],
  ['rebase-merge', 'rebase'],
  ['rebase-apply', 'rebase'],
  ['CHERRY_PICK_HEAD', 'cherryPick'],
  ['REVERT_HEAD', 'revert'],
];

function operationWords(operation: Operation): string {
  switch (operation) {
    case 'merge':
      return l10n.t('A merge is in progress in this repository: finish or abort it first.');
    case 'rebase':
      return l10n.t('A rebase is in progress in this repository: finish or abort it first.');
    case 'cherryPick':
      return l10n.t('A cherry-pick is in progress in this repository: finish or abort it first.');
    case 'revert':
      return l10n.t('A revert is in progress in this repository: finish or abort it first.');
  }
}

async function exists(at: string): Promise<boolean> {
  return fs.lstat(at).then(
    () => true,
    () => false,
  );
}

/** The repository whose working tree holds `folder`, or a PatchError ('notARepository', 'operationInProgress'). */
export async function readRepositoryState(git: GitContext, folder: string): Promise<RepositoryState> {
  const top = await runGit(git, ['rev-parse', '--show-toplevel', '--absolute-git-dir'], { cwd: folder });
  const [root, gitDir] = top.stdout.toString('utf8').split('\n');
  if (top.code !== 0 || !root || !gitDir) {
    throw new PatchError('notARepository', l10n.t('{0} is not in the working tree of a git repository.', folder), {
      detail: top.stderr,
    });
  }
  for (const [marker, operation] of OPERATION_MARKERS) {
    if (await exists(path.join(gitDir, marker))) throw new PatchError('operationInProgress', operationWords(operation));
  }
  const head = await runGit(git, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd: root });
  const branch = await runGit(git, ['symbolic-ref', '--quiet', '--short', 'HEAD'], { cwd: root });
  const hasHead = head.code === 0;
  const onBranch = branch.code === 0;
  return {
    root,
    branch: onBranch ? branch.stdout.toString('utf8').trim() : undefined,
    head: hasHead ? head.stdout.toString('utf8').trim() : undefined,
    detached: !onBranch,
  };
}

/** The commit or tree a patch of this repository is made against. */
export function baseOf(state: RepositoryState): string {
  return state.head ?? EMPTY_TREE;
}

/** The index file git uses for this working tree (its own, or the worktree's). */
export async function indexFileOf(git: GitContext, root: string): Promise<string> {
  // Relative to the folder git runs in unless absolute (`--path-format` needs git 2.31).
  const out = await gitOutput(git, ['rev-parse', '--git-path', 'index'], { cwd: root });
  return path.resolve(root, out.stdout.toString('utf8').replace(/\n$/, ''));
}
