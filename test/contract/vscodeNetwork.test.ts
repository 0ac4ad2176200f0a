// Requests through VS Code's network stack, in plain Node: @vscode/proxy-agent (the version VS Code
// 1.100.3 ships) patches Node's modules as the extension host does (test/support/vscodeNetwork.ts)
// and the client uses its node wire, as it does in the editor. Over real sockets on loopback:
// direct, a PAC-style resolver naming a proxy, a proxy that wants credentials (answered the way
// VS Code answers Basic, and not answered), http.noProxy, a server that demands a client
// certificate (directly and through the proxy), CA files beside the OS store, and bad input: a
// resolver that answers garbage, a proxy that closes the connection, one that only takes NTLM,
// and a wrong passphrase sent through the proxy. `bitbucket.test` resolves only inside the test
// proxy, as a company's internal DNS behind its proxy would: VS Code sends 127.0.0.1 and
// localhost directly whatever it is told.
import * as assert from 'node:assert/strict';
import * as https from 'node:https';
import { BitbucketClient, type BitbucketError, type ClientOptions } from '../../src/api';
import type { ClientCertificate, PassphraseSource } from '../../src/api/clientCertificate';
import { describeError } from '../../src/util/describeError';
import { startServer, type RunningServer } from '../server/server';
import { createCertificateAuthority, type TestCertificateAuthority } from '../support/certificateAuthority';
import { generateClientCertificates, type ClientCertificateFiles } from '../support/clientCertificates';
import { failure } from '../support/failures';
import { startProxy, type TestProxy } from '../support/proxy';
import { patchLikeVsCode, type EditorNetwork, type PatchedNetwork } from '../support/vscodeNetwork';

const HOST = 'bitbucket.test';
const PROXY_USER = 'proxy-user';
const PROXY_PASSWORD = 'pr0xy-s3cret';
const BASIC = `Basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64')}`;

describe("requests through VS Code's network stack (node wire, patched like the extension host)", function () {
  this.timeout(30_000);
  let osCa: TestCertificateAuthority;
  let otherCa: TestCertificateAuthority;
  let certificates: ClientCertificateFiles;
  let server: RunningServer;
  let mtlsServer: RunningServer;
  let otherCaServer: RunningServer;
  let network: PatchedNetwork | undefined;
  const logLines: string[] = [];
  const stops: Array<() => Promise<void>> = [];
  const clients: BitbucketClient[] = [];

  const patch = (editor: EditorNetwork) => {
    // The OS store as VS Code reads it: the company CA is there.
    network = patchLikeVsCode({ systemCertificates: async () => [osCa.pem], ...editor });
    return network;
  };
  const proxy = async (behaviour: Parameters<typeof startProxy>[0] = {}): Promise<TestProxy> => {
    const p = await startProxy({ hosts: { [HOST]: '127.0.0.1' }, ...behaviour });
    stops.push(() => p.close());
    return p;
  };
  const pac = (p: TestProxy) => async () => `PROXY ${new URL(p.url).host}`;
  const client = (baseUrl: string, extra: Partial<ClientOptions> = {}) => {
    const c = new BitbucketClient({
      baseUrl,
      wire: 'node',
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
      timeouts: { connectMs: 3000, headersMs: 5000, bodyMs: 5000, totalMs: 8000 },
      log: (level, message) => logLines.push(`${level} ${message}`),
      ...extra,
    });
    clients.push(c);
    return c;
  };
  const named = (s: RunningServer) => `https://${HOST}:${s.port}`;
  const assertNoSecrets = (...texts: string[]) => {
    for (const text of [...texts, ...logLines]) {
      for (const secret of [PROXY_PASSWORD, BASIC, certificates.passphrase]) {
        assert.ok(!text.includes(secret), `"${text}" shows a secret`);
      }
    }
  };

  before(async () => {
    osCa = await createCertificateAuthority('Company Root CA (test, OS store)');
    otherCa = await createCertificateAuthority('Team CA (test, Ca Files)');
    certificates = await generateClientCertificates();
    server = await startServer({ port: 0, tls: await osCa.issueServerCertificate([HOST]) });
    otherCaServer = await startServer({ port: 0, tls: await otherCa.issueServerCertificate([HOST]) });
    mtlsServer = await startServer({
      port: 0,
      tls: { ...(await osCa.issueServerCertificate([HOST])), clientCa: certificates.clientCa },
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await Promise.all(stops.splice(0).map((stop) => stop()));
    network?.restore();
    network = undefined;
    // VS Code's direct requests use Node's global agents, which keep connections alive: a test
    // must make its own TLS handshakes, not reuse an earlier test's.
    https.globalAgent.destroy();
    logLines.length = 0;
  });
  after(async () => {
    await Promise.all([server?.close(), otherCaServer?.close(), mtlsServer?.close()]);
    await Promise.all([osCa?.remove(), otherCa?.remove(), certificates?.remove()]);
  });

  it('direct: trusts the OS store VS Code adds, with no CA file of its own', async () => {
    patch({});
    assert.ok(
      Array.isArray((await client(server.url.replace('127.0.0.1', 'localhost')).getMySnippets({ limit: 1 })).values),
    );
    assert.ok(
      logLines.includes(`info VS Code's network stack sends requests to localhost:${server.port} directly`),
      logLines.join('\n'),
    );
  });

  it('through the proxy a PAC-style resolver names (CONNECT), and the log names it without credentials', async () => {
    const p = await proxy();
    const net = patch({ resolveProxy: pac(p) });
    assert.ok(Array.isArray((await client(named(server)).getMySnippets({ limit: 1 })).values));
    assert.deepEqual(p.seen, [`CONNECT ${HOST}:${server.port}`]);
    assert.deepEqual(
      net.resolved.map((r) => r.proxy),
      [`PROXY ${new URL(p.url).host}`],
    );
    assert.ok(
      logLines.some((l) => l.includes(`through ${p.url}`)),
      logLines.join('\n'),
    );
  });

  it('a proxy that wants credentials: answered the way VS Code answers Basic, then refused with a message when nothing answers', async () => {
    const p = await proxy({ authorization: BASIC });
    patch({
      resolveProxy: pac(p),
      lookupProxyAuthorization: async (_url, challenge) =>
        challenge && String(challenge).startsWith('Basic') ? BASIC : undefined,
    });
    assert.ok(Array.isArray((await client(named(server)).getMySnippets({ limit: 1 })).values));
    assert.equal(p.authorizations.at(-1), BASIC);

    network!.restore();
    patch({ resolveProxy: pac(p) });
    const err = await failure(client(named(server)).getMySnippets({ limit: 1 }));
    assert.equal(err.kind, 'proxy');
    assert.equal(err.proxyFailure, 'auth-required');
    assert.equal(err.status, 407);
    assert.match(
      err.message,
      new RegExp(
        `The proxy ${p.url.replace(/\./g, '\\.')} to ${HOST}:${server.port} wants credentials \\(Basic, HTTP 407\\)`,
      ),
    );
    assert.match(describeError(err, { action: 'load My Snippets' }), /http\.proxyAuthorization/);
    assertNoSecrets(err.message, err.toLogString());
  });

  it('a proxy that refuses the credentials VS Code sent: the message says where they came from (http.proxy, a PAC file), never the password', async () => {
    const p = await proxy({ authorization: BASIC });
    const wrong = 'wr0ng-pa55w0rd';
    const wrongBasic = `Basic ${Buffer.from(`${PROXY_USER}:${wrong}`).toString('base64')}`;
    const withWrong = p.url.replace('://', `://${PROXY_USER}:${wrong}@`);
    const assertNothingOf = (err: BitbucketError) => {
      assertNoSecrets(err.message, err.toLogString(), describeError(err, { action: 'load My Snippets' }));
      for (const text of [
        err.message,
        err.toLogString(),
        describeError(err, { action: 'load My Snippets' }),
        ...logLines,
      ]) {
        assert.ok(!text.includes(wrong) && !text.includes(wrongBasic), `"${text}" shows the password`);
      }
    };

    // http.proxy: VS Code's resolver passes the URL's user info along in its result, and its agent sends it.
    patch({ proxy: withWrong });
    const fromSetting = await failure(
      client(named(server), { proxy: { httpProxy: withWrong, source: 'the http.proxy setting' } }).getMySnippets({
        limit: 1,
      }),
    );
    assert.equal(p.authorizations.at(-1), wrongBasic, 'VS Code sent the credentials of the URL');
    assert.equal(fromSetting.kind, 'proxy');
    assert.equal(fromSetting.proxyFailure, 'auth-required');
    assert.equal(fromSetting.status, 407);
    assert.equal(fromSetting.proxy, p.url);
    assert.equal(
      fromSetting.message,
      `The proxy ${p.url} to ${HOST}:${server.port} refused the credentials VS Code sent, from the http.proxy setting (HTTP 407).`,
    );
    assert.match(
      describeError(fromSetting, { action: 'load My Snippets' }),
      /Correct the proxy's user name and password in the http\.proxy setting\./,
    );
    assert.doesNotMatch(fromSetting.message, /did not supply/);
    assertNothingOf(fromSetting);

    // A PAC-style result with user info in it.
    network!.restore();
    patch({ resolveProxy: async () => `PROXY ${PROXY_USER}:${wrong}@${new URL(p.url).host}; DIRECT` });
    const fromPac = await failure(client(named(server)).getMySnippets({ limit: 1 }));
    // VS Code's agent reports only the entry it cut from the result at `;` and spaces, and no proxy
    // URL the user wrote says where its password ends: a host read from it could be the password's.
    assert.equal(fromPac.proxy, undefined);
    assert.equal(
      fromPac.message,
      `The proxy on the way to ${HOST}:${server.port} refused the credentials VS Code sent, from the proxy URL of a PAC file or the system's proxy settings (HTTP 407).`,
    );
    assertNothingOf(fromPac);
  });

  it('http.noProxy: a listed server is sent directly, and the proxy sees nothing', async () => {
    const p = await proxy();
    patch({ resolveProxy: pac(p), noProxy: [HOST] });
    const err = await failure(client(named(server)).getMySnippets({ limit: 1 }));
    assert.match(
      err.message,
      new RegExp(`Cannot reach ${HOST}:${server.port}: the host name could not be resolved`),
      'bypassing the proxy, the internal name does not resolve',
    );
    assert.deepEqual(p.seen, []);
  });

  for (const viaProxy of [false, true]) {
    it(`a server that demands a client certificate, reached ${viaProxy ? 'through the proxy' : 'directly'}: the certificate is kept`, async () => {
      const p = await proxy();
      patch({ resolveProxy: pac(p) });
      const url = viaProxy ? named(mtlsServer) : mtlsServer.url.replace('127.0.0.1', 'localhost');
      const pem: ClientCertificate = { certFile: certificates.certFile, keyFile: certificates.keyFile };
      const page = await client(url, { clientCertificate: { certificate: pem } }).getMySnippets({ limit: 1 });
      assert.ok(Array.isArray(page.values));
      assert.deepEqual(p.seen, viaProxy ? [`CONNECT ${HOST}:${mtlsServer.port}`] : []);
      const none = await failure(client(url).getMySnippets({ limit: 1 }));
      assert.equal(none.clientCertificate, 'required', none.message);
    });
  }

  it('CA files configured: their server is trusted, and so is the OS-trusted one (the whole list replaces what VS Code adds)', async () => {
    patch({});
    const withFiles = { caFiles: [otherCa.pemPath] };
    assert.ok(
      Array.isArray(
        (await client(otherCaServer.url.replace('127.0.0.1', 'localhost'), withFiles).getMySnippets({ limit: 1 }))
          .values,
      ),
    );
    // The OS store as this client reads it (SSL_CERT_FILE here) holds the company CA, as VS Code's does.
    const saved = process.env.SSL_CERT_FILE;
    process.env.SSL_CERT_FILE = osCa.pemPath;
    const { forgetSystemCertificates } = await import('../../src/api/trust/systemStore');
    forgetSystemCertificates();
    try {
      assert.ok(
        Array.isArray(
          (await client(server.url.replace('127.0.0.1', 'localhost'), withFiles).getMySnippets({ limit: 1 })).values,
        ),
      );
    } finally {
      if (saved === undefined) delete process.env.SSL_CERT_FILE;
      else process.env.SSL_CERT_FILE = saved;
      forgetSystemCertificates();
    }
  });

  it('verifies certificates with NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment', async () => {
    patch({});
    const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      // A CA neither the OS store nor any setting trusts.
      const err = await failure(
        client(otherCaServer.url.replace('127.0.0.1', 'localhost')).getMySnippets({ limit: 1 }),
      );
      assert.equal(err.tlsFailure, true, err.message);
    } finally {
      if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
    }
  });

  describe('bad input ends in a clear message that names the proxy or the server, and never hangs', () => {
    it('a PAC resolver that answers garbage: VS Code goes direct, and the message says where the proxy comes from', async () => {
      const p = await proxy();
      patch({ resolveProxy: async () => 'SOMETHING WRONG;;; 12' });
      const err = await failure(client(named(server)).getMySnippets({ limit: 1 }));
      assert.equal(err.kind, 'network');
      assert.match(err.message, new RegExp(`Cannot reach ${HOST}:${server.port}`));
      assert.match(err.message, /without a proxy.*http\.proxy, the PAC file or the system's proxy settings/);
      assert.deepEqual(p.seen, []);
    });

    it('a proxy that closes the connection', async () => {
      const p = await proxy({ closeConnections: true });
      patch({ resolveProxy: pac(p) });
      const err = await failure(client(named(server)).getMySnippets({ limit: 1 }));
      assert.equal(err.kind, 'proxy');
      assert.equal(err.proxy, p.url);
      assert.match(
        err.message,
        new RegExp(
          `The proxy ${p.url.replace(/\./g, '\\.')}, which VS Code chose for ${HOST}:${server.port}, closed the connection`,
        ),
      );
      assert.match(
        describeError(err, { action: 'load My Snippets' }),
        /http\.proxy setting, a PAC file or the system's proxy settings/,
      );
    });

    it('a proxy that is not there', async () => {
      const p = await proxy();
      await p.close();
      patch({ resolveProxy: pac(p) });
      const err = await failure(client(named(server)).getMySnippets({ limit: 1 }));
      assert.equal(err.proxyFailure, 'refused');
      assert.match(
        err.message,
        new RegExp(
          `The proxy ${p.url.replace(/\./g, '\\.')}, which VS Code chose for ${HOST}:${server.port}, refused the connection`,
        ),
      );
    });

    it('a proxy that demands a scheme nothing here answers (NTLM)', async () => {
      const p = await proxy({ authorization: 'NTLM never', challenge: 'NTLM' });
      patch({ resolveProxy: pac(p), lookupProxyAuthorization: async () => undefined });
      const err = await failure(client(named(server)).getMySnippets({ limit: 1 }));
      assert.equal(err.proxyFailure, 'unsupported-scheme');
      assert.match(err.message, /accepts only NTLM sign-in \(HTTP 407\)/);
      assert.match(describeError(err, { action: 'load My Snippets' }), /local proxy that answers NTLM/);
    });

    it('a client certificate with a wrong passphrase, through the proxy: named before anything is sent', async () => {
      const p = await proxy();
      patch({ resolveProxy: pac(p) });
      const wrong: PassphraseSource = { get: () => 'not the passphrase' };
      const err = await failure(
        client(named(mtlsServer), {
          clientCertificate: { certificate: { pfxFile: certificates.pfxFile }, passphrases: wrong },
        }).getMySnippets({ limit: 1 }),
      );
      assert.equal(err.clientCertificate, 'wrong-passphrase');
      assert.deepEqual(p.seen, [], 'nothing reached the proxy');
      assertNoSecrets(err.message, err.toLogString());
    });
  });
});
