// The check's pure inputs: a pasted URL cut back to the base URL, and which proxy applies.
import * as assert from 'node:assert/strict';
import { describeProxy, proxyFor } from '../../../src/model/connectionCheck/proxy';
import { proxyStep } from '../../../src/model/connectionCheck/networkFindings';
import { analyseTargetUrl } from '../../../src/model/connectionCheck/targetUrl';

describe('connection check inputs', () => {
  describe('the server URL', () => {
    it('cuts a repository page or a plugin servlet back to the base URL, keeping the context path', () => {
      assert.equal(
        analyseTargetUrl('https://git.example.com/bitbucket/projects/PROJ/repos/x/browse').baseUrl,
        'https://git.example.com/bitbucket',
      );
      assert.equal(
        analyseTargetUrl('https://git.example.com/plugins/servlet/snippets/browse').baseUrl,
        'https://git.example.com',
      );
      assert.equal(
        analyseTargetUrl('https://git.example.com:8443/bb/rest/api/latest/projects').baseUrl,
        'https://git.example.com:8443/bb',
      );
      assert.match(
        analyseTargetUrl('https://git.example.com/bb/projects/PROJ').notes[0],
        /address of a page \(\/projects\/PROJ\); the server's base URL is https:\/\/git\.example\.com\/bb\./,
      );
    });

    it('keeps a base URL as it is, without a trailing slash', () => {
      assert.deepEqual(analyseTargetUrl(' https://git.example.com/bitbucket/ '), {
        baseUrl: 'https://git.example.com/bitbucket',
        notes: [],
      });
    });

    it('drops credentials without repeating them, and refuses what is not an http(s) URL', () => {
      const withPassword = analyseTargetUrl('https://me:hunter2@git.example.com');
      assert.equal(withPassword.baseUrl, 'https://git.example.com');
      assert.ok(!JSON.stringify(withPassword).includes('hunter2'));
      assert.match(analyseTargetUrl('hunter2').problem ?? '', /is not a URL/);
      assert.ok(!JSON.stringify(analyseTargetUrl('hunter2')).includes('hunter2'));
      assert.match(
        analyseTargetUrl('ssh://git@git.example.com:7999').problem ?? '',
        /must start with https:\/\/ or http:\/\//,
      );
    });
  });

  describe('the proxy', () => {
    const target = new URL('https://git.example.com/bitbucket');

    it('http.proxy wins over the environment, and http.noProxy bypasses it', () => {
      const env = { HTTPS_PROXY: 'http://env-proxy:8080' };
      assert.deepEqual(proxyFor(target, { setting: 'http://set-proxy:3128', env }), {
        kind: 'proxy',
        proxy: {
          from: 'http.proxy',
          display: 'http://set-proxy:3128',
          hadCredentials: false,
          hostname: 'set-proxy',
          port: 3128,
        },
      });
      assert.equal(
        proxyFor(target, { setting: 'http://set-proxy:3128', settingNoProxy: ['.example.com'], env }).kind,
        'bypassed',
      );
    });

    it('takes HTTPS_PROXY (any case) for https, HTTP_PROXY for http, and NO_PROXY', () => {
      const decision = proxyFor(target, { env: { https_proxy: 'http://u:p@env-proxy:8080' } });
      assert.equal(decision.kind, 'proxy');
      assert.equal(decision.kind === 'proxy' && decision.proxy.from, 'HTTPS_PROXY');
      assert.equal(decision.kind === 'proxy' && decision.proxy.hadCredentials, true);
      assert.equal(proxyFor(new URL('http://git.example.com'), { env: { HTTPS_PROXY: 'http://p:1' } }).kind, 'none');
      assert.equal(
        proxyFor(target, { env: { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'other.org, git.example.com:443' } }).kind,
        'bypassed',
      );
      assert.equal(
        proxyFor(target, { env: { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'git.example.com:8443' } }).kind,
        'proxy',
      );
      assert.equal(proxyFor(target, { env: {} }).kind, 'none');
    });

    it("never shows a proxy's password, even in a value that is not a URL", () => {
      assert.equal(describeProxy('HTTP_PROXY', 'http://user:s3cret@proxy:3128').display, 'http://proxy:3128');
      assert.equal(describeProxy('HTTP_PROXY', 'proxy.corp:3128').display, 'http://proxy.corp:3128');
      assert.ok(!JSON.stringify(describeProxy('HTTP_PROXY', 'http://user:s3cret@[bad')).includes('s3cret'));
    });
  });
});

describe('connection check: the proxy step', () => {
  it('no proxy and a timed-out connection: suggests a PAC or OS proxy and names http.proxy', () => {
    const result = proxyStep({ kind: 'none' }, true, false);
    assert.equal(result.status, 'fail');
    assert.match(result.next ?? '', /PAC script, which the extension cannot see.*"http\.proxy" setting/);
  });

  it('no proxy and a connection that did not time out: passes, saying it connects directly', () => {
    const result = proxyStep({ kind: 'none' }, false, false);
    assert.equal(result.status, 'pass');
    assert.match(result.summary, /connects directly/);
  });

  it('a proxy that cannot be reached fails and points at where it is set', () => {
    const result = proxyStep(
      { kind: 'proxy', proxy: describeProxy('HTTPS_PROXY', 'http://u:pw@proxy.corp:3128') },
      false,
      false,
    );
    assert.equal(result.status, 'fail');
    assert.equal(result.next, 'Check HTTPS_PROXY.');
    assert.ok(!JSON.stringify(result).includes('pw@'));
  });

  it("with VS Code's network stack: the proxy is VS Code's choice per request, and the step says which transport carried the requests", () => {
    const result = proxyStep({ kind: 'none' }, true, false, { kind: 'node', reason: 'editor' });
    assert.equal(result.status, 'pass', 'a PAC or OS proxy the direct steps cannot see is no failure here');
    assert.match(
      result.summary,
      /Chosen by VS Code for each request: its "http\.proxy" setting, a PAC file or the operating system's proxy settings/,
    );
    assert.deepEqual(result.details, ["Requests go through VS Code's network stack, as VS Code's own do."]);
    const named = proxyStep(
      { kind: 'proxy', proxy: describeProxy('http.proxy', 'http://u:pw@proxy.corp:3128') },
      false,
      true,
      { kind: 'node', reason: 'editor' },
    );
    assert.ok(
      named.details.some((d) => d.includes('http://proxy.corp:3128')),
      named.details.join('\n'),
    );
    assert.ok(!JSON.stringify(named).includes('pw@'));
  });

  it("with the extension's own client: says why, above the proxy it uses", () => {
    const off = proxyStep(
      { kind: 'proxy', proxy: describeProxy('http.proxy', 'http://proxy.corp:3128') },
      false,
      true,
      { kind: 'undici', reason: 'proxy-support-off' },
    );
    assert.equal(
      off.details[0],
      "Requests go through the extension's own HTTP client, because http.proxySupport is off.",
    );
    assert.match(off.summary, /Through http:\/\/proxy\.corp:3128/);
    const auth = proxyStep({ kind: 'none' }, false, true, { kind: 'undici', reason: 'proxy-authorization' });
    assert.match(auth.details[0], /because http\.proxyAuthorization is set/);
  });
});
