// The network steps: a name that cannot resolve and one that gets no answer (from a resolver of
// the test's own), then real sockets on loopback: a closed port, an untrusted self-signed
// certificate and the same one trusted through the caFiles source.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../../server/server';
import { generateSelfSignedCertificate, type GeneratedCertificate } from '../../server/tls';
import { basic, check, closedPort, statuses, stepOf } from './support';

describe('connection check: network and TLS', function () {
  this.timeout(30_000);

  // The resolver is the test's own: what a real one answers for an unknown name depends on the
  // machine's DNS (quickly ENOTFOUND, or EAI_AGAIN after its own timeouts where none is reachable).
  const unknownName = (host: string) =>
    Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host }));
  const silentResolver = () => new Promise<never>(() => undefined);

  it('an unresolvable host: DNS fails, and everything after it is skipped with the reason', async () => {
    const result = await check({
      serverUrl: 'https://bitbucket.example.invalid/bitbucket',
      credentials: basic('alice'),
      lookup: unknownName,
    });
    const dns = stepOf(result, 'dns');
    assert.equal(dns.status, 'fail');
    assert.match(dns.summary, /bitbucket\.example\.invalid could not be resolved \(ENOTFOUND\)/);
    assert.match(dns.next ?? '', /VPN/);
    assert.deepEqual(statuses(result), {
      url: 'pass',
      dns: 'fail',
      tcp: 'skipped',
      tls: 'skipped',
      proxy: 'pass',
      auth: 'skipped',
      identity: 'skipped',
      snippets: 'skipped',
      pages: 'skipped',
      hooks: 'skipped',
    });
    assert.match(stepOf(result, 'tcp').summary, /did not resolve/);
    assert.match(stepOf(result, 'auth').summary, /cannot be reached/);
  });

  it('a resolver that never answers: DNS fails after the timeout, and the rest is skipped', async () => {
    const started = Date.now();
    const result = await check({
      serverUrl: 'https://bitbucket.example.com/bitbucket',
      credentials: basic('alice'),
      lookup: silentResolver,
      timeoutMs: 200,
    });
    assert.ok(Date.now() - started < 10_000, 'the check ended');
    assert.match(stepOf(result, 'dns').summary, /bitbucket\.example\.com could not be resolved \(ETIMEDOUT\)/);
    // A name that gets no answer at all, with no proxy set, is what a network that needs a proxy does.
    assert.match(stepOf(result, 'proxy').summary, /No proxy is set, and the direct connection timed out/);
    assert.deepEqual(statuses(result), {
      url: 'pass',
      dns: 'fail',
      tcp: 'skipped',
      tls: 'skipped',
      proxy: 'fail',
      auth: 'skipped',
      identity: 'skipped',
      snippets: 'skipped',
      pages: 'skipped',
      hooks: 'skipped',
    });
  });

  it('a closed port: TCP is refused, and the API steps are skipped', async () => {
    const port = await closedPort();
    const result = await check({ serverUrl: `http://127.0.0.1:${port}`, credentials: basic('alice') });
    assert.equal(stepOf(result, 'dns').status, 'pass');
    const tcp = stepOf(result, 'tcp');
    assert.equal(tcp.status, 'fail');
    assert.match(tcp.summary, new RegExp(`refused the connection: nothing listens on port ${port}`));
    assert.equal(stepOf(result, 'auth').status, 'skipped');
  });

  describe('over TLS', () => {
    let certificate: GeneratedCertificate;
    let server: RunningServer;
    before(async () => {
      certificate = await generateSelfSignedCertificate();
      server = await startServer({
        port: 0,
        tls: { key: certificate.key, cert: certificate.cert },
        contextPath: '/bitbucket',
      });
    });
    after(async () => {
      await server.close();
      await certificate.remove();
    });

    it('an untrusted self-signed certificate: names it, says which source rejects it and which were skipped', async () => {
      const result = await check({ serverUrl: server.url, credentials: basic('alice') });
      const tls = stepOf(result, 'tls');
      assert.equal(tls.status, 'fail');
      assert.match(tls.summary, /No trust source accepts/);
      assert.ok(tls.details.includes('Subject: CN=localhost'), tls.details.join('\n'));
      assert.ok(tls.details.includes('Issuer: CN=localhost'));
      assert.ok(tls.details.some((d) => /^Valid from .+ to .+/.test(d)));
      assert.ok(
        tls.details.some((d) => /^Not accepted by Node's bundled roots.*: DEPTH_ZERO_SELF_SIGNED_CERT/.test(d)),
        tls.details.join('\n'),
      );
      assert.ok(tls.details.includes('Skipped: OS certificate store (not available in this build).'));
      assert.ok(tls.details.includes('Skipped: bitbucketSnippets.caFiles (it holds no certificates).'));
      assert.match(tls.next ?? '', /bitbucketSnippets\.caFiles/);
      assert.equal(stepOf(result, 'auth').status, 'skipped');
      assert.match(stepOf(result, 'auth').summary, /no trust source accepts/);
    });

    it('the same certificate given in caFiles: that source accepts it, and the API steps run over TLS', async () => {
      const result = await check({ serverUrl: server.url, credentials: basic('alice') }, [certificate.certPath]);
      const tls = stepOf(result, 'tls');
      assert.equal(tls.status, 'pass', tls.details.join('\n'));
      assert.equal(tls.summary, 'The certificate is trusted by: bitbucketSnippets.caFiles.');
      assert.ok(tls.details.some((d) => d.startsWith("Not accepted by Node's bundled roots")));
      assert.equal(stepOf(result, 'auth').status, 'pass');
      assert.equal(stepOf(result, 'snippets').status, 'pass');
    });

    it('a caFiles entry that cannot be read: that source is skipped, with the file named', async () => {
      const result = await check({ serverUrl: server.url }, ['/nonexistent/ca.pem']);
      assert.ok(
        stepOf(result, 'tls').details.includes(
          'Skipped: bitbucketSnippets.caFiles (the file /nonexistent/ca.pem could not be read (ENOENT)).',
        ),
      );
    });
  });

  describe('a certificate for another host name', () => {
    let dir: string;
    let server: RunningServer;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'bbs-check-altname-'));
      await promisify(execFile)('openssl', [
        'req',
        '-x509',
        '-nodes',
        '-days',
        '2',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        '/CN=bitbucket.other.example',
        '-addext',
        'subjectAltName=DNS:bitbucket.other.example',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
      ]);
      server = await startServer({
        port: 0,
        tls: { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) },
      });
    });
    after(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('trusted through caFiles but for other names: says so, and names the names to use', async () => {
      const result = await check({ serverUrl: server.url }, [join(dir, 'cert.pem')]);
      const tls = stepOf(result, 'tls');
      assert.equal(tls.status, 'fail');
      assert.ok(tls.details.includes('Names (SAN): DNS:bitbucket.other.example'), tls.details.join('\n'));
      assert.ok(
        tls.details.includes(
          'Not accepted by bitbucketSnippets.caFiles: ERR_TLS_CERT_ALTNAME_INVALID (the certificate is for other host names).',
        ),
        tls.details.join('\n'),
      );
      assert.match(tls.next ?? '', /The certificate names other hosts/);
    });
  });

  describe('an http:// URL that the server sends to https://', () => {
    let redirector: http.Server;
    before(async () => {
      redirector = http.createServer((req, res) => {
        res.writeHead(301, { location: `https://bitbucket.example.com${req.url}` }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    });
    after(async () => {
      redirector.closeAllConnections();
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    });

    it('says so, and names the https:// URL to use', async () => {
      const { port } = redirector.address() as AddressInfo;
      const result = await check({ serverUrl: `http://127.0.0.1:${port}/bitbucket` });
      const url = stepOf(result, 'url');
      assert.equal(url.status, 'fail');
      assert.equal(
        url.summary,
        `The server sends http://127.0.0.1:${port}/bitbucket on to https://bitbucket.example.com/bitbucket.`,
      );
      assert.match(url.next ?? '', /Use https:\/\/bitbucket\.example\.com\/bitbucket as the server URL/);
    });
  });
});
