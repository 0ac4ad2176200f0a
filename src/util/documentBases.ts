// The server version each open document of a server file (a snippet file, hook settings) was
// loaded from, kept in storage that outlives the window (the workspace's state). VS Code restores
// a dirty editor after a window reload, a restart or a crash from its own backup, without asking
// the file system provider to read the file again; without this, a save from such an editor would
// not know what the edit started from, and would put it over whatever anyone saved meanwhile.
// Only versions and hashes are kept, never file text or credentials; the number of documents is
// bounded, the least recently loaded going first. Plain logic without `vscode`, unit-tested in Node.
import { createHash } from 'node:crypto';
import { isRecord } from './isRecord';

/** The part of VS Code's Memento this needs (workspaceState in the extension, a Map in tests). */
export interface BaseStorage {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** A hash of a document's text: equal texts have equal hashes, and the text cannot be read back from it. */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}

/** How many documents are remembered at most: far more than anyone keeps open, and a few KB of state. */
export const MAX_DOCUMENT_BASES = 200;

interface Stored<B> {
  base: B;
  /** When it was last recorded (ms): the oldest go first beyond the limit. */
  at: number;
}

/** Per document URI, the base `B` it was loaded from; everything it reads from storage is checked with `isBase`. */
export class DocumentBases<B> {
  constructor(
    private readonly storage: BaseStorage,
    private readonly storageKey: string,
    private readonly isBase: (value: unknown) => value is B,
    private readonly limit = MAX_DOCUMENT_BASES,
    private readonly now: () => number = Date.now,
  ) {}

  get(uri: string): B | undefined {
    return this.entries()[uri]?.base;
  }

  /** Records what the document was loaded (or last saved) from. */
  set(uri: string, base: B): void {
    const entries = this.entries();
    // Last in key order too, so that of two recorded in the same millisecond the earlier goes first.
    delete entries[uri];
    entries[uri] = { base, at: this.now() };
    const uris = Object.keys(entries);
    if (uris.length > this.limit) {
      uris.sort((a, b) => entries[a].at - entries[b].at);
      for (const old of uris.slice(0, uris.length - this.limit)) delete entries[old];
    }
    this.write(entries);
  }

  /** Forgets a document: its editor closed with nothing unsaved, so no edit can be based on it. */
  delete(uri: string): void {
    const entries = this.entries();
    if (!(uri in entries)) return;
    delete entries[uri];
    this.write(entries);
  }

  /** The stored entries that are well-formed; anything else (another version's, damaged) is left out. */
  private entries(): Record<string, Stored<B>> {
    const raw = this.storage.get<unknown>(this.storageKey);
    const entries: Record<string, Stored<B>> = {};
    if (!isRecord(raw)) return entries;
    for (const [uri, value] of Object.entries(raw)) {
      const entry = value as Partial<Stored<unknown>> | null;
      if (typeof entry === 'object' && entry !== null && typeof entry.at === 'number' && this.isBase(entry.base)) {
        entries[uri] = { base: entry.base, at: entry.at };
      }
    }
    return entries;
  }

  private write(entries: Record<string, Stored<B>>): void {
    // Memento updates apply at once to what `get` returns; storing them to disk follows by itself.
    void this.storage.update(this.storageKey, Object.keys(entries).length > 0 ? entries : undefined);
  }
}
