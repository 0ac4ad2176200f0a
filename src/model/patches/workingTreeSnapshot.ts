// The files a three-way apply touches, as they were before it. A plain `git apply` is atomic; a
// failed `git apply --3way` was seen to leave the working tree as it was too (an unstaged file in
// the way, a base the repository lacks: nothing written), but that is git's behaviour, not its
// promise, so after a failure the touched files are compared with this copy and put back where
// they differ. The paths have passed the hostile check: none goes through a link.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** Each path's bytes, or undefined where there was no file. */
export type Snapshot = Map<string, Buffer | undefined>;

async function readIfFile(at: string): Promise<Buffer | undefined> {
  try {
    const found = await fs.lstat(at);
    return found.isFile() ? await fs.readFile(at) : undefined;
  } catch {
    return undefined;
  }
}

export async function takeSnapshot(root: string, paths: readonly string[]): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const name of paths) snapshot.set(name, await readIfFile(path.join(root, ...name.split('/'))));
  return snapshot;
}

/** Puts back every file that differs from `snapshot`; returns the paths put back. */
export async function restoreSnapshot(root: string, snapshot: Snapshot): Promise<string[]> {
  const restored: string[] = [];
  for (const [name, before] of snapshot) {
    const at = path.join(root, ...name.split('/'));
    const now = await readIfFile(at);
    if (before === undefined && now === undefined) continue;
    if (before !== undefined && now !== undefined && before.equals(now)) continue;
    if (before === undefined) await fs.rm(at, { force: true });
    else await fs.writeFile(at, before);
    restored.push(name);
  }
  return restored;
}
