// The offline cache's file: its name (the hash of the account key, so the key itself never names
// a file), its shape, and the complete check a file passes before anything in it is used. No
// `vscode` here.
import { createHash } from 'node:crypto';
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

const LIST_ID = /^(mine|starred|browse|user:.+|category:.+|search:(mine|starred|browse|user:.+))$/s;

/** The hash of an account key: the cache file's name, so the key itself never names a file. */
export function cacheKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32);
}

export function cacheFilePath(dir: string, key: string): string {
  return path.join(dir, `${cacheKeyHash(key)}.json`);
}

/**
 * The text of a cache file of the account `key`: the snippets' texts go in as they are, so a
 * write never makes objects of what the cache holds as text. The same JSON as a `CacheFile`.
 */
export function formatCacheFile(key: string, savedAt: number, contents: KeptContents): string {
  const head: Omit<CacheFile, 'snippets' | 'lists'> = { format: CACHE_FORMAT, version: CACHE_VERSION, keyHash: cacheKeyHash(key), savedAt };
  const snippets = contents.snippets.map((e) => `{"snippet":${e.text},"fetchedAt":${JSON.stringify(e.fetchedAt)},"usedAt":${JSON.stringify(e.usedAt)}}`);
  return `${JSON.stringify(head).slice(0, -1)},"snippets":[${snippets.join(',')}],"lists":${JSON.stringify(contents.lists)}}`;
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
