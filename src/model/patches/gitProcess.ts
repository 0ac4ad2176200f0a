// How the patch core runs git: the program the caller names (the editor layer takes it from VS
// Code's git extension), never through a shell, with a deadline and a bound on what it keeps of the
// output. The environment is the extension's own minus every GIT_* variable, so nothing inherited
// (GIT_DIR, GIT_INDEX_FILE, GIT_EXTERNAL_DIFF, GIT_CONFIG_PARAMETERS…) points git elsewhere; git
// never prompts, reads pathspecs literally (paths come from patches and from the user), speaks
// English (its error text is read by applyFailures.ts) and runs no program of the repository's:
// no fsmonitor, pager or external diff its config names, and no hook (in `.git/hooks` or where
// `core.hooksPath` points). Hooks are turned off by pointing `core.hooksPath` at an empty folder
// made for the run (`mkdtemp`, so no one else can have put a hook in it), which works on every
// platform, unlike `/dev/null`; git gives the command line's `-c` precedence over every config file.
import { spawn } from 'node:child_process';
import * as l10n from '@vscode/l10n';
import { PatchError } from './patchErrors';
import { withTemporaryFolder } from './temporaryFolder';

/** What the caller supplies to every function of the patch core. */
export interface GitContext {
  /** The git executable, an absolute path (VS Code's `git.path`). */
  gitPath: string;
  /** Where temporary folders are made; the system's temporary folder when undefined. */
  tempRoot?: string;
  /** The deadline of each git run; 60 seconds when undefined. */
  timeoutMs?: number;
}

export interface GitRun {
  /** The folder git runs in. */
  cwd: string;
  /** Written to git's standard input, which is closed after it (and closed at once without it). */
  input?: Buffer;
  /** Variables added to the cleaned environment (GIT_INDEX_FILE for a temporary index). */
  env?: Record<string, string>;
  /** Output kept beyond this is dropped, though still counted (`stdoutBytes`); 16 MB when undefined. */
  maxOutputBytes?: number;
}

export interface GitOutput {
  /** Exit code (a signal counts as -1). */
  code: number;
  stdout: Buffer;
  /** Every byte git wrote to standard output, kept or not. */
  stdoutBytes: number;
  /** Git's own words, outside data (they name files): for the log and for applyFailures.ts only. */
  stderr: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_OUTPUT = 16 * 1024 * 1024;
const MAX_STDERR = 64 * 1024;

/** Options given before every command: a repository's config runs no program through these. */
export const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.pager=cat', '-c', 'diff.external='];

/** SAFE_CONFIG and hooks looked for in `emptyFolder` only, where there are none. */
export const safeConfig = (emptyFolder: string): string[] => [...SAFE_CONFIG, '-c', `core.hooksPath=${emptyFolder}`];

/** The extension's environment without GIT_* variables, and git's own settings for this core. */
export function gitEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^GIT_/i.test(key)) env[key] = value;
  }
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    LC_ALL: 'C',
    LANGUAGE: 'C',
    ...extra,
  };
}

/** Runs git with `args` (after safeConfig); resolves with any exit code, rejects when git cannot run or overruns its deadline. */
export function runGit(git: GitContext, args: readonly string[], run: GitRun): Promise<GitOutput> {
  return withTemporaryFolder(git.tempRoot, (noHooks) => spawnGit(git, [...safeConfig(noHooks), ...args], run));
}

function spawnGit(git: GitContext, args: readonly string[], run: GitRun): Promise<GitOutput> {
  const maxOutput = run.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  const timeoutMs = git.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(git.gitPath, args, {
      cwd: run.cwd,
      env: gitEnvironment(run.env),
      shell: false,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (kept >= maxOutput) return;
      const part = chunk.subarray(0, maxOutput - kept);
      chunks.push(part);
      kept += part.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8').slice(0, MAX_STDERR - stderr.length);
    });
    // Git may exit before reading all its input (a refused patch); that is its answer, not a failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        err.code === 'ENOENT'
          ? new PatchError('gitMissing', l10n.t('Git was not found at {0}.', git.gitPath), { detail: String(err) })
          : new PatchError('gitFailed', l10n.t('Git could not be started.'), { detail: String(err) }),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(
          new PatchError('timeout', l10n.t('Git did not finish within {0} seconds.', Math.round(timeoutMs / 1000)), {
            detail: stderr,
          }),
        );
        return;
      }
      resolve({ code: code ?? -1, stdout: Buffer.concat(chunks), stdoutBytes, stderr });
    });
  });
}

/** Runs git and returns its output, or throws a PatchError with its own words for the log when it exits with another code than `okCodes`. */
export async function gitOutput(
  git: GitContext,
  args: readonly string[],
  run: GitRun,
  okCodes: readonly number[] = [0],
): Promise<GitOutput> {
  const output = await runGit(git, args, run);
  if (!okCodes.includes(output.code)) {
    throw new PatchError('gitFailed', l10n.t('Git failed ({0}).', `git ${args[0]}`), { detail: output.stderr });
  }
  return output;
}
