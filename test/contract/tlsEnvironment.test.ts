// NODE_TLS_REJECT_UNAUTHORIZED=0 turns certificate checks off for every Node connection that
// does not say otherwise. The README promises that verification is always on, so a server with
// a CA nobody was given must still be refused with it set: by the client, through a proxy's
// CONNECT tunnel, and by the connection check, with the usual Ca Files message.
import * as assert from 'node:assert/strict';
import { BitbucketClient, type ClientOptions } from '../../src/api';
import { describeSignInError } from '../../src/util/describeError';
import { startServer, type RunningServer } from '../server/server';
import { createCertificateAuthority, type TestCertificateAuthority } from '../support/certificateAuthority';
import { failure } from '../support/failures';
import { startProxy, type TestProxy } from '../support/proxy';
import { check, stepOf } from '../unit/connectionCheck/support';
import { testWire } from '../support/testWire';

const byName = (url: string) => url.replace('127.0.0.1', 'localhost');
const IGNORED_LINE = /NODE_TLS_REJECT_UNAUTHORIZED=0 .*ignored/;

describe('TLS verification with NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment', function () {
  this.timeout(30_000);
  let unknownCa: TestCertificateAuthority;
  let server: RunningServer;
  let proxy: TestProxy;
  let saved: string | undefined;
  const logLines: string[] = [];
  const clients: BitbucketClient[] = [];
  const client = (extra: Partial<ClientOptions> = {}) => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl: byName(server.url),
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
      systemCertificates: false,
      log: (level, message) => logLines.push(`${level} ${message}`),
      ...extra,
    });
    clients.push(c);
    return c;
  };

  before(async () => {
    // The test makes this CA and never hands it to the client: the server cannot be trusted.
    unknownCa = await createCertificateAuthority('Unknown CA (test)');
    server = await startServer({ port: 0, tls: await unknownCa.issueServerCertificate() });
    proxy = await startProxy();
    saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  });
  after(async () => {
    if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await Promise.all([server?.close(), proxy?.close()]);
    await unknownCa?.remove();
  });

  const assertRefusedWithCaFilesMessage = (err: Awaited<ReturnType<typeof failure>>) => {
    assert.equal(err.tlsFailure, true, err.toLogString());
    assert.match(err.message, /certificate is not trusted/);
    const signIn = describeSignInError(err, 'localhost', 'basic');
    assert.equal(signIn.action, 'openCaSetting');
    assert.match(signIn.message, /"Bitbucket Snippets: Ca Files" setting/);
  };

  it('the client refuses the server, and the log says once that the variable is ignored', async () => {
    const c = client();
    assertRefusedWithCaFilesMessage(await failure(c.getMySnippets({ limit: 1 })));
    assertRefusedWithCaFilesMessage(await failure(c.getMySnippets({ limit: 1 })));
    assertRefusedWithCaFilesMessage(await failure(client().getMySnippets({ limit: 1 })));
    assert.equal(logLines.filter((l) => IGNORED_LINE.test(l)).length, 1, logLines.join('\n'));
    assert.ok(
      logLines.some((l) => l.startsWith('warn ') && IGNORED_LINE.test(l)),
      'said as a warning',
    );
  });

  it('the client refuses the server through a proxy (CONNECT tunnel)', async () => {
    // The extension's own proxy settings are the undici wire's (the node wire's proxy is VS Code's: vscodeNetwork.test.ts).
    const err = await failure(
      client({ wire: 'undici', proxy: { httpsProxy: proxy.url, source: 'the http.proxy setting' } }).getMySnippets({
        limit: 1,
      }),
    );
    assert.ok(
      proxy.seen.some((line) => line.startsWith('CONNECT localhost:')),
      proxy.seen.join(', '),
    );
    assertRefusedWithCaFilesMessage(err);
  });

  it('the client refuses an https:// proxy whose CA it was not given, and sends it no credentials', async () => {
    const proxyCa = await createCertificateAuthority('Unknown proxy CA (test)');
    const tlsProxy = await startProxy({ tls: await proxyCa.issueServerCertificate() });
    try {
      // The server's CA is given, so only the proxy's certificate is in question.
      const proxyUrl = byName(tlsProxy.url).replace('://', '://user:s3cret@');
      // In the editor this environment always gets the undici wire (chooseWire.ts): VS Code's stack would not verify the proxy.
      const err = await failure(
        client({
          wire: 'undici',
          caFiles: [unknownCa.pemPath],
          proxy: { httpsProxy: proxyUrl, source: 'the http.proxy setting' },
        }).getMySnippets({ limit: 1 }),
      );
      assert.equal(err.kind, 'proxy', err.toLogString());
      assert.equal(err.proxyFailure, 'certificate');
      assert.deepEqual(tlsProxy.seen, [], 'nothing went through the unverified proxy');
      assert.deepEqual(tlsProxy.authorizations, [], 'no credentials were sent to the unverified proxy');
    } finally {
      await tlsProxy.close();
      await proxyCa.remove();
    }
  });

  it('the connection check refuses it in its own TLS step and in its API steps', async () => {
    const result = await check({
      serverUrl: byName(server.url),
      credentials: { type: 'basic', username: 'alice', password: 'alice' },
    });
    const tls = stepOf(result, 'tls');
    assert.equal(tls.status, 'fail', JSON.stringify(tls));
    const auth = stepOf(result, 'auth');
    assert.notEqual(auth.status, 'pass', JSON.stringify(auth));
  });
});
