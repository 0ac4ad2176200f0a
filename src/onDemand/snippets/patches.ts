// Patch snippets' part of the snippets bundle: a repository's changes saved as a snippet, and a
// patch snippet previewed, applied or reverted. Git comes from the git extension's repositories
// (src/editor/repositories/), made here; the read-only documents of Preview Patch get their
// scheme when the bundle loads (a preview exists only once a command ran).
import vscode = require('vscode');
import { applyPatchCommand } from '../../editor/patches/applyPatch';
import { PATCH_PREVIEW_SCHEME, PatchPreviews } from '../../editor/patches/patchPreviews';
import { previewPatchCommand } from '../../editor/patches/previewPatch';
import { savePatchAsSnippet } from '../../editor/patches/savePatch';
import { GitRepositories } from '../../editor/repositories/gitApi';
import type { SnippetsContext } from '../../editor/snippets/context';
import { Commands } from '../../util/constants';
import type { CommandKinds } from './commandKinds';

export function registerPatchCommands(context: SnippetsContext, { command, create }: CommandKinds): vscode.Disposable {
  const git = new GitRepositories(context.scope.defaults.log.child('git'));
  const previews = new PatchPreviews();
  return vscode.Disposable.from(
    previews,
    vscode.workspace.registerTextDocumentContentProvider(PATCH_PREVIEW_SCHEME, previews),
    // Save Changes as Patch Snippet…, with the Source Control view's arguments.
    create(Commands.savePatchAsSnippet, (deps, ...args) => savePatchAsSnippet(git, deps, args)),
    command(Commands.previewPatch, (deps, arg) => previewPatchCommand(git, context, previews, deps, arg)),
    command(Commands.applyPatch, (deps, arg) => applyPatchCommand(git, context, deps, arg, 'apply')),
    command(Commands.revertPatch, (deps, arg) => applyPatchCommand(git, context, deps, arg, 'revert')),
  );
}
