// How the README's and the walkthrough's pictures are written: as palette PNGs. A screenshot of
// VS Code has few colours (a theme's backgrounds, its text and their anti-aliasing), so 64 of
// them keep text sharp at a fifth to a tenth of a full-colour PNG's size, which keeps the .vsix
// small (test/package/vsix.test.ts). Their pixels are then compressed again with Zopfli, which
// finds a shorter deflate stream for the same bytes than zlib does (5% less, the same picture).
// The walkthrough shows a lossless WebP of each of its pictures, made from the PNG: the same
// pixels in 15% fewer bytes (the README keeps the PNGs, which every Markdown viewer shows).
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import sharp from 'sharp';

/** Enough for anti-aliased text on one background; fewer shows fringes, more only adds bytes. */
export const PICTURE_COLOURS = 64;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

type Zopfli = typeof import('@gfx/zopfli');
let zopfli: Zopfli | undefined;

/**
 * Zopfli, built for WebAssembly. Its Emscripten glue adds process-wide handlers for uncaught errors
 * and rejections when loaded, which would take them from mocha in the e2e run that writes a
 * picture (test/e2e/accessibility.test.ts): they are removed again.
 */
function loadZopfli(): Zopfli {
  if (zopfli) return zopfli;
  const errors = process.listeners('uncaughtException');
  const rejections = process.listeners('unhandledRejection');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  zopfli = require('@gfx/zopfli') as Zopfli;
  for (const added of process.listeners('uncaughtException').filter((l) => !errors.includes(l))) {
    process.removeListener('uncaughtException', added);
  }
  for (const added of process.listeners('unhandledRejection').filter((l) => !rejections.includes(l))) {
    process.removeListener('unhandledRejection', added);
  }
  return zopfli;
}

/** The same PNG with its image data (every IDAT chunk, as one) deflated by Zopfli: the same pixels, fewer bytes. */
export async function recompressed(png: Buffer): Promise<Buffer> {
  const { zlibAsync } = loadZopfli();
  const parts: Buffer[] = [png.subarray(0, 8)];
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    else {
      if (type === 'IEND') {
        const pixels = zlib.inflateSync(Buffer.concat(data));
        parts.push(chunk('IDAT', await zlibAsync(pixels, { numiterations: 15 })));
      }
      parts.push(png.subarray(at, at + 12 + length));
    }
    at += 12 + length;
  }
  const smaller = Buffer.concat(parts);
  return smaller.length < png.length ? smaller : png;
}

/** Writes `source` (a PNG file or its bytes) to `file` as a palette PNG, without dithering. */
export async function writePicture(source: Buffer | string, file: string): Promise<void> {
  const png = await sharp(source)
    .png({ palette: true, colours: PICTURE_COLOURS, dither: 0, compressionLevel: 9, effort: 10 })
    .toBuffer();
  fs.writeFileSync(file, await recompressed(png));
}

/** A walkthrough picture's file beside its PNG: `name.webp` for `name.png`. */
export function webpOf(pngFile: string): string {
  return pngFile.replace(/\.png$/, '.webp');
}

/**
 * The picture as a lossless WebP, every pixel as in `png`. VS Code's walkthrough shows it in
 * Chromium, which reads WebP; libwebp's slowest, smallest setting (a second or so a picture) gives
 * 15% fewer bytes than the Zopfli'd palette PNG.
 */
export function losslessWebp(png: Buffer | string): Promise<Buffer> {
  return sharp(png).webp({ lossless: true, quality: 100, effort: 6 }).toBuffer();
}

/** Writes the walkthrough's WebP beside the PNG `pngFile` (`writePicture` wrote it). */
export async function writeWalkthroughPicture(pngFile: string): Promise<void> {
  fs.writeFileSync(webpOf(pngFile), await losslessWebp(pngFile));
}

// `node out/test/screenshots/png.js <file.png>…` compresses committed pictures again in place
// (the two `npm run screenshots` does not make yet: hook-field-error.png, accessibility-high-contrast.png);
// with `--webp` first, it writes the walkthrough's WebP beside each PNG instead.
if (require.main === module) {
  void (async () => {
    const [first, ...rest] = process.argv.slice(2);
    if (first === '--webp') {
      for (const file of rest) await writeWalkthroughPicture(file);
      return;
    }
    for (const file of process.argv.slice(2)) fs.writeFileSync(file, await recompressed(fs.readFileSync(file)));
  })();
}
