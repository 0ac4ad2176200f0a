// The text of a snippet as a confirmation shows it: every line, wrapped rather than cut, with its
// number in front, so that nothing past a line's first screenful or a run of spaces can hide; each
// control or invisible character as a visible mark (controlCharacters.ts). A text longer than a
// dialog holds shows its first and last rows and says what is left out, and the caller offers the
// whole text to read. A modal's detail holds at most 2,000 characters (src/util/outsideText.ts),
// so the rows shown stay well under that. Plain logic without `vscode`.
import * as l10n from '@vscode/l10n';
import { hasControlCharacters, visibleCharacter } from './controlCharacters';

/** How many characters of a line one row shows; the rest of the line follows on the next rows. */
export const ROW_WIDTH = 80;
/** How many rows a confirmation shows of a text that needs more: its first and its last ones. */
export const HEAD_ROWS = 10;
export const TAIL_ROWS = 5;
/** A run of at least this many spaces shows as its count: a reader cannot count blanks. */
const SPACE_RUN = 8;

/** The pieces of a line as shown, each kept whole on one row: a character, a mark, a counted run of spaces. */
function tokensOf(line: string): string[] {
  const tokens: string[] = [];
  for (const piece of line.match(new RegExp(` {${SPACE_RUN},}|[^]`, 'gu')) ?? []) {
    if (piece.length >= SPACE_RUN) tokens.push(l10n.t('⟨{0} spaces⟩', piece.length));
    else tokens.push(hasControlCharacters(piece) ? visibleCharacter(piece) : piece);
  }
  return tokens;
}

interface Row {
  /** The line's number, from 1. */
  line: number;
  text: string;
  /** The row goes on with the same line as the row before it. */
  continued: boolean;
}

function rowsOf(lines: readonly string[]): Row[] {
  const rows: Row[] = [];
  lines.forEach((line, index) => {
    let text = '';
    let continued = false;
    for (const token of tokensOf(line)) {
      if (text.length > 0 && text.length + token.length > ROW_WIDTH) {
        rows.push({ line: index + 1, text, continued });
        text = '';
        continued = true;
      }
      text += token;
    }
    rows.push({ line: index + 1, text, continued });
  });
  return rows;
}

/** A row with its line's number, or a continuation mark where it goes on with the line above. */
function rowText(row: Row, numberWidth: number): string {
  const gutter = row.continued ? `${' '.repeat(numberWidth - 1)}↪` : String(row.line).padStart(numberWidth);
  return `${gutter}│ ${row.text}`;
}

export interface ShownText {
  /** The rows, one a line of the detail. */
  text: string;
  /** Every character of the text is in `text`; when false, the user must be offered the whole text. */
  complete: boolean;
}

export const linesOf = (text: string): string[] => text.split(/\r\n|\r|\n/);

export function shownText(text: string): ShownText {
  const lines = linesOf(text);
  const rows = rowsOf(lines);
  const numberWidth = String(lines.length).length;
  if (rows.length <= HEAD_ROWS + TAIL_ROWS + 1) {
    return { text: rows.map((row) => rowText(row, numberWidth)).join('\n'), complete: true };
  }
  const head = rows.slice(0, HEAD_ROWS);
  const tail = rows.slice(rows.length - TAIL_ROWS);
  const left = rows.slice(HEAD_ROWS, rows.length - TAIL_ROWS);
  const first = left[0].line;
  const last = left[left.length - 1].line;
  const gap =
    first === last
      ? l10n.t(
          '⋯ {0} more rows of line {1} are not shown here. "Show Whole Text" opens the whole text. ⋯',
          left.length,
          first,
        )
      : l10n.t(
          '⋯ {0} more rows of lines {1} to {2} are not shown here. "Show Whole Text" opens the whole text. ⋯',
          left.length,
          first,
          last,
        );
  return {
    text: [...head.map((row) => rowText(row, numberWidth)), gap, ...tail.map((row) => rowText(row, numberWidth))].join(
      '\n',
    ),
    complete: false,
  };
}
