// A file's first lines in one short line, for the picks that offer snippet files. No `vscode` here.

/** The first non-empty lines, on one line, for a QuickPick `detail`. */
export function preview(content: string): string {
  const lines = content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3);
  const text = lines.join(' ⏎ ');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text || '(empty)';
}
