// The Windows trust store: the Trusted Root stores of the machine and of the user (where group
// policy puts a company CA), read through PowerShell's certificate drive, present on every
// supported Windows, as one base64 DER per line. The intermediate (CA) stores are left out: Node
// would make every certificate in them a trust anchor, and Windows keeps intermediates there that
// it fetched along the way, not ones anybody chose to trust.
import type { CommandRunner } from './commandRunner';
import { base64DerToPem } from './pem';
import type { StoreReading } from './storeReading';

export const WINDOWS_STORES = ['Cert:\\LocalMachine\\Root', 'Cert:\\CurrentUser\\Root'];

const SCRIPT = `Get-ChildItem -Path ${WINDOWS_STORES.map((s) => `'${s}'`).join(',')} -ErrorAction SilentlyContinue | ForEach-Object { [Convert]::ToBase64String($_.RawData) }`;

// No -ExecutionPolicy Bypass: -Command needs none, and endpoint protection flags that switch.
export const POWERSHELL_ARGS = ['-NoProfile', '-NonInteractive', '-Command', SCRIPT];

export async function readWindowsStore(run: CommandRunner): Promise<StoreReading> {
  let output: string;
  try {
    output = await run('powershell.exe', POWERSHELL_ARGS);
  } catch (err) {
    return { certificates: [], problems: [`powershell.exe: ${(err as Error).message.split('\n')[0]}`] };
  }
  const certificates: string[] = [];
  let unreadable = 0;
  for (const line of output
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const pem = base64DerToPem(line);
    if (pem) certificates.push(pem);
    else unreadable++;
  }
  return { certificates, problems: unreadable > 0 ? [`${unreadable} lines of PowerShell output were not base64`] : [] };
}
