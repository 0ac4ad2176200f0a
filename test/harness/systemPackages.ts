// The Debian packages the harness needs. A fresh CI machine may lack them; as root they are
// installed with apt-get, otherwise the harness stops and names what to install.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

export interface SystemNeed {
  /** What it is for, shown when it is missing. */
  what: string;
  /** The Debian package that provides it. */
  aptPackage: string;
  present(): boolean;
}

export const CHROMIUM_PATH = process.env.BBS_CHROMIUM_PATH || '/usr/bin/chromium';
export const RIPGREP_PATH = '/usr/bin/rg';

function commandExists(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export const chromium: SystemNeed = {
  what: `the browser that drives VS Code (${CHROMIUM_PATH})`,
  aptPackage: 'chromium',
  present: () => fs.existsSync(CHROMIUM_PATH),
};

/** What building code-server's native modules needs (only checked when it must be installed). */
export const codeServerBuildNeeds: SystemNeed[] = [
  {
    what: `ripgrep (${RIPGREP_PATH}), used instead of the download in @vscode/ripgrep`,
    aptPackage: 'ripgrep',
    present: () => fs.existsSync(RIPGREP_PATH),
  },
  {
    what: 'pkg-config, for the kerberos native module',
    aptPackage: 'pkg-config',
    present: () => commandExists('pkg-config'),
  },
  {
    what: 'Kerberos headers, for the kerberos native module',
    aptPackage: 'libkrb5-dev',
    present: () => fs.existsSync('/usr/include/gssapi/gssapi.h') || fs.existsSync('/usr/include/krb5.h'),
  },
  { what: 'make, for node-gyp', aptPackage: 'make', present: () => commandExists('make') },
  { what: 'a C++ compiler, for node-gyp', aptPackage: 'g++', present: () => commandExists('g++') },
  { what: 'python3, for node-gyp', aptPackage: 'python3', present: () => commandExists('python3') },
];

function aptGet(args: string[]): void {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 15 * 60_000,
  });
  if (result.status !== 0) {
    throw new Error(
      `apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal ?? result.error?.message}).`,
    );
  }
}

export function ensureSystemPackages(needs: SystemNeed[]): void {
  const missing = needs.filter((need) => !need.present());
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((need) => need.aptPackage))];
  const list = missing.map((need) => `  - ${need.what}: Debian package ${need.aptPackage}`).join('\n');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    throw new Error(
      `Missing system packages:\n${list}\nInstall them with: sudo apt-get install -y ${packages.join(' ')}`,
    );
  }
  console.log(`Installing missing system packages with apt-get: ${packages.join(' ')}\n${list}`);
  aptGet(['update']);
  aptGet(['install', '-y', ...packages]);
  const stillMissing = needs.filter((need) => !need.present());
  if (stillMissing.length > 0) {
    throw new Error(
      `apt-get finished but these are still missing: ${stillMissing.map((need) => need.what).join('; ')}`,
    );
  }
}

/**
 * The shells the terminal suite runs snippets in besides bash: Run in Terminal makes each read a
 * file its own way, and zsh and fish treat typed text differently (history expansion, tabs), so
 * the suite needs them on every machine rather than skipping their tests where they are missing.
 */
export const terminalShells: SystemNeed[] = [
  {
    what: 'zsh, for the terminal suite (/usr/bin/zsh)',
    aptPackage: 'zsh',
    present: () => fs.existsSync('/usr/bin/zsh'),
  },
  {
    what: 'fish, for the terminal suite (/usr/bin/fish)',
    aptPackage: 'fish',
    present: () => fs.existsSync('/usr/bin/fish'),
  },
];
