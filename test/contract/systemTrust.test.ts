// The OS trust store over real TLS: a server whose CA only a system-style store holds is
// trusted, an unknown CA still fails with the message that points at Ca Files, and
// http.systemCertificates = false leaves the store out. SSL_CERT_FILE plays the OS store.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BitbucketClient, type ClientOptions } from '../../src/api';
import { forgetSystemCertificates, loadSystemCertificates } from '../../src/api/trust/systemStore';
import { connectionCheckTrustSources } from '../../src/model/connectionCheck/editorTrustSources';
import { runConnectionCheck } from '../../src/model/connectionCheck/runCheck';
import { describeError, describeSignInError } from '../../src/util/describeError';
import { startServer, type RunningServer } from '../server/server';
import { createCertificateAuthority, type TestCertificateAuthority } from '../support/certificateAuthority';
import { failure } from '../support/failures';
import { testWire } from '../support/testWire';

const STORE_VARIABLES = ['SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS'] as const;

describe('trusting the OS certificate store', function () {
  this.timeout(30_000);
  let companyCa: TestCertificateAuthority;
  let strangerCa: TestCertificateAuthority;
  let companyServer: RunningServer;
  let strangerServer: RunningServer;
  let storeDir: string;
  const savedEnv = new Map<string, string | undefined>();
  const clients: BitbucketClient[] = [];
  const client = (url: string, extra: Partial<ClientOptions> = {}) => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl: url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
      ...extra,
    });
    clients.push(c);
    return c;
  };

  before(async () => {
    companyCa = await createCertificateAuthority('Company Root CA (test)');
    strangerCa = await createCertificateAuthority('Unknown CA (test)');
    companyServer = await startServer({ port: 0, tls: await companyCa.issueServerCertificate() });
    strangerServer = await startServer({ port: 0, tls: await strangerCa.issueServerCertificate() });
    // The "OS store": a bundle holding the company CA among other roots, as distributions ship it.
    storeDir = await mkdtemp(join(tmpdir(), 'bitbucket-test-store-'));
    const bundle = join(storeDir, 'ca-certificates.crt');
    await writeFile(bundle, `# a system bundle\n${companyCa.pem}\n`);
    for (const name of STORE_VARIABLES) savedEnv.set(name, process.env[name]);
    delete process.env.SSL_CERT_DIR;
    delete process.env.NODE_EXTRA_CA_CERTS;
    process.env.SSL_CERT_FILE = bundle;
    forgetSystemCertificates();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  });

  after(async () => {
    for (const [name, value] of savedEnv) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    forgetSystemCertificates();
    await Promise.all([companyServer?.close(), strangerServer?.close()]);
    await Promise.all([
      companyCa?.remove(),
      strangerCa?.remove(),
      storeDir ? rm(storeDir, { recursive: true, force: true }) : undefined,
    ]);
  });

  it('trusts a server whose CA only the OS store holds', async () => {
    assert.deepEqual(
      await loadSystemCertificates(),
      [companyCa.pem.replace(/\r/g, '')],
      'the store is the test bundle, nothing else',
    );
    const page = await client(companyServer.url).getMySnippets({ limit: 1 });
    assert.ok(Array.isArray(page.values));
  });

  it('still fails for a CA nobody trusts, with the message that points at Ca Files', async () => {
    const err = await failure(client(strangerServer.url).getMySnippets({ limit: 1 }));
    assert.equal(err.kind, 'network');
    assert.equal(err.tlsFailure, true);
    assert.match(err.message, /its certificate is not trusted/);
    const signIn = describeSignInError(err, '127.0.0.1', 'basic');
    assert.equal(signIn.action, 'openCaSetting');
    assert.match(
      signIn.message,
      /its certificate is not trusted.*add its PEM file to the "Bitbucket Snippets: Ca Files" setting/,
    );
    assert.match(describeError(err, { action: 'load My Snippets' }), /Ca Files/);
  });

  it('does not trust the OS store with http.systemCertificates off', async () => {
    const err = await failure(client(companyServer.url, { systemCertificates: false }).getMySnippets({ limit: 1 }));
    assert.equal(err.tlsFailure, true, err.message);
  });

  it('trusts the Ca Files besides the OS store, and with it off', async () => {
    for (const systemCertificates of [true, false]) {
      const page = await client(strangerServer.url, {
        systemCertificates,
        caFiles: [strangerCa.pemPath],
      }).getMySnippets({ limit: 1 });
      assert.ok(Array.isArray(page.values));
    }
  });

  it('reads the store once per process', async () => {
    const first = await loadSystemCertificates();
    await client(companyServer.url).getMySnippets({ limit: 1 });
    assert.equal(await loadSystemCertificates(), first, 'the same array: the store was not read again');
  });

  it('the connection check says the OS store is the source that trusts the server, and Node alone does not', async () => {
    const result = await runConnectionCheck({
      serverUrl: companyServer.url,
      credentials: { type: 'basic', username: 'alice', password: 'alice' },
      trustSources: connectionCheckTrustSources([], true),
      proxy: { env: {} },
      hookKey: '',
      timeoutMs: 5000,
      makeClient: (request) => client(request.baseUrl, request),
    });
    const tls = result.steps.find((step) => step.id === 'tls')!;
    assert.equal(tls.status, 'pass', tls.details.join('\n'));
    assert.equal(tls.summary, "The certificate is trusted by: the operating system's certificate store.");
    assert.ok(
      tls.details.some((d) => d.startsWith("Not accepted by Node's bundled roots")),
      tls.details.join('\n'),
    );
    assert.equal(result.steps.find((step) => step.id === 'auth')?.status, 'pass');
    const off = await runConnectionCheck({
      serverUrl: companyServer.url,
      trustSources: connectionCheckTrustSources([], false),
      proxy: { env: {} },
      hookKey: '',
      timeoutMs: 5000,
      makeClient: (request) => client(request.baseUrl, { ...request, systemCertificates: false }),
    });
    assert.equal(off.steps.find((step) => step.id === 'tls')?.status, 'fail');
  });
});
