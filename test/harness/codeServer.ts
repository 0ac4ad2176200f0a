// Installs code-server (VS Code for the browser, as an npm package) once per version into a cache
// folder outside the checkout, and starts it on the Node that version wants. The install steps are
// in codeServerInstall.ts; which versions, and on which Node, in vscodeTargets.ts.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { isAlive, killProcessGroup, trackProcessGroup, trackTempDir } from './cleanup';
import { installCodeServerInto, vsCodeVersionIn } from './codeServerInstall';
import { cleanEnv } from './installStep';
import { nodeRuntimeFor, type NodeRuntime } from './nodeRuntime';
import { testCacheDir } from './paths';
import { codeServerBuildNeeds, ensureSystemPackages } from './systemPackages';
import { selectedTarget, type VsCodeTarget } from './vscodeTargets';

export { cleanEnv } from './installStep';

const MARKER = '.bbs-install-complete.json';

interface InstallMarker {
  codeServer: string;
  node: string;
  nodeAbi: string;
  platform: string;
  vscode: string;
  installedAt: string;
  seconds: number;
}

/** An installed code-server, and the Node it runs on. */
export interface CodeServerEntry {
  /** Its entry script (out/node/entry.js). */
  script: string;
  runtime: NodeRuntime;
  /** The code-server version, e.g. "4.139.1". */
  codeServer: string;
  /** The VS Code version inside it (what vscode.version says), e.g. "1.139.1". */
  vscode: string;
}

export function codeServerDir(version: string): string {
  if (process.env.BBS_CODE_SERVER_DIR) {
    return path.join(path.resolve(process.env.BBS_CODE_SERVER_DIR), `code-server-${version}`);
  }
  return path.join(testCacheDir(), `code-server-${version}`);
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

function isUsable(marker: InstallMarker | undefined, version: string, runtime: NodeRuntime): boolean {
  // Native modules are built for one Node ABI; another Node major needs a fresh install.
  return (
    marker?.codeServer === version &&
    marker.nodeAbi === runtime.abi &&
    marker.platform === `${process.platform}-${process.arch}`
  );
}

/**
 * Returns the installed code-server of `target` (the run's, BBS_VSCODE, by default), installing it
 * first, and the Node it needs, if the cache has none.
 */
export async function ensureCodeServer(target: VsCodeTarget = selectedTarget()): Promise<CodeServerEntry> {
  const version = target.codeServer;
  const runtime = nodeRuntimeFor(target.node);
  const root = codeServerDir(version);
  const marker = readMarker(root);
  if (marker && isUsable(marker, version, runtime) && fs.existsSync(entryScript(root))) {
    return { script: entryScript(root), runtime, codeServer: version, vscode: marker.vscode ?? vsCodeVersionIn(root) };
  }

  ensureSystemPackages(codeServerBuildNeeds);
  const parent = path.dirname(root);
  fs.mkdirSync(parent, { recursive: true });
  // A half-finished install lives under another name and is never mistaken for a usable one.
  const staging = fs.mkdtempSync(path.join(parent, `.installing-code-server-${version}-`));
  // Removed on every way out (Ctrl+C included) unless it was renamed into place.
  trackTempDir(staging);
  const logFile = path.join(parent, `install-code-server-${version}.log`);
  fs.writeFileSync(
    logFile,
    `code-server ${version} install, ${new Date().toISOString()}, node ${runtime.version} (${runtime.node})\n`,
  );
  const started = Date.now();
  console.log(
    `Installing code-server ${version} on Node ${runtime.version} into ${root} (once; about 2-5 minutes). Log: ${logFile}`,
  );
  try {
    installCodeServerInto(staging, version, runtime, logFile);
    const entry: CodeServerEntry = {
      script: entryScript(staging),
      runtime,
      codeServer: version,
      vscode: vsCodeVersionIn(staging),
    };
    // Prove it serves before it is kept.
    const check = await startCodeServer({ entry, workDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-cs-check-')) });
    await check.stop();
    fs.rmSync(check.workDir, { recursive: true, force: true });
    const written: InstallMarker = {
      codeServer: version,
      node: runtime.version,
      nodeAbi: runtime.abi,
      platform: `${process.platform}-${process.arch}`,
      vscode: entry.vscode,
      installedAt: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
    };
    fs.writeFileSync(path.join(staging, MARKER), JSON.stringify(written, null, 2));
    if (fs.existsSync(root)) {
      // A stale or incomplete install (or one for another Node): move it aside, then drop it.
      const old = `${root}.old-${process.pid}`;
      fs.renameSync(root, old);
      fs.rmSync(old, { recursive: true, force: true });
    }
    fs.renameSync(staging, root);
    console.log(`code-server ${version} (VS Code ${entry.vscode}) installed in ${written.seconds} s.`);
    return { ...entry, script: entryScript(root) };
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
  entry: CodeServerEntry;
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
  /** Which code-server (and VS Code) this is. */
  entry: CodeServerEntry;
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
    options.entry.script,
    '--auth',
    'none',
    '--bind-addr',
    `${host}:${port}`,
    '--config',
    configFile,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    ...(options.locale ? ['--locale', options.locale] : []),
    ...(options.folder ? [options.folder] : []),
  ];
  // detached: code-server and everything it spawns (extension host, pty host, file watcher) share
  // one process group, so they can be stopped together.
  // CODE_SERVER_CONFIG too: code-server 4.139 reads its config once more without --config and
  // would otherwise write ~/.config/code-server/config.yaml.
  const env = cleanEnv({ ...options.env, CODE_SERVER_CONFIG: configFile });
  const child = spawn(options.entry.runtime.node, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
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
      throw new Error(
        `code-server did not answer ${url}/healthz within ${timeoutMs / 1000} s. Its last output:\n${outputTail() || '(nothing)'}`,
      );
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
  return {
    entry: options.entry,
    url,
    port,
    pid,
    workDir: options.workDir,
    userDataDir,
    extensionsDir,
    outputTail,
    stop,
  };
}

/** Installs a packaged extension the way a person would: `code-server --install-extension`. */
export function installExtension(
  entry: CodeServerEntry,
  vsix: string,
  extensionsDir: string,
  userDataDir: string,
): void {
  // Without a config file of its own, code-server 4.139 writes ~/.config/code-server/config.yaml.
  const configFile = path.join(userDataDir, 'code-server-config.yaml');
  fs.mkdirSync(userDataDir, { recursive: true });
  if (!fs.existsSync(configFile)) fs.writeFileSync(configFile, 'auth: none\n');
  const result = spawnSync(
    entry.runtime.node,
    [
      entry.script,
      '--config',
      configFile,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--install-extension',
      vsix,
      '--force',
    ],
    {
      encoding: 'utf8',
      env: cleanEnv({ CODE_SERVER_CONFIG: configFile }),
      timeout: 120_000,
    },
  );
  if (result.status !== 0) {
    throw new Error(
      `code-server --install-extension ${vsix} failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
}
