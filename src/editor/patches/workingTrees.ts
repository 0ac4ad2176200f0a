// Which repository a patch command works in: the git program and the repositories come from VS
// Code's git extension (its git.path, never a `git` looked up on the PATH); the repository is the
// one the command was started from (a Source Control view's title, group or file), else the only
// one, else the user picks. Without the git extension, git or a repository, the command says so.
import * as path from 'node:path';
import vscode = require('vscode');
import type { GitContext } from '../../model/patches';
import type { GitRepositories, PatchGit, WorkingTree } from '../repositories/gitApi';
import { showWarning } from '../ui/notify';
import { pick } from '../ui/prompts';

/** A working tree and the git that runs in it. */
export interface ChosenTree {
  git: GitContext;
  tree: WorkingTree;
}

/** The folder name people know a repository by. */
export const treeName = (tree: WorkingTree): string => path.basename(tree.root.fsPath) || tree.root.fsPath;

/** The git extension's git and repositories, or undefined after saying why there are none. */
export async function patchGit(git: GitRepositories): Promise<PatchGit | undefined> {
  const found = await git.forPatches();
  if (!found) {
    void showWarning(
      vscode.l10n.t(
        "Patch snippets need VS Code's git extension and git: the extension is disabled (setting git.enabled) or found no git. Install git, or enable the extension, then try again.",
      ),
    );
    return undefined;
  }
  if (found.trees.length === 0) {
    void showWarning(
      vscode.l10n.t(
        'No git repository is open. Open a folder of a git repository (or its Source Control view) and try again.',
      ),
    );
    return undefined;
  }
  return found;
}

/** The repository holding `uri`: the deepest root that contains it. */
function treeAt(trees: readonly WorkingTree[], uri: vscode.Uri): WorkingTree | undefined {
  const inside = (tree: WorkingTree) => {
    const relative = path.relative(tree.root.fsPath, uri.fsPath);
    return !relative.startsWith('..') && !path.isAbsolute(relative);
  };
  return trees.filter(inside).sort((a, b) => b.root.fsPath.length - a.root.fsPath.length)[0];
}

/**
 * The repository to work in: the one holding `hint` (a file or a repository's folder) when given,
 * else the only one, else the user's pick; undefined when the user cancels or nothing is open.
 */
export async function chooseTree(
  git: GitRepositories,
  title: string,
  hint?: vscode.Uri,
): Promise<ChosenTree | undefined> {
  const found = await patchGit(git);
  if (!found) return undefined;
  const context: GitContext = { gitPath: found.gitPath };
  const hinted = hint && treeAt(found.trees, hint);
  if (hinted) return { git: context, tree: hinted };
  if (found.trees.length === 1) return { git: context, tree: found.trees[0] };
  const items = found.trees.map((tree) => ({
    label: treeName(tree),
    description: tree.branch ?? '',
    detail: tree.root.fsPath,
    iconPath: new vscode.ThemeIcon('repo'),
    tree,
  }));
  const chosen = await pick(items, {
    title,
    placeHolder: vscode.l10n.t('Which repository?'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return chosen && { git: context, tree: chosen.tree };
}
