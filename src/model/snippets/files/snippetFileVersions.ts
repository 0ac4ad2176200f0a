// The version bookkeeping of open snippet files (model/documents/documentVersions.ts, shared with
// hook settings): a file's version is the snippet's updatedAt and the file's text, kept beyond the
// window as an EditBase (saveLogic.ts). Snippet-side only: which snippet and file a document shows,
// which open files a change of a snippet touches, and a rename's new file name. Plain logic
// without `vscode`, unit-tested in Node: URIs are anything with a toString (vscode.Uri, or strings).
import type { Snippet } from '../../../api/types';
import { DocumentVersions, type ReportedStat, type SaveState } from '../../documents/documentVersions';
import type { BaseStorage } from '../../../util/documentBases';
import type { SaveConflicts } from '../../../util/saveConflicts';
import { editBaseOf, isEditBase, type EditBase } from './saveLogic';

/** The file of a snippet a document was read from (or last saved as); `S` is the account's snippet service. */
export interface SnippetFileVersion<S> {
  service: S;
  snippetGuid: string;
  fileName: string;
  updatedAt: number;
  content: string;
}

/** Which loaded documents a change of some snippets touches. */
export interface TouchedDocuments<U> {
  /** Their file (or snippet) is gone. Still remembered: a later save knows the file was there and says so. */
  deleted: U[];
  /** Their file's text on the server is another than the one they were read with. */
  changed: U[];
}

export class SnippetFileVersions<U extends { toString(): string }, S> {
  private readonly documents: DocumentVersions<U, SnippetFileVersion<S>, EditBase, number>;
  /** The snippet's updatedAt a refused save met, and the one the user chose to overwrite. */
  readonly conflicts: SaveConflicts<number>;

  constructor(storage: BaseStorage, storageKey: string) {
    this.documents = new DocumentVersions(storage, storageKey, {
      baseOf: (file) => editBaseOf(file.updatedAt, file.content),
      isBase: isEditBase,
    });
    this.conflicts = this.documents.conflicts;
  }

  /** The document's text is now based on this file of the snippet (read, or saved): in this window and beyond it; no refused save stands. */
  remember(uri: U, service: S, snippetGuid: string, fileName: string, updatedAt: number, content: string): void {
    this.documents.remember(uri, { service, snippetGuid, fileName, updatedAt, content });
  }

  /** What the editor's text of this document is based on: read in this window, else kept from an earlier one. */
  baseOf(uri: U): EditBase | undefined {
    return this.documents.baseOf(uri);
  }

  /** What a save of the document is decided against (saveLogic.ts decideSave): its base, what `stat` reported, an approved Overwrite. */
  saveState(uri: U): SaveState<EditBase, number> {
    return this.documents.saveState(uri);
  }

  /** `stat` told the editor this. */
  reportStat(uri: U, stat: ReportedStat): void {
    this.documents.reportStat(uri, stat);
  }

  /** What `stat` last told the editor, for a document read in this window only (see DocumentVersions.reportedStat). */
  reportedStat(uri: U): ReportedStat | undefined {
    return this.documents.reportedStat(uri);
  }

  /** Its editor closed; with nothing unsaved, no later edit can be based on what it was loaded from. */
  closed(uri: U, dirty: boolean): void {
    this.documents.closed(uri, dirty);
  }

  /** Opened again without being read (VS Code reopens a document whose language changes): its base is kept again. */
  reopened(uri: U): void {
    this.documents.reopened(uri);
  }

  /** The document moves to another URI of the same file (a rename), without being read there: its versions move along. */
  moved(from: U, to: U, fileName: string): void {
    this.documents.moved(from, to, (file) => ({ ...file, fileName }));
  }

  /** Whether any document of this snippet was read in this window. */
  hasOpenFiles(snippetGuid: string): boolean {
    return this.documents.loadedDocuments().some((d) => d.version.snippetGuid === snippetGuid);
  }

  /** Every document read in this window. */
  uris(): U[] {
    return this.documents.loadedDocuments().map((d) => d.uri);
  }

  /** The documents of `service` that a change of these snippets touches; `current` is the snippet as the service now knows it. */
  touchedBy(
    service: S,
    snippetGuids: readonly string[],
    current: (guid: string) => Snippet | undefined,
  ): TouchedDocuments<U> {
    const guids = new Set(snippetGuids);
    const touched: TouchedDocuments<U> = { deleted: [], changed: [] };
    for (const { uri, version: loaded } of this.documents.loadedDocuments()) {
      if (!guids.has(loaded.snippetGuid) || loaded.service !== service) continue;
      const snippet = current(loaded.snippetGuid);
      const file = snippet?.files.find((f) => f.name === loaded.fileName);
      if (!snippet || !file) touched.deleted.push(uri);
      else if (snippet.updatedAt !== loaded.updatedAt && file.content !== loaded.content) touched.changed.push(uri);
    }
    return touched;
  }
}
