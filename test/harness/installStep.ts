// One step of a one-time install (code-server, a Node for it): a command whose output goes to the
// install's log, and which, when it fails, stops the install with the command, its folder, its
// exit and the end of its output, so the person running the tests sees what failed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

const STEP_TIMEOUT_MS = Number(process.env.BBS_CODE_SERVER_INSTALL_TIMEOUT_MS) || 20 * 60_000;

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

export interface InstallStep {
  /** What is being installed, for the error message, e.g. "code-server 4.139.1". */
  what: string;
  logFile: string;
  cwd: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export function runInstallStep(step: InstallStep): void {
  const { what, logFile, cwd, command, args, env } = step;
  const started = Date.now();
  fs.appendFileSync(logFile, `\n$ (cd ${cwd} && ${command} ${args.join(' ')})\n`);
  const result = spawnSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    timeout: STEP_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.appendFileSync(
    logFile,
    `${result.stdout ?? ''}${result.stderr ?? ''}[exit ${result.status ?? result.signal}, ${((Date.now() - started) / 1000).toFixed(1)} s]\n`,
  );
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    throw new Error(
      `Installing ${what} failed at \`${command} ${args.join(' ')}\` in ${cwd} (${why}):\n${output}\nFull log: ${logFile}`,
    );
  }
}

/** The install's log, started afresh with a first line that says what and when. */
export function startInstallLog(logFile: string, heading: string): void {
  fs.writeFileSync(logFile, `${heading}, ${new Date().toISOString()}\n`);
}
