// The patch core's API for the editor layer: make a patch from a working tree, read one, judge
// its paths, preview it in a temporary copy, check it, apply or revert it. Every function takes a
// GitContext (the git the editor found, and where temporary folders go) and throws a PatchError
// whose message is the sentence to show.
export type { GitContext } from './gitProcess';
export { PatchError, type PatchReason } from './patchErrors';
export { makePatch, MAX_PATCH_BYTES, type MadePatch, type PatchRequest, type PatchScope } from './makePatch';
export { readPatch, type FileChange, type PatchFile, type ReadPatch } from './readPatch';
export { checkPatchPaths, refusedPatchPath, type PathNote, type PathNoteKind } from './pathCheck';
export {
  MAX_PREVIEW_BYTES,
  MAX_PREVIEW_FILE_BYTES,
  previewPatch,
  type Preview,
  type PreviewFile,
} from './previewPatch';
export { applyPatch, checkPatch, type ApplyOptions, type ApplyResult, type CheckResult } from './applyPatch';
export { readRepositoryState, EMPTY_TREE, type RepositoryState } from './repositoryState';
