// How the macOS and Windows store readers run their OS tool. Injected, so their parsing is
// tested against recorded output on any platform.
import { execFile } from 'node:child_process';

export type CommandRunner = (command: string, args: string[]) => Promise<string>;

/** Long enough for a cold PowerShell start; the store is read once per session. */
const TIMEOUT_MS = 20_000;
/** A Windows ROOT store with every optional root exports a few MiB of base64. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export const runCommand: CommandRunner = (command, args) =>
  new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true, encoding: 'utf8' },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(stdout);
      },
    );
  });
