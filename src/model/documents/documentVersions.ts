// The version bookkeeping of open documents of server files (snippet files, hook settings), per
// document URI: the version each was read from (or last saved as) in this window, its base kept
// beyond the window for editors VS Code restores with unsaved text (util/documentBases.ts), what
// `stat` last told the editor, and the state of a refused save (util/saveConflicts.ts). Each kind
// of document says what its version is and what of it is kept beyond the window (`Versioning`);
// its own rules decide a save from `saveState`. Plain logic without `vscode`, unit-tested in Node:
// URIs are anything with a toString (vscode.Uri, or strings).
import { DocumentBases, type BaseStorage } from '../../util/documentBases';
import { SaveConflicts } from '../../util/saveConflicts';

/** What `stat` told the editor about a document. */
export interface ReportedStat {
  mtime: number;
  size: number;
}

/** What a kind of document's version is kept as beyond the window. */
export interface Versioning<V, B> {
  /** The base of a version: small and without the text, so that it can be kept in the workspace's state. */
  baseOf(version: V): B;
  /** Whether a value read back from the workspace's state is a base (another extension version's, or a damaged one, is not). */
  isBase(value: unknown): value is B;
}

/** A document read (or saved) in this window: the version `V` its text is based on, and that version's base `B`. */
export interface LoadedDocument<U, V, B> {
  uri: U;
  version: V;
  base: B;
}

/** What a save of a document is decided against; `C` is how a refused save names the server version it met. */
export interface SaveState<B, C> {
  base: B | undefined;
  reported: ReportedStat | undefined;
  overwriteApproved: C | undefined;
}

export class DocumentVersions<U extends { toString(): string }, V, B, C> {
  private readonly loaded = new Map<string, LoadedDocument<U, V, B>>();
  /** Beyond the window: the base of `loaded`, for editors restored without being read again. */
  private readonly bases: DocumentBases<B>;
  private readonly reported = new Map<string, ReportedStat>();
  /** The server version a refused save met, and the one the user chose to overwrite. */
  readonly conflicts = new SaveConflicts<C>();

  constructor(
    storage: BaseStorage,
    storageKey: string,
    private readonly versioning: Versioning<V, B>,
  ) {
    this.bases = new DocumentBases(storage, storageKey, versioning.isBase);
  }

  /** The document's text is now based on this version (read, or saved): in this window and beyond it; no refused save stands. */
  remember(uri: U, version: V): void {
    const base = this.versioning.baseOf(version);
    this.loaded.set(uri.toString(), { uri, version, base });
    this.bases.set(uri.toString(), base);
    this.conflicts.forget(uri.toString());
  }

  /** The version the document was read from (or last saved as) in this window. */
  versionOf(uri: U): V | undefined {
    return this.loaded.get(uri.toString())?.version;
  }

  /** What the editor's text of this document is based on: read in this window, else kept from an earlier one. */
  baseOf(uri: U): B | undefined {
    return this.loaded.get(uri.toString())?.base ?? this.bases.get(uri.toString());
  }

  /** What a save of the document is decided against: its base, what `stat` reported, an approved Overwrite. */
  saveState(uri: U): SaveState<B, C> {
    return {
      base: this.baseOf(uri),
      reported: this.reportedStat(uri),
      overwriteApproved: this.conflicts.approved(uri.toString()),
    };
  }

  /** `stat` told the editor this. */
  reportStat(uri: U, stat: ReportedStat): void {
    this.reported.set(uri.toString(), stat);
  }

  /** What `stat` last told the editor about this URI, whether or not its document was read in this window. */
  lastReportedStat(uri: U): ReportedStat | undefined {
    return this.reported.get(uri.toString());
  }

  /**
   * What `stat` last told the editor, when the editor's own "file is newer" check rests on it:
   * only for a document read in this window. VS Code checks what it restored from a backup
   * against no version (seen in code-server): its dialog cannot have been shown for it.
   */
  reportedStat(uri: U): ReportedStat | undefined {
    return this.loaded.has(uri.toString()) ? this.reported.get(uri.toString()) : undefined;
  }

  /** Its editor closed; with nothing unsaved, no later edit can be based on what it was loaded from. */
  closed(uri: U, dirty: boolean): void {
    if (!dirty) this.bases.delete(uri.toString());
  }

  /** Opened again without being read (VS Code reopens a document whose language changes): its base is kept again. */
  reopened(uri: U): void {
    const loaded = this.loaded.get(uri.toString());
    if (loaded && !this.bases.get(uri.toString())) this.bases.set(uri.toString(), loaded.base);
  }

  /**
   * The document moves to another URI of the same file (a rename), without being read there: its
   * versions move along, the one read in this window as `versionThere` says it is called there.
   */
  moved(from: U, to: U, versionThere: (version: V) => V): void {
    const loaded = this.loaded.get(from.toString());
    const base = this.baseOf(from);
    if (loaded) this.loaded.set(to.toString(), { uri: to, version: versionThere(loaded.version), base: loaded.base });
    if (base) this.bases.set(to.toString(), base);
  }

  /** Every document read in this window, in the order they were first read. */
  loadedDocuments(): LoadedDocument<U, V, B>[] {
    return [...this.loaded.values()];
  }
}
