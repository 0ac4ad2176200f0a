// The trust store of Linux and the other Unix systems: the bundle files and hashed certificate
// folders that OpenSSL, curl and Go read, in the same order and with the same overrides.
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { splitPemBundle } from './pem';
import type { StoreReading } from './storeReading';

/** Bundles of the common distributions; the first one that exists is the system's. */
export const BUNDLE_FILES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Gentoo, Arch
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL, CentOS
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', // RHEL's extracted form
  '/etc/pki/tls/cacert.pem', // OpenELEC
  '/etc/ssl/cert.pem', // Alpine, the BSDs, macOS's OpenSSL
];

/** Folders of single certificates, read only when no bundle file was found. */
export const CERTIFICATE_DIRS = ['/etc/ssl/certs', '/etc/pki/tls/certs', '/system/etc/security/cacerts'];

export interface LinuxStoreSources {
  env: NodeJS.ProcessEnv;
  bundleFiles: string[];
  certificateDirs: string[];
}

/**
 * SSL_CERT_FILE and SSL_CERT_DIR replace the defaults, as they do for OpenSSL: a user who sets
 * them has said where the trusted certificates are.
 */
export async function readLinuxStore(
  sources: LinuxStoreSources = { env: process.env, bundleFiles: BUNDLE_FILES, certificateDirs: CERTIFICATE_DIRS },
): Promise<StoreReading> {
  const problems: string[] = [];
  // /etc/ssl/certs links each certificate under two names and holds the bundle too: each real file is read once.
  const read = new Set<string>();
  const readBundle = (file: string, notes: string[]) => readBundleOnce(file, notes, read);
  const readDir = (dir: string, notes: string[]) => readDirOnce(dir, notes, read);
  const fileOverride = sources.env.SSL_CERT_FILE;
  const dirOverride = sources.env.SSL_CERT_DIR;
  if (fileOverride || dirOverride) {
    const certificates: string[] = [];
    if (fileOverride) certificates.push(...(await readBundle(fileOverride, problems)));
    for (const dir of (dirOverride ?? '').split(':').filter(Boolean)) {
      certificates.push(...(await readDir(dir, problems)));
    }
    return { certificates, problems };
  }
  for (const file of sources.bundleFiles) {
    const found = await readBundle(file, []);
    if (found.length > 0) return { certificates: found, problems };
  }
  const certificates: string[] = [];
  for (const dir of sources.certificateDirs) certificates.push(...(await readDir(dir, [])));
  if (certificates.length === 0) problems.push('no system certificate bundle or folder was found');
  return { certificates, problems };
}

async function readBundleOnce(file: string, problems: string[], read: Set<string>): Promise<string[]> {
  try {
    const real = await realpath(file);
    if (read.has(real)) return [];
    read.add(real);
    return splitPemBundle(await readFile(real, 'utf8'));
  } catch (err) {
    problems.push(`${file}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    return [];
  }
}

async function readDirOnce(dir: string, problems: string[], read: Set<string>): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    problems.push(`${dir}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    return [];
  }
  // *.pem and *.crt, and OpenSSL's hashed links (`5ad8a5d6.0`); other files are not certificates.
  const wanted = names.filter((n) => /\.(pem|crt)$|^[0-9a-f]{8}\.\d+$/.test(n)).sort();
  const certificates: string[] = [];
  for (const name of wanted) certificates.push(...(await readBundleOnce(join(dir, name), [], read)));
  return certificates;
}
