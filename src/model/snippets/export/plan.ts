// Decides where each snippet of an export goes and what must be written, from the snippets and
// the previous export's manifest. A snippet keeps its folder, and a file its name, from one
// export to the next; new ones get names no other entry of the folder has. Nothing is ever
// planned for deletion: a snippet or file gone from the server stays on disk. The manifest is
// outside data too (a folder someone else prepared may hold one): a folder or file name of it that
// an export would not make now (a tool's name, a folder starting with a dot) is not used again,
// and the snippet or file is placed afresh.
import type { Snippet } from '../../../api/types';
import { MANIFEST_FILE, type ExportManifest, type ManifestEntry } from './manifest';
import { isSnippetFileName, isSnippetFolderName, NameSet, safeFolderName, safeName } from './safeNames';

export interface ExportedSnippet {
  snippet: Snippet;
  /** The lists it was found in, as the manifest names them. */
  lists: string[];
}

export interface PlannedSnippet {
  entry: ManifestEntry;
  /** False when the previous export has it at the same update time: its files are only checked. */
  changed: boolean;
  /** The snippet's files by their path in its folder. */
  contents: Map<string, string>;
}

export interface ExportPlan {
  snippets: PlannedSnippet[];
  /** Entries of the previous export whose snippet is no longer in the lists (kept on disk). */
  gone: ManifestEntry[];
}

/**
 * `existing` are the names already in the export folder (other files, or folders of a manifest
 * that could not be read): new folders never take one of them.
 */
export function planExport(
  snippets: ExportedSnippet[],
  previous: ExportManifest | undefined,
  existing: Iterable<string>,
): ExportPlan {
  const before = new Map((previous?.snippets ?? []).map((e) => [e.guid, e]));
  const current = new Set(snippets.map((s) => s.snippet.guid));
  // The manifest (and the temporary file it is written through) is never a snippet's folder.
  const folders = new NameSet([...existing, MANIFEST_FILE]);
  for (const e of before.values()) folders.add(e.folder);
  const claimFolder = (name: string) =>
    folders.claim(name.toLowerCase().startsWith(`${MANIFEST_FILE}.`) ? `_${name}` : name, false);

  const planned = snippets.map(({ snippet, lists }): PlannedSnippet => {
    const recorded = before.get(snippet.guid);
    const old = recorded && isSnippetFolderName(recorded.folder) ? recorded : undefined;
    const folder = old?.folder ?? claimFolder(safeFolderName(snippet.name, snippet.guid));
    // Two files may share a name (a server does not always refuse it): each keeps the path it had,
    // in order, and never the other one's.
    const oldPaths = new Map<string, string[]>();
    for (const f of old?.files ?? []) {
      if (isSnippetFileName(f.path)) oldPaths.set(f.name, [...(oldPaths.get(f.name) ?? []), f.path]);
    }
    const names = new NameSet(old?.files.map((f) => f.path));
    const contents = new Map<string, string>();
    const files = snippet.files.map((file, index) => {
      const path = oldPaths.get(file.name)?.shift() ?? names.claim(safeName(file.name, `file ${index + 1}`), true);
      contents.set(path, file.content);
      return { name: file.name, path };
    });
    const entry: ManifestEntry = {
      guid: snippet.guid,
      name: snippet.name,
      description: snippet.description ?? '',
      categories: snippet.categories.map((c) => c.name),
      createdAt: snippet.createdAt,
      updatedAt: snippet.updatedAt,
      lists,
      folder,
      files,
    };
    return { entry, changed: old?.updatedAt !== snippet.updatedAt, contents };
  });
  return { snippets: planned, gone: [...before.values()].filter((e) => !current.has(e.guid)) };
}
