// Export: My Snippets (and, if asked, Starred and categories) into a folder on disk, one folder
// per snippet plus a manifest. The listings carry every file, so the requests are the pages of
// the chosen lists, asked for in the largest pages the server allows, a few at a time
// (api/concurrentPaging.ts), and none per snippet.
// Run again into the same folder, it writes only what changed. It reads from the server and
// never writes to it. Every file goes through src/model/localFiles/safeWriter.ts: the folder may hold
// links and tool folders someone else prepared, and none of them is written through or into.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { BitbucketClient } from '../../../api/client';
import { walkPages } from '../../../api/concurrentPaging';
import { RequestGate } from '../../../api/requestGate';
import type { Page, PageRequest, Snippet, StarredEntry } from '../../../api/types';
import {
  hasFileBelow,
  makeFolderBelow,
  readFileBelow,
  RefusedPath,
  refusalReason,
  writeFileBelow,
} from '../../localFiles/safeWriter';
import {
  MANIFEST_FILE,
  newManifest,
  parseManifest,
  type ExportManifest,
  type ManifestEntry,
  type SkippedEntry,
} from './manifest';
import { planExport, type ExportedSnippet, type PlannedSnippet } from './plan';
import { insideFolder } from './safeNames';
import * as l10n from '@vscode/l10n';
import { errorMessage } from '../../../util/errorMessage';

export type ExportList = { kind: 'mine' } | { kind: 'starred' } | { kind: 'category'; guid: string; name: string };

export type ExportLister = Pick<
  BitbucketClient,
  'baseUrl' | 'getMySnippets' | 'getStarredSnippets' | 'getCategorySnippets'
>;

export interface ExportOptions {
  lists: ExportList[];
  folder: string;
  signal?: AbortSignal;
  /** Told after each page and each snippet written. */
  onProgress?: (progress: { phase: 'listing' | 'writing'; done: number; total: number | undefined }) => void;
  now?: () => Date;
  /** Told why a list's paging ended before the server said it was the last page. */
  warn?: (message: string) => void;
  /** Page requests in flight at once; default api/requestGate's DEFAULT_CONCURRENT_REQUESTS. */
  concurrency?: number;
}

export interface ExportResult {
  folder: string;
  snippets: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Snippets of the previous export no longer in the lists: their folders are kept. */
  gone: number;
  filesWritten: number;
  /**
   * Snippets not written because their folder or a file of theirs cannot be placed (something in
   * the way, a path the OS refuses); every other snippet is. The manifest names them too.
   */
  skipped: SkippedEntry[];
  /** True when cancelled: what was written is in the manifest, and the next export goes on from there. */
  cancelled: boolean;
}

/** What a user can act on: the folder cannot be written (permissions, a full or read-only disk). */
export class ExportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExportError';
  }
}

/** How many snippets are written at once. */
const WRITERS = 8;

/** The server caps the page size (Bitbucket at 1,000) and says what it applied. */
const LARGEST_PAGE = 1000;

export const listName = (list: ExportList): string =>
  list.kind === 'mine' ? l10n.t('My Snippets') : list.kind === 'starred' ? l10n.t('Starred') : list.name;

function fetcher(
  client: ExportLister,
  list: ExportList,
): (page: PageRequest, signal: AbortSignal) => Promise<Page<Snippet>> {
  const unwrap = (p: Page<StarredEntry>): Page<Snippet> => ({ ...p, values: p.values.map((e) => e.snippet) });
  if (list.kind === 'mine') return (page, signal) => client.getMySnippets(page, { signal });
  if (list.kind === 'starred') return async (page, signal) => unwrap(await client.getStarredSnippets(page, { signal }));
  return async (page, signal) => unwrap(await client.getCategorySnippets(list.guid, page, { signal }));
}

async function collect(client: ExportLister, options: ExportOptions): Promise<ExportedSnippet[]> {
  const found = new Map<string, ExportedSnippet>();
  const gate = new RequestGate({ concurrency: options.concurrency });
  for (const list of options.lists) {
    const paging = {
      limit: LARGEST_PAGE,
      key: (s: Snippet) => s.guid,
      warn: options.warn,
      label: `export ${list.kind}`,
      gate,
      signal: options.signal,
    };
    for await (const { fresh } of walkPages(fetcher(client, list), paging)) {
      for (const snippet of fresh) {
        const known = found.get(snippet.guid);
        if (known) known.lists.push(listName(list));
        else found.set(snippet.guid, { snippet, lists: [listName(list)] });
      }
      options.onProgress?.({ phase: 'listing', done: found.size, total: undefined });
    }
  }
  return [...found.values()];
}

function writeProblem(err: unknown, folder: string): ExportError {
  const code = (err as NodeJS.ErrnoException).code;
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? l10n.t('permission denied')
      : code === 'EROFS'
        ? l10n.t('the disk is read-only')
        : code === 'ENOSPC'
          ? l10n.t('the disk is full')
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? refusalReason('notFolder')
            : code === 'ENAMETOOLONG'
              ? l10n.t('a path is too long')
              : errorMessage(err);
  return new ExportError(
    l10n.t('Could not export to {0}: {1}. Choose another folder; nothing on the server was changed.', folder, reason),
    { cause: err },
  );
}

/** Errors that concern one snippet's own folder or files, not the export folder or the disk. */
const PLACEMENT_ERRORS: Record<string, () => string> = {
  EISDIR: () => refusalReason('notFile'),
  ENOTDIR: () => refusalReason('notFolder'),
  EEXIST: () => refusalReason('notFolder'),
  ENAMETOOLONG: () => l10n.t('a path is too long'),
  EINVAL: () => refusalReason('notAName'),
  // O_NOFOLLOW met a link (one made while the export ran).
  ELOOP: () => refusalReason('link'),
};

/** Where a snippet's folder and files go, each resolved and checked to be inside the export folder. */
export interface Placement {
  dir: string;
  /** The absolute path of each file, with its content. */
  files: Array<{ target: string; content: string }>;
}

/**
 * The absolute paths a planned snippet writes, or undefined when its folder is not strictly
 * inside `folder` or a file is not directly inside its folder. The names were cleaned already;
 * this is the check right before writing, on the very paths that are written.
 */
export function placeSnippet(folder: string, planned: PlannedSnippet): Placement | undefined {
  const root = path.resolve(folder);
  if (!insideFolder(root, planned.entry.folder)) return undefined;
  const dir = path.resolve(root, planned.entry.folder);
  if (path.dirname(dir) !== root) return undefined;
  const files: Placement['files'] = [];
  for (const [file, content] of planned.contents) {
    if (!insideFolder(dir, file)) return undefined;
    const target = path.resolve(dir, file);
    if (path.dirname(target) !== dir) return undefined;
    files.push({ target, content });
  }
  return { dir, files };
}

/**
 * The previous export's manifest; one of another server is not this export's to continue. A link
 * or a folder where the manifest goes is refused (RefusedPath) before anything is written.
 */
async function readPrevious(folder: string, server: string): Promise<ExportManifest | undefined> {
  let text: string | undefined;
  try {
    text = (await readFileBelow(folder, [MANIFEST_FILE]))?.toString('utf8');
  } catch (err) {
    if (err instanceof RefusedPath) throw err;
    return undefined;
  }
  const manifest = text === undefined ? undefined : parseManifest(text);
  return manifest?.server === server ? manifest : undefined;
}

/** Writes `content` unless the file already holds exactly that (`present`); true when it wrote. */
async function writeIfDifferent(
  folder: string,
  segments: string[],
  present: Buffer | undefined,
  content: string,
): Promise<boolean> {
  const wanted = Buffer.from(content, 'utf8');
  if (present?.equals(wanted)) return false;
  await writeFileBelow(folder, segments, wanted);
  return true;
}

/** Writes the manifest through a temporary file, so a crash never leaves half of one. */
async function writeManifest(folder: string, manifest: ExportManifest): Promise<void> {
  await writeFileBelow(folder, [MANIFEST_FILE], `${JSON.stringify(manifest, null, 2)}\n`, { atomic: true });
}

export async function exportSnippets(client: ExportLister, options: ExportOptions): Promise<ExportResult> {
  const folder = path.resolve(options.folder);
  const snippets = await collect(client, options);
  try {
    await fs.mkdir(folder, { recursive: true });
  } catch (err) {
    throw writeProblem(err, folder);
  }
  let previous: ExportManifest | undefined;
  try {
    previous = await readPrevious(folder, client.baseUrl);
  } catch (err) {
    throw writeProblem(err, folder);
  }
  const existing = await fs.readdir(folder).catch(() => [] as string[]);
  const plan = planExport(snippets, previous, existing);
  const result: ExportResult = {
    folder,
    snippets: snippets.length,
    added: 0,
    updated: 0,
    unchanged: 0,
    gone: plan.gone.length,
    filesWritten: 0,
    skipped: [],
    cancelled: false,
  };
  const before = new Map((previous?.snippets ?? []).map((e) => [e.guid, e]));
  const written: ManifestEntry[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  // Several snippets at a time: the disk, not the network, is what an export waits for.
  const worker = async () => {
    for (let index = next++; index < plan.snippets.length && !failure; index = next++) {
      if (options.signal?.aborted) {
        result.cancelled = true;
        return;
      }
      const planned = plan.snippets[index];
      try {
        await writeSnippet(planned);
      } catch (error) {
        // Something in the way of this snippet's own folder or files: it is skipped and named,
        // and the others go on. A disk that is full or read-only stops the export.
        const reason =
          error instanceof RefusedPath
            ? () => error.message
            : PLACEMENT_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
        if (reason) skip(planned, reason());
        else failure ??= { error };
      }
    }
  };
  const skip = (planned: PlannedSnippet, reason: string) => {
    result.skipped.push({ guid: planned.entry.guid, name: planned.entry.name, reason });
  };
  const writeSnippet = async (planned: PlannedSnippet) => {
    // The names' last check as paths; then the writer checks what is on disk at each of them.
    if (!placeSnippet(folder, planned)) {
      skip(planned, l10n.t('its folder or a file name would be outside the export folder'));
      return;
    }
    await makeFolderBelow(folder, [planned.entry.folder]);
    let wrote = 0;
    for (const [file, content] of planned.contents) {
      const segments = [planned.entry.folder, file];
      // Unchanged on the server since the last export: only a file missing on disk is written.
      if (planned.changed) {
        if (await writeIfDifferent(folder, segments, await readFileBelow(folder, segments), content)) wrote++;
      } else if (!(await hasFileBelow(folder, segments))) {
        await writeFileBelow(folder, segments, content);
        wrote++;
      }
    }
    result.filesWritten += wrote;
    if (!before.has(planned.entry.guid)) result.added++;
    else if (planned.changed || wrote > 0) result.updated++;
    else result.unchanged++;
    written.push(planned.entry);
    options.onProgress?.({ phase: 'writing', done: written.length, total: plan.snippets.length });
  };
  await Promise.all(Array.from({ length: WRITERS }, worker));
  // The manifest records what was written even when the export stopped early (cancelled, or a
  // disk error), so the next export finds those folders again instead of making new ones beside
  // them. Entries not reached, or gone from the server, keep their previous record.
  const done = new Set(written.map((e) => e.guid));
  const kept = (previous?.snippets ?? []).filter((e) => !done.has(e.guid));
  try {
    await writeManifest(
      folder,
      newManifest(client.baseUrl, [...written, ...kept], (options.now ?? (() => new Date()))(), result.skipped),
    );
  } catch (error) {
    failure ??= { error };
  }
  if (failure) throw writeProblem(failure.error, folder);
  return result;
}
