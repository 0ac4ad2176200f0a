// Server URLs in one form (src/util/serverUrl.ts): sign-in keeps an account's server URL in it, and
// what comes from elsewhere (a command's argument, a setting, a link) is put in it before it is
// compared with an account's, instead of trimming slashes at each comparison.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { serverKey } from '../../../src/api/connectionSettings';
import { normaliseServerUrl, sameServer } from '../../../src/util/serverUrl';

const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);
const host = fc.oneof(
  fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.')),
  fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.0.${a}.${b}`),
  fc.constant('[::1]'),
);
const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/).filter((s) => s !== '.' && s !== '..');
const contextPath = fc.array(segment, { maxLength: 3 }).map((segments) => segments.map((s) => `/${s}`).join(''));

/** A server as sign-in keeps it, and the many ways a person or a setting may write the same one. */
const server = fc.record({
  scheme: fc.constantFrom('https', 'http'),
  host,
  port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  path: contextPath,
});
const written = fc.record({
  upperScheme: fc.boolean(),
  upperHost: fc.boolean(),
  defaultPort: fc.boolean(),
  slashes: fc.nat(3),
  query: fc.option(fc.constantFrom('?a=1', '?', '#top', '?x#y'), { nil: '' }),
  spaces: fc.constantFrom('', ' ', '\t', ' \n'),
});

type Server = { scheme: string; host: string; port: number | undefined; path: string };
const portOf = (s: Server) =>
  s.port === undefined || s.port === (s.scheme === 'https' ? 443 : 80) ? '' : `:${s.port}`;
const canonical = (s: Server) => `${s.scheme}://${s.host}${portOf(s)}${s.path}`;
function write(
  s: Server,
  w: { upperScheme: boolean; upperHost: boolean; defaultPort: boolean; slashes: number; query: string; spaces: string },
): string {
  const scheme = w.upperScheme ? s.scheme.toUpperCase() : s.scheme;
  const hostText = w.upperHost ? s.host.toUpperCase() : s.host;
  const port =
    s.port === undefined && w.defaultPort
      ? `:${s.scheme === 'https' ? 443 : 80}`
      : s.port === undefined
        ? ''
        : `:${s.port}`;
  return `${w.spaces}${scheme}://${hostText}${port}${s.path}${'/'.repeat(w.slashes)}${w.query}${w.spaces}`;
}

describe('server URLs in one form', function () {
  this.timeout(30_000);
  it('however a server is written, it comes out in the one form', () => {
    fc.assert(fc.property(server, written, (s, w) => normaliseServerUrl(write(s, w)) === canonical(s)));
  });

  it('is idempotent: the one form is its own normal form', () => {
    fc.assert(
      // Written servers, and any text after a scheme and host: dots, percent signs, backslashes, spaces.
      fc.property(
        fc.oneof(
          fc.tuple(server, written).map(([s, w]) => write(s, w)),
          fc.tuple(server, fc.string()).map(([s, rest]) => `${canonical(s)}${rest}`),
          fc.string(),
        ),
        (raw) => {
          const once = normaliseServerUrl(raw);
          return once === undefined || normaliseServerUrl(once) === once;
        },
      ),
    );
  });

  it('two writings of one server are the same server; servers that differ in host, port, scheme or context path are not', () => {
    fc.assert(fc.property(server, written, written, (s, w1, w2) => sameServer(write(s, w1), write(s, w2))));
    fc.assert(
      fc.property(
        server,
        server,
        written,
        written,
        (a, b, w1, w2) => sameServer(write(a, w1), write(b, w2)) === (canonical(a) === canonical(b)),
      ),
    );
  });

  it('examples: trailing slashes, default ports, upper case and a context path', () => {
    assert.equal(normaliseServerUrl('HTTPS://Bitbucket.Example.com:443/'), 'https://bitbucket.example.com');
    assert.equal(normaliseServerUrl('http://h.example:7990/bitbucket//'), 'http://h.example:7990/bitbucket');
    assert.ok(sameServer('https://h.example/bitbucket/', 'https://H.EXAMPLE:443/bitbucket'));
    assert.ok(!sameServer('https://h.example/bitbucket', 'https://h.example'));
    assert.ok(!sameServer('https://h.example', 'http://h.example'));
    assert.ok(sameServer('http://h.example:80', 'http://H.Example/'), "port 80 is http's default");
    assert.ok(!sameServer('http://h.example:443', 'https://h.example'), "443 is only https's default");
    assert.ok(
      !sameServer('https://h.example/bitbucket', 'https://h.example/Bitbucket'),
      'the context path is kept as written',
    );
  });

  it("a `servers` key is matched in the same form (connectionSettings.ts's serverKey), only kinder to what it accepts", () => {
    fc.assert(fc.property(server, written, (s, w) => serverKey(write(s, w)) === canonical(s)));
    assert.equal(
      serverKey('bitbucket.example.com/ctx/'),
      'https://bitbucket.example.com/ctx',
      'a key without a scheme is https',
    );
    assert.equal(
      serverKey('https://alice@h.example'),
      'https://h.example',
      'credentials in a key are dropped, not refused',
    );
    assert.equal(serverKey('ftp://h.example'), undefined);
  });

  it('what is not a server URL has no form, and is no server', () => {
    for (const raw of [
      '',
      'bitbucket.example.com',
      'ftp://h.example',
      'https://alice:secret@h.example',
      'https://alice@h.example',
      'javascript:alert(1)',
      'https://',
    ]) {
      assert.equal(normaliseServerUrl(raw), undefined, raw);
      assert.equal(sameServer(raw, raw), false, raw);
    }
  });
});
