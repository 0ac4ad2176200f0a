// A throwaway certificate authority and server certificates it signs, made with the openssl
// command-line tool like test/server/tls.ts. Unlike a self-signed certificate, a CA lets a test
// tell "trusts this CA" (the OS store, Ca Files) apart from "trusts this one certificate".
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
// EC keys are made in milliseconds, where RSA takes noticeably longer.
const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export interface ServerCertificate {
  key: Buffer;
  cert: Buffer;
}

export interface TestCertificateAuthority {
  /** PEM of the CA certificate. */
  pem: string;
  /** A file holding just that PEM, for the Ca Files setting or SSL_CERT_FILE. */
  pemPath: string;
  /** A certificate for 127.0.0.1, localhost and any further host names given, signed by this CA. */
  issueServerCertificate(names?: string[]): Promise<ServerCertificate>;
  /** Removes the temporary folder with the keys. */
  remove(): Promise<void>;
}

export async function createCertificateAuthority(name: string): Promise<TestCertificateAuthority> {
  const dir = await mkdtemp(join(tmpdir(), 'bitbucket-test-ca-'));
  const caKey = join(dir, 'ca.key');
  const pemPath = join(dir, 'ca.pem');
  try {
    await run('openssl', [
      'req',
      '-x509',
      ...EC_KEY,
      '-days',
      '30',
      '-keyout',
      caKey,
      '-out',
      pemPath,
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`openssl could not make a CA (is the openssl command installed?): ${(err as Error).message}`);
  }
  let issued = 0;
  return {
    pem: await readFile(pemPath, 'utf8'),
    pemPath,
    async issueServerCertificate(names: string[] = []) {
      const base = join(dir, `server${++issued}`);
      const altNames = ['DNS:localhost', 'IP:127.0.0.1', ...names.map((n) => `DNS:${n}`)].join(',');
      await writeFile(
        `${base}.ext`,
        `subjectAltName=${altNames}\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n`,
      );
      await run('openssl', [
        'req',
        ...EC_KEY,
        '-keyout',
        `${base}.key`,
        '-out',
        `${base}.csr`,
        '-subj',
        '/CN=localhost',
      ]);
      await run('openssl', [
        'x509',
        '-req',
        '-in',
        `${base}.csr`,
        '-CA',
        pemPath,
        '-CAkey',
        caKey,
        '-CAcreateserial',
        '-days',
        '30',
        '-out',
        `${base}.pem`,
        '-extfile',
        `${base}.ext`,
      ]);
      return { key: await readFile(`${base}.key`), cert: await readFile(`${base}.pem`) };
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
