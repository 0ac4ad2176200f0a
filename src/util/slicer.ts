// Long work on the extension host's one thread, cut into slices: every other extension, the views
// and typing wait while it runs, so it gives the event loop a turn every few milliseconds
// (matching a search over a large list, reading a full offline cache file). No `vscode` here.

/** How long a slice runs before the event loop gets a turn. */
export const SLICE_MS = 8;

export class Slicer {
  private since = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether the current slice has run its time (maybeYield would give a turn): a loop asks without a promise each time. */
  due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  /** Gives the event loop a turn once the current slice has run its time. */
  async maybeYield(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}
