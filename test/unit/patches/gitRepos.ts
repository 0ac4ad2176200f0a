// Real git repositories in temporary folders for the patch core's tests: made with the git on
// PATH, with a user and `main` as the first branch, and read back file by file (content and mode).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GitContext } from '../../../src/model/patches/gitProcess';

/** A clean environment for the test's own git commands (mocha may run inside a repository's hook). */
function env(): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) clean[key] = value;
  return { ...clean, LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1' };
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: env(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** One test's folders: repositories below `parent`, temporary folders of the core below `temp`. */
export class Scratch {
  readonly parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-patches-'));
  readonly temp = path.join(this.parent, 'temp');
  readonly context: GitContext = { gitPath: 'git', tempRoot: this.temp };

  constructor() {
    fs.mkdirSync(this.temp);
  }

  repo(name: string): string {
    const at = path.join(this.parent, name);
    git(this.parent, '-c', 'init.defaultBranch=main', 'init', '-q', at);
    git(at, 'config', 'user.name', 'Test');
    git(at, 'config', 'user.email', 'test@example.com');
    git(at, 'config', 'commit.gpgsign', 'false');
    return at;
  }

  clone(from: string, name: string): string {
    const at = path.join(this.parent, name);
    git(this.parent, 'clone', '-q', from, at);
    git(at, 'config', 'user.name', 'Test');
    git(at, 'config', 'user.email', 'test@example.com');
    return at;
  }

  /**
   * An origin with the `base` files committed, a clone of it as `other`, and the patch that
   * `changes` make in the origin (null removes a file): staged, with binary files and full
   * object names, as Save Changes as Patch Snippet makes it.
   */
  patchBetweenClones(
    base: Record<string, string | Buffer>,
    changes: Record<string, string | Buffer | null>,
  ): { origin: string; other: string; patch: string } {
    const origin = this.repo('origin');
    for (const [name, content] of Object.entries(base)) write(origin, name, content);
    commitAll(origin, 'base');
    const other = this.clone(origin, 'other');
    for (const [name, content] of Object.entries(changes)) {
      if (content === null) fs.rmSync(path.join(origin, name));
      else write(origin, name, content);
    }
    git(origin, 'add', '-A');
    return { origin, other, patch: git(origin, 'diff', '--cached', '--binary', '--full-index') };
  }

  /** The entries the core left in its temporary root. */
  tempEntries(): string[] {
    return fs.readdirSync(this.temp);
  }

  dispose(): void {
    fs.rmSync(this.parent, { recursive: true, force: true });
  }
}

export function write(repo: string, name: string, content: string | Buffer): void {
  const at = path.join(repo, name);
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.writeFileSync(at, content);
}

export function read(repo: string, name: string): string {
  return fs.readFileSync(path.join(repo, name), 'utf8');
}

export function commitAll(repo: string, message = 'change'): void {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
}

/** Every file of the working tree outside `.git`, with its mode and content, for comparing trees. */
export function treeOf(repo: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const name = path.relative(repo, full).split(path.sep).join('/');
      if (name === '.git') continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isSymbolicLink()) files.set(name, `link ${fs.readlinkSync(full)}`);
      else {
        files.set(
          name,
          `${(fs.statSync(full).mode & 0o111) !== 0 ? 'x' : '-'} ${fs.readFileSync(full).toString('base64')}`,
        );
      }
    }
  };
  walk(repo);
  return files;
}

/** Bytes that are no text and do not compress (a binary file git shows as such), the same for the same seed. */
export function binary(seed: number, length = 2000): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < length; i++) blocks.push(createHash('sha256').update(`${seed}:${i}`).digest());
  const bytes = Buffer.concat(blocks).subarray(0, length);
  bytes[0] = 0;
  return bytes;
}

/** Every folder of the working tree outside `.git`, for seeing the folders a failed apply left behind. */
export function foldersOf(repo: string): string[] {
  const folders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const name = path.relative(repo, full).split(path.sep).join('/');
      if (name === '.git' || !entry.isDirectory()) continue;
      folders.push(name);
      walk(full);
    }
  };
  walk(repo);
  return folders.sort();
}

/** What a failed apply must leave as it was: files with their modes, folders, and the index's entries (mode, object, stage). */
export function stateOf(repo: string): { files: Map<string, string>; folders: string[]; index: string } {
  return { files: treeOf(repo), folders: foldersOf(repo), index: git(repo, 'ls-files', '--stage') };
}

/**
 * A stand-in for git (a Node script) that runs the real git for everything but a writing
 * `git apply`: that one it gives only the first `afterFiles` files of the patch, then fails as a
 * full disk would, naming the next file. A failure in the middle of git's writing, at each file.
 */
export function gitFailingAfter(scratch: Scratch, afterFiles: number): string {
  const at = path.join(scratch.parent, `git-failing-after-${afterFiles}`);
  const script = `#!${process.execPath}
const { spawnSync } = require('node:child_process');
const args = process.argv.slice(2);
const run = (input) => spawnSync('git', args, { input, stdio: [input === undefined ? 'inherit' : 'pipe', 'inherit', 'inherit'] }).status ?? 1;
const writes = args.includes('apply') && !args.some((a) => a === '--check' || a === '--numstat');
if (!writes) process.exit(run());
const parts = require('node:fs').readFileSync(0, 'utf8').split(/(?=^diff --git )/m).filter((p) => p.startsWith('diff --git '));
const kept = parts.slice(0, ${afterFiles}).join('');
if (kept !== '' && run(kept) !== 0) process.exit(1);
const next = (/^diff --git a\\/(\\S+)/.exec(parts[${afterFiles}] ?? '') ?? [])[1] ?? 'unknown';
process.stderr.write("error: unable to write file '" + next + "' mode 100644: No space left on device\\n");
process.exit(128);
`;
  fs.writeFileSync(at, script, { mode: 0o755 });
  return at;
}
