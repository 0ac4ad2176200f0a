// The steps that install one code-server version into a folder. The recipe is the one from
// shared/notes/real-vscode-in-a-browser.md: a plain `npm install code-server` cannot work on these
// machines (a ripgrep download, root install scripts, native modules), so each step of code-server's
// postinstall.sh is done by hand, with the Node that version runs on (nodeRuntime.ts) first on PATH
// so that native modules are built for its ABI. Where versions differ (how ripgrep arrives, the
// node_modules.asar link, the names of native modules) the step looks at what the version has.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanEnv, runInstallStep } from './installStep';
import { envForRuntime, type NodeRuntime } from './nodeRuntime';
import { RIPGREP_PATH } from './systemPackages';

function vscodeDirIn(root: string): string {
  return path.join(root, 'node_modules', 'code-server', 'lib', 'vscode');
}

/** The VS Code version inside an installed code-server (what vscode.version reports). */
export function vsCodeVersionIn(root: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(vscodeDirIn(root), 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}

function npmEnv(runtime: NodeRuntime): NodeJS.ProcessEnv {
  return envForRuntime(
    runtime,
    cleanEnv({
      // node-pty's install script runs `npx node-gyp`, which refuses to prompt without a terminal.
      npm_config_yes: 'true',
      // As root, install scripts otherwise run with dropped permissions (and code-server 4.100's refuse to run).
      npm_config_unsafe_perm: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    }),
  );
}

interface Context {
  what: string;
  logFile: string;
  runtime: NodeRuntime;
}

function npm(context: Context, cwd: string, args: string[]): void {
  runInstallStep({
    what: context.what,
    logFile: context.logFile,
    cwd,
    command: 'npm',
    args,
    env: npmEnv(context.runtime),
  });
}

/**
 * Native modules that must load for code-server to work, by the folder whose node_modules holds
 * them. Each version has some of them (4.139 renamed native-watchdog to @vscode/native-watchdog and
 * added @vscode/sqlite3); only those its package.json lists are checked.
 */
const NATIVE_MODULES: Record<string, string[]> = {
  '.': ['argon2'],
  'node_modules/code-server/lib/vscode': [
    '@vscode/spdlog',
    'node-pty',
    'kerberos',
    '@parcel/watcher',
    'native-watchdog',
    '@vscode/native-watchdog',
    '@vscode/sqlite3',
  ],
};

function dependenciesOf(folder: string): Set<string> {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    return new Set(Object.keys(manifest.dependencies ?? {}));
  } catch {
    return new Set();
  }
}

function unloadable(runtime: NodeRuntime, cwd: string, modules: string[]): string[] {
  return modules.filter((name) => {
    const result = spawnSync(runtime.node, ['-e', `require(${JSON.stringify(name)})`], {
      cwd,
      encoding: 'utf8',
      timeout: 30_000,
    });
    return result.status !== 0;
  });
}

/**
 * npm 11 can skip the install scripts of dependencies that are not listed in an `allowScripts`
 * policy (with only a warning). Rather than trust the warning text, load every native module; one
 * that does not load is rebuilt by name, which runs its script, and then must load.
 */
function ensureNativeModules(context: Context, root: string): void {
  for (const [folder, candidates] of Object.entries(NATIVE_MODULES)) {
    const cwd = path.join(root, folder);
    const listed = dependenciesOf(cwd);
    // The cache's own package.json lists code-server only; argon2 is code-server's dependency.
    const modules = folder === '.' ? candidates : candidates.filter((name) => listed.has(name));
    const broken = unloadable(context.runtime, cwd, modules);
    if (broken.length === 0) continue;
    fs.appendFileSync(
      context.logFile,
      `\nNative modules that did not load in ${cwd}: ${broken.join(', ')}; rebuilding them by name.\n`,
    );
    npm(context, cwd, ['rebuild', ...broken, '--foreground-scripts']);
    const stillBroken = unloadable(context.runtime, cwd, broken);
    if (stillBroken.length > 0) {
      throw new Error(
        `Installing ${context.what} failed: its native modules do not load on Node ${context.runtime.version} after rebuilding: ${stillBroken.join(', ')} (in ${cwd}). See ${context.logFile}.`,
      );
    }
  }
}

function symlink(target: string, linkPath: string): void {
  fs.rmSync(linkPath, { recursive: true, force: true });
  fs.symlinkSync(target, linkPath);
}

/**
 * ripgrep, which VS Code's search runs. Up to 1.13x, `@vscode/ripgrep` downloads it from GitHub in
 * its install script (which cannot work here) and skips the download when its bin/ exists: it gets
 * Debian's. Since then `@vscode/ripgrep-universal` carries a binary for every platform in the npm
 * package itself: that one must run.
 */
function provideRipgrep(context: Context, vscodeDir: string): void {
  const downloading = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep');
  const universal = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep-universal');
  if (fs.existsSync(downloading)) {
    const rgBin = path.join(downloading, 'bin');
    fs.mkdirSync(rgBin, { recursive: true });
    fs.copyFileSync(RIPGREP_PATH, path.join(rgBin, 'rg'));
    fs.chmodSync(path.join(rgBin, 'rg'), 0o755);
    fs.appendFileSync(context.logFile, `\nripgrep: Debian's ${RIPGREP_PATH} copied into ${rgBin}\n`);
  } else if (fs.existsSync(universal)) {
    const rg = path.join(universal, 'bin', `${process.platform}-${process.arch}`, 'rg');
    const result = spawnSync(rg, ['--version'], { encoding: 'utf8', timeout: 30_000 });
    if (result.status !== 0) {
      throw new Error(
        `Installing ${context.what} failed: the ripgrep it ships (${rg}) does not run: ${result.error?.message ?? result.stderr}`,
      );
    }
    fs.appendFileSync(context.logFile, `\nripgrep: the package's own ${rg} (${result.stdout.split('\n')[0]})\n`);
  } else {
    throw new Error(
      `Installing ${context.what} failed: its VS Code has neither @vscode/ripgrep nor @vscode/ripgrep-universal, so the harness does not know how it finds ripgrep (see ${vscodeDir}/package.json).`,
    );
  }
}

/** Installs code-server `version` into `root`, built for `runtime`; throws, naming the failed step, when a step fails. */
export function installCodeServerInto(root: string, version: string, runtime: NodeRuntime, logFile: string): void {
  const context: Context = { what: `code-server ${version} (on Node ${runtime.version})`, logFile, runtime };
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'bbs-code-server-cache', private: true }, null, 2),
  );
  // --ignore-scripts: code-server's own postinstall would run `npm install` in lib/vscode with
  // @vscode/ripgrep's downloading install script; the steps below replace it.
  npm(context, root, ['install', '--ignore-scripts', '--save-exact', `code-server@${version}`]);
  npm(context, root, ['rebuild', 'argon2']);

  const codeServerDir = path.join(root, 'node_modules', 'code-server');
  const vscodeDir = vscodeDirIn(root);
  npm(context, vscodeDir, ['install', '--ignore-scripts', '--omit=dev']);
  provideRipgrep(context, vscodeDir);
  npm(context, vscodeDir, ['rebuild']);

  // What code-server's postinstall.sh would do after its own install. Up to 4.10x it also linked
  // node_modules.asar; 4.139's script no longer does.
  const postinstall = fs.readFileSync(path.join(codeServerDir, 'postinstall.sh'), 'utf8');
  if (postinstall.includes('symlink_asar')) symlink('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  symlink('code-linux.sh', path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  symlink('browser-linux.sh', path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
  npm(context, path.join(vscodeDir, 'extensions'), ['install', '--omit=dev']);

  ensureNativeModules(context, root);
}
