// A proxy's password may hold any character, and the user may write it unencoded in http.proxy or
// HTTPS_PROXY. A URL parser then ends the user info at a `/`, `?` or `#`, and VS Code's proxy
// agent ends an entry of its PAC-style result at a `;` or a space: what follows looks like a host
// made of the password. Every place a proxy becomes a label or a log text is checked here against
// such passwords: VS Code's result and the entry its agent cuts from it, its errors, a 407 through
// it, the extension's own client's proxy and the connection check's.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  editorProxyError,
  editorProxyResponseError,
  proxyLabelOf,
  writtenProxyUrls,
} from '../../../../src/api/wire/node/editorProxyErrors';
import { proxyError } from '../../../../src/api/wire/undici/proxyErrors';
import { parseProxyUrl, type ResolvedProxy } from '../../../../src/api/wire/undici/proxyForTarget';
import { describeProxy } from '../../../../src/model/connectionCheck/proxy';

/**
 * Letters that no user name, host or message here holds: a 3-character piece of the password with
 * one of them in it, found in a text, can only have come from the password.
 */
const MARKERS = ['Q', 'Z', 'J', 'é', 'ß', '😀'];
const SPECIALS = [';', ' ', '@', ':', '/', '#', '%', '?'];

const password = fc
  .array(fc.constantFrom(...MARKERS, ...SPECIALS), { minLength: 3, maxLength: 14 })
  .map((chars) => chars.join(''));
const host = fc.constantFrom('proxy.corp', '127.0.0.1', '[::1]', 'p');
const port = fc.integer({ min: 1, max: 65535 });

/** The pieces of `secret` (by code point, any case) that only the password holds. */
function markedPieces(secret: string): string[] {
  const points = Array.from(secret.toLowerCase());
  const pieces: string[] = [];
  for (let i = 0; i + 3 <= points.length; i++) {
    const piece = points.slice(i, i + 3);
    if (piece.some((c) => MARKERS.some((m) => m.toLowerCase() === c))) pieces.push(piece.join(''));
  }
  return pieces;
}

function assertNoPieceOf(secret: string, texts: Array<string | undefined>): void {
  for (const text of texts) {
    if (text === undefined) continue;
    for (const piece of markedPieces(secret)) {
      assert.ok(
        !text.toLowerCase().includes(piece),
        `"${text}" shows "${piece}" of the password ${JSON.stringify(secret)}`,
      );
    }
  }
}

/**
 * The texts the extension makes of a proxy VS Code chose, from its whole PAC-style result and the
 * entry its agent cut from it, when the user wrote the proxy URL `written` (http.proxy or HTTPS_PROXY).
 */
function editorTexts(result: string, written: string): Array<string | undefined> {
  // VS Code's agent: the first entry, cut at `;`; it reports that entry as the proxy it used.
  const entry = result.trim().split(/\s*;\s*/)[0];
  const urls = writtenProxyUrls({ httpProxy: written }, {});
  const failed = editorProxyError(
    new Error(`Failed to establish a socket connection to proxies: ${result}`),
    { codes: ['ENOTFOUND'], tlsCode: undefined },
    'GET /x',
    'bitbucket.test',
    urls,
  );
  const refused = editorProxyResponseError(
    'Basic realm="corp"',
    entry,
    'bitbucket.test',
    'GET /x',
    'the http.proxy setting',
    urls,
  );
  return [
    proxyLabelOf(result, urls),
    proxyLabelOf(entry, urls),
    proxyLabelOf(entry),
    failed?.message,
    failed?.toLogString(),
    refused.message,
    refused.toLogString(),
  ];
}

/** The texts the extension's own client and the connection check make of a proxy URL. */
function ownTexts(url: string): Array<string | undefined> {
  let proxy: ResolvedProxy | undefined;
  let refusal: string | undefined;
  try {
    proxy = parseProxyUrl(url, 'the http.proxy setting');
  } catch (err) {
    refusal = (err as Error).message;
  }
  const answered =
    proxy &&
    proxyError(
      new Error('Proxy response (407) !== 200 when HTTP Tunneling'),
      { codes: [], tlsCode: undefined },
      proxy,
      'GET /x',
      'bitbucket.test',
    );
  return [
    proxy?.label,
    proxy?.uri,
    refusal,
    answered?.message,
    answered?.toLogString(),
    describeProxy('http.proxy', url).display,
  ];
}

describe('a proxy password with any character in it never shows in a label or a log text', () => {
  const examples: Array<[string, string, number]> = [
    ['QZJ;ss word', 'proxy', 3128],
    ['QZJ ss', 'proxy', 3128],
    ['QZJ/x', 'proxy', 3128],
    ['p@QZJ/x', 'proxy', 3128],
    ['p@QZJ#x', 'proxy', 3128],
    ['Q@ZJé;x', 'proxy', 3128],
    // The agent reports "bob:@QQQ": a "host" that is the password's after its `@`, up to its `;`.
    ['@QQQ;QQ', 'proxy.corp', 1],
    ['x@QQQ QQ', 'proxy.corp', 1],
  ];

  it("through VS Code's network stack: its PAC-style result (as http.proxy or HTTPS_PROXY put it there) and what its agent reports", () => {
    fc.assert(
      fc.property(password, host, port, fc.constantFrom('', '/', '; DIRECT'), (secret, name, number, tail) => {
        // VS Code's resolver puts everything after `scheme://` of the URL behind "PROXY ".
        assertNoPieceOf(
          secret,
          editorTexts(`PROXY bob:${secret}@${name}:${number}${tail}`, `http://bob:${secret}@${name}:${number}`),
        );
      }),
      {
        examples: examples.flatMap(([secret, name, number]) => [
          [secret, name, number, '; DIRECT'],
          [secret, name, number, ''],
        ]),
        numRuns: 500,
      },
    );
  });

  it("through the extension's own client and in the connection check: http.proxy or HTTPS_PROXY written with the password as it is", () => {
    fc.assert(
      fc.property(password, host, port, fc.constantFrom('http', 'https', 'socks5'), (secret, name, number, scheme) => {
        assertNoPieceOf(secret, ownTexts(`${scheme}://bob:${secret}@${name}:${number}`));
      }),
      { examples: examples.map(([secret, name, number]) => [secret, name, number, 'http']), numRuns: 500 },
    );
  });

  it('still names the proxy when the password is percent-encoded, or holds only characters a URL allows there', () => {
    const encoded = encodeURIComponent('QZJ;ss word/#?@:%');
    const written = (url: string) => writtenProxyUrls({}, { HTTPS_PROXY: url });
    assert.equal(
      proxyLabelOf(`PROXY bob:${encoded}@proxy.corp:3128; DIRECT`, written(`http://bob:${encoded}@proxy.corp:3128`)),
      'http://proxy.corp:3128',
    );
    assert.equal(
      proxyLabelOf('PROXY bob:p@ss@proxy.corp:3128/', written('http://bob:p@ss@proxy.corp:3128/')),
      'http://proxy.corp:3128',
    );
    // A result with user info that no written proxy URL names: VS Code's agent may have cut it.
    assert.equal(proxyLabelOf('PROXY bob:p@ss@proxy.corp:3128/'), undefined);
    assert.equal(
      parseProxyUrl(`http://bob:${encoded}@proxy.corp:3128`, 'the http.proxy setting').label,
      'http://proxy.corp:3128',
    );
    assert.equal(
      parseProxyUrl('http://bob:pa;ss word@proxy.corp:3128', 'the http.proxy setting').label,
      'http://proxy.corp:3128',
    );
    assert.equal(
      describeProxy('http.proxy', `http://bob:${encoded}@proxy.corp:3128`).display,
      'http://proxy.corp:3128',
    );
  });

  it('says which setting to fix when a password character makes the URL name another host', () => {
    assert.throws(
      () => parseProxyUrl('http://bob:p@QZJ/x@proxy.corp:3128', 'the http.proxy setting'),
      (err: Error) => {
        assert.match(
          err.message,
          /The proxy URL in the http\.proxy setting cannot be read: characters such as \/, \?, # or @ in its user name or password must be percent-encoded/,
        );
        return true;
      },
    );
  });
});
