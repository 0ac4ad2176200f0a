// Works around a VS Code 1.100 tree race: a refresh of an element whose children are still being
// fetched (or that a reveal is resolving) makes VS Code register a row twice and fail with
// "Element with id … is already registered" (https://github.com/microsoft/vscode/issues/142328;
// fixed upstream only in late 2025 by https://github.com/microsoft/vscode/pull/281000).
// So a refresh of an element whose children are in flight waits until they are answered, and
// `settled()` lets a reveal wait until no refresh is outstanding. No `vscode` here: the
// provider hands in the function that really fires the refresh.

/** The whole tree (VS Code's `undefined` element). */
export const WHOLE_TREE = Symbol('whole tree');

export class RefreshGate<T> {
  private readonly inFlight = new Set<T | typeof WHOLE_TREE>();
  private readonly deferred = new Set<T | typeof WHOLE_TREE>();
  private readonly sent = new Set<T | typeof WHOLE_TREE>();

  /**
   * @param fire really refreshes these elements (the provider's onDidChangeTreeData).
   * @param unansweredMs how long a refresh VS Code never follows up (a collapsed row) may hold `settled()`.
   */
  constructor(
    private readonly fire: (elements: Array<T | typeof WHOLE_TREE>) => void,
    private readonly unansweredMs = 1000,
  ) {}

  /** Refreshes the elements now, or, for those whose children are in flight, once they are answered. */
  refresh(elements: Array<T | typeof WHOLE_TREE>): void {
    const now = elements.filter((e) => {
      if (!this.inFlight.has(e)) return true;
      this.deferred.add(e);
      return false;
    });
    if (now.length === 0) return;
    for (const e of now) this.sent.add(e);
    setTimeout(() => now.forEach((e) => this.sent.delete(e)), this.unansweredMs);
    this.fire(now);
  }

  /**
   * Wraps VS Code's request for an element's children. The rows are built from what is loaded
   * when `build` runs, so a refresh asked for while `load` ran is already in them and is
   * dropped (a replay would redraw rows right under the user's next click); one asked for
   * during `build` itself is replayed.
   */
  async children<R>(element: T | typeof WHOLE_TREE, load: () => Promise<void>, build: () => R): Promise<R> {
    this.sent.delete(element);
    this.inFlight.add(element);
    try {
      await load();
      this.deferred.delete(element);
      return build();
    } finally {
      this.inFlight.delete(element);
      if (this.deferred.delete(element)) setTimeout(() => this.refresh([element]), 0);
    }
  }

  /** Resolves once every refresh so far has been followed by VS Code (or after `timeoutMs`). */
  async settled(timeoutMs = 1500): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (this.inFlight.size > 0 || this.deferred.size > 0 || this.sent.size > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }
}
