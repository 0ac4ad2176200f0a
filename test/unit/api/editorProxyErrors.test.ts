// What VS Code's network stack says about its proxy is data: a PAC-style result may carry
// http.proxy's credentials and a 407's challenge is the proxy's text. Only a URL without
// credentials and known scheme names ever reach a message or the log.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  agentSentCredentials,
  editorCredentialsSource,
  editorProxyResponseError,
  offeredSchemes,
  proxyLabelOf,
  writtenProxyUrls,
} from '../../../src/api/wire/node/editorProxyErrors';

describe('proxies VS Code chose, as messages show them', () => {
  it('names a proxy by its URL without credentials, and DIRECT or garbage by nothing', () => {
    assert.equal(
      proxyLabelOf('PROXY proxy-user:s3cret@127.0.0.1:3128', ['http://proxy-user:s3cret@127.0.0.1:3128']),
      'http://127.0.0.1:3128',
    );
    assert.equal(proxyLabelOf('HTTPS proxy.corp:443; DIRECT'), 'https://proxy.corp:443');
    assert.equal(proxyLabelOf('SOCKS5 [::1]:1080'), 'socks://[::1]:1080');
    for (const nothing of ['DIRECT', '', 'SOMETHING WRONG;;; 12', 'PROXY [x](command:workbench.action.terminal.new)']) {
      assert.equal(proxyLabelOf(nothing), undefined, nothing);
    }
  });

  it('never lets a password of the result through, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4 }).filter((p) => !/[\s;@]/.test(p)),
        fc.constantFrom('PROXY', 'HTTPS', 'SOCKS'),
        (password, type) => {
          const label = proxyLabelOf(`${type} user:${password}@proxy.corp:8080`, [
            `http://user:${password}@proxy.corp:8080`,
          ]);
          return label === undefined || !label.includes(password);
        },
      ),
    );
  });

  it("reads only known scheme names from a 407's challenge, and a hostile one becomes no link", () => {
    assert.deepEqual(offeredSchemes('Negotiate, NTLM, Basic realm="corp"'), ['Negotiate', 'NTLM', 'Basic']);
    assert.deepEqual(offeredSchemes('[click](command:workbench.action.terminal.new?%5B%5D)'), []);
    const err = editorProxyResponseError(
      '[click](command:x) realm="a"',
      'PROXY u:pw@127.0.0.1:9',
      'bitbucket.test:443',
      'GET /x',
      undefined,
      writtenProxyUrls({ httpProxy: 'http://u:pw@127.0.0.1:9' }, {}),
    );
    assert.ok(!err.message.includes('command:') && !err.message.includes('pw@'), err.message);
    assert.equal(err.proxy, 'http://127.0.0.1:9');
  });

  it('a 407 after VS Code sent the user info of the proxy URL it used: refused, from where VS Code took that URL', () => {
    assert.equal(agentSentCredentials('PROXY u:p@127.0.0.1:9'), true);
    assert.equal(agentSentCredentials('PROXY 127.0.0.1:9'), false);
    assert.equal(agentSentCredentials(undefined), false);
    assert.equal(
      editorCredentialsSource(
        { httpProxy: 'http://u:p@h:1', source: 'the http.proxy setting' },
        { HTTPS_PROXY: 'http://x:y@e:2' },
      ),
      'the http.proxy setting',
    );
    assert.equal(
      editorCredentialsSource({}, { HTTPS_PROXY: 'http://x:y@e:2' }),
      'the HTTPS_PROXY environment variable',
    );
    assert.equal(
      editorCredentialsSource(undefined, { http_proxy: 'http://x:y@e:2' }),
      'the http_proxy environment variable',
    );
    assert.equal(editorCredentialsSource(undefined, {}), "the proxy URL of a PAC file or the system's proxy settings");
    const written = writtenProxyUrls(undefined, { HTTPS_PROXY: 'http://u:pw@127.0.0.1:9' });
    const err = editorProxyResponseError(
      'Basic realm="corp"',
      'PROXY u:pw@127.0.0.1:9',
      'bitbucket.test:443',
      'GET /x',
      'the HTTPS_PROXY environment variable',
      written,
    );
    assert.equal(
      err.message,
      'The proxy http://127.0.0.1:9 to bitbucket.test:443 refused the credentials VS Code sent, from the HTTPS_PROXY environment variable (HTTP 407).',
    );
    assert.equal(err.proxyCredentialsFrom, 'the HTTPS_PROXY environment variable');
  });
});
