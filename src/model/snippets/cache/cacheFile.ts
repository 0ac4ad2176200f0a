// The offline cache's file: its name (the hash of the account key, so the key itself never names
// a file), its shape, the file system calls it is read and written with, its text made in pieces
// for writing, and the complete check a file passes before anything in it is used. No `vscode`
// here.
import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import * as path from 'node:path';
import type { Snippet } from '../../../api/types';
import { isTimestamp } from '../../../api/timestamps';
import { snippet as checkSnippet } from '../../../api/validate';

export const CACHE_FORMAT = 'bitbucket-snippets-read-cache';
/** Bumped whenever the file's shape changes: a file of any other version is dropped. */
export const CACHE_VERSION = 1;

/** What the file holds. */
export interface CacheFile {
  format: typeof CACHE_FORMAT;
  version: typeof CACHE_VERSION;
  keyHash: string;
  savedAt: number;
  snippets: Array<{ snippet: Snippet; fetchedAt: number; usedAt: number }>;
  lists: Array<{ id: string; guids: string[]; nextStart: number | null; fetchedAt: number; usedAt: number }>;
}

/** What a file keeps of one account: its snippets and its lists. */
export type CacheContents = Pick<CacheFile, 'snippets' | 'lists'>;

/** The same as the cache keeps it in memory: each snippet as its JSON text (keptText.ts). */
export interface KeptContents {
  snippets: Array<{ text: string; fetchedAt: number; usedAt: number }>;
  lists: CacheFile['lists'];
}

/** The file system calls the cache makes; tests hand in failing ones (disk full, read-only). */
export interface CacheFileSystem {
  readFile(file: string, encoding: 'utf8'): Promise<string>;
  /** Writes the pieces in order, each once; Node's own writes an iterable piece by piece. */
  writeFile(file: string, data: Iterable<string>, encoding: 'utf8'): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  mkdir(dir: string, options: { recursive: true }): Promise<unknown>;
  rm(file: string, options: { force: true; recursive?: boolean }): Promise<void>;
}

export interface CacheLog {
  info(message: string): void;
  warn(message: string): void;
}

const LIST_ID = /^(mine|starred|browse|user:.+|category:.+|search:(mine|starred|browse|user:.+))$/s;

/** The hash of an account key: the cache file's name, so the key itself never names a file. */
export function cacheKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32);
}

export function cacheFilePath(dir: string, key: string): string {
  return path.join(dir, `${cacheKeyHash(key)}.json`);
}

/** Deletes every account's cache file (the Clear Offline Cache command). */
export async function clearCacheFolder(dir: string, fs: Pick<CacheFileSystem, 'rm'> = nodeFs): Promise<void> {
  await fs.rm(dir, { force: true, recursive: true });
}

/**
 * Characters per piece of a written file. Each piece is encoded and written on its own, so a write
 * holds the thread for one piece at a time: a 32 MB file made and encoded whole held it for
 * 128 ms (bench/cacheBench.ts measures the longest hold).
 */
export const CACHE_PIECE_CHARS = 1 << 20;

/**
 * The text of a cache file of the account `key`, in pieces of about `pieceChars` characters, each
 * made when the writer asks for it (read it once). The snippets' texts go in as they are, so a
 * write never makes objects of what the cache holds as text. Joined, the same JSON as a `CacheFile`.
 * `contents` is the caller's snapshot; the lists are written now, since their guids grow in place.
 */
export function cacheFilePieces(key: string, savedAt: number, contents: KeptContents, pieceChars = CACHE_PIECE_CHARS): Iterable<string> {
  const head: Omit<CacheFile, 'snippets' | 'lists'> = { format: CACHE_FORMAT, version: CACHE_VERSION, keyHash: cacheKeyHash(key), savedAt };
  const tail = `],"lists":${JSON.stringify(contents.lists)}}`;
  const { snippets } = contents;
  return (function* pieces() {
    let piece = `${JSON.stringify(head).slice(0, -1)},"snippets":[`;
    for (let i = 0; i < snippets.length; i++) {
      const e = snippets[i];
      piece += `${i ? ',' : ''}{"snippet":${e.text},"fetchedAt":${JSON.stringify(e.fetchedAt)},"usedAt":${JSON.stringify(e.usedAt)}}`;
      if (piece.length >= pieceChars) {
        yield piece;
        piece = '';
      }
    }
    yield piece + tail;
  })();
}

/**
 * The contents of the cache file of the account `key`, checked completely; undefined when there is
 * none, it cannot be read (logged), or it fails the check (logged and deleted). Never rejects.
 */
export async function readCacheFile(fs: Pick<CacheFileSystem, 'readFile' | 'rm'>, file: string, key: string, log?: CacheLog): Promise<CacheContents | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log?.warn(`the offline cache could not be read (${describeFailure(err)}); starting without it`);
    return undefined;
  }
  try {
    return parseCacheFile(text, cacheKeyHash(key));
  } catch (err) {
    log?.info(`the offline cache file was dropped: ${describeFailure(err)}`);
    await fs.rm(file, { force: true }).catch(() => undefined);
    return undefined;
  }
}

class CacheFormatError extends Error {}

/**
 * Checks a cache file completely before anything in it is used: the format, the version, the
 * account, and every snippet with the same checks a server answer gets. Throws on anything else.
 */
export function parseCacheFile(text: string, keyHash: string): CacheContents {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CacheFormatError('not complete JSON (cut short or edited)');
  }
  if (!isRecord(data) || data.format !== CACHE_FORMAT) throw new CacheFormatError('not a cache file of this extension');
  if (data.version !== CACHE_VERSION) throw new CacheFormatError(`version ${String(data.version)}, this version reads ${CACHE_VERSION}`);
  if (data.keyHash !== keyHash) throw new CacheFormatError('made for another account');
  if (!Array.isArray(data.snippets) || !Array.isArray(data.lists)) throw new CacheFormatError('no snippets or lists');
  const snippets = data.snippets.map((e: unknown, i) => {
    if (!isRecord(e) || !isTime(e.fetchedAt) || !isTime(e.usedAt)) throw new CacheFormatError(`entry ${i} has no valid times`);
    try {
      return { snippet: checkSnippet(e.snippet, `snippets[${i}]`), fetchedAt: e.fetchedAt, usedAt: e.usedAt };
    } catch (err) {
      throw new CacheFormatError(describeFailure(err));
    }
  });
  const lists = data.lists.map((l: unknown, i) => {
    const ok =
      isRecord(l) &&
      typeof l.id === 'string' &&
      LIST_ID.test(l.id) &&
      Array.isArray(l.guids) &&
      l.guids.every((g) => typeof g === 'string') &&
      (l.nextStart === null || (typeof l.nextStart === 'number' && Number.isInteger(l.nextStart) && l.nextStart >= 0)) &&
      isTime(l.fetchedAt) &&
      isTime(l.usedAt);
    if (!ok) throw new CacheFormatError(`list ${i} is not valid`);
    return l as CacheFile['lists'][number];
  });
  return { snippets, lists };
}

/** A failure of the file or its check, for the log: the error code when there is one, and the message. */
export const describeFailure = (err: unknown): string => (err instanceof Error ? ((err as NodeJS.ErrnoException).code ? `${(err as NodeJS.ErrnoException).code}: ${err.message}` : err.message) : String(err));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The cache's own times (Date.now() when written): within what a `Date` holds, as a row formats them. */
const isTime = (v: unknown): v is number => isTimestamp(v) && v >= 0;
