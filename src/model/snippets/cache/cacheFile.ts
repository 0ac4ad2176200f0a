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
import { StringDecoder } from 'node:string_decoder';
import { parseJsonSliced, PIECE_CHARS } from '../../../api/slicedJson';
import { Slicer } from '../../../util/slicer';
import { keptSnippet, keptSnippetSliced, type KeptSnippet } from './keptText';
import { errorMessage } from '../../../util/errorMessage';
import { isRecord } from '../../../util/isRecord';

export const CACHE_FORMAT = 'bitbucket-snippets-read-cache';
/**
 * Bumped whenever the file's shape changes: a file of any other version is dropped. Version 2 is
 * one JSON value per line, so a full file is read and checked a line at a time, giving the thread
 * back in between (version 1 was one JSON document: parsing a full file held the thread for
 * 200 ms, and checking it and keeping its snippets' texts for 300 ms more).
 */
export const CACHE_VERSION = 2;

/**
 * The file's first line. The counts say how many lines follow, so a file cut short at the end
 * of a line is as unusable as one cut in the middle of it: `snippets` lines
 * `{"snippet":…,"fetchedAt":…,"usedAt":…}`, the least recently used first, then `lists` lines
 * (ListLine).
 */
export interface CacheHeader {
  format: typeof CACHE_FORMAT;
  version: typeof CACHE_VERSION;
  keyHash: string;
  savedAt: number;
  snippets: number;
  lists: number;
}

/** Each of the last `lists` lines. */
export interface ListLine {
  id: string;
  guids: string[];
  nextStart: number | null;
  fetchedAt: number;
  usedAt: number;
}

/** What a file holds of one account, read back: each snippet as the cache keeps it (keptText.ts). */
export interface CacheContents {
  snippets: Array<{ kept: KeptSnippet; fetchedAt: number; usedAt: number }>;
  lists: ListLine[];
}

/**
 * The same as the cache keeps it in memory, for writing: each snippet as its JSON text, or what
 * makes that text when its line is written (a search's snippet waiting for it).
 */
export interface KeptContents {
  snippets: Array<{ text: string | (() => string | Iterable<string>); fetchedAt: number; usedAt: number }>;
  lists: ListLine[];
}

/** The file system calls the cache makes; tests hand in failing ones (disk full, read-only). */
export interface CacheFileSystem {
  /** The file's bytes: decoded a line at a time, as they are checked. */
  readFile(file: string): Promise<Uint8Array>;
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
 * Characters per piece of a written file. Each piece is made, encoded and written on its own, so
 * a write holds the thread for one piece at a time: a 32 MB file made and encoded whole held it
 * for 128 ms (bench/cacheBench.ts measures the longest hold). A piece also makes the texts of the
 * search's snippets waiting for them: with pieces of 1 MB that held it for 23 ms, with these 14 ms,
 * and the whole write takes no longer.
 */
export const CACHE_PIECE_CHARS = 1 << 18;

/**
 * How long reading a file runs before the event loop gets a turn (util/slicer.ts). Short: the
 * young objects of each line survive as kept texts, so the collector's copying (5-8 ms every few
 * slices in the bench) comes on top of a slice.
 */
export const CACHE_READ_SLICE_MS = 4;

/**
 * The text of a cache file of the account `key`, in pieces of about `pieceChars` characters, each
 * made when the writer asks for it (read it once). The snippets' texts go in as they are, so a
 * write never makes objects of what the cache holds as text: a header line, a line per snippet,
 * a line per list. `contents` is the caller's snapshot; the lists are written now, since their
 * guids grow in place.
 */
export function cacheFilePieces(
  key: string,
  savedAt: number,
  contents: KeptContents,
  pieceChars = CACHE_PIECE_CHARS,
): Iterable<string> {
  const { snippets, lists } = contents;
  const header: CacheHeader = {
    format: CACHE_FORMAT,
    version: CACHE_VERSION,
    keyHash: cacheKeyHash(key),
    savedAt,
    snippets: snippets.length,
    lists: lists.length,
  };
  const listLines = lists.map((l) => `${JSON.stringify(l)}\n`);
  const lines = (function* fileLines() {
    yield `${JSON.stringify(header)}\n`;
    for (const e of snippets) {
      const text = typeof e.text === 'string' ? e.text : e.text();
      const end = `,"fetchedAt":${JSON.stringify(e.fetchedAt)},"usedAt":${JSON.stringify(e.usedAt)}}\n`;
      if (typeof text === 'string') yield `{"snippet":${text}${end}`;
      else {
        // A text of megabytes, made in parts as the pieces are written (keptText.ts textOfEntry).
        yield '{"snippet":';
        yield* text;
        yield end;
      }
    }
    yield* listLines;
  })();
  return (function* pieces() {
    let piece = '';
    for (const line of lines) {
      piece += line;
      if (piece.length >= pieceChars) {
        yield piece;
        piece = '';
      }
    }
    yield piece;
  })();
}

/**
 * The contents of the cache file of the account `key`, checked completely; undefined when there is
 * none, it cannot be read (logged), or it fails the check (logged and deleted). Never rejects.
 * Read a line at a time, with turns for the event loop in between (util/slicer.ts): a full file
 * holds the thread for its largest snippet at most, not for the whole file.
 */
export async function readCacheFile(
  fs: Pick<CacheFileSystem, 'readFile' | 'rm'>,
  file: string,
  key: string,
  log?: CacheLog,
  slicer = new Slicer(CACHE_READ_SLICE_MS),
): Promise<CacheContents | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      log?.warn(`the offline cache could not be read (${describeFailure(err)}); starting without it`);
    }
    return undefined;
  }
  try {
    return await parseCacheFile(bytes, cacheKeyHash(key), slicer);
  } catch (err) {
    log?.info(`the offline cache file was dropped: ${describeFailure(err)}`);
    await fs.rm(file, { force: true }).catch(() => undefined);
    return undefined;
  }
}

class CacheFormatError extends Error {}

/**
 * Checks a cache file completely before anything in it is used: the format, the version, the
 * account, the number of lines, and every snippet with the same checks a server answer gets.
 * Throws on anything else. Gives the event loop a turn between lines (`slicer`).
 */
export async function parseCacheFile(
  bytes: Uint8Array,
  keyHash: string,
  slicer = new Slicer(CACHE_READ_SLICE_MS),
  sliced = LONG_LINES,
): Promise<CacheContents> {
  const lines = new LineReader(bytes, sliced.pieceBytes);
  const header = lines.next();
  if (!isRecord(header) || header.format !== CACHE_FORMAT) {
    throw new CacheFormatError('not a cache file of this extension');
  }
  if (header.version !== CACHE_VERSION) {
    throw new CacheFormatError(`version ${String(header.version)}, this version reads ${CACHE_VERSION}`);
  }
  if (header.keyHash !== keyHash) throw new CacheFormatError('made for another account');
  if (!isCount(header.snippets) || !isCount(header.lists)) throw new CacheFormatError('no count of snippets or lists');
  const snippets: CacheContents['snippets'] = [];
  for (let i = 0; i < header.snippets; i++) {
    // A line of megabytes (a snippet with a large file) is decoded, parsed and made into its
    // text a slice at a time: in one go, a 5 MB snippet held the thread for 25 ms.
    const long = lines.nextLength() >= sliced.lineBytes;
    const e = long ? await lines.nextSliced(slicer) : lines.next();
    if (!isRecord(e) || !isTime(e.fetchedAt) || !isTime(e.usedAt)) {
      throw new CacheFormatError(`entry ${i} has no valid times`);
    }
    let checked: Snippet;
    try {
      checked = checkSnippet(e.snippet, `snippets[${i}]`);
    } catch (err) {
      throw new CacheFormatError(describeFailure(err));
    }
    snippets.push({
      kept: long ? await keptSnippetSliced(checked, slicer) : keptSnippet(checked),
      fetchedAt: e.fetchedAt,
      usedAt: e.usedAt,
    });
    await slicer.maybeYield();
  }
  const lists: ListLine[] = [];
  for (let i = 0; i < header.lists; i++) {
    const l = lines.next();
    const ok =
      isRecord(l) &&
      typeof l.id === 'string' &&
      LIST_ID.test(l.id) &&
      Array.isArray(l.guids) &&
      l.guids.every((g) => typeof g === 'string') &&
      (l.nextStart === null ||
        (typeof l.nextStart === 'number' && Number.isInteger(l.nextStart) && l.nextStart >= 0)) &&
      isTime(l.fetchedAt) &&
      isTime(l.usedAt);
    if (!ok) throw new CacheFormatError(`list ${i} is not valid`);
    lists.push(l as unknown as ListLine);
    await slicer.maybeYield();
  }
  if (!lines.atEnd()) throw new CacheFormatError('more lines than its header counts');
  return { snippets, lists };
}

/** The file's lines, each decoded and parsed as it is asked for. */
class LineReader {
  private at = 0;
  private readonly bytes: Buffer;

  constructor(
    bytes: Uint8Array,
    private readonly pieceBytes: number,
  ) {
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * The next line's JSON value; throws when there is none or it is no JSON (cut short or edited).
   * The last line may lack its newline: a file of version 1, one JSON document, is then read as its
   * header and says its version.
   */
  next(): unknown {
    if (this.atEnd()) throw new CacheFormatError('fewer lines than its header counts (cut short)');
    const newline = this.bytes.indexOf(NEWLINE, this.at);
    const end = newline < 0 ? this.bytes.length : newline;
    // Invalid UTF-8 becomes U+FFFD, as in Node's own decoding of a whole file.
    const text = this.bytes.toString('utf8', this.at, end);
    this.at = newline < 0 ? end : end + 1;
    try {
      return JSON.parse(text);
    } catch {
      throw new CacheFormatError('not complete JSON lines (cut short or edited)');
    }
  }

  atEnd(): boolean {
    return this.at >= this.bytes.length;
  }

  /** The next line's length in bytes. */
  nextLength(): number {
    const newline = this.bytes.indexOf(NEWLINE, this.at);
    return (newline < 0 ? this.bytes.length : newline) - this.at;
  }

  /** As next(), for a long line: decoded a piece at a time and parsed a slice at a time. */
  async nextSliced(turns: Slicer): Promise<unknown> {
    if (this.atEnd()) throw new CacheFormatError('fewer lines than its header counts (cut short)');
    const end = this.at + this.nextLength();
    const decoder = new StringDecoder('utf8');
    const parts: string[] = [];
    for (let from = this.at; from < end; from += this.pieceBytes) {
      parts.push(decoder.write(this.bytes.subarray(from, Math.min(end, from + this.pieceBytes))));
      await turns.maybeYield();
    }
    parts.push(decoder.end());
    this.at = end + 1;
    try {
      return await parseJsonSliced(parts.join(''), turns);
    } catch {
      throw new CacheFormatError('not complete JSON lines (cut short or edited)');
    }
  }
}

/** From `lineBytes` on a line is read a slice at a time (LineReader.nextSliced), decoded `pieceBytes` at a time. */
export const LONG_LINES = { lineBytes: PIECE_CHARS, pieceBytes: PIECE_CHARS };

const NEWLINE = 0x0a;

/** A failure of the file or its check, for the log: the error code when there is one, and the message. */
export const describeFailure = (err: unknown): string => {
  const code = err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;
  return code ? `${code}: ${errorMessage(err)}` : errorMessage(err);
};

/** The cache's own times (Date.now() when written): within what a `Date` holds, as a row formats them. */
const isTime = (v: unknown): v is number => isTimestamp(v) && v >= 0;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
