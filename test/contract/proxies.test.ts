// Proxies as company networks have them, over real sockets on loopback: one that wants
// credentials (407 without the right Proxy-Authorization), one that turns CONNECT down, one that
// is not there, and an https:// proxy with a company certificate. Every failure names the proxy
// and the setting to fix; no password ever reaches the log or an error's text.
import * as assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { BitbucketClient, BitbucketError, type ClientOptions, type ProxyOptions } from '../../src/api';
import { describeError, describeSignInError } from '../../src/util/describeError';
import { startServer, type RunningServer } from '../server/server';
import { createCertificateAuthority, type TestCertificateAuthority } from '../support/certificateAuthority';
import { startProxy, type TestProxy } from '../support/proxy';
import { failure } from '../support/failures';

const USER = 'proxy-user';
const PASSWORD = 'pr0xy-s3cret';
const GOOD_AUTHORIZATION = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const SECRETS = [
  PASSWORD,
  GOOD_AUTHORIZATION,
  Buffer.from(`${USER}:${PASSWORD}`).toString('base64'),
  'Negotiate wrong-token',
];

/** TLS names a host, not an address (RFC 6066): certificates are checked against `localhost`. */
const byName = (url: string) => url.replace('127.0.0.1', 'localhost');
const withCredentials = (proxyUrl: string, user: string, password: string) =>
  proxyUrl.replace('://', `://${encodeURIComponent(user)}:${encodeURIComponent(password)}@`);

describe('proxies', function () {
  this.timeout(30_000);
  let ca: TestCertificateAuthority;
  let httpServer: RunningServer;
  let httpsServer: RunningServer;
  const stops: Array<() => Promise<void>> = [];
  const logLines: string[] = [];
  const clients: BitbucketClient[] = [];
  const client = (baseUrl: string, proxy: ProxyOptions, extra: Partial<ClientOptions> = {}) => {
    const c = new BitbucketClient({
      baseUrl,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
      caFiles: [ca.pemPath],
      proxy: { source: 'the http.proxy setting', ...proxy },
      log: (level, message) => logLines.push(`${level} ${message}`),
      ...extra,
    });
    clients.push(c);
    return c;
  };
  const proxy = async (behaviour: Parameters<typeof startProxy>[0]): Promise<TestProxy> => {
    const p = await startProxy(behaviour);
    stops.push(() => p.close());
    return p;
  };
  /** Nothing secret in the log, the error, its log line or either user message. */
  const assertNoSecrets = (err?: BitbucketError) => {
    const texts = [...logLines];
    if (err) {
      texts.push(
        err.message,
        err.toLogString(),
        describeError(err, { action: 'load My Snippets' }),
        describeSignInError(err, 'h', 'basic').message,
      );
    }
    for (const text of texts) {
      for (const secret of SECRETS) assert.ok(!text.includes(secret), `"${text}" shows a secret`);
    }
  };
  const targets = () => [
    {
      name: 'an http:// server (forwarded)',
      url: httpServer.url,
      expect: `GET ${httpServer.url.replace(/\/bitbucket$/, '')}`,
    },
    {
      name: 'an https:// server (tunnelled)',
      url: byName(httpsServer.url),
      expect: `CONNECT localhost:${httpsServer.port}`,
    },
  ];

  before(async () => {
    ca = await createCertificateAuthority('Company Proxy CA (test)');
    httpServer = await startServer({ port: 0, contextPath: '/bitbucket' });
    httpsServer = await startServer({ port: 0, tls: await ca.issueServerCertificate() });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await Promise.all(stops.splice(0).map((stop) => stop()));
    logLines.length = 0;
  });
  after(async () => {
    await Promise.all([httpServer?.close(), httpsServer?.close()]);
    await ca?.remove();
  });

  describe('a proxy that wants credentials', () => {
    for (const { label, options } of [
      {
        label: 'user:password in http.proxy',
        options: (url: string): ProxyOptions => ({
          httpProxy: withCredentials(url, USER, PASSWORD),
          httpsProxy: withCredentials(url, USER, PASSWORD),
        }),
      },
      {
        label: 'http.proxyAuthorization',
        options: (url: string): ProxyOptions => ({
          httpProxy: url,
          httpsProxy: url,
          authorization: GOOD_AUTHORIZATION,
        }),
      },
    ]) {
      it(`lets requests through with ${label}, to http:// and https:// servers`, async () => {
        const p = await proxy({ authorization: GOOD_AUTHORIZATION });
        for (const target of targets()) {
          const page = await client(target.url, options(p.url)).getMySnippets({ limit: 1 });
          assert.ok(Array.isArray(page.values), target.name);
          assert.ok(
            p.seen.some((line) => line.startsWith(target.expect)),
            `${target.name}: ${p.seen.join(', ')}`,
          );
        }
        assert.deepEqual(
          new Set(p.authorizations),
          new Set([GOOD_AUTHORIZATION]),
          'the header went to the proxy every time',
        );
        assert.ok(
          logLines.some((l) => l.includes(`using the proxy ${p.url} with credentials`)),
          logLines.join('\n'),
        );
        assertNoSecrets();
      });
    }

    for (const { label, options, env, says, advice } of [
      {
        label: 'wrong credentials in http.proxy',
        options: (url: string): ProxyOptions => ({
          httpsProxy: withCredentials(url, USER, 'wrong'),
          httpProxy: withCredentials(url, USER, 'wrong'),
        }),
        says: /refused the credentials from the http\.proxy setting \(HTTP 407\)\./,
        advice: /Correct the proxy's user name and password in the http\.proxy setting\./,
      },
      {
        label: 'wrong credentials in HTTPS_PROXY / HTTP_PROXY',
        options: (): ProxyOptions => ({}),
        env: (url: string) => ({
          HTTPS_PROXY: withCredentials(url, USER, 'wrong'),
          HTTP_PROXY: withCredentials(url, USER, 'wrong'),
        }),
        says: /refused the credentials from the HTTP(S)?_PROXY environment variable \(HTTP 407\)\./,
        advice: /Correct the proxy's user name and password in the HTTP(S)?_PROXY environment variable\./,
      },
      {
        label: 'a wrong http.proxyAuthorization',
        options: (url: string): ProxyOptions => ({
          httpsProxy: url,
          httpProxy: url,
          authorization: 'Negotiate wrong-token',
          authorizationSource: 'the http.proxyAuthorization setting',
        }),
        says: /refused the credentials from the http\.proxyAuthorization setting \(HTTP 407\)\./,
        advice: /Correct the proxy's user name and password in the http\.proxyAuthorization setting\./,
      },
      {
        label: 'no credentials',
        options: (url: string): ProxyOptions => ({ httpsProxy: url, httpProxy: url }),
        says: /wants credentials \(HTTP 407\), and none are configured/,
        advice: /http\.proxy setting \(http:\/\/user:password@host:port\).*http\.proxyAuthorization/,
      },
    ]) {
      it(`answers ${label} with a 407 message naming the proxy and where to fix it`, async () => {
        const p = await proxy({ authorization: GOOD_AUTHORIZATION });
        const saved = { ...process.env };
        if (env) {
          for (const name of ['NO_PROXY', 'no_proxy', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) {
            delete process.env[name];
          }
          Object.assign(process.env, env(p.url));
        }
        try {
          for (const target of targets()) {
            const err = await failure(client(target.url, options(p.url)).getMySnippets({ limit: 1 }));
            assert.equal(err.kind, 'proxy', `${target.name}: ${err.toLogString()}`);
            assert.equal(err.proxyFailure, 'auth-required');
            assert.equal(err.status, 407);
            assert.equal(err.proxy, p.url);
            assert.ok(err.message.startsWith(`The proxy ${p.url} `), err.message);
            assert.match(err.message, says);
            const signIn = describeSignInError(err, '127.0.0.1', 'basic');
            assert.equal(signIn.action, 'openProxySetting');
            assert.match(signIn.message, advice);
            assertNoSecrets(err);
          }
        } finally {
          if (env) {
            for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
            Object.assign(process.env, saved);
          }
        }
      });
    }
  });

  describe('a proxy that refuses', () => {
    for (const status of [403, 502]) {
      it(`names the proxy when it answers CONNECT with ${status}`, async () => {
        const p = await proxy({ refuseConnectWith: status });
        const target = targets()[1];
        const err = await failure(
          client(target.url, { httpsProxy: withCredentials(p.url, USER, PASSWORD) }).getMySnippets({ limit: 1 }),
        );
        assert.equal(err.kind, 'proxy');
        assert.equal(err.proxyFailure, 'refused');
        assert.equal(
          err.message,
          `The proxy ${p.url} refused to connect to localhost:${httpsServer.port} (HTTP ${status}).`,
        );
        assert.match(
          describeError(err, { action: 'load My Snippets' }),
          /Could not load My Snippets: The proxy .* Check the http\.proxy setting .*http\.noProxy/,
        );
        assert.equal(describeSignInError(err, 'h', 'basic').action, 'openProxySetting');
        assertNoSecrets(err);
      });
    }

    it('names the proxy when nothing listens at its address', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      for (const target of targets()) {
        const url = withCredentials(`http://127.0.0.1:${port}`, USER, PASSWORD);
        const err = await failure(client(target.url, { httpProxy: url, httpsProxy: url }).getMySnippets({ limit: 1 }));
        assert.equal(err.kind, 'proxy', `${target.name}: ${err.toLogString()}`);
        assert.equal(err.proxyFailure, 'refused');
        assert.match(err.message, new RegExp(`^The proxy http://127\\.0\\.0\\.1:${port} refused the connection\\.`));
        assertNoSecrets(err);
      }
    });

    it('says which setting holds a proxy URL that does not parse, without repeating it', async () => {
      const err = await failure(
        client(httpServer.url, { httpProxy: `http://${USER}:${PASSWORD}@[proxy:80` }).getMySnippets({ limit: 1 }),
      );
      assert.equal(err.kind, 'proxy');
      assert.equal(err.proxyFailure, 'invalid-url');
      assert.match(
        describeError(err, { action: 'load My Snippets' }),
        /The proxy URL in the http\.proxy setting is not a valid URL/,
      );
      assert.equal(describeSignInError(err, 'h', 'basic').action, 'openProxySetting');
      assertNoSecrets(err);
    });
  });

  describe('an https:// proxy', () => {
    let proxyCa: TestCertificateAuthority;
    before(async () => {
      proxyCa = await createCertificateAuthority('Company TLS Proxy CA (test)');
    });
    after(() => proxyCa?.remove());

    it('is verified like the server, even where http.proxyStrictSSL would turn that off, and says to add its CA', async () => {
      const p = await proxy({ tls: await proxyCa.issueServerCertificate(), authorization: GOOD_AUTHORIZATION });
      const proxyUrl = byName(p.url);
      const url = withCredentials(proxyUrl, USER, PASSWORD);
      const err = await failure(client(targets()[1].url, { httpsProxy: url }).getMySnippets({ limit: 1 }));
      assert.equal(err.kind, 'proxy', err.toLogString());
      assert.equal(err.proxyFailure, 'certificate');
      assert.equal(err.tlsFailure, true);
      assert.match(
        err.message,
        new RegExp(`The secure connection to the proxy ${proxyUrl} failed: its certificate is not trusted`),
      );
      const signIn = describeSignInError(err, 'h', 'basic');
      assert.equal(signIn.action, 'openCaSetting');
      assert.match(
        signIn.message,
        /always verifies certificates, the proxy's too, whatever http\.proxyStrictSSL says: add the proxy's CA certificate file to the "Bitbucket Snippets: Ca Files" setting/,
      );
      assert.deepEqual(p.authorizations, [], 'no credentials were sent to an unverified proxy');
      assertNoSecrets(err);
    });

    it('is trusted through the Ca Files setting, which then serves the proxy and the server', async () => {
      const p = await proxy({ tls: await proxyCa.issueServerCertificate(), authorization: GOOD_AUTHORIZATION });
      const url = withCredentials(byName(p.url), USER, PASSWORD);
      const page = await client(
        targets()[1].url,
        { httpsProxy: url },
        { caFiles: [ca.pemPath, proxyCa.pemPath] },
      ).getMySnippets({ limit: 1 });
      assert.ok(Array.isArray(page.values));
      assert.deepEqual(p.authorizations, [GOOD_AUTHORIZATION]);
      assertNoSecrets();
    });
  });

  describe('the environment', () => {
    const saved = new Map<string, string | undefined>();
    const names = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
    beforeEach(() => {
      for (const name of names) {
        saved.set(name, process.env[name]);
        delete process.env[name];
      }
    });
    afterEach(() => {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('uses HTTPS_PROXY and NO_PROXY when no proxy setting is given', async () => {
      const p = await proxy({ authorization: GOOD_AUTHORIZATION });
      process.env.HTTPS_PROXY = withCredentials(p.url, USER, PASSWORD);
      const target = targets()[1];
      await client(target.url, {}).getMySnippets({ limit: 1 });
      assert.deepEqual(p.seen, [target.expect]);
      process.env.NO_PROXY = 'localhost';
      await client(target.url, {}).getMySnippets({ limit: 1 });
      assert.deepEqual(p.seen, [target.expect], 'a NO_PROXY host goes direct');
      assertNoSecrets();
    });
  });
});
