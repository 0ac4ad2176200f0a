// The one place where Apply and Revert let git write: all or nothing. Before git runs, every path
// the patch touches is kept (workingTreeSnapshot.ts) in a backup folder of its own; when git fails
// (its check passed, but the write did not go through: a file in the way, a full disk, a deadline),
// everything is put back and the error says which file failed, git's reason, and that the working
// tree is as it was. Should putting back fail too, the backup folder is kept and the error names the
// files not put back and where their copies are, rather than claiming the tree is whole.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import type { GitContext, GitOutput } from './gitProcess';
import { PatchError } from './patchErrors';
import { restoreSnapshot, takeSnapshot, type Snapshot } from './workingTreeSnapshot';

export interface Write {
  root: string;
  /** Every path the patch touches. */
  paths: readonly string[];
  /** The index file, when the write stages (a three-way apply). */
  indexFile?: string;
  /** Runs git's writing command. */
  run(): Promise<GitOutput>;
  /** Whether git's output is success (a three-way apply with conflicts is). */
  succeeded(output: GitOutput): boolean;
  /** Git's refusal in words. */
  failure(output: GitOutput): PatchError;
}

async function keepFirst(write: Write, backup: string): Promise<Snapshot> {
  try {
    return await takeSnapshot(write.root, write.paths, backup, write.indexFile);
  } catch (err) {
    const message = l10n.t(
      'Nothing was written: a copy of the files the patch touches could not be kept first ({0}).',
      (err as NodeJS.ErrnoException).code ?? String(err),
    );
    throw new PatchError('writeFailed', message, { detail: String(err) });
  }
}

/** `failure` with what putting back did: the tree as it was, or the files that could not be put back and where their copies are. */
async function putBack(snapshot: Snapshot, backup: string, failure: PatchError): Promise<PatchError> {
  const { failed } = await restoreSnapshot(snapshot);
  if (failed.length === 0) {
    await fs.rm(backup, { recursive: true, force: true, maxRetries: 3 });
    return new PatchError(
      failure.reason,
      `${failure.message} ${l10n.t('The working tree is as it was: every file the patch touched was put back.')}`,
      failure,
    );
  }
  const names = failed.map((f) => `${f.name} (${f.why})`).join(', ');
  const message = `${failure.message} ${l10n.t('Putting the files back failed for {0}; their earlier versions are kept in {1}.', names, backup)}`;
  return new PatchError(failure.reason, message, { path: failure.path, detail: failure.detail });
}

/** Runs `write` so that on any failure the touched paths are as they were; resolves with git's output on success. */
export async function writeAllOrNothing(git: GitContext, write: Write): Promise<GitOutput> {
  const backup = await fs.mkdtemp(path.join(git.tempRoot ?? os.tmpdir(), 'bbs-patch-backup-'));
  let snapshot: Snapshot;
  try {
    snapshot = await keepFirst(write, backup);
  } catch (err) {
    await fs.rm(backup, { recursive: true, force: true, maxRetries: 3 });
    throw err;
  }
  let failure: PatchError;
  try {
    const output = await write.run();
    if (write.succeeded(output)) {
      await fs.rm(backup, { recursive: true, force: true, maxRetries: 3 });
      return output;
    }
    failure = write.failure(output);
  } catch (err) {
    failure =
      err instanceof PatchError
        ? err
        : new PatchError('gitFailed', l10n.t('Git could not be started.'), { detail: String(err) });
  }
  throw await putBack(snapshot, backup, failure);
}
