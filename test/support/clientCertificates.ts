// Throwaway client certificates for the client-certificate tests, made with the openssl
// command-line tool (as test/server/tls.ts makes the server's): a client CA the server trusts,
// a client certificate it signed (as PEM, with a plain and an encrypted key, and as PKCS#12),
// one that has expired, and one from a CA the server does not know.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ClientCertificateFiles {
  /** Folder holding every file below; `remove()` deletes it. */
  dir: string;
  /** PEM of the CA the server checks client certificates against. */
  clientCa: Buffer;
  certFile: string;
  keyFile: string;
  /** The same key as keyFile, encrypted with `passphrase`. */
  encryptedKeyFile: string;
  /** Certificate and key as PKCS#12, protected by `passphrase`. */
  pfxFile: string;
  passphrase: string;
  /** Signed by the client CA, but its validity ended yesterday. */
  expiredCertFile: string;
  /** Signed by a CA the server does not trust (same key as keyFile). */
  otherCaCertFile: string;
  /** A key that belongs to no client certificate (the other CA's). */
  otherCaKeyFile: string;
  /** otherCaCertFile and its key as PKCS#12, protected by `passphrase`. */
  otherCaPfxFile: string;
  /** A text file that is neither PEM nor PKCS#12. */
  notACertificateFile: string;
  remove(): Promise<void>;
}

// An EC key is made in milliseconds, where RSA takes noticeably longer.
const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

export async function generateClientCertificates(): Promise<ClientCertificateFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'bitbucket-client-cert-'));
  const file = (name: string) => join(dir, name);
  // Long and full of characters a log line or URL would escape, so a leak is easy to find.
  const passphrase = 'pp-Kx9!q7 zW$2#Lm';
  try {
    for (const ca of ['client-ca', 'other-ca']) {
      await run('openssl', [
        'req',
        '-x509',
        '-nodes',
        '-days',
        '30',
        ...EC,
        '-keyout',
        file(`${ca}.key`),
        '-out',
        file(`${ca}.pem`),
        '-subj',
        `/CN=Test ${ca}`,
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign',
      ]);
    }
    await run('openssl', [
      'req',
      '-new',
      '-nodes',
      ...EC,
      '-keyout',
      file('client.key'),
      '-out',
      file('client.csr'),
      '-subj',
      '/CN=alice',
    ]);
    const sign = (ca: string, days: string, out: string, serial: string) =>
      run('openssl', [
        'x509',
        '-req',
        '-in',
        file('client.csr'),
        '-CA',
        file(`${ca}.pem`),
        '-CAkey',
        file(`${ca}.key`),
        '-set_serial',
        serial,
        '-days',
        days,
        '-out',
        file(out),
      ]);
    await sign('client-ca', '30', 'client.pem', '2');
    // A negative validity makes notAfter yesterday: expired, with openssl alone (no faketime).
    await sign('client-ca', '-1', 'expired.pem', '3');
    await sign('other-ca', '30', 'other-ca-client.pem', '4');
    await run('openssl', [
      'pkey',
      '-in',
      file('client.key'),
      '-aes256',
      '-passout',
      `pass:${passphrase}`,
      '-out',
      file('client-encrypted.key'),
    ]);
    // The ciphers named, not the openssl command's defaults: OpenSSL 1.1 chose RC2 and 3DES, which
    // Node's OpenSSL 3 refuses as unsupported.
    const pkcs12 = [
      'pkcs12',
      '-export',
      '-certpbe',
      'AES-256-CBC',
      '-keypbe',
      'AES-256-CBC',
      '-macalg',
      'sha256',
      '-inkey',
      file('client.key'),
      '-passout',
      `pass:${passphrase}`,
    ];
    await run('openssl', [...pkcs12, '-in', file('client.pem'), '-out', file('client.p12')]);
    await run('openssl', [...pkcs12, '-in', file('other-ca-client.pem'), '-out', file('other-ca-client.p12')]);
    await writeFile(file('notes.txt'), 'not a certificate\n');
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`openssl could not make the client certificates: ${(error as Error).message}`);
  }
  return {
    dir,
    clientCa: await readFile(file('client-ca.pem')),
    certFile: file('client.pem'),
    keyFile: file('client.key'),
    encryptedKeyFile: file('client-encrypted.key'),
    pfxFile: file('client.p12'),
    passphrase,
    expiredCertFile: file('expired.pem'),
    otherCaCertFile: file('other-ca-client.pem'),
    otherCaKeyFile: file('other-ca.key'),
    otherCaPfxFile: file('other-ca-client.p12'),
    notACertificateFile: file('notes.txt'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
