// The walkthrough's pictures, which the .vsix carries, are written as `npm run screenshots` writes
// them (test/screenshots/png.ts): a palette PNG whose pixels Zopfli compressed again, so that no
// byte is left to save without changing a pixel, and beside it the lossless WebP the walkthrough
// shows, with exactly the PNG's pixels in fewer bytes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import sharp from 'sharp';
import { losslessWebp, recompressed } from '../screenshots/png';
import { ROOT } from './packageVsix';

/** The pictures the walkthrough shows, light and dark (package.json). */
function walkthroughPictures(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    contributes: { walkthroughs: Array<{ steps: Array<{ media: { image?: string | Record<string, string> } }> }> };
  };
  const pictures = manifest.contributes.walkthroughs
    .flatMap((w) => w.steps)
    .flatMap((s) =>
      s.media.image === undefined
        ? []
        : typeof s.media.image === 'string'
          ? [s.media.image]
          : Object.values(s.media.image),
    );
  return [...new Set(pictures)];
}

/** The PNG a walkthrough picture is made from: the file of the same name beside it. */
const pngOf = (picture: string) => picture.replace(/\.webp$/, '.png');

const pixels = (picture: Buffer | string) => sharp(picture).ensureAlpha().raw().toBuffer();

/** A PNG's image data: its IDAT chunks, joined. */
function imageData(png: Buffer): Buffer {
  const data: Buffer[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') {
      data.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
    }
  }
  return Buffer.concat(data);
}

describe("the walkthrough's pictures", function () {
  this.timeout(60_000);

  it('are lossless WebP files with exactly the pixels of the PNG beside them, and fewer bytes', async () => {
    const pictures = walkthroughPictures();
    assert.ok(pictures.length >= 2, 'the walkthrough shows pictures');
    for (const picture of pictures) {
      assert.match(picture, /\.webp$/, `${picture}: the walkthrough shows a WebP`);
      const webp = path.join(ROOT, picture);
      const png = path.join(ROOT, pngOf(picture));
      assert.equal((await sharp(webp).metadata()).format, 'webp', `${picture} is a WebP`);
      assert.deepEqual(await pixels(webp), await pixels(png), `${picture} has the pixels of ${pngOf(picture)}`);
      assert.ok(fs.statSync(webp).size < fs.statSync(png).size, `${picture} is smaller than its PNG`);
    }
  });

  it('made lossless, a WebP keeps every pixel of a palette PNG', async () => {
    const [picture] = walkthroughPictures().sort(
      (a, b) => fs.statSync(path.join(ROOT, a)).size - fs.statSync(path.join(ROOT, b)).size,
    );
    const png = fs.readFileSync(path.join(ROOT, pngOf(picture)));
    const webp = await losslessWebp(png);
    assert.equal((await sharp(webp).metadata()).format, 'webp');
    assert.deepEqual(await pixels(webp), await pixels(png));
    assert.ok(webp.length < png.length, `${webp.length} < ${png.length}`);
  });

  it('come from PNGs compressed as npm run screenshots writes them: by Zopfli, not by zlib alone', () => {
    for (const picture of walkthroughPictures().map(pngOf)) {
      const data = imageData(fs.readFileSync(path.join(ROOT, picture)));
      // zlib's best for the same bytes; sharp's own output is within 2% of it, Zopfli's 4 to 9% under it.
      const zlibBest = zlib.deflateSync(zlib.inflateSync(data), { level: 9, memLevel: 9 }).length;
      assert.ok(
        data.length < 0.975 * zlibBest,
        `${picture}: ${data.length} bytes of image data, zlib's best ${zlibBest}`,
      );
    }
  });

  it('compressed again, a palette PNG keeps every pixel and its palette, and loses bytes', async () => {
    const [picture] = walkthroughPictures()
      .map(pngOf)
      .sort((a, b) => fs.statSync(path.join(ROOT, a)).size - fs.statSync(path.join(ROOT, b)).size);
    // A PNG as sharp writes it (zlib), from the committed picture's pixels.
    const fromSharp = await sharp(path.join(ROOT, picture)).png({ palette: true, compressionLevel: 9 }).toBuffer();
    const again = await recompressed(fromSharp);
    assert.ok(again.length < fromSharp.length, `${again.length} < ${fromSharp.length}`);
    assert.deepEqual(await pixels(again), await pixels(fromSharp));
    const { format, isPalette } = await sharp(again).metadata();
    assert.deepEqual({ format, isPalette }, { format: 'png', isPalette: true });
  });
});
