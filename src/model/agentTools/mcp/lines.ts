// Newline-delimited JSON, the framing of MCP's stdio transport and of the private channel between
// the MCP server process and the extension host: lines read with a bound on each line's size (a
// line past it is dropped whole and reported, never buffered), and values written one a line.
// Plain Node.
import type { Readable, Writable } from 'node:stream';

export interface LineHandlers {
  line(text: string): void;
  /** A line longer than the bound: its bytes were dropped as they came. */
  tooLong(bytes: number): void;
  /** Called as soon as a line passes the bound, before its end has come. */
  overflow?(): void;
}

/** Calls `handlers.line` for each line of `input` (UTF-8, `\n`-ended, a `\r` before it dropped). */
export function readLines(input: Readable, maxBytes: number, handlers: LineHandlers): void {
  let parts: Buffer[] = [];
  let size = 0;
  /** Bytes of a line being dropped; -1 while none is. */
  let dropping = -1;
  input.on('data', (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let end = data.indexOf(0x0a); ; end = data.indexOf(0x0a)) {
      const piece = end < 0 ? data : data.subarray(0, end);
      if (dropping >= 0) dropping += piece.length;
      else if (size + piece.length > maxBytes) {
        dropping = size + piece.length;
        handlers.overflow?.();
        parts = [];
        size = 0;
      } else {
        parts.push(piece);
        size += piece.length;
      }
      if (end < 0) return;
      if (dropping >= 0) handlers.tooLong(dropping);
      else {
        const text = Buffer.concat(parts).toString('utf8').replace(/\r$/, '');
        if (text.trim()) handlers.line(text);
      }
      parts = [];
      size = 0;
      dropping = -1;
      data = data.subarray(end + 1);
    }
  });
}

/** Writes one value as one line; false once the stream can take nothing more. */
export function writeLine(output: Writable, value: unknown): boolean {
  if (output.destroyed || output.writableEnded) return false;
  // JSON.stringify escapes U+2028 and U+2029 nowhere, but a line break never stays raw in its strings.
  output.write(`${JSON.stringify(value)}\n`);
  return true;
}
