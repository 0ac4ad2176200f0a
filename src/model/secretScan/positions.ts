// Offsets in a text as the 1-based line and column an editor shows (UTF-16 code units, as VS Code
// counts them). A text's line starts are found once, then each offset is a binary search.

export interface LinePosition {
  line: number;
  column: number;
}

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    // \r\n, \r and \n each end a line, as in an editor.
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) this.starts.push(i + 1);
    }
  }

  positionOf(offset: number): LinePosition {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.starts[low] + 1 };
  }
}
