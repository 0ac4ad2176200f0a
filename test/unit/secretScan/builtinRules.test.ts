// The scan's own rules, each on a fixed table of its secrets and of text that only looks like them.
import * as assert from 'node:assert/strict';
import { bitbucketTokens } from '../../../src/model/secretScan/bitbucketTokens';
import { BUILTIN_RULES } from '../../../src/model/secretScan/builtinRules';
import { NAMED_RULE_IDS } from '../../../src/model/secretScan/ruleNames';
import { privateKeys } from '../../../src/model/secretScan/privateKeys';
import type { BuiltinRule } from '../../../src/model/secretScan/secretMatch';
import { urlPasswords } from '../../../src/model/secretScan/urlPasswords';
import { BBDC_TOKEN, OLD_BITBUCKET_TOKEN, base64Like, pem } from './fixtures';

/** The values a rule finds in `text`. */
const valuesFound = (rule: BuiltinRule, text: string): string[] =>
  rule.find(text).map((m) => text.slice(m.start, m.end));

function holdsTable(rule: BuiltinRule, finds: Array<[text: string, value: string]>, leaves: string[]): void {
  for (const [text, value] of finds) {
    assert.deepEqual(valuesFound(rule, text), [value], `finds ${JSON.stringify(value)} in ${JSON.stringify(text)}`);
  }
  for (const text of leaves) assert.deepEqual(valuesFound(rule, text), [], `leaves ${JSON.stringify(text)} alone`);
}

describe('secret scan: built-in rules', () => {
  it('finds Bitbucket HTTP access tokens: BBDC- anywhere, the older 44 characters only where used as a token', () => {
    holdsTable(
      bitbucketTokens,
      [
        [`export BITBUCKET=${BBDC_TOKEN}`, BBDC_TOKEN],
        [
          `curl -H "Authorization: Bearer ${BBDC_TOKEN}" https://bitbucket.example.com/rest/api/latest/projects`,
          BBDC_TOKEN,
        ],
        [
          `curl -H "Authorization: Bearer ${OLD_BITBUCKET_TOKEN}" https://bitbucket.example.com/rest`,
          OLD_BITBUCKET_TOKEN,
        ],
        [
          `git clone https://x-token-auth:${OLD_BITBUCKET_TOKEN}@bitbucket.example.com/scm/p/r.git`,
          OLD_BITBUCKET_TOKEN,
        ],
        [`BITBUCKET_TOKEN=${OLD_BITBUCKET_TOKEN}`, OLD_BITBUCKET_TOKEN],
        [`{ "token": "${OLD_BITBUCKET_TOKEN}" }`, OLD_BITBUCKET_TOKEN],
        [`authorization: ${OLD_BITBUCKET_TOKEN}`, OLD_BITBUCKET_TOKEN],
      ],
      [
        // The older form without the context that makes it a token: any base64 of that length.
        `checksum: ${OLD_BITBUCKET_TOKEN}`,
        OLD_BITBUCKET_TOKEN,
        'Authorization: Bearer ${BITBUCKET_TOKEN}',
        `token = ${'abcdefghijk'.repeat(4)}`, // 44 letters of one case: a word, not a token
        `token: ${base64Like(43, 5)}=`, // a SHA-256 in base64
        `token: ${base64Like(45, 5)}`,
        `token=${'0123456789abcdef'.repeat(3).slice(0, 40)}`, // a git SHA
        `BBDC-${base64Like(43, 3)}`,
        `XBBDC-${base64Like(44, 3)}`,
      ],
    );
  });

  it('finds a password in a URL, and not a user alone, a port, a query or a placeholder', () => {
    holdsTable(
      urlPasswords,
      [
        ['git clone https://bob:hunter2x@bitbucket.example.com/scm/p/r.git', 'hunter2x'],
        ['DATABASE_URL=postgres://app:S3cr3t!@db.internal:5432/app', 'S3cr3t!'],
        ['mongodb+srv://u:p%40ss-w0rd@cluster0.example.net/db', 'p%40ss-w0rd'],
        ['proxy = "http://user:pa:ss@[::1]:8080/"', 'pa:ss'],
        ['HTTPS://Alice:Correct-Horse@HOST.example.com', 'Correct-Horse'],
      ],
      [
        'git clone ssh://git@bitbucket.example.com:7999/p/r.git',
        'https://bob@bitbucket.example.com/scm/p/r.git',
        'https://bitbucket.example.com:8443/scm/p/r.git',
        'https://example.com/login?next=a:b@c',
        'https://user:${DB_PASSWORD}@db.example.com',
        'https://user:${{ secrets.PASSWORD }}@db.example.com',
        'https://user:$PASSWORD@db.example.com',
        'https://user:%PASSWORD%@db.example.com',
        'https://username:password@example.com',
        'https://user:***@example.com',
        'https://user:@example.com',
        'mailto:bob@example.com',
        'bob@example.com:22',
      ],
    );
  });

  it('finds private keys of every PEM kind, a key across line breaks, CRLF, JSON-escaped and cut short', () => {
    const kinds = [
      'RSA PRIVATE KEY',
      'EC PRIVATE KEY',
      'DSA PRIVATE KEY',
      'OPENSSH PRIVATE KEY',
      'ENCRYPTED PRIVATE KEY',
      'PRIVATE KEY',
      'PGP PRIVATE KEY BLOCK',
    ];
    const keys = kinds.map((kind) => pem(kind));
    const pgp = pem('PGP PRIVATE KEY BLOCK', { headers: 'Version: GnuPG v2' });
    const encryptedPkcs1 = pem('RSA PRIVATE KEY', {
      headers: 'Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123456789ABCDEF0123456789ABCDEF',
    });
    const crlf = pem('EC PRIVATE KEY', { eol: '\r\n' });
    const ssh2 = [
      '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----',
      base64Like(64),
      base64Like(64, 2),
      '---- END SSH2 ENCRYPTED PRIVATE KEY ----',
    ].join('\n');
    const cut = pem('OPENSSH PRIVATE KEY').split('\n').slice(0, 4).join('\n');
    const inJson = JSON.stringify({ private_key: pem('PRIVATE KEY') });
    holdsTable(
      privateKeys,
      [
        ...keys.map((key): [string, string] => [`key: |\n${key}\nrest`, key]),
        [pgp, pgp],
        [encryptedPkcs1, encryptedPkcs1],
        [crlf, crlf],
        [ssh2, ssh2],
        [`${cut}\n\nnext paragraph`, cut],
        [inJson, JSON.stringify(pem('PRIVATE KEY')).slice(1, -1)],
      ],
      [
        '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
        '-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----',
        'Paste the block that starts with -----BEGIN OPENSSH PRIVATE KEY----- into the field.',
        pem('PUBLIC KEY'),
        pem('CERTIFICATE'),
        pem('PGP PUBLIC KEY BLOCK'),
      ],
    );
  });

  it('names the place of the value: offsets of the value, not of its context', () => {
    const text = `a\nBearer ${OLD_BITBUCKET_TOKEN}`;
    const [m] = bitbucketTokens.find(text);
    assert.equal(m.start, text.indexOf(OLD_BITBUCKET_TOKEN));
    const url = 'x https://bob:hunter2x@host';
    assert.deepEqual(
      urlPasswords.find(url).map((f) => [f.start, f.end]),
      [[url.indexOf('hunter2x'), url.indexOf('@')]],
    );
  });

  it("names every rule of its own in the user's words, each id once", () => {
    const ids = BUILTIN_RULES.map((rule) => rule.id);
    for (const id of ids) assert.ok(NAMED_RULE_IDS.includes(id), `${id} has a name`);
    assert.equal(new Set(ids).size, ids.length, 'each id once');
    assert.ok(ids.length >= 80, `${ids.length} rules`);
  });
});
