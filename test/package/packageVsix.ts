// Packs the extension as `npm run package` does, with that script's vsce flags read from
// package.json, then compresses the .vsix again as the script's last step does, but into a folder
// of the caller's choosing: the test of the .vsix and the benchmark look at the very file users
// would install. vsce's own .vsix is kept beside it, as as-vsce-packed.vsix.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { zipEntries } from './zipEntries';

// Compiled to out/test/package/; package.json is at the checkout's root.
export const ROOT = path.resolve(__dirname, '../../..');

/** The script that compresses the .vsix again, the step after `vsce package` in the package script. */
const RECOMPRESS = 'scripts/recompressVsix.js';

export interface PackagedVsix {
  file: string;
  bytes: number;
  /** The size of the .vsix as vsce wrote it, before it was compressed again. */
  vsceBytes: number;
  /** vsce's .vsix, as it wrote it. */
  vsceFile: string;
  /** The paths inside the archive, such as `extension/dist/extension.js`. */
  entries: string[];
  /** What vsce printed, both streams (its warnings go to either, depending on the version). */
  output: string;
}

/** The steps of `npm run package`, and which of them is `vsce package`. */
function packageSteps(): { steps: string[]; vsce: number } {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const steps = scripts.package.split('&&').map((s) => s.trim());
  const vsce = steps.findIndex((s) => s.startsWith('vsce package'));
  if (vsce < 0) throw new Error('the package script has no `vsce package` step');
  return { steps, vsce };
}

/** The arguments of the `vsce package` step of `npm run package`, writing to `file` instead. */
export function vscePackageArgs(file: string): string[] {
  const { steps, vsce } = packageSteps();
  const args = steps[vsce].split(/\s+/).slice(1);
  const out = args.indexOf('-o');
  if (out < 0) throw new Error('the package script names no output file (-o)');
  args[out + 1] = file;
  return args;
}

/**
 * The arguments for node of the step after `vsce package`, which compresses the .vsix vsce wrote
 * again (scripts/recompressVsix.js), for `file` instead.
 */
export function recompressArgs(file: string): string[] {
  const { steps, vsce } = packageSteps();
  const args = steps[vsce].split(/\s+/);
  const written = args[args.indexOf('-o') + 1];
  if (steps[vsce + 1] !== `node ${RECOMPRESS} ${written}`) {
    throw new Error(`the package script's step after vsce is not \`node ${RECOMPRESS} ${written}\``);
  }
  return [path.join(ROOT, RECOMPRESS), file];
}

/** Runs vsce, which builds the production bundles first (the `vscode:prepublish` script), then compresses its .vsix again. */
export function packageVsix(outDir: string): PackagedVsix {
  const file = path.join(outDir, 'bitbucket-snippets.vsix');
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const run = spawnSync(process.execPath, [vsce, ...vscePackageArgs(file)], { cwd: ROOT, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`vsce package failed (${run.status}):\n${output}`);
  const vsceFile = path.join(outDir, 'as-vsce-packed.vsix');
  fs.copyFileSync(file, vsceFile);
  const again = spawnSync(process.execPath, recompressArgs(file), { cwd: ROOT, encoding: 'utf8' });
  if (again.status !== 0) throw new Error(`compressing the .vsix again failed (${again.status}):\n${again.stderr}`);
  const bytes = fs.statSync(file).size;
  return { file, bytes, vsceBytes: fs.statSync(vsceFile).size, vsceFile, entries: zipEntries(file), output };
}
