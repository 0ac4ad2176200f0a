// What an installed Bitbucket Snippets hands to other extensions: nothing that can act for the user.
// The extension is packed as a .vsix (production bundles, the manifest as shipped) and installed
// into a VS Code of its own, beside a probe extension (test/exportsProbe/), also installed: VS Code
// runs installed extensions in Production mode, where the test API does not exist. The probe
// activates Bitbucket Snippets, reads its exports and writes every key and everything callable
// it reached; a signed-in service, the Snippets view, the drop provider or a dump of global state
// would each show up there.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { trackTempDir } from '../harness/cleanup';
import { ensureCodeServer, installExtension, startCodeServer, type CodeServer } from '../harness/codeServer';
import { REPO_ROOT } from '../harness/paths';
import { testUserSettings, writeUserSettings } from '../harness/workbench';
import { recompressArgs, vscePackageArgs } from '../package/packageVsix';
import { session } from './session';

const VSCE = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
/** What the .vsix carries besides dist/ (.vscodeignore lets exactly these in). */
const SHIPPED = [
  'package.nls.json',
  'package.nls.de.json',
  'l10n',
  'media',
  'docs',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  '.vscodeignore',
];

interface ProbeReport {
  error?: string;
  type?: string;
  keys?: string[];
  callables?: string[];
}

function vsce(cwd: string, args: string[]): void {
  const run = spawnSync(process.execPath, [VSCE, ...args], { cwd, encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`vsce ${args.join(' ')} failed in ${cwd} (${run.status}):\n${run.stdout}${run.stderr}`);
  }
}

/**
 * Packs the extension as `npm run package` does (vsce, then Zopfli again), from a copy of the shipped files with production
 * bundles built into it: packing in the checkout would rebuild the dist/ that the e2e run's own
 * VS Code is loading bundles from.
 */
async function packExtension(stage: string, file: string): Promise<void> {
  for (const entry of SHIPPED) fs.cpSync(path.join(REPO_ROOT, entry), path.join(stage, entry), { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  // The bundles are built below; vsce would otherwise run vscode:prepublish, which builds into the checkout.
  delete manifest.scripts;
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildBundles } = require(path.join(REPO_ROOT, 'esbuild.js')) as {
    buildBundles(options: { production: boolean; outdir: string; quiet: boolean }): Promise<unknown>;
  };
  await buildBundles({ production: true, outdir: path.join(stage, 'dist'), quiet: true });
  vsce(stage, vscePackageArgs(file));
  // Then compressed again, as the package script's last step does: VS Code installs that file.
  const again = spawnSync(process.execPath, recompressArgs(file), { encoding: 'utf8' });
  if (again.status !== 0) throw new Error(`compressing ${file} again failed (${again.status}):\n${again.stderr}`);
}

/** Everything a pack is made from: the shipped files, the sources bundled, the build and its packages. */
const PACK_INPUTS = [...SHIPPED, 'package.json', 'package-lock.json', 'esbuild.js', 'scripts', 'src'];

/** A digest of every file the pack is made from, by path and content. */
function packInputsDigest(): string {
  const hash = createHash('sha256');
  const add = (relative: string) => {
    const full = path.join(REPO_ROOT, relative);
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) add(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
  };
  for (const input of PACK_INPUTS) add(input);
  return hash.digest('hex').slice(0, 24);
}

/**
 * The .vsix of these very files, packed once for both VS Code versions' runs of `npm test` (the
 * pack takes about 20 s): kept in the temporary folder under the digest of what it was made from,
 * so that any change to a source, a shipped file or the build makes a new one. Older packs go.
 */
async function packedExtension(stage: string, file: string): Promise<void> {
  const prefix = 'bbs-exports-pack-';
  const kept = path.join(os.tmpdir(), `${prefix}${packInputsDigest()}.vsix`);
  if (!fs.existsSync(kept)) {
    await packExtension(stage, file);
    for (const old of fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(prefix))) {
      fs.rmSync(path.join(os.tmpdir(), old), { force: true });
    }
    // Written under another name first: a run that stops half-way leaves no pack that looks whole.
    fs.copyFileSync(file, `${kept}.partial`);
    fs.renameSync(`${kept}.partial`, kept);
    return;
  }
  fs.copyFileSync(kept, file);
}

describe('Production exports', function () {
  this.timeout(240_000);
  let root: string;
  let codeServer: CodeServer | undefined;
  let context: BrowserContext | undefined;

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-exports-'));
    trackTempDir(root);
  });
  after(async () => {
    await context?.close().catch(() => undefined);
    await codeServer?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the installed extension hands another extension no service, view, drop provider, state or command', async () => {
    const entry = await ensureCodeServer();
    const extensionVsix = path.join(root, 'bitbucket-snippets.vsix');
    fs.mkdirSync(path.join(root, 'stage'));
    await packedExtension(path.join(root, 'stage'), extensionVsix);
    const probeStage = path.join(root, 'probe');
    fs.cpSync(path.join(REPO_ROOT, 'test', 'exportsProbe'), probeStage, { recursive: true });
    const probeVsix = path.join(root, 'exports-probe.vsix');
    vsce(probeStage, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', probeVsix]);

    const userDataDir = path.join(root, 'user-data');
    const extensionsDir = path.join(root, 'extensions');
    writeUserSettings(userDataDir, testUserSettings(session().workbench.server.url));
    installExtension(entry, extensionVsix, extensionsDir, userDataDir);
    installExtension(entry, probeVsix, extensionsDir, userDataDir);
    const folder = path.join(root, 'workspace');
    fs.mkdirSync(folder);
    const report = path.join(root, 'probe-report.json');
    codeServer = await startCodeServer({
      entry,
      workDir: root,
      userDataDir,
      extensionsDir,
      folder,
      env: { BBS_EXPORTS_PROBE_OUT: report },
    });

    // The extension host starts with a window: open one, in the e2e run's browser.
    context = await session().workbench.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(folder)}`, { waitUntil: 'domcontentloaded' });
    const deadline = Date.now() + 90_000;
    while (!fs.existsSync(report)) {
      if (Date.now() > deadline) {
        throw new Error(
          `The probe extension wrote no report within 90 s. code-server's last output:\n${codeServer.outputTail()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const found = JSON.parse(fs.readFileSync(report, 'utf8')) as ProbeReport;

    assert.equal(found.error, undefined, 'the probe could activate the extension and read its exports');
    assert.deepEqual(found.keys, [], 'the exports are empty');
    assert.deepEqual(found.callables, [], 'nothing in the exports can be called');
  });
});
