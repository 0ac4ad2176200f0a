// The Node a code-server runs on. code-server 4.100 runs on the Node running the harness (20);
// newer ones want Node 24, which this installs once from the npm registry into the test cache.
// The registry's `node` package is a stub whose preinstall script runs `npm install
// node-<platform>-<arch>@<its version>`, the package that holds the binary (bin/node) and the
// headers node-gyp builds native modules against (include/node). That package is installed here
// directly: the same files, without an install script that npm 11 may skip (allowScripts).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { trackTempDir } from './cleanup';
import { cleanEnv, runInstallStep, startInstallLog } from './installStep';
import { testCacheDir } from './paths';

export interface NodeRuntime {
  /** The node binary. */
  node: string;
  /** e.g. "v24.21.0". */
  version: string;
  /** process.versions.modules: native modules are built for this ABI. */
  abi: string;
  /** The folder with include/node, for node-gyp (npm_config_nodedir); none for the harness's own Node. */
  headersDir?: string;
}

const MARKER = '.bbs-install-complete.json';

export function systemNode(): NodeRuntime {
  return { node: process.execPath, version: process.version, abi: process.versions.modules };
}

/** The registry package with the binary, as the `node` package's preinstall names it. */
function binaryPackage(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}`;
}

function probe(node: string): { version: string; abi: string } | undefined {
  const result = spawnSync(node, ['-p', 'process.version + " " + process.versions.modules'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) return undefined;
  const [version, abi] = result.stdout.trim().split(' ');
  return version && abi ? { version, abi } : undefined;
}

function runtimeIn(root: string): NodeRuntime | undefined {
  const packageDir = path.join(root, 'node_modules', binaryPackage());
  const node = path.join(packageDir, 'bin', 'node');
  if (!fs.existsSync(node)) return undefined;
  const found = probe(node);
  return found && { node, ...found, headersDir: packageDir };
}

/** Node `version` (e.g. "24.21.0"), installed from the npm registry on first use. */
export function ensureNodeRuntime(version: string): NodeRuntime {
  const parent = testCacheDir();
  const root = path.join(parent, `node-${version}`);
  if (fs.existsSync(path.join(root, MARKER))) {
    const cached = runtimeIn(root);
    if (cached?.version === `v${version}`) return cached;
  }

  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, `.installing-node-${version}-`));
  trackTempDir(staging);
  const logFile = path.join(parent, `install-node-${version}.log`);
  startInstallLog(logFile, `Node ${version} install from the npm registry (${binaryPackage()})`);
  console.log(
    `Installing Node ${version} from the npm registry (${binaryPackage()}) into ${root} (once). Log: ${logFile}`,
  );
  try {
    fs.writeFileSync(
      path.join(staging, 'package.json'),
      JSON.stringify({ name: 'bbs-node-cache', private: true }, null, 2),
    );
    const env = cleanEnv({ npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' });
    runInstallStep({
      what: `Node ${version}`,
      logFile,
      cwd: staging,
      command: 'npm',
      args: ['install', '--ignore-scripts', '--save-exact', `${binaryPackage()}@${version}`],
      env,
    });
    const installed = runtimeIn(staging);
    if (installed?.version !== `v${version}`) {
      throw new Error(
        `Installing Node ${version} failed: ${binaryPackage()}@${version} from the npm registry has no working bin/node (it reports ${installed?.version ?? 'nothing'}). Log: ${logFile}`,
      );
    }
    if (!fs.existsSync(path.join(staging, 'node_modules', binaryPackage(), 'include', 'node', 'node.h'))) {
      throw new Error(
        `Installing Node ${version} failed: ${binaryPackage()}@${version} has no include/node headers, which building code-server's native modules needs. Log: ${logFile}`,
      );
    }
    fs.writeFileSync(
      path.join(staging, MARKER),
      JSON.stringify({ node: installed.version, abi: installed.abi, installedAt: new Date().toISOString() }, null, 2),
    );
    fs.rmSync(root, { recursive: true, force: true });
    fs.renameSync(staging, root);
    const kept = runtimeIn(root);
    if (!kept) throw new Error(`Node ${version} was installed but ${root} has no working bin/node.`);
    return kept;
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

/** The Node a target asks for: the harness's own, or a version from the registry. */
export function nodeRuntimeFor(node: 'system' | string): NodeRuntime {
  return node === 'system' ? systemNode() : ensureNodeRuntime(node);
}

/**
 * Environment in which npm and node-gyp build for `runtime`: its node first on PATH (npm is a
 * `#!/usr/bin/env node` script, so it runs on it too, and install scripts get its ABI), and its
 * own headers, so node-gyp needs no download.
 */
export function envForRuntime(runtime: NodeRuntime, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!runtime.headersDir) return base;
  return {
    ...base,
    PATH: `${path.dirname(runtime.node)}${path.delimiter}${base.PATH ?? ''}`,
    npm_config_nodedir: runtime.headersDir,
  };
}
