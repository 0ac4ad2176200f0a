// Which connection settings apply to a server: the top-level defaults, and the `servers` entry
// whose URL matches however it is written (trailing slash, case, default port, context path).
import * as assert from 'node:assert/strict';
import {
  parseClientCertificate,
  resolveConnectionSettings,
  serverKey,
  type ConnectionSettings,
} from '../../../src/api/connectionSettings';

const defaults: ConnectionSettings = {
  caFiles: ['/etc/company-ca.pem'],
  clientCertificate: undefined,
  snippetsRestPrefix: undefined,
  pagesRestPrefix: 'rest/latest/pages-settings',
  requestTimeoutSeconds: 30,
  maxResponseSizeMB: 50,
};

describe('connection settings per server', () => {
  it('gives the top-level settings when there is no servers entry, or none that matches', () => {
    assert.deepEqual(resolveConnectionSettings('https://bb.example.com', defaults, {}), {
      ...defaults,
      entry: undefined,
      ignored: [],
    });
    const other = { 'https://other.example.com': { requestTimeoutSeconds: 5 } };
    const resolved = resolveConnectionSettings('https://bb.example.com', defaults, other);
    assert.equal(resolved.entry, undefined);
    assert.equal(resolved.requestTimeoutSeconds, 30);
  });

  it('matches a key whatever its trailing slash, scheme and host case, or default port', () => {
    for (const key of [
      'https://bb.example.com/bitbucket/',
      'HTTPS://BB.Example.COM/bitbucket',
      'https://bb.example.com:443/bitbucket',
      ' https://bb.example.com/bitbucket//',
    ]) {
      const resolved = resolveConnectionSettings('https://bb.example.com/bitbucket', defaults, {
        [key]: { requestTimeoutSeconds: 90 },
      });
      assert.equal(resolved.requestTimeoutSeconds, 90, key);
      assert.equal(resolved.entry, key);
    }
  });

  it('keeps the path case, other ports and other schemes apart', () => {
    for (const key of [
      'https://bb.example.com/Bitbucket',
      'https://bb.example.com:8443/bitbucket',
      'http://bb.example.com/bitbucket',
      'https://bb.example.com/bit',
    ]) {
      assert.equal(
        resolveConnectionSettings('https://bb.example.com/bitbucket', defaults, {
          [key]: { requestTimeoutSeconds: 90 },
        }).entry,
        undefined,
        key,
      );
    }
  });

  it('lets a key without the context path cover the host, and the more precise key win', () => {
    const servers = {
      'https://bb.example.com': { requestTimeoutSeconds: 60 },
      'https://bb.example.com/bitbucket': { requestTimeoutSeconds: 90 },
    };
    assert.equal(
      resolveConnectionSettings('https://bb.example.com/bitbucket', defaults, servers).requestTimeoutSeconds,
      90,
    );
    assert.equal(
      resolveConnectionSettings('https://bb.example.com/other', defaults, servers).requestTimeoutSeconds,
      60,
    );
  });

  it('takes a key without a scheme as https', () => {
    assert.equal(
      resolveConnectionSettings('https://bb.example.com', defaults, { 'bb.example.com': { pagesRestPrefix: 'x' } })
        .pagesRestPrefix,
      'x',
    );
  });

  it('overrides each field of an entry, and keeps the defaults of the fields it does not name', () => {
    const resolved = resolveConnectionSettings('https://a.example.com', defaults, {
      'https://a.example.com': {
        caFiles: ['/a.pem'],
        clientCertificate: { pfxFile: '/me.p12' },
        snippetsRestPrefix: 'rest/snip/2',
      },
    });
    assert.deepEqual(resolved.caFiles, ['/a.pem']);
    assert.deepEqual(resolved.clientCertificate, { pfxFile: '/me.p12' });
    assert.equal(resolved.snippetsRestPrefix, 'rest/snip/2');
    assert.equal(resolved.pagesRestPrefix, defaults.pagesRestPrefix);
    assert.equal(resolved.requestTimeoutSeconds, 30);
  });

  it('gives a server its own response size limit, and ignores one that is not a positive number', () => {
    const servers = {
      'https://big.example.com': { maxResponseSizeMB: 200 },
      'https://bad.example.com': { maxResponseSizeMB: 0 },
    };
    assert.equal(resolveConnectionSettings('https://big.example.com', defaults, servers).maxResponseSizeMB, 200);
    assert.equal(resolveConnectionSettings('https://other.example.com', defaults, servers).maxResponseSizeMB, 50);
    const bad = resolveConnectionSettings('https://bad.example.com', defaults, servers);
    assert.equal(bad.maxResponseSizeMB, 50);
    assert.deepEqual(bad.ignored, ['servers["https://bad.example.com"].maxResponseSizeMB is not a positive number']);
  });

  it('lets an entry drop the default client certificate with null', () => {
    const withCertificate = { ...defaults, clientCertificate: { certFile: '/c.pem', keyFile: '/k.pem' } };
    assert.deepEqual(resolveConnectionSettings('https://x.example.com', withCertificate, {}).clientCertificate, {
      certFile: '/c.pem',
      keyFile: '/k.pem',
    });
    assert.equal(
      resolveConnectionSettings('https://x.example.com', withCertificate, {
        'https://x.example.com': { clientCertificate: null },
      }).clientCertificate,
      undefined,
    );
  });

  it('ignores values of the wrong shape, and says which', () => {
    const resolved = resolveConnectionSettings('https://a.example.com', defaults, {
      'https://a.example.com': {
        caFiles: '/one.pem',
        requestTimeoutSeconds: -1,
        clientCertificate: { certFile: '/c.pem' },
        pagesRestPrefix: 3,
      },
      'not a url at all': {},
    });
    assert.deepEqual(resolved.caFiles, defaults.caFiles);
    assert.equal(resolved.requestTimeoutSeconds, 30);
    assert.equal(resolved.clientCertificate, undefined);
    assert.equal(resolved.pagesRestPrefix, defaults.pagesRestPrefix);
    assert.equal(resolved.ignored.length, 5, resolved.ignored.join('\n'));
    assert.ok(resolved.ignored.some((w) => w.includes('clientCertificate') && w.includes('keyFile')));
  });

  it('expands a leading ~ in every file path', () => {
    const resolved = resolveConnectionSettings(
      'https://a.example.com',
      { ...defaults, caFiles: ['~/ca.pem'] },
      { 'https://a.example.com': { clientCertificate: { certFile: '~/c.pem', keyFile: '~/k.pem' } } },
      '/home/me',
    );
    assert.deepEqual(resolved.caFiles, ['/home/me/ca.pem']);
    assert.deepEqual(resolved.clientCertificate, { certFile: '/home/me/c.pem', keyFile: '/home/me/k.pem' });
  });

  it('normalises server keys, and refuses what is not an http(s) URL', () => {
    assert.equal(serverKey('HTTPS://Host.Example:443/Ctx/'), 'https://host.example/Ctx');
    assert.equal(serverKey('http://host:80'), 'http://host');
    assert.equal(serverKey('http://host:7990/'), 'http://host:7990');
    assert.equal(serverKey('ftp://host'), undefined);
    assert.equal(serverKey('https://'), undefined);
  });

  it('reads a client certificate as PEM pair or PKCS#12, never both', () => {
    assert.deepEqual(parseClientCertificate({ pfxFile: 'a.p12' }), { pfxFile: 'a.p12' });
    assert.deepEqual(parseClientCertificate({ certFile: 'c', keyFile: 'k' }), { certFile: 'c', keyFile: 'k' });
    assert.equal(parseClientCertificate({}), undefined);
    assert.equal(parseClientCertificate({ pfxFile: 'a.p12', certFile: 'c', keyFile: 'k' }), 'invalid');
    assert.equal(parseClientCertificate({ keyFile: 'k' }), 'invalid');
    assert.equal(parseClientCertificate('a.p12'), 'invalid');
  });
});
