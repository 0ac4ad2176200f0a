// The TLS step against a server on loopback that demands a client certificate: the one the
// settings give is presented as requests present it, and each way it can go wrong (none set, a
// wrong passphrase, expired, from another CA) fails the step with what to change.
import * as assert from 'node:assert/strict';
import { BitbucketClient } from '../../../src/api/client';
import { loadClientCertificate, type ClientCertificate } from '../../../src/api/clientCertificate';
import type { ClientFactory } from '../../../src/model/connectionCheck/apiSteps';
import type { ClientCertificateInput } from '../../../src/model/connectionCheck/runCheck';
import { startServer, type RunningServer } from '../../server/server';
import { generateSelfSignedCertificate, type GeneratedCertificate } from '../../server/tls';
import { generateClientCertificates, type ClientCertificateFiles } from '../../support/clientCertificates';
import { basic, check, stepOf } from './support';

describe('connection check: a server that demands a client certificate', function () {
  this.timeout(30_000);
  let files: ClientCertificateFiles;
  let serverCert: GeneratedCertificate;
  let server: RunningServer;

  before(async () => {
    files = await generateClientCertificates();
    serverCert = await generateSelfSignedCertificate();
    server = await startServer({
      port: 0,
      tls: { key: serverCert.key, cert: serverCert.cert, clientCa: files.clientCa },
    });
  });
  after(async () => {
    await server.close();
    await serverCert.remove();
    await files.remove();
  });

  /** The certificate input as the editor builds it; `passphrase` answers every passphrase question. */
  const input = (certificate: ClientCertificate, passphrase?: string): ClientCertificateInput => ({
    label: 'pfxFile' in certificate ? certificate.pfxFile : certificate.certFile,
    setting: 'clientCertificate',
    load: () => loadClientCertificate({ certificate, passphrases: { get: () => passphrase } }),
  });
  /** The API client as the editor makes it: the server's CA, and the same certificate. */
  const clientsWith =
    (certificate: ClientCertificate | undefined, passphrase?: string): ClientFactory =>
    (request) =>
      new BitbucketClient({
        ...request,
        caFiles: [serverCert.certPath],
        clientCertificate: certificate && { certificate, passphrases: { get: () => passphrase } },
        timeouts: { connectMs: 2000, headersMs: 5000, bodyMs: 5000 },
      });
  const run = (certificate: ClientCertificate | undefined, passphrase?: string) =>
    check(
      {
        serverUrl: server.url,
        credentials: basic('alice'),
        clientCertificate: certificate && input(certificate, passphrase),
        makeClient: clientsWith(certificate, passphrase),
      },
      [serverCert.certPath],
    );

  it('the right certificate (PEM): presented, the step passes and the API steps run', async () => {
    const result = await run({ certFile: files.certFile, keyFile: files.keyFile });
    const tls = stepOf(result, 'tls');
    assert.equal(tls.status, 'pass', tls.details.join('\n'));
    assert.ok(tls.details.includes(`Client certificate presented: ${files.certFile}.`), tls.details.join('\n'));
    assert.equal(stepOf(result, 'auth').status, 'pass');
  });

  it('the right PKCS#12 file with its passphrase: passes, and the passphrase appears nowhere in the report', async () => {
    const result = await run({ pfxFile: files.pfxFile }, files.passphrase);
    assert.equal(stepOf(result, 'tls').status, 'pass', stepOf(result, 'tls').details.join('\n'));
    assert.ok(!JSON.stringify(result).includes(files.passphrase));
  });

  it('none set: says the server requires one, names the setting, and skips the API steps with the reason', async () => {
    const result = await run(undefined);
    const tls = stepOf(result, 'tls');
    assert.equal(tls.status, 'fail');
    assert.match(tls.summary, /^127\.0\.0\.1:\d+ requires a client certificate, and none is set for it\.$/);
    assert.ok(tls.details.includes('No client certificate is set for this server.'));
    assert.ok(
      tls.details.some(
        (d) => d.startsWith('The certificate is trusted by') || d.startsWith('Accepted by bitbucketSnippets.caFiles'),
      ),
      tls.details.join('\n'),
    );
    assert.match(tls.next ?? '', /bitbucketSnippets\.clientCertificate/);
    assert.equal(stepOf(result, 'auth').status, 'skipped');
    assert.match(stepOf(result, 'auth').summary, /client certificate/);
  });

  it('a wrong passphrase: the certificate cannot be used, and the setting is named', async () => {
    const result = await run({ pfxFile: files.pfxFile }, 'not-the-passphrase');
    const tls = stepOf(result, 'tls');
    assert.equal(tls.status, 'fail');
    assert.match(tls.summary, /cannot be used: The passphrase does not open/);
    assert.match(tls.next ?? '', /"clientCertificate" setting/);
    assert.ok(!JSON.stringify(result).includes('not-the-passphrase'));
  });

  it('an expired certificate: refused before any connection, named as expired', async () => {
    const result = await run({ certFile: files.expiredCertFile, keyFile: files.keyFile });
    const tls = stepOf(result, 'tls');
    assert.equal(tls.status, 'fail');
    assert.match(tls.summary, new RegExp(`${files.expiredCertFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(tls.summary, /expired/);
  });

  it('a certificate from another CA: presented, and the server turns it down', async () => {
    const result = await run({ certFile: files.otherCaCertFile, keyFile: files.keyFile });
    const tls = stepOf(result, 'tls');
    assert.equal(tls.status, 'fail', tls.details.join('\n'));
    assert.match(tls.summary, /did not accept the client certificate/);
    assert.ok(tls.details.includes(`Client certificate presented: ${files.otherCaCertFile}.`));
    assert.ok(
      tls.details.some((d) => d.startsWith('The server ended the connection after the handshake')),
      tls.details.join('\n'),
    );
    assert.equal(stepOf(result, 'auth').status, 'skipped');
  });
});
