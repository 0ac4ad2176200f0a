// The .vsix users install: packed as `npm run package` packs it, then read back. It must carry
// every bundle and the user-facing files, and nothing for contributors (sources, tests, source
// maps, CONTRIBUTING.md), and vsce must have nothing to warn about. A plain `vsce package`
// works: the manifest names its repository, so vsce needs no flag and points the README's images
// at the repository, where the Marketplace page can load them. `npm run package` then compresses
// vsce's .vsix again (scripts/recompressVsix.js): the size below is that file's.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { packageVsix, ROOT, vscePackageArgs, type PackagedVsix } from './packageVsix';
import { zipEntries } from './zipEntries';

/**
 * The .vsix users download stays small (it was 1.16 MB, 75% of it screenshots, before `npm run
 * screenshots`). It grew to 704 KiB with the secret scan's worker (secretlint's rules, re2js), the
 * README's pictures of the scan and of patches, and the MCP server's, the patches' and the scan's
 * strings. Back to 539 KiB: only the walkthrough's pictures are packed (the packed README loads
 * its own from the repository), no English l10n bundle (VS Code loads none in English), undici
 * without what the extension never runs (esbuild.js: its SIMD parser, fetch bodies, HTTP/2,
 * SOCKS), its parser as a binary file rather than base64, and what the on-demand bundles share
 * built once (dist/common.js). 517 KiB (529,369 bytes) on 2026-12-02: the scan's worker makes
 * re2js's Unicode tables at run time and leaves out the secretlint rules its own supersede, undici
 * only the two of llhttp's constants it reads, the walkthrough's pictures compressed again with
 * Zopfli. Under 500,000 bytes later that day, with all the README (37 KB), the German strings
 * (42 KB) and the changelog (16 KB, compressed) still in it: the walkthrough's pictures as lossless
 * WebP (-11.6 KB), the bundles minified once more by terser (-11.7 KB), and the .vsix compressed
 * again by Zopfli after vsce (-17.6 KB; scripts/recompressVsix.js).
 */
const MAX_VSIX_BYTES = 500_000;

type ImageMedia = string | Record<string, string>;

/** The pictures the walkthrough shows (VS Code shows them from the installed extension, offline). */
function walkthroughImages(): string[] {
  return shownImages()
    .filter((s) => s.where.startsWith('walkthrough'))
    .map((s) => s.file);
}

/** The pictures the README and the walkthrough show, each with the text that stands in for it. */
function shownImages(): Array<{ where: string; file: string; alt: string }> {
  const shown: Array<{ where: string; file: string; alt: string }> = [];
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  for (const match of readme.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)) {
    shown.push({ where: 'README.md', alt: match[1], file: match[2] });
  }
  for (const match of readme.matchAll(/<img\b[^>]*>/g)) {
    shown.push({
      where: 'README.md',
      alt: /\balt="([^"]*)"/.exec(match[0])?.[1] ?? '',
      file: /\bsrc="([^"]+)"/.exec(match[0])?.[1] ?? '',
    });
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    contributes: {
      walkthroughs?: Array<{ steps: Array<{ id: string; media: { image?: ImageMedia; altText?: string } }> }>;
    };
  };
  for (const step of (manifest.contributes.walkthroughs ?? []).flatMap((w) => w.steps)) {
    const image = step.media.image;
    if (image === undefined) continue;
    for (const file of typeof image === 'string' ? [image] : Object.values(image)) {
      shown.push({ where: `walkthrough step ${step.id}`, alt: step.media.altText ?? '', file });
    }
  }
  return shown;
}

/** Every file under a folder of the checkout, as paths relative to the checkout. */
function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('the .vsix', function () {
  // A production build (esbuild, then terser), vsce, and Zopfli over every file.
  this.timeout(180_000);
  let outDir: string;
  let vsix: PackagedVsix;
  /** Paths inside the extension folder of the archive, lower case (vsce renames README.md to readme.md). */
  let files: string[];

  before(() => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-vsix-'));
    vsix = packageVsix(outDir);
    files = vsix.entries
      .filter((e) => e.startsWith('extension/'))
      .map((e) => e.slice('extension/'.length).toLowerCase());
    process.stdout.write(`      .vsix: ${(vsix.bytes / 1024).toFixed(1)} KiB, ${files.length} files\n`);
  });
  after(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('packs without a warning from vsce', () => {
    assert.deepEqual(
      vsix.output.split('\n').filter((line) => /\bWARNING\b/.test(line)),
      [],
    );
  });

  it('is packed by a plain `vsce package`: no flag but the output file', () => {
    assert.deepEqual(vscePackageArgs('x.vsix'), ['package', '-o', 'x.vsix']);
  });

  it('is compressed again after vsce: every file as vsce packed it, byte for byte, in fewer bytes', () => {
    assert.ok(vsix.bytes < vsix.vsceBytes, `${vsix.bytes} bytes, vsce's ${vsix.vsceBytes}`);
    assert.deepEqual(vsix.entries, zipEntries(vsix.vsceFile));
    for (const entry of vsix.entries) {
      // unzip checks each file's CRC as it reads it.
      // unzip takes a name as a pattern: [ ] * ? are escaped.
      const name = entry.replace(/[[\]*?]/g, '\\$&');
      const read = (file: string) => spawnSync('unzip', ['-p', file, name], { maxBuffer: 16 * 1024 * 1024 });
      const [again, packed] = [read(vsix.file), read(vsix.vsceFile)];
      assert.equal(again.status, 0, `${entry}: ${String(again.stderr)}`);
      assert.ok(again.stdout.equals(packed.stdout), `${entry} is as vsce packed it`);
    }
  });

  it("points the README's images at the manifest's repository, so they show on the Marketplace", () => {
    const readme = spawnSync('unzip', ['-p', vsix.file, 'extension/readme.md'], { encoding: 'utf8' }).stdout;
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]);
    assert.ok(images.length > 0, 'the README shows images');
    const repository = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } }
    ).repository.url.replace(/\.git$/, '');
    for (const image of images) {
      assert.ok(image.startsWith(`${repository}/raw/`), `${image} is loaded from ${repository}`);
    }
  });

  it('holds no sources, tests, source maps, compiled tests or contributor notes', () => {
    assert.deepEqual(
      files.filter(
        (f) => /^(src|test|out|bench|\.ci|node_modules)\//.test(f) || f.endsWith('.map') || f.endsWith('.ts'),
      ),
      [],
    );
    assert.ok(!files.includes('contributing.md'), 'CONTRIBUTING.md is for contributors');
  });

  it('holds every bundle but the test API, the manifest, the README, the changelog, the licence and media/', () => {
    // The webviews' scripts are in dist/webview/.
    const bundles = filesUnder('dist').filter((f) => f.endsWith('.js'));
    for (const built of ['dist/extension.js', 'dist/webview/settingsPanel.js']) {
      assert.ok(bundles.includes(built), `vsce built ${built}`);
    }
    // The test API loads in Test and Development mode only; VS Code runs an installed extension in Production mode.
    for (const bundle of bundles.filter((b) => b !== 'dist/testing.js')) {
      assert.ok(files.includes(bundle.toLowerCase()), `${bundle} is in it`);
    }
    assert.ok(bundles.includes('dist/testing.js') && !files.includes('dist/testing.js'), 'the test API stays out');
    for (const file of ['package.json', 'readme.md', 'changelog.md']) {
      assert.ok(files.includes(file), `${file} is in it`);
    }
    assert.ok(files.includes('license') || files.includes('license.txt'), 'the licence is in it');
    for (const media of filesUnder('media')) assert.ok(files.includes(media.toLowerCase()), `${media} is in it`);
  });

  it(`stays under ${MAX_VSIX_BYTES.toLocaleString('en')} bytes`, () => {
    assert.ok(
      vsix.bytes < MAX_VSIX_BYTES,
      `the .vsix is ${vsix.bytes} bytes; the pictures in docs/images/ come from \`npm run screenshots\`, which crops them and writes palette PNGs`,
    );
  });

  it('holds every picture the walkthrough shows, and no other: the packed README loads its pictures from the repository', () => {
    const shown = shownImages();
    assert.ok(shown.length > 0, 'the README and the walkthrough show pictures');
    for (const { where, file, alt } of shown) {
      assert.ok(
        !/^[a-z]+:/i.test(file),
        `${where}: ${file} is a path in the checkout (vsce points the packed README's at the repository)`,
      );
      assert.ok(fs.existsSync(path.join(ROOT, file)), `${where}: ${file} exists`);
      assert.ok(alt.trim().length > 0, `${where}: ${file} has a text that says what it shows`);
    }
    const walkthrough = walkthroughImages();
    assert.ok(walkthrough.length > 0, 'the walkthrough shows pictures');
    for (const file of walkthrough) {
      assert.ok(files.includes(file.toLowerCase()), `the walkthrough's ${file} is in the .vsix`);
    }
    // The README's pictures, packed, would never be shown: the test above checks that the packed README links the repository's.
    const packed = files.filter((f) => /\.(png|jpe?g|gif|webp|svg)$/.test(f) && !f.startsWith('media/'));
    assert.deepEqual(
      packed.filter((f) => !walkthrough.some((w) => w.toLowerCase() === f)),
      [],
      "only the walkthrough's pictures are packed",
    );
    // A walkthrough's WebP is made from the PNG beside it (test/package/pictures.test.ts), which stays as its source.
    const used = new Set(shown.flatMap((s) => [s.file, s.file.replace(/\.webp$/, '.png')]));
    assert.deepEqual(
      filesUnder('docs/images').filter((f) => !used.has(f)),
      [],
      'pictures in docs/images/ that nothing shows',
    );
  });

  it("holds the translations: package.nls*.json and each language's l10n bundle, not the English one VS Code never loads", () => {
    const manifestTexts = fs.readdirSync(ROOT).filter((f) => /^package\.nls(\.[\w-]+)?\.json$/.test(f));
    assert.ok(manifestTexts.includes('package.nls.json'), 'the English manifest strings exist');
    const languages = filesUnder('l10n').filter((f) => /^l10n\/bundle\.l10n\.[\w-]+\.json$/.test(f));
    assert.ok(languages.length > 0, 'a translation exists');
    for (const file of [...manifestTexts, ...languages]) {
      assert.ok(files.includes(file.toLowerCase()), `${file} is in it`);
    }
    // In English the extension host loads no bundle at all (the code's strings are the English ones): this file is for translators.
    assert.ok(!files.includes('l10n/bundle.l10n.json'), 'the English bundle stays out');
  });
});
