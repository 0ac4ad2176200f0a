// How the README's and the walkthrough's pictures are written: as palette PNGs. A screenshot of
// VS Code has few colours (a theme's backgrounds, its text and their anti-aliasing), so 64 of
// them keep text sharp at a fifth to a tenth of a full-colour PNG's size, which keeps the .vsix
// small (test/package/vsix.test.ts).
import sharp from 'sharp';

/** Enough for anti-aliased text on one background; fewer shows fringes, more only adds bytes. */
export const PICTURE_COLOURS = 64;

/** Writes `source` (a PNG file or its bytes) to `file` as a palette PNG, without dithering. */
export async function writePicture(source: Buffer | string, file: string): Promise<void> {
  await sharp(source)
    .png({ palette: true, colours: PICTURE_COLOURS, dither: 0, compressionLevel: 9, effort: 10 })
    .toFile(file);
}
