// What a drag from the Snippets view carries: the snippets and files of the dragged rows. Inside
// the extension host it is this array itself; an editor receives it as JSON text (VS Code turns
// tree drag data into strings on its way to a DocumentDropEditProvider). Plain logic.
export interface DraggedRow {
  snippetGuid: string;
  /** Set for a file row (and a search match in a file). */
  fileName?: string;
  /** The account of a row of an account other than the default one. */
  accountId?: string;
}

/** The rows from a drag's value, as an array or its JSON; anything else gives none. */
export function parseDraggedRows(value: unknown): DraggedRow[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((row: unknown): DraggedRow[] => {
    if (typeof row !== 'object' || row === null) return [];
    const { snippetGuid, fileName, accountId } = row as { snippetGuid?: unknown; fileName?: unknown; accountId?: unknown };
    if (typeof snippetGuid !== 'string' || !snippetGuid) return [];
    return [{ snippetGuid, ...(typeof fileName === 'string' ? { fileName } : {}), ...(typeof accountId === 'string' ? { accountId } : {}) }];
  });
}

/**
 * The rows of a DataTransferItem: its value inside the host that dragged, else its text (what an
 * editor's drop provider gets, where `value` is not the array).
 */
export async function draggedRowsOf(item: { value: unknown; asString(): PromiseLike<string> }): Promise<DraggedRow[]> {
  const rows = parseDraggedRows(item.value);
  return rows.length > 0 ? rows : parseDraggedRows(await item.asString());
}
