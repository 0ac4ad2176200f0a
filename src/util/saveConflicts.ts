// The state of save conflicts of server documents (snippet files, hook settings), one protocol for
// both: a save refused because the server's version changed records the version it met; the
// user's Overwrite approves exactly that version; the next save may replace it and no other (if
// someone changed it again meanwhile, that save is refused in turn). Saving again without choosing
// is no approval: with auto-save on it happens without any choice at all. Reading the document
// again or a save that reached the server ends the conflict. Plain logic without `vscode`,
// unit-tested in Node; src/editor/ui/saveConflict.ts offers the choices.

/** Per document URI, the server version `V` a refused save met, and whether the user chose Overwrite for it. */
export class SaveConflicts<V> {
  private readonly met = new Map<string, V>();
  private readonly approvals = new Map<string, V>();

  /** A save of `uri` was refused over server version `version`. */
  refused(uri: string, version: V): void {
    this.met.set(uri, version);
  }

  /**
   * The user chose Overwrite: the next save of `uri` may replace the version its refused save
   * met, and only that one. False when no save of it was refused (nothing to overwrite).
   */
  approve(uri: string): boolean {
    if (!this.met.has(uri)) return false;
    this.approvals.set(uri, this.met.get(uri) as V);
    return true;
  }

  /** The server version the user chose to overwrite, if they did. */
  approved(uri: string): V | undefined {
    return this.approvals.get(uri);
  }

  /** The document was read again, or saved: no refused save stands. */
  forget(uri: string): void {
    this.met.delete(uri);
    this.approvals.delete(uri);
  }
}
