// The version bookkeeping of open snippet files, per document URI: what each was read from (or
// last saved as) in this window, its base kept beyond the window for editors VS Code restores
// with unsaved text (util/documentBases.ts), what `stat` last told the editor, and the state of a
// refused save (util/saveConflicts.ts). The file system provider asks it what a save is based on
// (saveLogic.ts decides); it also says which open files a change of a snippet touches. Plain logic
// without `vscode`, unit-tested in Node: URIs are anything with a toString (vscode.Uri, or strings).
import type { Snippet } from '../../api/types';
import { DocumentBases, type BaseStorage } from '../../util/documentBases';
import { SaveConflicts } from '../../util/saveConflicts';
import { editBaseOf, isEditBase, type EditBase, type ReportedStat } from './saveLogic';

/** What a document was read from (or last saved as) in this window, with its base; `S` is the account's snippet service. */
export interface Loaded<U, S> {
  uri: U;
  service: S;
  snippetGuid: string;
  fileName: string;
  updatedAt: number;
  content: string;
  base: EditBase;
}

/** Which loaded documents a change of some snippets touches. */
export interface TouchedDocuments<U> {
  /** Their file (or snippet) is gone. Still remembered: a later save knows the file was there and says so. */
  deleted: U[];
  /** Their file's text on the server is another than the one they were read with. */
  changed: U[];
}

export class DocumentVersions<U extends { toString(): string }, S> {
  private readonly loaded = new Map<string, Loaded<U, S>>();
  /** Beyond the window: the base of `loaded`, for editors restored without being read again. */
  private readonly bases: DocumentBases<EditBase>;
  private readonly reported = new Map<string, ReportedStat>();
  /** The server version a refused save met, and the one the user chose to overwrite. */
  readonly conflicts = new SaveConflicts<number>();

  constructor(storage: BaseStorage, storageKey: string) {
    this.bases = new DocumentBases(storage, storageKey, isEditBase);
  }

  /** The document's text is now based on this file of the snippet (read, or saved): in this window and beyond it; no refused save stands. */
  remember(uri: U, service: S, snippetGuid: string, fileName: string, updatedAt: number, content: string): void {
    const base = editBaseOf(updatedAt, content);
    this.loaded.set(uri.toString(), { uri, service, snippetGuid, fileName, updatedAt, content, base });
    this.bases.set(uri.toString(), base);
    this.conflicts.forget(uri.toString());
  }

  /** What the editor's text of this document is based on: read in this window, else kept from an earlier one. */
  baseOf(uri: U): EditBase | undefined {
    return this.loaded.get(uri.toString())?.base ?? this.bases.get(uri.toString());
  }

  /** What a save of the document is decided against (saveLogic.ts decideSave): its base, what `stat` reported, an approved Overwrite. */
  saveState(uri: U): { base: EditBase | undefined; reported: ReportedStat | undefined; overwriteApproved: number | undefined } {
    return { base: this.baseOf(uri), reported: this.reportedStat(uri), overwriteApproved: this.conflicts.approved(uri.toString()) };
  }

  /** `stat` told the editor this. */
  reportStat(uri: U, stat: ReportedStat): void {
    this.reported.set(uri.toString(), stat);
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

  /** The document moves to another URI of the same file (a rename), without being read there: its versions move along. */
  moved(from: U, to: U, fileName: string): void {
    const loaded = this.loaded.get(from.toString());
    const base = this.baseOf(from);
    if (loaded) this.loaded.set(to.toString(), { ...loaded, uri: to, fileName });
    if (base) this.bases.set(to.toString(), base);
  }

  /** Whether any document of this snippet was read in this window. */
  hasOpenFiles(snippetGuid: string): boolean {
    return [...this.loaded.values()].some((l) => l.snippetGuid === snippetGuid);
  }

  /** Every document read in this window. */
  uris(): U[] {
    return [...this.loaded.values()].map((l) => l.uri);
  }

  /** The documents of `service` that a change of these snippets touches; `current` is the snippet as the service now knows it. */
  touchedBy(service: S, snippetGuids: readonly string[], current: (guid: string) => Snippet | undefined): TouchedDocuments<U> {
    const guids = new Set(snippetGuids);
    const touched: TouchedDocuments<U> = { deleted: [], changed: [] };
    for (const l of this.loaded.values()) {
      if (!guids.has(l.snippetGuid) || l.service !== service) continue;
      const snippet = current(l.snippetGuid);
      const file = snippet?.files.find((f) => f.name === l.fileName);
      if (!snippet || !file) touched.deleted.push(l.uri);
      else if (snippet.updatedAt !== l.updatedAt && file.content !== l.content) touched.changed.push(l.uri);
    }
    return touched;
  }
}
