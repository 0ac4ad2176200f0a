// A throwaway self-signed certificate for `--tls`, made with the openssl command-line tool so
// the server needs no package for it. The certificate is its own CA: a client trusts the
// server by adding the certificate file to its CAs.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface GeneratedCertificate {
  key: Buffer;
  cert: Buffer;
  /** PEM file of the certificate, to give a client as its CA. */
  certPath: string;
  /** Removes the temporary folder holding the key and certificate. */
  remove(): Promise<void>;
}

export async function generateSelfSignedCertificate(): Promise<GeneratedCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'bitbucket-local-tls-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-nodes',
      '-days',
      '30',
      // An EC key is made in milliseconds, where RSA takes noticeably longer.
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        '--tls needs the openssl command-line tool, which is not on the PATH (install it, e.g. apt-get install openssl)',
      );
    }
    throw new Error(`openssl could not make a certificate: ${(error as Error).message}`);
  }
  return {
    key: await readFile(keyPath),
    cert: await readFile(certPath),
    certPath,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
