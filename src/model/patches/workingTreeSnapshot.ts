// What Apply and Revert keep before git writes, so that a failure part-way leaves nothing half
// written. `git apply --check` passing is no promise that the write goes through: a file in the way
// of a folder the patch creates (`b` where it makes `b/c.txt`), a full disk or a file made
// read-only fails the write after git has written, deleted or re-moded other files. So for every
// path the patch touches and every folder above it, this keeps what was there: a file's bytes (a
// copy in a backup folder, not in memory) and mode, a folder, or nothing; and a three-way apply's
// index. Putting it back removes what the failed write made (files, folders, a file where a folder
// was) deepest first, then makes the folders and writes the files back shallowest first. The paths
// have passed the hostile check (none goes through a link); a link found here is never followed.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

type Before =
  | { kind: 'absent' }
  | { kind: 'folder' }
  | { kind: 'file'; mode: number; size: number; copy: string }
  | { kind: 'other' };

interface Entry {
  /** Relative to the repository's top, with `/`. */
  name: string;
  at: string;
  before: Before;
}

export interface Snapshot {
  entries: Entry[];
  /** The index file and its copy, for a write that stages (a three-way apply). */
  index?: { at: string; copy: string | undefined; mtime: Date; atime: Date };
}

export interface Restored {
  /** Paths that were put back. */
  restored: string[];
  /** Paths that could not be put back, with the system's reason. */
  failed: Array<{ name: string; why: string }>;
}

/** Every path and every folder above it, shallowest first. */
function withFolders(paths: readonly string[]): string[] {
  const all = new Set<string>();
  for (const name of paths) {
    const segments = name.split('/');
    for (let i = 1; i <= segments.length; i++) all.add(segments.slice(0, i).join('/'));
  }
  return [...all].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

async function lstatOrUndefined(at: string) {
  try {
    return await fs.lstat(at);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return undefined;
    }
    throw err;
  }
}

/** Keeps what is at each of `paths` (and the folders above them) in `backup`, and the index file when given. Throws when something cannot be kept. */
export async function takeSnapshot(
  root: string,
  paths: readonly string[],
  backup: string,
  indexFile?: string,
): Promise<Snapshot> {
  const entries: Entry[] = [];
  for (const name of withFolders(paths)) {
    const at = path.join(root, ...name.split('/'));
    const found = await lstatOrUndefined(at);
    let before: Before;
    if (!found) before = { kind: 'absent' };
    else if (found.isDirectory()) before = { kind: 'folder' };
    else if (found.isFile()) {
      const copy = path.join(backup, String(entries.length));
      await fs.copyFile(at, copy);
      before = { kind: 'file', mode: found.mode & 0o7777, size: found.size, copy };
    } else before = { kind: 'other' };
    entries.push({ name, at, before });
  }
  const snapshot: Snapshot = { entries };
  if (indexFile !== undefined) {
    const found = await lstatOrUndefined(indexFile);
    const copy = found ? path.join(backup, 'index') : undefined;
    if (copy) await fs.copyFile(indexFile, copy);
    snapshot.index = { at: indexFile, copy, mtime: found?.mtime ?? new Date(), atime: found?.atime ?? new Date() };
  }
  return snapshot;
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([fs.readFile(a), fs.readFile(b)]);
  return x.equals(y);
}

/** Whether the file at `at` is the kept one: same size, mode and bytes. */
async function unchanged(at: string, before: Extract<Before, { kind: 'file' }>): Promise<boolean> {
  const now = await lstatOrUndefined(at);
  return (
    now !== undefined &&
    now.isFile() &&
    now.size === before.size &&
    (now.mode & 0o7777) === before.mode &&
    (await sameBytes(at, before.copy))
  );
}

/** Removes what the failed write made where `entry` had something else (or nothing); true when it removed something. */
async function removeWhatIsNew(entry: Entry): Promise<boolean> {
  const now = await lstatOrUndefined(entry.at);
  if (!now || entry.before.kind === 'other') return false;
  const keep =
    entry.before.kind === 'folder' ? now.isDirectory() : entry.before.kind === 'file' ? !now.isDirectory() : false;
  if (keep) return false;
  // `rm` removes a link itself, never what it points to.
  await fs.rm(entry.at, { recursive: now.isDirectory(), force: true });
  return true;
}

/** Makes the kept folder or writes the kept file back; true when it changed something. */
async function putBack(entry: Entry): Promise<boolean> {
  const { before } = entry;
  if (before.kind === 'folder') {
    if ((await lstatOrUndefined(entry.at))?.isDirectory()) return false;
    await fs.mkdir(entry.at);
    return true;
  }
  if (before.kind !== 'file' || (await unchanged(entry.at, before))) return false;
  await fs.rm(entry.at, { force: true });
  await fs.copyFile(before.copy, entry.at);
  await fs.chmod(entry.at, before.mode);
  return true;
}

async function putBackIndex(index: NonNullable<Snapshot['index']>): Promise<boolean> {
  const now = await lstatOrUndefined(index.at);
  if (!index.copy) {
    if (!now) return false;
    await fs.rm(index.at, { force: true });
    return true;
  }
  if (now?.isFile() && (await sameBytes(index.at, index.copy))) return false;
  // Written beside it and renamed over it, as git writes its index, with its old time (see makePatch.ts's copyIndex on racily clean entries).
  const next = `${index.at}.bbs-restore`;
  await fs.copyFile(index.copy, next);
  await fs.utimes(next, index.atime, index.mtime);
  await fs.rename(next, index.at);
  return true;
}

const why = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

/** Puts back everything `snapshot` kept that differs now; says what it put back and what it could not. */
export async function restoreSnapshot(snapshot: Snapshot): Promise<Restored> {
  const restored = new Set<string>();
  const failed = new Map<string, string>();
  const attempt = async (name: string, work: () => Promise<boolean>) => {
    try {
      if (await work()) restored.add(name);
    } catch (err) {
      failed.set(name, why(err));
    }
  };
  for (const entry of [...snapshot.entries].reverse()) await attempt(entry.name, () => removeWhatIsNew(entry));
  for (const entry of snapshot.entries) await attempt(entry.name, () => putBack(entry));
  if (snapshot.index) {
    const index = snapshot.index;
    await attempt('.git/index', () => putBackIndex(index));
  }
  for (const name of failed.keys()) restored.delete(name);
  return { restored: [...restored], failed: [...failed].map(([name, reason]) => ({ name, why: reason })) };
}
