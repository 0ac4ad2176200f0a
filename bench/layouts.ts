// The two bundle layouts the benchmark compares, each built for production into a folder of its
// own that VS Code loads as the extension: "on demand" (dist/extension.js, with undici and the
// repository settings in bundles loaded on first use) and "single" (everything in one bundle, the
// layout before). Building both here makes the comparison independent of whatever dist/ holds.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { trackTempDir } from '../test/harness/cleanup';

const ROOT = path.resolve(__dirname, '..', '..');

export type Layout = 'on-demand' | 'single';

export interface BuiltExtension {
  layout: Layout;
  /** The folder to load as the extension. */
  folder: string;
  /** Bytes of each bundle, by file name; activation loads extension.js only. */
  bundles: Record<string, number>;
}

interface BuildOptions {
  production?: boolean;
  singleBundle?: boolean;
  outdir: string;
  quiet?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildBundles } = require(path.join(ROOT, 'esbuild.js')) as {
  buildBundles(options: BuildOptions): Promise<unknown>;
};

export async function buildExtension(layout: Layout): Promise<BuiltExtension> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `bbs-bench-${layout}-`));
  trackTempDir(folder);
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(folder, 'package.json'));
  fs.symlinkSync(path.join(ROOT, 'media'), path.join(folder, 'media'));
  const dist = path.join(folder, 'dist');
  await buildBundles({ production: true, singleBundle: layout === 'single', outdir: dist, quiet: true });
  const bundles = Object.fromEntries(
    fs
      .readdirSync(dist)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, fs.statSync(path.join(dist, f)).size]),
  );
  return { layout, folder, bundles };
}
