// Installs code-server (VS Code for the browser, as an npm package) once into a cache folder
// outside the checkout, and starts it. The install recipe is the one from
// shared/notes/real-vscode-in-a-browser.md: a plain `npm install code-server` cannot work on these
// machines (ripgrep download, root install scripts, native modules), so each step is done by hand.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { isAlive, killProcessGroup, trackProcessGroup, trackTempDir } from './cleanup';
import { codeServerBuildNeeds, ensureSystemPackages, RIPGREP_PATH } from './systemPackages';

export const CODE_SERVER_VERSION = '4.100.3';
const MARKER = '.bbs-install-complete.json';
const INSTALL_TIMEOUT_MS = Number(process.env.BBS_CODE_SERVER_INSTALL_TIMEOUT_MS) || 20 * 60_000;

interface InstallMarker {
  codeServer: string;
  nodeAbi: string;
  platform: string;
  installedAt: string;
  seconds: number;
}

export function codeServerDir(): string {
  if (process.env.BBS_CODE_SERVER_DIR) return path.resolve(process.env.BBS_CODE_SERVER_DIR);
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'bitbucket-snippets-test', `code-server-${CODE_SERVER_VERSION}`);
}

function entryScript(root: string): string {
  return path.join(root, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

function readMarker(root: string): InstallMarker | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, MARKER), 'utf8')) as InstallMarker;
  } catch {
    return undefined;
  }
}

function isUsable(marker: InstallMarker | undefined): boolean {
  // Native modules are built for one Node ABI; another Node major needs a fresh install.
  return marker?.codeServer === CODE_SERVER_VERSION && marker.nodeAbi === process.versions.modules && marker.platform === `${process.platform}-${process.arch}`;
}

/**
 * Environment for child processes: without the variables `npm run` sets for its own script (they
 * would leak the outer project's npm settings into the nested installs), and without the ones a
 * surrounding VS Code terminal sets (they would make code-server talk to that VS Code).
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || /^VSCODE_/.test(key) || key === 'ELECTRON_RUN_AS_NODE') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

function npmEnv(): NodeJS.ProcessEnv {
  return cleanEnv({
    // node-pty's install script runs `npx node-gyp`, which refuses to prompt without a terminal.
    npm_config_yes: 'true',
    // As root, install scripts otherwise run with dropped permissions (and code-server's refuse to run).
    npm_config_unsafe_perm: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  });
}

function run(logFile: string, cwd: string, command: string, args: string[]): void {
  const started = Date.now();
  fs.appendFileSync(logFile, `\n$ (cd ${cwd} && ${command} ${args.join(' ')})\n`);
  const result = spawnSync(command, args, { cwd, env: npmEnv(), encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  fs.appendFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}[exit ${result.status ?? result.signal}, ${((Date.now() - started) / 1000).toFixed(1)} s]\n`);
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`Installing code-server failed at \`${command} ${args.join(' ')}\` in ${cwd} (exit ${result.status ?? result.signal ?? result.error?.message}):\n${output}\nFull log: ${logFile}`);
  }
}

/** Native modules that must load for code-server to work, by the folder whose node_modules holds them. */
const NATIVE_MODULES: Record<string, string[]> = {
  '.': ['argon2'],
  'node_modules/code-server/lib/vscode': ['@vscode/spdlog', 'node-pty', 'kerberos', '@parcel/watcher', 'native-watchdog'],
};

function unloadable(cwd: string, modules: string[]): string[] {
  return modules.filter((name) => {
    const result = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(name)})`], { cwd, encoding: 'utf8', timeout: 30_000 });
    return result.status !== 0;
  });
}

/**
 * npm 11 can skip the install scripts of dependencies that are not listed in an `allowScripts`
 * policy (with only a warning). Rather than trust the warning text, load every native module; one
 * that does not load is rebuilt by name, which runs its script, and then must load.
 */
function ensureNativeModules(root: string, logFile: string): void {
  for (const [folder, modules] of Object.entries(NATIVE_MODULES)) {
    const cwd = path.join(root, folder);
    const broken = unloadable(cwd, modules);
    if (broken.length === 0) continue;
    fs.appendFileSync(logFile, `\nNative modules that did not load in ${cwd}: ${broken.join(', ')}; rebuilding them by name.\n`);
    run(logFile, cwd, 'npm', ['rebuild', ...broken, '--foreground-scripts']);
    const stillBroken = unloadable(cwd, broken);
    if (stillBroken.length > 0) {
      throw new Error(`Native modules of code-server do not load after rebuilding: ${stillBroken.join(', ')} (in ${cwd}). See ${logFile}.`);
    }
  }
}

function symlink(target: string, linkPath: string): void {
  fs.rmSync(linkPath, { recursive: true, force: true });
  fs.symlinkSync(target, linkPath);
}

function installInto(root: string, logFile: string): void {
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'bbs-code-server-cache', private: true }, null, 2));
  // --ignore-scripts: code-server's own postinstall would run `npm install` in lib/vscode with
  // @vscode/ripgrep's downloading install script; the steps below replace it.
  run(logFile, root, 'npm', ['install', '--ignore-scripts', '--save-exact', `code-server@${CODE_SERVER_VERSION}`]);
  run(logFile, root, 'npm', ['rebuild', 'argon2']);

  const vscodeDir = path.join(root, 'node_modules', 'code-server', 'lib', 'vscode');
  run(logFile, vscodeDir, 'npm', ['install', '--ignore-scripts', '--omit=dev']);
  // @vscode/ripgrep's script downloads rg unless bin/ exists: give it Debian's.
  const rgBin = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  fs.mkdirSync(rgBin, { recursive: true });
  fs.copyFileSync(RIPGREP_PATH, path.join(rgBin, 'rg'));
  fs.chmodSync(path.join(rgBin, 'rg'), 0o755);
  run(logFile, vscodeDir, 'npm', ['rebuild']);

  // What code-server's postinstall.sh would do after its own install.
  symlink('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  symlink('code-linux.sh', path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  symlink('browser-linux.sh', path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
  run(logFile, path.join(vscodeDir, 'extensions'), 'npm', ['install', '--omit=dev']);

  ensureNativeModules(root, logFile);
}

/** Returns the path of code-server's entry script, installing it first if the cache has none. */
export async function ensureCodeServer(): Promise<string> {
  const root = codeServerDir();
  if (isUsable(readMarker(root)) && fs.existsSync(entryScript(root))) return entryScript(root);

  ensureSystemPackages(codeServerBuildNeeds);
  const parent = path.dirname(root);
  fs.mkdirSync(parent, { recursive: true });
  // A half-finished install lives under another name and is never mistaken for a usable one.
  const staging = fs.mkdtempSync(path.join(parent, `.installing-code-server-${CODE_SERVER_VERSION}-`));
  // Removed on every way out (Ctrl+C included) unless it was renamed into place.
  trackTempDir(staging);
  const logFile = path.join(parent, `install-code-server-${CODE_SERVER_VERSION}.log`);
  fs.writeFileSync(logFile, `code-server ${CODE_SERVER_VERSION} install, ${new Date().toISOString()}, node ${process.version}\n`);
  const started = Date.now();
  console.log(`Installing code-server ${CODE_SERVER_VERSION} into ${root} (once; about 1-3 minutes). Log: ${logFile}`);
  try {
    installInto(staging, logFile);
    // Prove it serves before it is kept.
    const check = await startCodeServer({ entry: entryScript(staging), workDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-cs-check-')) });
    await check.stop();
    fs.rmSync(check.workDir, { recursive: true, force: true });
    const marker: InstallMarker = {
      codeServer: CODE_SERVER_VERSION,
      nodeAbi: process.versions.modules,
      platform: `${process.platform}-${process.arch}`,
      installedAt: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
    };
    fs.writeFileSync(path.join(staging, MARKER), JSON.stringify(marker, null, 2));
    if (fs.existsSync(root)) {
      // A stale or incomplete install (or one for another Node): move it aside, then drop it.
      const old = `${root}.old-${process.pid}`;
      fs.renameSync(root, old);
      fs.rmSync(old, { recursive: true, force: true });
    }
    fs.renameSync(staging, root);
    console.log(`code-server ${CODE_SERVER_VERSION} installed in ${marker.seconds} s.`);
    return entryScript(root);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface CodeServerOptions {
  entry: string;
  /** Holds user-data/, extensions/ and config.yaml unless given separately. */
  workDir: string;
  userDataDir?: string;
  extensionsDir?: string;
  /** Folder opened when the page has no ?folder= of its own. */
  folder?: string;
  host?: string;
  port?: number;
  /** Extra environment for code-server, which its extension host inherits. */
  env?: Record<string, string>;
  /** The display language (`--locale`); it needs a language pack (displayLanguage.ts). */
  locale?: string;
  healthTimeoutMs?: number;
  /** Receives code-server's own output lines; kept in a tail buffer either way. */
  onOutput?: (line: string) => void;
}

export interface CodeServer {
  url: string;
  port: number;
  pid: number;
  workDir: string;
  userDataDir: string;
  extensionsDir: string;
  /** The last lines code-server printed, for error messages. */
  outputTail(): string;
  stop(): Promise<void>;
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const userDataDir = options.userDataDir ?? path.join(options.workDir, 'user-data');
  const extensionsDir = options.extensionsDir ?? path.join(options.workDir, 'extensions');
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const configFile = path.join(options.workDir, 'config.yaml');
  // Its own config file: otherwise code-server writes ~/.config/code-server/config.yaml.
  if (!fs.existsSync(configFile)) fs.writeFileSync(configFile, 'auth: none\n');
  const args = [
    options.entry,
    '--auth', 'none',
    '--bind-addr', `${host}:${port}`,
    '--config', configFile,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    ...(options.locale ? ['--locale', options.locale] : []),
    ...(options.folder ? [options.folder] : []),
  ];
  // detached: code-server and everything it spawns (extension host, pty host, file watcher) share
  // one process group, so they can be stopped together.
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv(options.env) });
  const pid = child.pid;
  if (pid === undefined) throw new Error('code-server could not be started (no pid).');
  const untrack = trackProcessGroup(pid, 'code-server');
  const tail: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 60) tail.shift();
      options.onOutput?.(line);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited: string | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = `exit code ${code ?? signal}`;
      resolve();
    }),
  );

  const url = `http://${host}:${port}`;
  const stop = async () => {
    if (exited === undefined && killProcessGroup(pid, 'SIGTERM')) {
      await Promise.race([exitPromise, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    }
    // The extension host and other helpers may outlive the main process: end the whole group.
    killProcessGroup(pid, 'SIGKILL');
    untrack();
  };
  const outputTail = () => tail.join('\n');

  const timeoutMs = options.healthTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`code-server stopped during startup (${exited}). Its last output:\n${outputTail()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs / 1000} s. Its last output:\n${outputTail() || '(nothing)'}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!isAlive(pid)) throw new Error(`code-server answered but is gone. Its last output:\n${outputTail()}`);
  return { url, port, pid, workDir: options.workDir, userDataDir, extensionsDir, outputTail, stop };
}

/** Installs a packaged extension the way a person would: `code-server --install-extension`. */
export function installExtension(entry: string, vsix: string, extensionsDir: string, userDataDir: string): void {
  const result = spawnSync(process.execPath, [entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'], {
    encoding: 'utf8',
    env: cleanEnv(),
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`code-server --install-extension ${vsix} failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  }
}
