// Waiting for a file system provider to be asked for a document again: the provider cannot make
// VS Code read a document, only tell it that the document changed, and VS Code reads it when it
// gets to it. Whoever asked waits here until the provider reports the read, or gives up after a
// bound (a read that never comes must not hold an open for ever). Plain logic without `vscode`,
// unit-tested in Node; URIs as strings.

/** How the wait for a read ended: the document was read, its read failed, or no read came in time. */
export type ReadOutcome = 'read' | 'failed' | 'timed-out';

export class AwaitedReads {
  private readonly waiting = new Map<string, Array<(outcome: ReadOutcome) => void>>();

  /** Resolves once `read(uri, …)` is called, or with 'timed-out' after `maxWaitMs`. */
  next(uri: string, maxWaitMs: number): Promise<ReadOutcome> {
    return new Promise<ReadOutcome>((resolve) => {
      const done = (outcome: ReadOutcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      const timer = setTimeout(() => done('timed-out'), maxWaitMs);
      this.waiting.set(uri, [...(this.waiting.get(uri) ?? []), done]);
    });
  }

  /** The document was read (or its read failed): everyone waiting for it goes on, told which. */
  read(uri: string, outcome: Exclude<ReadOutcome, 'timed-out'> = 'read'): void {
    const waiting = this.waiting.get(uri);
    this.waiting.delete(uri);
    for (const done of waiting ?? []) done(outcome);
  }
}
