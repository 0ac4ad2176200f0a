// A password in a URL's user info is found where the rule's expression finds it, as a search of
// every character would: the rule tries the expression only just before each `://`.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { urlPasswords } from '../../../src/model/secretScan/urlPasswords';

/** The rule's expression, searched for at every character. */
const URL_WITH_PASSWORD = /\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/?#@'"`<>]*:([^\s/?#@'"`<>]+)@(?=[a-z0-9[])/dgi;

/** Whether the rule keeps a password (not a placeholder), asked of the password alone in a URL. */
const kept = (password: string) => urlPasswords.find(`x://u:${password}@h`).length === 1;

const everywhere = (text: string) =>
  [...text.matchAll(URL_WITH_PASSWORD)]
    .filter((m) => kept(m[1]))
    .map((m) => m.indices?.[1])
    .map((place) => [place?.[0], place?.[1]]);

const PIECES = [
  ...[
    'https',
    'http',
    'postgres',
    'git+ssh',
    'X',
    'a',
    'é',
    '\u212A',
    'ſ',
    '_',
    '1',
    '+',
    '.',
    '-',
    'abcdefghijklmnopqrstuvwxyz0123',
  ],
  ...['://', '://', ':', ':', '@', '@', '/', ' ', '\n', '"', 'user', 'hunter2', '[', '$', '{', '}', '%', '*', 'pass'],
];

const part = (...options: string[]) => fc.constantFrom(...options);

/** A URL with user info, or almost one: each part sometimes one that breaks it. */
const url = fc
  .tuple(
    part('https', 'postgres', 'git+ssh', 'a', 'X1', 'abcdefghijklmnopqrstuvwxyz0123', '1x', ''),
    part('://', '://', '://', ':/', '://'),
    part('user', '', 'u.s', 'a:b', 'x@y'),
    part(':', ':', ':', ''),
    part('hunter2', 's3cr3t!', '${PW}', '***', 'pass', 'p/w', 'é', ''),
    part('@', '@', '@', '@@', ''),
    part('host', '[::1]', '10.0.0.1', '-x', ''),
  )
  .map((parts) => parts.join(''));

describe('secret scan: passwords in URLs', () => {
  it('finds the places the expression finds at every character, placeholders left out', () => {
    let found = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...PIECES), url), { maxLength: 30 }).map((parts) => parts.join('')),
        (text) => {
          const expected = everywhere(text);
          assert.deepEqual(
            urlPasswords.find(text).map((m) => [m.start, m.end]),
            expected,
          );
          found += expected.length;
        },
      ),
      {
        numRuns: 5000,
        examples: [
          ['x abcdefghijklmnopqrstuvwxyz01234://u:pw@h'],
          ['abcdefghijklmnopqrstuvwxyz0123a://u:pw@h https://a:b@c'],
          ['https://a:b@chttps://c:d@e'],
          ['1https://u:p@h'],
          ['_https://u:p@h -https://u:p@h'],
        ],
      },
    );
    assert.ok(found > 500, `${found} found`);
  });
});
