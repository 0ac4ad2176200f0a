// Which proxy a request takes, and what of its URL may be shown: settings before the
// environment, NO_PROXY as curl reads it, credentials out of the URL and into a header.
import * as assert from 'node:assert/strict';
import { BitbucketError } from '../../../../src/api/errors';
import { bypassesProxy, parseProxyUrl, proxyForTarget } from '../../../../src/api/wire/undici/proxyForTarget';

const HTTPS_TARGET = new URL('https://bitbucket.corp.example:8443/bitbucket');
const HTTP_TARGET = new URL('http://bitbucket.corp.example/');
const basic = (userPass: string) => `Basic ${Buffer.from(userPass).toString('base64')}`;

function thrown(fn: () => unknown): BitbucketError {
  try {
    fn();
  } catch (err) {
    if (err instanceof BitbucketError) return err;
    throw err;
  }
  assert.fail('expected a BitbucketError');
}

describe('proxy for a target', () => {
  it('takes the credentials out of the URL: the label and URI never hold them', () => {
    const proxy = parseProxyUrl('http://jo%40corp:s3cr%3At@proxy.corp:3128', 'the http.proxy setting');
    assert.deepEqual(proxy, {
      label: 'http://proxy.corp:3128',
      uri: 'http://proxy.corp:3128/',
      authorization: basic('jo@corp:s3cr:t'),
      credentialsFrom: 'the http.proxy setting',
    });
  });

  it('prefers http.proxyAuthorization to credentials in the URL', () => {
    assert.equal(
      parseProxyUrl('http://u:p@proxy:8080', 's', {
        value: 'Negotiate abc',
        source: 'the http.proxyAuthorization setting',
      }).authorization,
      'Negotiate abc',
    );
  });

  it('reads a bare host:port as an http:// proxy, and fills in default ports', () => {
    assert.equal(parseProxyUrl('proxy.corp:3128', 's').label, 'http://proxy.corp:3128');
    assert.equal(parseProxyUrl('https://proxy.corp', 's').label, 'https://proxy.corp:443');
  });

  it('refuses a URL that does not parse, or another scheme, without repeating the password', () => {
    const bad = thrown(() => parseProxyUrl('http://user:hunter2@[proxy', 'the http.proxy setting'));
    assert.equal(bad.kind, 'proxy');
    assert.equal(bad.proxyFailure, 'invalid-url');
    assert.match(bad.message, /The proxy URL in the http\.proxy setting is not a valid URL/);
    assert.doesNotMatch(bad.message, /hunter2/);
    const socks = thrown(() => parseProxyUrl('socks5://user:hunter2@proxy:1080', 'HTTPS_PROXY'));
    assert.match(socks.message, /must start with http:\/\/ or https:\/\//);
    assert.doesNotMatch(socks.message, /hunter2/);
  });

  it('uses the settings before the environment, and HTTPS_PROXY before HTTP_PROXY for https', () => {
    const env = { HTTPS_PROXY: 'http://env-https:1', HTTP_PROXY: 'http://env-http:2' };
    assert.equal(proxyForTarget(HTTPS_TARGET, { httpsProxy: 'http://setting:3' }, env)?.label, 'http://setting:3');
    assert.equal(proxyForTarget(HTTPS_TARGET, {}, env)?.label, 'http://env-https:1');
    assert.equal(proxyForTarget(HTTPS_TARGET, {}, { HTTP_PROXY: 'http://env-http:2' })?.label, 'http://env-http:2');
    assert.equal(proxyForTarget(HTTP_TARGET, undefined, env)?.label, 'http://env-http:2');
    assert.equal(proxyForTarget(HTTP_TARGET, undefined, { https_proxy: 'http://only-https:1' }), undefined);
    assert.equal(proxyForTarget(HTTPS_TARGET, {}, {}), undefined);
  });

  it('names the environment variable when its URL is wrong', () => {
    const err = thrown(() => proxyForTarget(HTTPS_TARGET, {}, { HTTPS_PROXY: 'http://[oops' }));
    assert.match(err.message, /the HTTPS_PROXY environment variable/);
  });

  it('sends http.proxyAuthorization to a proxy that came from the environment too', () => {
    assert.equal(
      proxyForTarget(HTTPS_TARGET, { authorization: 'Basic abc' }, { HTTPS_PROXY: 'http://p:1' })?.authorization,
      'Basic abc',
    );
  });

  it('goes direct for NO_PROXY hosts: exact, subdomains, with a port, and *', () => {
    assert.equal(bypassesProxy(HTTPS_TARGET, 'localhost, corp.example'), true);
    assert.equal(bypassesProxy(HTTPS_TARGET, '.corp.example'), true);
    assert.equal(bypassesProxy(HTTPS_TARGET, '*.corp.example'), true);
    assert.equal(bypassesProxy(HTTPS_TARGET, 'bitbucket.corp.example:8443'), true);
    assert.equal(bypassesProxy(HTTPS_TARGET, 'bitbucket.corp.example:443'), false);
    assert.equal(bypassesProxy(HTTP_TARGET, 'bitbucket.corp.example:80'), true);
    assert.equal(bypassesProxy(HTTPS_TARGET, 'example'), true, 'a parent domain without a dot still covers it');
    assert.equal(
      bypassesProxy(HTTPS_TARGET, 'other.example,ket.corp.example'),
      false,
      'a suffix that is not a whole label does not',
    );
    assert.equal(bypassesProxy(HTTPS_TARGET, '*'), true);
    assert.equal(bypassesProxy(HTTPS_TARGET, ''), false);
  });

  it('joins http.noProxy with NO_PROXY', () => {
    const env = { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'corp.example' };
    assert.equal(proxyForTarget(HTTPS_TARGET, {}, env), undefined);
    assert.equal(
      proxyForTarget(HTTPS_TARGET, { noProxy: 'bitbucket.corp.example' }, { HTTPS_PROXY: 'http://p:1' }),
      undefined,
    );
    assert.equal(
      proxyForTarget(HTTPS_TARGET, { noProxy: 'elsewhere' }, { HTTPS_PROXY: 'http://p:1' })?.label,
      'http://p:1',
    );
  });
});
