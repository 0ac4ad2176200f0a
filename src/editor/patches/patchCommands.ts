// The patch snippet commands' handlers and what they share: the git extension's repositories and
// the read-only documents of Preview Patch, whose scheme is registered when the snippets bundle
// loads (not at activation: a preview exists only once a command ran). registerCommands.ts
// registers the commands.
import vscode = require('vscode');
import type { Snippet } from '../../api/types';
import type { Log } from '../../util/log';
import { GitRepositories } from '../repositories/gitApi';
import { Disposable } from '../ui/disposable';
import type { CommandDeps } from '../snippets/context';
import { applyPatchCommand, type ApplyOutcome } from './applyPatch';
import { PATCH_PREVIEW_SCHEME, PatchPreviews } from './patchPreviews';
import type { PatchSnippetDeps } from './patchSource';
import { previewPatchCommand, type PreviewOutcome } from './previewPatch';
import { savePatchAsSnippet } from './savePatch';

export class PatchCommands extends Disposable {
  private readonly git: GitRepositories;
  private readonly previews = new PatchPreviews();

  constructor(
    private readonly snippets: PatchSnippetDeps,
    log: Log,
  ) {
    super();
    this.git = new GitRepositories(log.child('git'));
    this.register(this.previews, vscode.workspace.registerTextDocumentContentProvider(PATCH_PREVIEW_SCHEME, this.previews));
  }

  /** Save Changes as Patch Snippet…, with the Source Control view's arguments. */
  save(deps: CommandDeps, args: readonly unknown[]): Promise<Snippet | undefined> {
    return savePatchAsSnippet(this.git, deps, args);
  }

  /** Preview Patch; resolves to what it showed, or the refusal's sentence. */
  preview(deps: CommandDeps, arg: unknown): Promise<PreviewOutcome | string | undefined> {
    return previewPatchCommand(this.git, this.snippets, this.previews, deps, arg);
  }

  apply(deps: CommandDeps, arg: unknown): Promise<ApplyOutcome | undefined> {
    return applyPatchCommand(this.git, this.snippets, deps, arg, 'apply');
  }

  revert(deps: CommandDeps, arg: unknown): Promise<ApplyOutcome | undefined> {
    return applyPatchCommand(this.git, this.snippets, deps, arg, 'revert');
  }
}
