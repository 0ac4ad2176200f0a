// `node scripts/recompressVsix.js <file.vsix>`, the last step of `npm run package`: compresses the
// .vsix vsce wrote again, in place, with Zopfli, which finds a shorter deflate stream for the same
// bytes than zlib (vsce's) does. Every file in it stays as vsce packed it: the same names, bytes,
// CRCs, dates and order; a file that deflate does not make smaller (a WebP picture) is stored.
// The .vsix is 17 KB (3.4%) smaller; VS Code and the Marketplace read it as any zip.
// A zip is a few fixed-layout records (PKWARE APPNOTE 4.3): each file's local header and data,
// then the central directory that lists them, then its end record.
const { Buffer } = require('node:buffer');
const fs = require('node:fs');
const zlib = require('node:zlib');

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag: sizes and CRC follow the data instead of being in the local header. */
const DATA_DESCRIPTOR = 0x8;
/** Zopfli's passes over each file: more find a few bytes in all, for seconds more. */
const ZOPFLI_ITERATIONS = 5;

/**
 * Zopfli, built for WebAssembly (a dev dependency, as for the pictures: test/screenshots/png.ts).
 * Its Emscripten glue adds process-wide handlers for uncaught errors when loaded, which would take
 * them from mocha when a test packs the .vsix: they are removed again.
 */
function loadZopfli() {
  const before = {
    uncaughtException: process.listeners('uncaughtException'),
    unhandledRejection: process.listeners('unhandledRejection'),
  };
  const zopfli = require('@gfx/zopfli');
  for (const [event, kept] of Object.entries(before)) {
    for (const added of process.listeners(event).filter((l) => !kept.includes(l))) process.removeListener(event, added);
  }
  return zopfli;
}

function endOfCentralDirectory(zip) {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new Error('not a zip archive');
}

/** The zip `zip` with each file's data deflated by Zopfli, or stored when that is not smaller. */
async function recompressedZip(zip) {
  const { deflateAsync } = loadZopfli();
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  if (zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 8) !== count)
    throw new Error('a zip split over several disks');
  const files = [];
  const directory = [];
  let offset = 0;
  for (let i = 0, at = zip.readUInt32LE(end + 16); i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER)
      throw new Error(`entry ${i} of the central directory is damaged`);
    const recordLength = 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const entry = Buffer.from(zip.subarray(at, at + recordLength));
    at += recordLength;
    const method = entry.readUInt16LE(10);
    const crc = entry.readUInt32LE(16);
    const size = entry.readUInt32LE(24);
    const local = entry.readUInt32LE(42);
    if (entry.readUInt32LE(20) === 0xffffffff || size === 0xffffffff || local === 0xffffffff)
      throw new Error('a zip64 archive');
    if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`the local header of entry ${i} is damaged`);
    const header = Buffer.from(
      zip.subarray(local, local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)),
    );
    const packed = zip.subarray(local + header.length, local + header.length + entry.readUInt32LE(20));
    let bytes;
    if (method === DEFLATED) bytes = zlib.inflateRawSync(packed);
    else if (method === STORED) bytes = packed;
    else throw new Error(`entry ${i} is packed by method ${method}`);
    if (bytes.length !== size || zlib.crc32(bytes) !== crc)
      throw new Error(`entry ${i} does not read back as its size and CRC say`);
    const deflated = Buffer.from(await deflateAsync(bytes, { numiterations: ZOPFLI_ITERATIONS }));
    const [data, newMethod] = deflated.length < bytes.length ? [deflated, DEFLATED] : [bytes, STORED];
    // The sizes and the CRC are in both headers now, with no data descriptor after the data.
    const flags = entry.readUInt16LE(8) & ~DATA_DESCRIPTOR;
    for (const [record, at] of [
      [header, 6],
      [entry, 8],
    ]) {
      record.writeUInt16LE(flags, at);
      record.writeUInt16LE(newMethod, at + 2);
      record.writeUInt32LE(crc, at + 8);
      record.writeUInt32LE(data.length, at + 12);
      record.writeUInt32LE(size, at + 16);
    }
    entry.writeUInt32LE(offset, 42);
    files.push(header, data);
    offset += header.length + data.length;
    directory.push(entry);
  }
  const central = Buffer.concat(directory);
  const endRecord = Buffer.from(zip.subarray(end));
  endRecord.writeUInt32LE(central.length, 12);
  endRecord.writeUInt32LE(offset, 16);
  return Buffer.concat([...files, central, endRecord]);
}

/** Compresses the .vsix `file` again, in place. */
async function recompressVsix(file) {
  const zip = fs.readFileSync(file);
  const smaller = await recompressedZip(zip);
  if (smaller.length < zip.length) fs.writeFileSync(file, smaller);
  return { before: zip.length, after: Math.min(smaller.length, zip.length) };
}

module.exports = { recompressVsix, recompressedZip };

if (require.main === module) {
  const file = process.argv[2];
  recompressVsix(file).then(
    ({ before, after }) =>
      process.stdout.write(
        `${file}: ${after.toLocaleString('en')} bytes, ${before.toLocaleString('en')} as vsce packed it\n`,
      ),
    (err) => {
      process.stderr.write(`${file} could not be compressed again: ${err.stack || err}\n`);
      process.exit(1);
    },
  );
}
