// Packs the extension as `npm run package` does, with that script's vsce flags read from
// package.json, but into a folder of the caller's choosing: the test of the .vsix and the
// benchmark look at the very file users would install.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { zipEntries } from './zipEntries';

// Compiled to out/test/package/; package.json is at the checkout's root.
export const ROOT = path.resolve(__dirname, '../../..');

export interface PackagedVsix {
  file: string;
  bytes: number;
  /** The paths inside the archive, such as `extension/dist/extension.js`. */
  entries: string[];
  /** What vsce printed, both streams (its warnings go to either, depending on the version). */
  output: string;
}

/** The arguments of the `vsce package` step of `npm run package`, writing to `file` instead. */
export function vscePackageArgs(file: string): string[] {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const step = scripts.package
    .split('&&')
    .map((s) => s.trim())
    .find((s) => s.startsWith('vsce package'));
  if (!step) throw new Error('the package script has no `vsce package` step');
  const args = step.split(/\s+/).slice(1);
  const out = args.indexOf('-o');
  if (out < 0) throw new Error('the package script names no output file (-o)');
  args[out + 1] = file;
  return args;
}

/** Runs vsce, which builds the production bundles first (the `vscode:prepublish` script). */
export function packageVsix(outDir: string): PackagedVsix {
  const file = path.join(outDir, 'bitbucket-snippets.vsix');
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const run = spawnSync(process.execPath, [vsce, ...vscePackageArgs(file)], { cwd: ROOT, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`vsce package failed (${run.status}):\n${output}`);
  return { file, bytes: fs.statSync(file).size, entries: zipEntries(file), output };
}
