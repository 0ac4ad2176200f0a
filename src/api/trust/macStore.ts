// The macOS trust store: the built-in roots and the System keychain, where administrators and
// device management install a company CA, as `security` exports them. Trust settings are not
// read, so every certificate found becomes a trust anchor; that is why the user's own keychains,
// which hold certificates nobody chose to trust, are left out (their CAs go in Ca Files).
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
  for (const keychain of MAC_KEYCHAINS) {
    const args = ['find-certificate', '-a', '-p', keychain];
    try {
      certificates.push(...splitPemBundle(await run('/usr/bin/security', args)));
    } catch (err) {
      problems.push(`security ${args.join(' ')}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return { certificates, problems };
}
