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
    const { snippetGuid, fileName, accountId } = row as {
      snippetGuid?: unknown;
      fileName?: unknown;
      accountId?: unknown;
    };
    if (typeof snippetGuid !== 'string' || !snippetGuid) return [];
    return [
      {
        snippetGuid,
        ...(typeof fileName === 'string' ? { fileName } : {}),
        ...(typeof accountId === 'string' ? { accountId } : {}),
      },
    ];
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

/** The snippets the rows stand for, each once, in the order first dragged (with the row's account). */
export function draggedSnippets(rows: readonly DraggedRow[]): Array<{ snippetGuid: string; accountId?: string }> {
  const seen = new Set<string>();
  const result: Array<{ snippetGuid: string; accountId?: string }> = [];
  for (const row of rows) {
    const key = `${row.accountId ?? ''}|${row.snippetGuid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(
      row.accountId === undefined
        ? { snippetGuid: row.snippetGuid }
        : { snippetGuid: row.snippetGuid, accountId: row.accountId },
    );
  }
  return result;
}

/**
 * The file rows that can be copied onto a snippet: those of other snippets (a snippet's own
 * files dropped back on it are no copy), each file once.
 */
export function filesToCopy(
  rows: readonly DraggedRow[],
  target: { snippetGuid: string; accountId?: string },
): Array<DraggedRow & { fileName: string }> {
  const seen = new Set<string>();
  return rows.filter((row): row is DraggedRow & { fileName: string } => {
    if (row.fileName === undefined) return false;
    if (row.snippetGuid === target.snippetGuid && row.accountId === target.accountId) return false;
    const key = `${row.accountId ?? ''}|${row.snippetGuid}|${row.fileName}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The rows whose files a drop into an editor inserts: each row once, and no file row of a snippet
 * whose own row is dragged too (a snippet row inserts all its files; a file selected beside it
 * would come twice).
 */
export function rowsToInsert(rows: readonly DraggedRow[]): DraggedRow[] {
  const key = (row: DraggedRow) => `${row.accountId ?? ''}|${row.snippetGuid}`;
  const whole = new Set(rows.filter((r) => r.fileName === undefined).map(key));
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (row.fileName !== undefined && whole.has(key(row))) return false;
    const id = `${key(row)}|${row.fileName ?? ''}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** One text dropped into an editor, and whether it is written in VS Code's snippet syntax. */
export interface InsertedText {
  content: string;
  snippetSyntax: boolean;
}

/**
 * Several files dropped into an editor, one after another, each starting on a line of its own.
 * When any of them is in snippet syntax the whole is inserted as a snippet, so the others'
 * `$`, `}` and `\` are escaped and stay as they are.
 */
export function joinInsertedTexts(parts: readonly InsertedText[]): InsertedText {
  const snippetSyntax = parts.some((p) => p.snippetSyntax);
  let content = '';
  for (const part of parts) {
    if (content !== '' && !content.endsWith('\n')) content += '\n';
    content += snippetSyntax && !part.snippetSyntax ? escapeSnippetText(part.content) : part.content;
  }
  return { content, snippetSyntax };
}

/** Text that a snippet inserts as it is (what vscode.SnippetString.appendText does). */
export function escapeSnippetText(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}
