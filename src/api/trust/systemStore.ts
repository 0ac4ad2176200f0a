// The operating system's trusted certificate authorities, read once per process and on first
// use only: reading them costs a file read on Linux and a process start on macOS and Windows,
// which activation must not pay. A failure leaves the store empty, never the client broken.
import { runCommand, type CommandRunner } from './commandRunner';
import { readLinuxStore } from './linuxStore';
import { readMacStore } from './macStore';
import { parsableCertificates, uniqueCertificates } from './pem';
import type { StoreReading } from './storeReading';
import { readWindowsStore } from './windowsStore';

export interface SystemStore extends StoreReading {
  /** How long reading the store took, for the log. */
  loadMs: number;
}

let cached: Promise<SystemStore> | undefined;

/** The OS's trusted CAs as PEM strings, one per certificate. */
export async function loadSystemCertificates(): Promise<string[]> {
  return (await loadSystemStore()).certificates;
}

/** The same, with what went wrong and how long it took, read once per process. */
export function loadSystemStore(): Promise<SystemStore> {
  cached ??= readSystemStore(process.platform, runCommand);
  return cached;
}

/** The next load reads the store again: for tests that point SSL_CERT_FILE at a store of their own. */
export function forgetSystemCertificates(): void {
  cached = undefined;
}

export async function readSystemStore(platform: NodeJS.Platform, run: CommandRunner): Promise<SystemStore> {
  const started = Date.now();
  let reading: StoreReading;
  try {
    reading =
      platform === 'darwin'
        ? await readMacStore(run)
        : platform === 'win32'
          ? await readWindowsStore(run)
          : await readLinuxStore();
  } catch (err) {
    reading = { certificates: [], problems: [`the system store could not be read: ${(err as Error).message}`] };
  }
  const unique = uniqueCertificates(reading.certificates);
  const certificates = parsableCertificates(unique);
  const problems = [...reading.problems];
  if (certificates.length < unique.length) {
    problems.push(`${unique.length - certificates.length} entries are not readable certificates and were left out`);
  }
  return { certificates, problems, loadMs: Date.now() - started };
}
