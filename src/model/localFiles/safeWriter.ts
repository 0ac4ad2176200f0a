// Writes files made of outside data (a server's snippets for Export; later patches and templates)
// below a folder the user chose. That folder may hold anything someone else prepared (a clone of a
// shared repository is enough): links to the user's home, a `.git` whose config runs a command. So
// below it nothing is taken on trust, not even its own paths: each segment is looked at with
// `lstat` and made by this module, a link is refused rather than followed, a folder must be a
// folder and a file a regular file, and no segment is one a tool acts on (toolNames.ts) or a
// folder that starts with a dot. The chosen folder itself, and the path to it, are the user's
// choice (it may well be inside a repository, or reached through a link) and are not checked.
//
// New files are created exclusively (O_EXCL, and O_NOFOLLOW where the platform has it). An existing
// file is replaced, never written into: a temporary file with an unpredictable name, created
// exclusively beside it, is renamed over it, and a rename replaces a link or a hard link instead of
// writing through it. This guards against what was in the folder before the write began; someone
// swapping a folder for a link while it runs is outside what Node's path-based calls can prevent.
import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { isDotName, isToolName } from './toolNames';

/** Why a path below the chosen folder is not written. */
export type Refusal = 'link' | 'notFolder' | 'notFile' | 'toolName' | 'dotFolder' | 'notAName';

const REASONS: Record<Refusal, () => string> = {
  link: () => l10n.t('a link is in the way (links are never followed)'),
  notFolder: () => l10n.t('a file is in the way of a folder'),
  notFile: () => l10n.t('a folder is in the way of a file'),
  toolName: () => l10n.t('a name is one that tools act on (such as .git or .vscode)'),
  dotFolder: () => l10n.t('a folder name starts with a dot'),
  notAName: () => l10n.t('the system refuses a name'),
};

/** A path below the chosen folder that is not written; `message` says why, in words. */
/** Why a path is not written, in words (the export names skipped snippets with it). */
export function refusalReason(refusal: Refusal): string {
  return REASONS[refusal]();
}

export class RefusedPath extends Error {
  constructor(
    readonly refusal: Refusal,
    /** The absolute path of the segment refused. */
    readonly at: string,
  ) {
    super(refusalReason(refusal));
    this.name = 'RefusedPath';
  }
}

/** Why `segment` may not be made or entered below the chosen folder, or undefined when it may. */
export function refusedName(segment: string, kind: 'folder' | 'file'): Refusal | undefined {
  // One entry of one folder: separators, a drive or stream colon, `.` and `..` would make it a path.
  if (segment === '' || segment === '.' || segment === '..' || /[/\\:\0]/.test(segment)) return 'notAName';
  if (isToolName(segment)) return 'toolName';
  // Tools keep their folders under dot names, including tools no list knows yet.
  if (kind === 'folder' && isDotName(segment)) return 'dotFolder';
  return undefined;
}

/** O_NOFOLLOW where the platform has it (not on Windows, where an exclusive create refuses a link anyway). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
const READ = constants.O_RDONLY | NO_FOLLOW;

async function lstatIfThere(at: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(at);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function expectKind(found: Stats, kind: 'folder' | 'file', at: string): void {
  if (found.isSymbolicLink()) throw new RefusedPath('link', at);
  if (kind === 'folder' && !found.isDirectory()) throw new RefusedPath('notFolder', at);
  if (kind === 'file' && !found.isFile()) throw new RefusedPath('notFile', at);
}

function below(at: string, segment: string, kind: 'folder' | 'file'): string {
  const refusal = refusedName(segment, kind);
  if (refusal) throw new RefusedPath(refusal, path.join(at, segment));
  return path.join(at, segment);
}

/**
 * The folder `segments` below `root`, each segment checked and, with `make`, made where missing.
 * Undefined when one is missing and `make` is false.
 */
async function walkFolders(root: string, segments: readonly string[], make: boolean): Promise<string | undefined> {
  let at = path.resolve(root);
  // Every name is judged before anything is made, so a refused path leaves nothing behind.
  for (const segment of segments) below(at, segment, 'folder');
  for (const segment of segments) {
    at = below(at, segment, 'folder');
    let found = await lstatIfThere(at);
    if (!found) {
      if (!make) return undefined;
      try {
        await fs.mkdir(at);
        continue;
      } catch (err) {
        // Made meanwhile (another writer of the same export): judged like any folder found.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        found = await fs.lstat(at);
      }
    }
    expectKind(found, 'folder', at);
  }
  return at;
}

/** Makes the folder `segments` below `root` where missing; every part of it that exists must be a real folder. */
export async function makeFolderBelow(root: string, segments: readonly string[]): Promise<string> {
  return (await walkFolders(root, segments, true))!;
}

function split(root: string, segments: readonly string[]): { folders: readonly string[]; file: string } {
  if (segments.length === 0) throw new RefusedPath('notAName', root);
  const file = segments[segments.length - 1];
  below(root, file, 'file');
  return { folders: segments.slice(0, -1), file };
}

/** The content of the file `segments` below `root`, or undefined when there is none; a link or anything but a file there is refused. */
export async function readFileBelow(root: string, segments: readonly string[]): Promise<Buffer | undefined> {
  const { folders, file } = split(root, segments);
  const dir = await walkFolders(root, folders, false);
  if (dir === undefined) return undefined;
  const target = below(dir, file, 'file');
  const found = await lstatIfThere(target);
  if (!found) return undefined;
  expectKind(found, 'file', target);
  const handle = await fs.open(target, READ);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** True when the file `segments` below `root` is there; a link or anything but a file there is refused. */
export async function hasFileBelow(root: string, segments: readonly string[]): Promise<boolean> {
  const { folders, file } = split(root, segments);
  const dir = await walkFolders(root, folders, false);
  if (dir === undefined) return false;
  const target = path.join(dir, file);
  const found = await lstatIfThere(target);
  if (found) expectKind(found, 'file', target);
  return found !== undefined;
}

/** Creates `at` exclusively (never through a link, never over anything) and writes `content` into it. */
async function createNew(at: string, content: Buffer, mode?: number): Promise<void> {
  const handle = await fs.open(at, CREATE_NEW, mode);
  try {
    await handle.writeFile(content);
    if (mode !== undefined) await handle.chmod(mode);
  } catch (err) {
    await handle.close();
    await fs.unlink(at).catch(() => undefined);
    throw err;
  }
  await handle.close();
}

/** Writes a temporary file beside `target`, under a name nobody can have prepared, and renames it over `target`. */
async function replace(target: string, content: Buffer, mode?: number): Promise<void> {
  const temporary = `${target}.${randomBytes(12).toString('hex')}.tmp`;
  await createNew(temporary, content, mode);
  try {
    await fs.rename(temporary, target);
  } catch (err) {
    await fs.unlink(temporary).catch(() => undefined);
    throw err;
  }
}

export interface WriteOptions {
  /** Never leave half a file, even where there was none: new files are written through a temporary file too. */
  atomic?: boolean;
}

/**
 * Writes `content` to the file `segments` below `root`, making the folders on the way. A link, a
 * tool's name or a dot folder on the way, or anything but a regular file at the target, is refused
 * with a RefusedPath and nothing is written.
 */
export async function writeFileBelow(
  root: string,
  segments: readonly string[],
  content: string | Buffer,
  options: WriteOptions = {},
): Promise<void> {
  const { folders, file } = split(root, segments);
  const dir = await makeFolderBelow(root, folders);
  const target = below(dir, file, 'file');
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const found = await lstatIfThere(target);
  if (found) {
    expectKind(found, 'file', target);
    // The file's permissions stay as the user left them (an executable script stays executable).
    await replace(target, bytes, found.mode & 0o777);
  } else if (options.atomic) {
    await replace(target, bytes);
  } else {
    await createNew(target, bytes);
  }
}
