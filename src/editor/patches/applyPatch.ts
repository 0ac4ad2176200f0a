// Apply Patch and Revert Patch: a colleague's patch written to a repository's working tree, or
// taken back out of it. The patch core refuses what is hostile (a path outside the repository,
// under .git, through a link) and what would touch uncommitted work, checks with git before it
// writes, and leaves the tree as it was on any failure. Before it writes files that tools read or
// run (a task, a hook, a pipeline, npm scripts, a file made executable), a modal names each one;
// declined, nothing is written. When only a three-way merge can apply it (the base differs, or a
// touched file has staged changes), a modal offers that; afterwards the Source Control view shows
// the changes and a notification names the files.
import vscode = require('vscode');
import { applyPatch, type ApplyResult, type PathNote } from '../../model/patches';
import { fileList, noteWords } from '../../model/patches/patchReport';
import type { GitRepositories } from '../repositories/gitApi';
import { showInfo, showWarning } from '../ui/notify';
import { withProgress } from '../ui/progress';
import { confirm } from '../ui/prompts';
import type { AccountContext } from '../ui/accountContext';
import { reportPatchFailure } from './patchFailure';
import type { SnippetsContext } from '../snippets/context';
import { patchSource, type PatchSource } from './patchSource';
import { chooseTree, treeName, type ChosenTree } from './workingTrees';

type Direction = 'apply' | 'revert';

const titles = (direction: Direction) =>
  direction === 'apply'
    ? vscode.l10n.t('Bitbucket Snippets: Apply Patch')
    : vscode.l10n.t('Bitbucket Snippets: Revert Patch');

/**
 * The modal that names each file tools read or run before any is written; true when the user
 * agrees. Asked once per command: the three-way run after a plain one asks only about new names.
 */
function toolFileApproval(source: PatchSource, direction: Direction): (notes: PathNote[]) => Promise<boolean> {
  const approved = new Set<string>();
  return async (notes) => {
    const lines = notes.map((note) => noteWords(note.path, note.kind));
    if (lines.every((line) => approved.has(line))) return true;
    const ok = await confirm(
      direction === 'apply'
        ? vscode.l10n.t('{0} writes files that tools read or run. Apply it?', source.fileName)
        : vscode.l10n.t('Reverting {0} writes files that tools read or run. Revert it?', source.fileName),
      [
        ...lines,
        vscode.l10n.t(
          'Read these files in Preview Patch first: a task can run when the folder opens, a hook when you commit, a pipeline when you push.',
        ),
      ].join('\n'),
      direction === 'apply' ? vscode.l10n.t('Apply') : vscode.l10n.t('Revert'),
    );
    if (ok) lines.forEach((line) => approved.add(line));
    return ok;
  };
}

async function run(
  chosen: ChosenTree,
  source: PatchSource,
  direction: Direction,
  threeWay: boolean,
  approveToolFiles: (notes: PathNote[]) => Promise<boolean>,
): Promise<ApplyResult> {
  const title =
    direction === 'apply'
      ? vscode.l10n.t('Applying {0} to {1}…', source.fileName, treeName(chosen.tree))
      : vscode.l10n.t('Reverting {0} in {1}…', source.fileName, treeName(chosen.tree));
  return withProgress('notification', title, () =>
    applyPatch(chosen.git, source.text, chosen.tree.root.fsPath, {
      reverse: direction === 'revert',
      threeWay,
      approveToolFiles,
    }),
  );
}

/** Asks whether to merge three-way, saying why the plain apply was refused; true when the user agrees. */
function offerThreeWay(
  result: Extract<ApplyResult, { kind: 'threeWayPossible' }>,
  direction: Direction,
): Promise<boolean> {
  const conflicts =
    result.conflicted.length > 0
      ? vscode.l10n.t(
          'Git expects conflicts in {0}: they will hold conflict markers to resolve.',
          fileList(result.conflicted),
        )
      : '';
  return confirm(
    direction === 'apply'
      ? vscode.l10n.t('The patch does not apply as it is. Apply it with a three-way merge?')
      : vscode.l10n.t('The patch cannot be reverted as it is. Revert it with a three-way merge?'),
    [
      result.reason.message,
      vscode.l10n.t(
        'A three-way merge uses the version each file had when the patch was made; the files it changes are staged, and where it cannot merge it leaves conflict markers as git does.',
      ),
      conflicts,
    ]
      .filter(Boolean)
      .join('\n\n'),
    vscode.l10n.t('Merge Three-Way'),
  );
}

function tellResult(
  result: Extract<ApplyResult, { kind: 'applied' | 'conflicts' }>,
  source: PatchSource,
  chosen: ChosenTree,
  direction: Direction,
): void {
  const notes = result.notes.map((note) => noteWords(note.path, note.kind));
  const files = fileList(result.files);
  if (result.kind === 'conflicts') {
    void showWarning(
      [
        vscode.l10n.t(
          '{0} was merged into {1} with conflicts in {2}: resolve the conflict markers, then stage the files.',
          source.fileName,
          treeName(chosen.tree),
          fileList(result.conflicted),
        ),
        ...notes,
      ].join(' '),
    );
    return;
  }
  const done =
    direction === 'apply'
      ? vscode.l10n.t('{0} was applied to {1}. Changed: {2}.', source.fileName, treeName(chosen.tree), files)
      : vscode.l10n.t('{0} was reverted in {1}. Changed: {2}.', source.fileName, treeName(chosen.tree), files);
  void showInfo([done, ...notes].join(' '));
}

/** Apply Patch (`direction` apply) and Revert Patch (revert); what happened is shown, and logged with the files it names. */
export async function applyPatchCommand(
  git: GitRepositories,
  snippets: SnippetsContext,
  deps: AccountContext,
  arg: unknown,
  direction: Direction,
): Promise<void> {
  const title = titles(direction);
  const source = await patchSource(snippets, deps, arg, title);
  if (!source) return;
  const chosen = await chooseTree(git, title);
  if (!chosen) return;
  const action =
    direction === 'apply'
      ? vscode.l10n.t('apply the patch {0}', source.fileName)
      : vscode.l10n.t('revert the patch {0}', source.fileName);
  const approve = toolFileApproval(source, direction);
  try {
    let result = await run(chosen, source, direction, false, approve);
    if (result.kind === 'threeWayPossible') {
      if (!(await offerThreeWay(result, direction))) {
        source.deps.log.info(
          `${direction} of a patch in ${chosen.tree.root.fsPath}: the three-way merge was declined, nothing was written`,
        );
        return;
      }
      result = await run(chosen, source, direction, true, approve);
    }
    if (result.kind === 'threeWayPossible') {
      throw new Error('a three-way apply answered that a three-way apply is possible');
    }
    if (result.kind === 'declined') {
      source.deps.log.info(
        `${direction} of a patch declined: it writes files tools read or run: ${result.notes.map((note) => note.path).join(', ')}`,
      );
      return;
    }
    const conflicts = result.kind === 'conflicts' ? ` in ${result.conflicted.join(', ')}` : '';
    source.deps.log.info(
      `${direction} of a patch of ${result.files.length} file(s) in ${chosen.tree.root.fsPath}: ${result.kind}${conflicts}`,
    );
    await vscode.commands.executeCommand('workbench.view.scm');
    tellResult(result, source, chosen, direction);
  } catch (err) {
    reportPatchFailure(source.deps, source.deps.log, action, err);
  }
}
