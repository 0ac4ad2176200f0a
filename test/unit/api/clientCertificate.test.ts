// The API client against a real loopback TLS server that demands a client certificate from its
// own client CA (requestCert, rejectUnauthorized): the right certificate as PEM and as PKCS#12,
// none, a wrong passphrase, an expired certificate, one from another CA, and unusable files.
// The passphrase must never reach a log line or an error.
import * as assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { BitbucketClient, BitbucketError, type ClientOptions } from '../../../src/api';
import type { ClientCertificate, PassphraseSource } from '../../../src/api/clientCertificate';
import type { LogLevel } from '../../../src/api/http';
import { startServer, type RunningServer } from '../../server/server';
import { generateSelfSignedCertificate, type GeneratedCertificate } from '../../server/tls';
import { generateClientCertificates, type ClientCertificateFiles } from '../../support/clientCertificates';
import { failure } from '../../support/failures';
import { testWire } from '../../support/testWire';

/** Answers from a list, and records what it was asked and what it was told was accepted. */
class ScriptedPassphrases implements PassphraseSource {
  readonly asked: Array<{ file: string; wrong: boolean }> = [];
  readonly acceptedFiles: string[] = [];
  constructor(private readonly answers: Array<string | undefined>) {}
  get(file: string, wrong: boolean): string | undefined {
    this.asked.push({ file, wrong });
    return this.answers.shift();
  }
  accepted(file: string): void {
    this.acceptedFiles.push(file);
  }
}

describe('API client with a client certificate (mutual TLS on loopback)', function () {
  // openssl makes a handful of keys and certificates once for the whole suite.
  this.timeout(30_000);
  let files: ClientCertificateFiles;
  let serverCert: GeneratedCertificate;
  let server: RunningServer;
  let url: string;
  let logged: string[];
  const clients: BitbucketClient[] = [];

  before(async () => {
    files = await generateClientCertificates();
    serverCert = await generateSelfSignedCertificate();
    server = await startServer({
      port: 0,
      tls: { key: serverCert.key, cert: serverCert.cert, clientCa: files.clientCa },
    });
    // The server certificate names localhost, not the address.
    url = server.url.replace('127.0.0.1', 'localhost');
  });
  after(async () => {
    await server.close();
    await serverCert.remove();
    await files.remove();
  });
  beforeEach(() => {
    logged = [];
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  });

  const client = (
    certificate: ClientCertificate | undefined,
    passphrases?: PassphraseSource,
    extra: Partial<ClientOptions> = {},
  ) => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl: url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      caFiles: [serverCert.certPath],
      clientCertificate: certificate && { certificate, passphrases },
      retry: { retries: 0 },
      log: (level: LogLevel, message: string) => void logged.push(`${level} ${message}`),
      ...extra,
    });
    clients.push(c);
    return c;
  };

  /** Everything of an error a user or a log could see, down its cause chain. */
  function everything(err: BitbucketError): string {
    const parts = [err.message, err.toLogString(), JSON.stringify(err), err.stack ?? '', ...logged];
    for (let e: unknown = err.cause, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
      parts.push(String((e as Error).message), String((e as Error).stack), JSON.stringify(e));
    }
    return parts.join('\n');
  }

  const pem = () => ({ certFile: files.certFile, keyFile: files.keyFile });

  it('connects with the right PEM certificate and key, asking no passphrase for a plain key', async () => {
    const passphrases = new ScriptedPassphrases([]);
    assert.equal((await client(pem(), passphrases).getMySnippets()).isLastPage, true);
    assert.deepEqual(passphrases.asked, []);
  });

  it('connects with an encrypted PEM key, asking its passphrase once and keeping it', async () => {
    const passphrases = new ScriptedPassphrases([files.passphrase]);
    const c = client({ certFile: files.certFile, keyFile: files.encryptedKeyFile }, passphrases);
    await c.getMySnippets();
    await c.getMySnippets();
    assert.deepEqual(passphrases.asked, [{ file: files.encryptedKeyFile, wrong: false }]);
    assert.deepEqual(passphrases.acceptedFiles, [files.encryptedKeyFile]);
    assert.ok(!logged.join('\n').includes(files.passphrase), 'passphrase in the log');
  });

  it('connects with a PKCS#12 file and its passphrase', async () => {
    const passphrases = new ScriptedPassphrases([files.passphrase]);
    assert.equal((await client({ pfxFile: files.pfxFile }, passphrases).getMySnippets()).isLastPage, true);
    assert.deepEqual(passphrases.asked, [{ file: files.pfxFile, wrong: false }]);
  });

  it('says the server requires a certificate when none is set', async () => {
    const err = await failure(client(undefined).getMySnippets());
    assert.equal(err.kind, 'network');
    assert.equal(err.clientCertificate, 'required');
    assert.equal(err.tlsFailure, true);
    assert.match(err.message, /requires a client certificate/);
  });

  it('asks again after a wrong passphrase, telling the source the last one was wrong', async () => {
    const passphrases = new ScriptedPassphrases(['wrong one', files.passphrase]);
    await client({ pfxFile: files.pfxFile }, passphrases).getMySnippets();
    assert.deepEqual(
      passphrases.asked.map((a) => a.wrong),
      [false, true],
    );
    assert.deepEqual(passphrases.acceptedFiles, [files.pfxFile], 'only the right one is kept');
  });

  it('gives up after three wrong passphrases with a clear error, without the passphrase in it', async () => {
    const wrong = `${files.passphrase}-not`;
    const passphrases = new ScriptedPassphrases([wrong, wrong, wrong, files.passphrase]);
    const err = await failure(client({ pfxFile: files.pfxFile }, passphrases).getMySnippets());
    assert.equal(err.clientCertificate, 'wrong-passphrase');
    assert.match(err.message, /passphrase does not open .*client\.p12/);
    assert.equal(passphrases.asked.length, 3);
    assert.ok(!everything(err).includes(wrong), 'the wrong passphrase leaked');
  });

  it('asks the passphrase again on the next request after a failure, as nothing wrong is kept', async () => {
    const passphrases = new ScriptedPassphrases([undefined, files.passphrase]);
    const c = client({ certFile: files.certFile, keyFile: files.encryptedKeyFile }, passphrases);
    const err = await failure(c.getMySnippets());
    assert.equal(err.clientCertificate, 'passphrase-needed');
    assert.equal((await c.getMySnippets()).isLastPage, true);
    assert.equal(passphrases.asked.length, 2);
  });

  // A passphrase that is not the key's decrypts it to garbage whose padding happens to be valid
  // about once in 256 tries. OpenSSL then says "unsupported" (it cannot decode the garbage)
  // rather than "bad decrypt": still a passphrase that does not open the key.
  /** Whether TLS reads `key` with `passphrase` as an undecodable key rather than a bad decrypt. */
  const decryptsToGarbage = (key: string | Buffer, passphrase?: string): boolean => {
    try {
      createSecureContext({ key, passphrase });
      return false;
    } catch (err) {
      return !/bad decrypt/.test(String((err as Error).message));
    }
  };

  it('asks the passphrase of an encrypted key whose missing passphrase decrypts it to garbage', async () => {
    const plain = createPrivateKey(readFileSync(files.keyFile));
    let unlucky: string | undefined;
    // A fresh salt at each export: one in about 256 decrypts to garbage without a passphrase.
    for (let i = 0; i < 5_000 && unlucky === undefined; i++) {
      const pemKey = plain.export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: files.passphrase,
      }) as string;
      if (decryptsToGarbage(pemKey)) unlucky = pemKey;
    }
    assert.ok(unlucky, 'no salt decrypted to garbage in 5,000 tries');
    const keyFile = join(files.dir, 'unlucky-encrypted.key');
    writeFileSync(keyFile, unlucky);
    const passphrases = new ScriptedPassphrases([files.passphrase]);
    assert.equal((await client({ certFile: files.certFile, keyFile }, passphrases).getMySnippets()).isLastPage, true);
    assert.deepEqual(passphrases.asked, [{ file: keyFile, wrong: false }]);
  });

  it('takes a wrong passphrase that decrypts the key to garbage as wrong, and asks again', async () => {
    let unluckyWrong: string | undefined;
    for (let i = 0; i < 5_000 && unluckyWrong === undefined; i++) {
      if (decryptsToGarbage(readFileSync(files.encryptedKeyFile), `wrong-${i}`)) unluckyWrong = `wrong-${i}`;
    }
    assert.ok(unluckyWrong, 'no wrong passphrase decrypted to garbage in 5,000 tries');
    const passphrases = new ScriptedPassphrases([unluckyWrong, files.passphrase]);
    const c = client({ certFile: files.certFile, keyFile: files.encryptedKeyFile }, passphrases);
    assert.equal((await c.getMySnippets()).isLastPage, true);
    assert.deepEqual(
      passphrases.asked.map((a) => a.wrong),
      [false, true],
    );
    assert.deepEqual(passphrases.acceptedFiles, [files.encryptedKeyFile]);
    assert.ok(!logged.join('\n').includes(unluckyWrong), 'the wrong passphrase in the log');
  });

  it('refuses an expired certificate before connecting, naming its end date', async () => {
    const err = await failure(client({ certFile: files.expiredCertFile, keyFile: files.keyFile }).getMySnippets());
    assert.equal(err.clientCertificate, 'expired');
    assert.match(err.message, /expired\.pem expired on \d{4}-\d{2}-\d{2}/);
  });

  it('says the server did not accept a certificate from another CA', async () => {
    const err = await failure(client({ certFile: files.otherCaCertFile, keyFile: files.keyFile }).getMySnippets());
    assert.equal(err.clientCertificate, 'rejected');
    assert.match(err.message, /did not accept the client certificate .*other-ca-client\.pem/);
  });

  it('names a missing file, a file that is not PEM, and a PEM file given as PKCS#12', async () => {
    const missing = await failure(client({ pfxFile: `${files.dir}/nowhere.p12` }).getMySnippets());
    assert.equal(missing.clientCertificate, 'file');
    assert.match(missing.message, /nowhere\.p12 does not exist/);
    const notPem = await failure(
      client({ certFile: files.notACertificateFile, keyFile: files.keyFile }).getMySnippets(),
    );
    assert.equal(notPem.clientCertificate, 'file');
    assert.match(notPem.message, /notes\.txt is not a PEM certificate/);
    const pemAsPfx = await failure(client({ pfxFile: files.certFile }).getMySnippets());
    assert.match(pemAsPfx.message, /is a PEM file, not PKCS#12/);
    const notPfx = await failure(client({ pfxFile: files.notACertificateFile }).getMySnippets());
    assert.equal(notPfx.clientCertificate, 'file');
    assert.match(notPfx.message, /could not be used as a PKCS#12/);
  });

  it('names a key that does not belong to the certificate', async () => {
    const err = await failure(client({ certFile: files.certFile, keyFile: files.otherCaKeyFile }).getMySnippets());
    assert.equal(err.clientCertificate, 'file');
    assert.match(err.message, /does not belong to the certificate/);
  });

  it('keeps the passphrase out of the log and the error when the server turns the certificate down', async () => {
    const passphrases = new ScriptedPassphrases([files.passphrase]);
    const err = await failure(client({ pfxFile: files.otherCaPfxFile }, passphrases).getMySnippets());
    assert.equal(err.clientCertificate, 'rejected');
    assert.ok(!everything(err).includes(files.passphrase), 'the passphrase leaked');
  });
});
