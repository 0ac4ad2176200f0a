// The manifest an export writes beside the snippet folders: which snippet went to which folder,
// with the details a folder of files cannot hold. A later export into the same folder reads it to
// keep every snippet in its folder and to skip what did not change. One that is unreadable, of
// another format or a newer version is not trusted: the export then starts afresh beside it.

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

export interface ExportManifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The server it came from, without credentials. */
  server: string;
  exportedAt: string;
  snippets: ManifestEntry[];
}

export function newManifest(server: string, snippets: ManifestEntry[], at: Date): ExportManifest {
  return { format: FORMAT, version: VERSION, server, exportedAt: at.toISOString(), snippets };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isEntry(v: unknown): v is ManifestEntry {
  const e = v as ManifestEntry;
  return (
    typeof v === 'object' && v !== null &&
    isString(e.guid) && isString(e.name) && isString(e.description) && isString(e.folder) &&
    isNumber(e.createdAt) && isNumber(e.updatedAt) &&
    Array.isArray(e.categories) && e.categories.every(isString) &&
    Array.isArray(e.lists) && e.lists.every(isString) &&
    Array.isArray(e.files) && e.files.every((f) => typeof f === 'object' && f !== null && isString(f.name) && isString(f.path))
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
  if (typeof value !== 'object' || value === null || m.format !== FORMAT || m.version !== VERSION || !isString(m.server)) return undefined;
  if (!Array.isArray(m.snippets) || !m.snippets.every(isEntry)) return undefined;
  // A folder or file path that leaves the export folder was not written by an export.
  const inside = (p: string) => p !== '' && !p.includes('/') && !p.includes('\\') && p !== '.' && p !== '..';
  if (!m.snippets.every((e) => inside(e.folder) && e.files.every((f) => inside(f.path)))) return undefined;
  return m;
}
