// The one error of the patch core. Its message is the sentence the user reads (already
// translated, naming the file where there is one); `reason` lets the editor layer choose what to
// offer next (a three-way apply, a pick of files); `detail` is git's own text, outside data that
// may hold file names, for the log only.

export type PatchReason =
  // Git itself.
  | 'gitMissing'
  | 'gitFailed'
  | 'timeout'
  // The repository.
  | 'notARepository'
  | 'operationInProgress'
  // Making a patch.
  | 'noChange'
  | 'tooLarge'
  | 'notUtf8'
  // Reading a patch.
  | 'notAPatch'
  | 'cutShort'
  | 'corrupt'
  | 'binaryWithoutData'
  // A path the patch may not touch (pathCheck.ts).
  | 'absolutePath'
  | 'parentFolder'
  | 'backslash'
  | 'badName'
  | 'gitFolder'
  | 'throughLink'
  | 'createsLink'
  | 'unsupportedMode'
  // Applying (applyFailures.ts reads git's words into these).
  | 'doesNotApply'
  | 'lineEndings'
  | 'missing'
  | 'alreadyExists'
  | 'uncommittedChanges'
  | 'noBaseForThreeWay'
  | 'notApplied'
  // Git's check passed but its write failed part-way (the working tree is put back).
  | 'writeFailed'
  // The patch writes files tools read or run, and no one approved them.
  | 'toolFiles';

export interface PatchErrorOptions {
  /** The file the message is about, as the patch names it (outside data). */
  path?: string;
  /** Git's own text or a system error, for the log only. */
  detail?: string;
  /** The size in bytes, for `tooLarge`. */
  bytes?: number;
}

export class PatchError extends Error {
  readonly path: string | undefined;
  readonly detail: string | undefined;
  readonly bytes: number | undefined;

  constructor(
    readonly reason: PatchReason,
    message: string,
    options: PatchErrorOptions = {},
  ) {
    super(message);
    this.name = 'PatchError';
    this.path = options.path;
    this.detail = options.detail;
    this.bytes = options.bytes;
  }
}
