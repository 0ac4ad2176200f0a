// With several rows selected, VS Code runs a row's command with (clicked row, selected rows) when
// the clicked row is among the selected; else with the clicked row alone. Commands act on the
// clicked row unless they deliberately act on the selection (Delete Snippet). Plain logic.

/** A row VS Code passes to a command: an object carrying a `kind`. */
function isRow(value: unknown): value is { kind: string } {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/** The array of selected rows VS Code passes as a command's second argument, if that is what it is. */
export function isSelection(value: unknown): value is Array<{ kind: string }> {
  return Array.isArray(value) && value.length > 0 && value.every(isRow);
}

/** The rows a command acts on: the selection when it holds the clicked row, else the clicked row. */
export function rowsOfCommand<T>(clicked: T, selected: unknown): T[] {
  if (!isSelection(selected)) return [clicked];
  const key = JSON.stringify(clicked);
  return selected.some((row) => row === clicked || JSON.stringify(row) === key) ? (selected as T[]) : [clicked];
}

/** The command's arguments without the selection, so an options argument is never the selection by mistake. */
export function withoutSelection(args: readonly unknown[]): unknown[] {
  return isSelection(args[1]) ? [args[0], ...args.slice(2)] : [...args];
}

/** A snippet row (in a list or among search results), which Delete Snippet can act on. */
export function isSnippetRow(value: unknown): boolean {
  return isRow(value) && (value.kind === 'snippet' || value.kind === 'searchSnippet');
}
