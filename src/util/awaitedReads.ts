// Waiting for a file system provider to be asked for a document again: the provider cannot make
// VS Code read a document, only tell it that the document changed, and VS Code reads it when it
// gets to it. Whoever asked waits here until the provider reports the read, or gives up after a
// bound (a read that never comes must not hold an open for ever). Plain logic without `vscode`,
// unit-tested in Node; URIs as strings.

export class AwaitedReads {
  private readonly waiting = new Map<string, Array<() => void>>();

  /** Resolves once `read(uri)` is called, or after `maxWaitMs`. */
  next(uri: string, maxWaitMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.waiting.set(uri, [...(this.waiting.get(uri) ?? []), done]);
    });
  }

  /** The document was read (or its read failed): everyone waiting for it goes on. */
  read(uri: string): void {
    const waiting = this.waiting.get(uri);
    this.waiting.delete(uri);
    for (const done of waiting ?? []) done();
  }
}
