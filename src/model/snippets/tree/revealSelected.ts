// Reveal-and-select that makes sure the row ended up selected. VS Code's reveal resolves without
// selecting anything when the view replaces its rows meanwhile (a redraw after the accounts
// changed, a list that loaded): the command that asked would then show nothing. No `vscode`
// here: the view is passed in as the little of a TreeView this needs.

/** What this needs of VS Code's TreeView. */
export interface SelectableView<T> {
  reveal(row: T, options: { select: boolean; focus: boolean; expand: boolean }): PromiseLike<void>;
  readonly selection: readonly T[];
  onDidChangeSelection(listener: (e: { readonly selection: readonly T[] }) => void): { dispose(): void };
}

export interface RevealOptions {
  focus: boolean;
  /** Resolves once the view is still (no refresh unanswered, no rows being expanded again). */
  quiet: () => Promise<void>;
  /** How long one try waits for the view to report the new selection. */
  selectionWaitMs?: number;
  tries?: number;
  /** How long to wait, beyond the view being still, before trying a refused reveal again. */
  refusedPauseMs?: number;
}

/**
 * Reveals `row` selected and expanded; when the view does not report it selected, or refuses the
 * row, waits until the view is still and tries again. Resolves to whether the row was selected;
 * rejects when the view refused the row on the last try too.
 */
export async function revealSelected<T>(view: SelectableView<T>, row: T, options: RevealOptions): Promise<boolean> {
  const tries = options.tries ?? 3;
  for (let attempt = 1; attempt <= tries; attempt++) {
    const reported = selectionOf(view, row, options.selectionWaitMs ?? 1500);
    let refused = false;
    try {
      await view.reveal(row, { select: true, focus: options.focus, expand: true });
    } catch (err) {
      // VS Code refuses a row its tree does not hold yet ("Data tree node not found"): the
      // workbench draws the rows it fetched a moment after the extension host sees them fetched,
      // later on a loaded machine. The last refusal is the caller's to see.
      if (attempt === tries) {
        reported.stop();
        throw err;
      }
      refused = true;
    }
    const selected = !refused && (view.selection.includes(row) || (await reported.done));
    reported.stop();
    if (selected) return true;
    if (attempt < tries) await options.quiet();
    if (refused) await new Promise((resolve) => setTimeout(resolve, options.refusedPauseMs ?? 250));
  }
  return false;
}

/** `done` resolves true once the view reports `row` in its selection, false after `timeoutMs` or `stop()`. */
function selectionOf<T>(view: SelectableView<T>, row: T, timeoutMs: number): { done: Promise<boolean>; stop(): void } {
  let finish: (selected: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => finish(false), timeoutMs);
    const listening = view.onDidChangeSelection((e) => {
      if (e.selection.includes(row)) finish(true);
    });
    finish = (selected) => {
      clearTimeout(timer);
      listening.dispose();
      resolve(selected);
    };
  });
  return { done, stop: () => finish(false) };
}
