// Save Changes as Patch Snippet: the patch, made by git itself so that `git apply` takes it back.
// `git diff --binary --full-index` against HEAD (the empty tree before the first commit) keeps
// staged and unstaged changes and binary files; the new files the user chose go in through a copy
// of the index in a temporary folder, so the user's own index never changes. Prefixes, external
// diff programs and text conversions are fixed here rather than left to the user's config, which
// could otherwise make a patch `git apply` cannot read.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { gitOutput, type GitContext } from './gitProcess';
import { PatchError } from './patchErrors';
import { baseOf, indexFileOf, readRepositoryState, type RepositoryState } from './repositoryState';
import { withTemporaryFolder } from './temporaryFolder';

/** What goes into the patch: every change against HEAD, the staged ones, or those of the selected files. */
export type PatchScope = 'all' | 'staged' | { paths: readonly string[] };

export interface PatchRequest {
  /** A folder of the repository's working tree. */
  folder: string;
  scope: PatchScope;
  /** New (untracked) files the user chose, relative to the repository's top folder. */
  untracked?: readonly string[];
}

export interface MadePatch {
  text: string;
  bytes: number;
  state: RepositoryState;
  /** The commit the patch is made against, or the empty tree when there is no commit yet. */
  base: string;
}

export const MAX_PATCH_BYTES = 5 * 1024 * 1024;

const DIFF_ARGS = [
  'diff',
  '--binary',
  '--no-color',
  '--full-index',
  '--no-ext-diff',
  '--no-textconv',
  '--no-relative',
  '--src-prefix=a/',
  '--dst-prefix=b/',
];

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** The file whose part of the patch is not UTF-8 (the first one), as its `diff --git` line names it. */
function fileNotUtf8(patch: Buffer): string | undefined {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const starts: number[] = [];
  for (let at = patch.indexOf('diff --git '); at >= 0; at = patch.indexOf('\ndiff --git ', at + 1)) {
    starts.push(at === 0 ? 0 : at + 1);
  }
  for (let i = 0; i < starts.length; i++) {
    const part = patch.subarray(starts[i], starts[i + 1] ?? patch.length);
    try {
      decoder.decode(part);
    } catch {
      const header = part.subarray(0, part.indexOf('\n')).toString('latin1');
      return header.replace(/^diff --git a\//, '').replace(/ b\/.*$/, '');
    }
  }
  return undefined;
}

/**
 * Copies the user's index with its time. Git trusts an entry's recorded size and time unless the
 * file may have changed within the same tick as the index was written ("racily clean"), which it
 * tells by the index file's own time: a copy with a new time would make git miss a change written
 * right after a commit (same size, same second). A time slightly earlier only makes git look more.
 */
async function copyIndex(userIndex: string, copy: string): Promise<void> {
  let found;
  try {
    found = await fs.stat(userIndex, { bigint: true });
  } catch (err) {
    // A repository where nothing was ever added has no index yet: git starts a new one.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await fs.copyFile(userIndex, copy);
  const seconds = (ns: bigint) => Number(ns / 1000n) / 1e6 - 1e-6;
  await fs.utimes(copy, seconds(found.atimeNs), seconds(found.mtimeNs));
}

async function diff(
  git: GitContext,
  root: string,
  request: PatchRequest,
  base: string,
  env: Record<string, string>,
): Promise<Buffer> {
  const untracked = request.untracked ?? [];
  const args = [...DIFF_ARGS];
  if (request.scope === 'staged') args.push('--cached');
  args.push(base, '--');
  if (typeof request.scope === 'object') args.push(...request.scope.paths, ...untracked);
  const out = await gitOutput(git, args, { cwd: root, env, maxOutputBytes: MAX_PATCH_BYTES + 1 });
  if (out.stdoutBytes > MAX_PATCH_BYTES) {
    throw new PatchError(
      'tooLarge',
      l10n.t('The patch is {0} MB, more than the 5 MB a patch snippet may have.', megabytes(out.stdoutBytes)),
      { bytes: out.stdoutBytes },
    );
  }
  return out.stdout;
}

/** Makes the patch of `request`, or throws a PatchError ('noChange', 'tooLarge', 'notUtf8', and those of readRepositoryState). */
export async function makePatch(git: GitContext, request: PatchRequest): Promise<MadePatch> {
  const state = await readRepositoryState(git, request.folder);
  const base = baseOf(state);
  const untracked = request.untracked ?? [];
  const selectsNothing =
    typeof request.scope === 'object' && request.scope.paths.length === 0 && untracked.length === 0;
  let patch: Buffer = Buffer.alloc(0);
  if (!selectsNothing && untracked.length === 0) {
    patch = await diff(git, state.root, request, base, {});
  } else if (!selectsNothing) {
    const userIndex = await indexFileOf(git, state.root);
    patch = await withTemporaryFolder(git.tempRoot, async (folder) => {
      const index = path.join(folder, 'index');
      await copyIndex(userIndex, index);
      const env = { GIT_INDEX_FILE: index };
      await gitOutput(git, ['add', '--force', '--', ...untracked], { cwd: state.root, env });
      return diff(git, state.root, request, base, env);
    });
  }
  if (patch.length === 0) throw new PatchError('noChange', l10n.t('There are no changes to save as a patch.'));
  const notUtf8 = fileNotUtf8(patch);
  if (notUtf8 !== undefined) {
    throw new PatchError(
      'notUtf8',
      l10n.t('The changes of {0} are not UTF-8 text, which a snippet cannot hold.', notUtf8),
      { path: notUtf8 },
    );
  }
  return { text: patch.toString('utf8'), bytes: patch.length, state, base };
}
