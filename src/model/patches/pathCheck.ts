// A colleague's patch is outside data that writes files, so before git sees it every path it
// names is judged here: it must stay inside the repository (no absolute path, no `..`, no
// backslash that Windows reads as a separator), never reach git's own folder in any spelling a
// file system resolves to `.git` (`.GIT`, `.git.`, `GIT~1`, `.g\u200cit`: toolNames.ts's folds),
// never pass through a symbolic link that exists in the working tree (each segment looked at with
// `lstat`, as the safe writer does), and never make or change a link or a submodule. A file that
// becomes executable (in the direction the patch is applied: a revert turns modes back), or a
// tool's file (toolFiles.ts: `.vscode/tasks.json`, a CI workflow, a hook), is allowed but noted, so
// the preview says so and Apply and Revert ask first. Git's own checks stay on behind this one; this one also covers what git
// allows (a link made by the patch, a backslash on Linux).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { foldName } from '../localFiles/toolNames';
import { PatchError, type PatchReason } from './patchErrors';
import type { PatchFile, ReadPatch } from './readPatch';
import { isToolFile } from './toolFileNames';

/** A file made executable; a file tools read or run; a package.json whose scripts change (see toolFiles.ts). */
export type PathNoteKind = 'becomesExecutable' | 'toolFile' | 'changesScripts';

export interface PathNote {
  path: string;
  kind: PathNoteKind;
}

const REGULAR = new Set(['100644', '100755']);
const LINK = '120000';
const EXECUTABLE = '100755';

function refusal(reason: PatchReason, at: string, extra = ''): PatchError {
  const words: Partial<Record<PatchReason, () => string>> = {
    absolutePath: () =>
      l10n.t(
        'The patch was refused: {0} is an absolute path, and a patch may only change files inside the repository.',
        at,
      ),
    parentFolder: () => l10n.t('The patch was refused: {0} leads out of the repository through "..".', at),
    backslash: () =>
      l10n.t('The patch was refused: {0} holds a backslash, which Windows reads as a folder separator.', at),
    badName: () => l10n.t('The patch was refused: {0} is not a valid file path.', at),
    gitFolder: () => l10n.t("The patch was refused: {0} is inside git's own folder (.git).", at),
    throughLink: () =>
      l10n.t('The patch was refused: {0} goes through the symbolic link {1} in the working tree.', at, extra),
    createsLink: () => l10n.t('The patch was refused: it would make {0} a symbolic link.', at),
    unsupportedMode: () => l10n.t('The patch was refused: {0} has mode {1}, which is not a regular file.', at, extra),
  };
  return new PatchError(reason, words[reason]!(), { path: at });
}

/** True when a file system reads `segment` as git's folder (`.git` without case, trailing dots or spaces, stream or ignored characters; `GIT~1`). */
function isGitName(segment: string): boolean {
  const folded = foldName(segment);
  return folded === '.git' || /^git~[1-9][0-9]*$/.test(folded);
}

/** Why `name` may not be touched by a patch, judged from the name alone; undefined when it may. */
export function refusedPatchPath(name: string): PatchError | undefined {
  if (/^([/\\]|[A-Za-z]:)/.test(name)) return refusal('absolutePath', name);
  if (name.includes('\\')) return refusal('backslash', name);
  // eslint-disable-next-line no-control-regex
  if (name === '' || /[\u0000-\u001f\u007f]/.test(name)) return refusal('badName', name);
  for (const segment of name.split('/')) {
    if (segment === '..') return refusal('parentFolder', name);
    if (segment === '' || segment === '.') return refusal('badName', name);
    if (isGitName(segment)) return refusal('gitFolder', name);
  }
  return undefined;
}

/** The first segment of `name` below `root` that is a symbolic link, as a path relative to `root`. */
async function linkOnTheWay(root: string, name: string): Promise<string | undefined> {
  const segments = name.split('/');
  for (let i = 1; i <= segments.length; i++) {
    const relative = segments.slice(0, i).join('/');
    let found;
    try {
      found = await fs.lstat(path.join(root, ...segments.slice(0, i)));
    } catch {
      // Nothing there: nothing further down exists either.
      return undefined;
    }
    if (found.isSymbolicLink()) return relative;
    if (!found.isDirectory()) return undefined;
  }
  return undefined;
}

/** Whether `file` leaves an executable where there was none, applied forward or (`reverse`) backward. */
function becomesExecutable(file: PatchFile, reverse: boolean): boolean {
  const [from, to, gone] = reverse
    ? [file.newMode, file.oldMode, file.change === 'created']
    : [file.oldMode, file.newMode, file.change === 'deleted'];
  return !gone && to === EXECUTABLE && from !== EXECUTABLE;
}

/**
 * Judges every path of `patch` (and `alsoPaths`, the paths git itself lists for it) against the
 * working tree at `root`: throws a PatchError naming the first refused path, or returns the notes
 * the preview shows and Apply (Revert with `reverse`) asks about.
 */
export async function checkPatchPaths(
  patch: ReadPatch,
  root: string,
  alsoPaths: readonly string[] = [],
  reverse = false,
): Promise<PathNote[]> {
  const names = new Set<string>(alsoPaths);
  for (const file of patch.files) {
    const name = file.newPath ?? file.oldPath!;
    if (file.newMode === LINK) throw refusal('createsLink', name);
    if (file.oldMode === LINK) throw refusal('throughLink', name, name);
    for (const mode of [file.oldMode, file.newMode]) {
      if (mode !== undefined && !REGULAR.has(mode)) throw refusal('unsupportedMode', name, mode);
    }
    if (file.oldPath !== undefined) names.add(file.oldPath);
    if (file.newPath !== undefined) names.add(file.newPath);
  }
  for (const name of names) {
    const refused = refusedPatchPath(name);
    if (refused) throw refused;
  }
  for (const name of names) {
    const link = await linkOnTheWay(root, name);
    if (link !== undefined) throw refusal('throughLink', name, link);
  }
  const notes: PathNote[] = [];
  for (const file of patch.files) {
    const name = file.newPath ?? file.oldPath!;
    if (becomesExecutable(file, reverse)) notes.push({ path: name, kind: 'becomesExecutable' });
    if (isToolFile(name) || (file.oldPath !== undefined && file.oldPath !== name && isToolFile(file.oldPath))) {
      notes.push({ path: name, kind: 'toolFile' });
    }
  }
  return notes;
}
