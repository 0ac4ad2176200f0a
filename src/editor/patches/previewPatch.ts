// Preview Patch: what a patch snippet would do to a repository, without touching it. The patch
// core applies it in a temporary copy of the touched files; each file it applies to opens in one
// multi-file diff (VS Code's vscode.changes): the working tree's file now on the left, the file
// with the patch applied on the right, served read-only from memory (patchPreviews.ts). Files it
// cannot apply to are named with the reason; binary files, files too large to show (never read:
// previewPatch.ts) and files that become executable are said in words beside it.
import * as path from 'node:path';
import vscode = require('vscode');
import { previewPatch, type Preview, type PreviewFile } from '../../model/patches';
import { fileList, previewNotes } from '../../model/patches/patchReport';
import { lineText } from '../../util/outsideText';
import type { GitRepositories } from '../repositories/gitApi';
import { showInfo, showWarning } from '../ui/notify';
import { withProgress } from '../ui/progress';
import type { AccountContext } from '../ui/accountContext';
import { reportPatchFailure } from './patchFailure';
import type { PatchPreviews } from './patchPreviews';
import type { SnippetsContext } from '../snippets/context';
import { patchSource } from './patchSource';
import { chooseTree, treeName } from './workingTrees';

const TITLE = vscode.l10n.t('Bitbucket Snippets: Preview Patch');

const inTree = (root: string, name: string) => vscode.Uri.file(path.join(root, ...name.split('/')));

/** The [resource, left, right] triples of the files a diff can show. */
function diffEntries(previews: PatchPreviews, preview: Preview): Array<[vscode.Uri, vscode.Uri, vscode.Uri]> {
  const shown = preview.files.filter((file) => !file.problem && !file.binary && !file.tooLarge);
  return shown.map((file: PreviewFile) => {
    const resource = inTree(preview.root, file.path);
    const left =
      file.fromPath !== undefined && file.before !== undefined
        ? inTree(preview.root, file.fromPath)
        : previews.add(resource, '', 'before');
    const right = previews.add(resource, file.after?.toString('utf8') ?? '');
    return [resource, left, right];
  });
}

/** Preview Patch: the diff opens in the editor, and what it cannot show is said beside it (and logged as said). */
export async function previewPatchCommand(
  git: GitRepositories,
  snippets: SnippetsContext,
  previews: PatchPreviews,
  deps: AccountContext,
  arg: unknown,
): Promise<void> {
  const source = await patchSource(snippets, deps, arg, TITLE);
  if (!source) return;
  const chosen = await chooseTree(git, TITLE);
  if (!chosen) return;
  const action = vscode.l10n.t('preview the patch {0}', source.fileName);
  let preview: Preview;
  try {
    preview = await withProgress(
      'notification',
      vscode.l10n.t('Previewing {0} in {1}…', source.fileName, treeName(chosen.tree)),
      () => previewPatch(chosen.git, source.text, chosen.tree.root.fsPath),
    );
  } catch (err) {
    reportPatchFailure(source.deps, source.deps.log, action, err);
    return;
  }
  previews.begin();
  const entries = diffEntries(previews, preview);
  const { problems, notes } = previewNotes(preview.files);
  if (entries.length > 0) {
    const title = lineText(vscode.l10n.t('{0} (patch preview in {1})', source.fileName, treeName(chosen.tree)));
    await vscode.commands.executeCommand('vscode.changes', title, entries);
  }
  let told = '';
  if (problems.length > 0) {
    told = [vscode.l10n.t('The patch does not apply to every file:'), ...problems, ...notes].join(' ');
    void showWarning(told);
  } else if (notes.length > 0 || entries.length === 0) {
    told = [vscode.l10n.t('The patch changes {0}.', fileList(preview.files.map((f) => f.path))), ...notes].join(' ');
    void showInfo(told);
  }
  source.deps.log.info(
    `previewed a patch of ${preview.files.length} file(s): ${entries.length} shown, ${problems.length} that do not apply${told ? `; told: ${told}` : ''}`,
  );
}
