// Whether a `GIT binary patch` block is whole. Each block is `literal N` or `delta N` followed by
// lines of git's base85, each starting with a letter that says how many bytes it holds, and a
// blank line; the bytes are a zlib stream that inflates to exactly N bytes. A block cut anywhere
// (within a line, between lines, before its end) fails one of these checks, so a patch that lost
// its tail in a paste is named as cut short instead of reaching `git apply`.
import { inflateSync } from 'node:zlib';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Beyond this size the inflated length is not checked (the line lengths still are), so a patch cannot make the check use much memory. */
const MAX_CHECKED_BYTES = 64 * 1024 * 1024;

/** The bytes of one base85 line, or undefined when the line is not one (wrong length, a character outside the alphabet). */
export function decodeBase85Line(line: string): Buffer | undefined {
  const lead = line.charCodeAt(0);
  const length = lead >= 65 && lead <= 90 ? lead - 64 : lead >= 97 && lead <= 122 ? lead - 96 + 26 : 0;
  if (length === 0 || line.length !== 1 + Math.ceil(length / 4) * 5) return undefined;
  const out = Buffer.alloc(Math.ceil(length / 4) * 4);
  for (let group = 0; group * 5 + 1 < line.length; group++) {
    let acc = 0;
    for (let k = 0; k < 5; k++) {
      const v = VALUE.get(line[1 + group * 5 + k]);
      if (v === undefined) return undefined;
      acc = acc * 85 + v;
    }
    if (acc > 0xffffffff) return undefined;
    out.writeUInt32BE(acc, group * 4);
  }
  return out.subarray(0, length);
}

export type BinaryBlockProblem = 'cutShort' | 'corrupt';

/** What is wrong with the data lines of a block announcing `size` inflated bytes, or undefined when it is whole. */
export function binaryBlockProblem(dataLines: readonly string[], size: number): BinaryBlockProblem | undefined {
  if (dataLines.length === 0) return 'cutShort';
  const parts: Buffer[] = [];
  for (const line of dataLines) {
    const bytes = decodeBase85Line(line);
    if (!bytes) return 'cutShort';
    parts.push(bytes);
  }
  if (size > MAX_CHECKED_BYTES) return undefined;
  try {
    const inflated = inflateSync(Buffer.concat(parts), { maxOutputLength: size + 1 });
    return inflated.length === size ? undefined : 'corrupt';
  } catch (err) {
    // zlib says "unexpected end of file" for a stream that stops early.
    return /unexpected end/i.test(String(err)) ? 'cutShort' : 'corrupt';
  }
}
