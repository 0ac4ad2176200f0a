// The manifest an export writes beside the snippet folders: which snippet went to which folder,
// with the details a folder of files cannot hold. A later export into the same folder reads it to
// keep every snippet in its folder and to skip what did not change. One that is unreadable, of
// another format or a newer version is not trusted: the export then starts afresh beside it.
import { isTimestamp } from '../../../api/timestamps';
import { isSafeName } from './safeNames';

export const MANIFEST_FILE = 'bitbucket-snippets.json';
const FORMAT = 'bitbucket-snippets-export';
const VERSION = 1;

export interface ManifestFile {
  /** The file's name on the server. */
  name: string;
  /** Its name in the snippet's folder (made safe for every OS). */
  path: string;
}

export interface ManifestEntry {
  guid: string;
  name: string;
  description: string;
  categories: string[];
  createdAt: number;
  updatedAt: number;
  /** The lists it was exported from: "My Snippets", "Starred", or a category's name. */
  lists: string[];
  /** The snippet's folder, relative to the export folder. */
  folder: string;
  files: ManifestFile[];
}

/** A snippet the last export could not write (its earlier record, if any, stays in `snippets`). */
export interface SkippedEntry {
  guid: string;
  name: string;
  /** Why, in words, e.g. "a folder is in the way of a file". */
  reason: string;
}

export interface ExportManifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The server it came from, without credentials. */
  server: string;
  exportedAt: string;
  snippets: ManifestEntry[];
  /** Snippets of the last export that were not written; absent when there were none. */
  skipped?: SkippedEntry[];
}

export function newManifest(
  server: string,
  snippets: ManifestEntry[],
  at: Date,
  skipped: SkippedEntry[] = [],
): ExportManifest {
  return {
    format: FORMAT,
    version: VERSION,
    server,
    exportedAt: at.toISOString(),
    snippets,
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';

function isEntry(v: unknown): v is ManifestEntry {
  const e = v as ManifestEntry;
  return (
    typeof v === 'object' &&
    v !== null &&
    isString(e.guid) &&
    isString(e.name) &&
    isString(e.description) &&
    isString(e.folder) &&
    isTimestamp(e.createdAt) &&
    isTimestamp(e.updatedAt) &&
    Array.isArray(e.categories) &&
    e.categories.every(isString) &&
    Array.isArray(e.lists) &&
    e.lists.every(isString) &&
    Array.isArray(e.files) &&
    e.files.every((f) => typeof f === 'object' && f !== null && isString(f.name) && isString(f.path))
  );
}

/** The manifest in `text`, or undefined when it is not one this version can trust. */
export function parseManifest(text: string): ExportManifest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const m = value as ExportManifest;
  if (
    typeof value !== 'object' ||
    value === null ||
    m.format !== FORMAT ||
    m.version !== VERSION ||
    !isString(m.server)
  ) {
    return undefined;
  }
  if (!Array.isArray(m.snippets) || !m.snippets.every(isEntry)) return undefined;
  // A folder or file name an export would not make (`..`, a separator, a device name), or one
  // given twice, was not written by an export: following it could write outside the folder, or
  // one snippet over another.
  const distinct = (names: string[]) => new Set(names.map((n) => n.toLowerCase())).size === names.length;
  if (
    !m.snippets.every(
      (e) => isSafeName(e.folder) && e.files.every((f) => isSafeName(f.path)) && distinct(e.files.map((f) => f.path)),
    )
  ) {
    return undefined;
  }
  if (!distinct(m.snippets.map((e) => e.folder))) return undefined;
  // One snippet recorded twice was not written by an export either: only one of its folders would
  // be known as taken, and another snippet could be given the other.
  if (new Set(m.snippets.map((e) => e.guid)).size !== m.snippets.length) return undefined;
  return m;
}
