// The macOS trust store: the built-in roots and the keychains where administrators and users
// add a company CA, as `security` exports them. Trust settings (a certificate marked "never
// trust") are not read; the certificate is only ever added as a trust anchor.
import type { CommandRunner } from './commandRunner';
import { splitPemBundle } from './pem';
import type { StoreReading } from './storeReading';

export const MAC_KEYCHAINS = [
  '/System/Library/Keychains/SystemRootCertificates.keychain',
  '/Library/Keychains/System.keychain',
];

export async function readMacStore(run: CommandRunner): Promise<StoreReading> {
  const certificates: string[] = [];
  const problems: string[] = [];
  // The last call names no keychain: `security` then searches the user's list (the login keychain).
  for (const keychain of [...MAC_KEYCHAINS, undefined]) {
    const args = ['find-certificate', '-a', '-p', ...(keychain ? [keychain] : [])];
    try {
      certificates.push(...splitPemBundle(await run('/usr/bin/security', args)));
    } catch (err) {
      problems.push(`security ${args.join(' ')}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return { certificates, problems };
}
