// The Windows trust store: the ROOT and CA stores of the machine and of the user, read through
// PowerShell's certificate drive (present on every supported Windows) as one base64 DER per line.
import type { CommandRunner } from './commandRunner';
import { base64DerToPem } from './pem';
import type { StoreReading } from './storeReading';

export const WINDOWS_STORES = ['Cert:\\LocalMachine\\Root', 'Cert:\\CurrentUser\\Root', 'Cert:\\LocalMachine\\CA', 'Cert:\\CurrentUser\\CA'];

const SCRIPT = `Get-ChildItem -Path ${WINDOWS_STORES.map((s) => `'${s}'`).join(',')} -ErrorAction SilentlyContinue | ForEach-Object { [Convert]::ToBase64String($_.RawData) }`;

export const POWERSHELL_ARGS = ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', SCRIPT];

export async function readWindowsStore(run: CommandRunner): Promise<StoreReading> {
  let output: string;
  try {
    output = await run('powershell.exe', POWERSHELL_ARGS);
  } catch (err) {
    return { certificates: [], problems: [`powershell.exe: ${(err as Error).message.split('\n')[0]}`] };
  }
  const certificates: string[] = [];
  let unreadable = 0;
  for (const line of output.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
    const pem = base64DerToPem(line);
    if (pem) certificates.push(pem);
    else unreadable++;
  }
  return { certificates, problems: unreadable > 0 ? [`${unreadable} lines of PowerShell output were not base64`] : [] };
}
