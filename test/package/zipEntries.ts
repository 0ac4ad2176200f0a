// The names of the files in a zip archive (a .vsix is one), read from its central directory.
// Node has no zip reader, and the project adds no dependency for a test: the format's index is
// a few fixed-layout records (PKWARE APPNOTE, sections 4.3.12 and 4.3.16).
import * as fs from 'node:fs';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;

export function zipEntries(file: string): string[] {
  const zip = fs.readFileSync(file);
  // The end record is 22 bytes plus a comment of up to 64 KiB: search backwards for it.
  let end = zip.length - 22;
  while (end >= Math.max(0, zip.length - 22 - 0xffff) && zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0 || zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) throw new Error(`${file} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) {
      throw new Error(`${file}: entry ${i} of the central directory is damaged`);
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
