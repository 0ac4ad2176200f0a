// A server's error text may quote any credential the check used, anywhere in a sentence ("Login
// for alice with password s3cr3t-Pa55 failed"). The report must show none of them, in none of the
// forms a server or proxy writes them in, and must not give their length away; a weak password
// still only hides where it is a value (reportWeakPasswords.test.ts), and reportSecrets.ts says
// where the line between the two runs.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Credentials } from '../../../src/api/http';
import { formatReport, redact, type ReportContext } from '../../../src/model/connectionCheck/report';
import { hiddenFormsOf, strengthOf } from '../../../src/model/connectionCheck/reportSecrets';
import { json, startScriptedServer, type ScriptedServer } from '../../support/scriptedServer';
import { check } from './support';

/** What differs between two runs of the same check: the server's port, the time and how long connecting took. */
const normalised = (report: string) =>
  report
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/Checked: \S+/g, 'Checked: <time>')
    .replace(/in \d+ ms/g, 'in <n> ms');

/** How a server could quote a secret: in a sentence, beside punctuation, inside a longer word, encoded as in a URL, a form, JSON. */
function echoesOf(secret: string): string[] {
  return [
    `Login for alice with password ${secret} failed`,
    `(${secret}).`,
    `"${secret}",`,
    `x${secret}y`,
    `retry https://bitbucket.example.com/login?user=alice&password=${encodeURIComponent(secret)}&next=1`,
    `form user=alice&password=${new URLSearchParams([['p', secret]]).toString().slice(2)}`,
    `body {"password":${JSON.stringify(secret)}}`,
  ];
}

/** The forms of a secret that must not appear anywhere in the report. */
function shownForms(secret: string): string[] {
  return [
    ...new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
      new URLSearchParams([['p', secret]]).toString().slice(2),
    ]),
  ];
}

interface Case {
  what: string;
  credentials: Credentials;
  context: (secret: string) => Omit<ReportContext, 'credentials'>;
  proxyEnv?: (secret: string) => Record<string, string>;
}

// Two secrets of each kind, of different lengths: the reports they give must be the same.
const CASES: Array<Case & { secrets: [string, string] }> = [
  {
    what: 'the password',
    secrets: ['s3cr3t-Pa55', 's3cr3t-Pa55 w/ more @ the end!'],
    credentials: { type: 'basic', username: 'alice', password: '' },
    context: () => ({}),
  },
  {
    what: 'the token',
    secrets: ['BBDC-NzE0MjY3OTk2NTcy', 'BBDC-NzE0MjY3OTk2NTcyOkQ+ZXbY/aW1pQj0=x'],
    credentials: { type: 'token', token: '' },
    context: () => ({}),
  },
  {
    what: "the proxy's password (HTTPS_PROXY)",
    secrets: ['pr0xy@Pa55/word', 'pr0xy@Pa55/word and 30 more chars!!'],
    credentials: { type: 'basic', username: 'alice', password: 'alice' },
    context: () => ({}),
    proxyEnv: (secret) => ({
      HTTPS_PROXY: `http://proxy-user:${encodeURIComponent(secret)}@127.0.0.1:9`,
      HTTP_PROXY: `http://proxy-user:${encodeURIComponent(secret)}@127.0.0.1:9`,
      NO_PROXY: '127.0.0.1',
    }),
  },
  {
    what: "the proxy's password (http.proxy)",
    secrets: ['pr0xy:Pa55%word', 'pr0xy:Pa55%word, twice as long'],
    credentials: { type: 'basic', username: 'alice', password: 'alice' },
    context: (secret) => ({
      proxy: {
        setting: `http://proxy-user:${encodeURIComponent(secret)}@proxy.example.com:3128`,
        settingNoProxy: ['127.0.0.1'],
        env: {},
      },
    }),
  },
  {
    what: 'the password in http.proxyAuthorization',
    secrets: ['auth0rization-Pa55', 'auth0rization-Pa55 with much more'],
    credentials: { type: 'basic', username: 'alice', password: 'alice' },
    context: (secret) => ({ proxyAuthorization: `Basic ${Buffer.from(`proxy-user:${secret}`).toString('base64')}` }),
  },
  {
    what: "the client certificate's passphrase",
    secrets: ['c3rt passphrase!', 'c3rt passphrase! and then some'],
    credentials: { type: 'basic', username: 'alice', password: 'alice' },
    context: (secret) => ({ passphrases: [secret] }),
  },
];

describe('connection check report: a server that echoes a strong credential', function () {
  this.timeout(30_000);
  let server: ScriptedServer;
  before(async () => {
    server = await startScriptedServer();
  });
  after(() => server.close());

  async function reportEchoing(c: Case, secret: string): Promise<string> {
    server.script(
      json(500, {
        errors: [{ context: null, message: echoesOf(secret).join(' | '), exceptionName: 'com.example.Echo' }],
      }),
    );
    const credentials: Credentials =
      c.credentials.type === 'token'
        ? { type: 'token', token: c.credentials.token || secret }
        : { ...c.credentials, password: c.credentials.password || secret };
    const proxy = c.proxyEnv ? { env: c.proxyEnv(secret) } : undefined;
    const result = await check({ serverUrl: server.url, credentials, ...(proxy ? { proxy } : {}) });
    return normalised(formatReport(result, { credentials, ...(proxy ? { proxy } : {}), ...c.context(secret) }));
  }

  for (const c of CASES) {
    it(`hides ${c.what} in a sentence, beside punctuation, inside a word and encoded, without giving its length away`, async () => {
      const [short, long] = c.secrets;
      assert.equal(strengthOf(short), 'strong', 'not vacuous: a strong secret');
      const report = await reportEchoing(c, short);
      assert.ok(
        report.includes('Login for alice with password [hidden] failed'),
        `not vacuous: the echo is in the report, its secret hidden:\n${report}`,
      );
      for (const shown of [...shownForms(short), ...shownForms(long)]) {
        assert.ok(!report.includes(shown), `the report shows ${shown}:\n${report}`);
      }
      assert.ok(
        report.includes('x[hidden]y') && report.includes('([hidden]).') && report.includes('"[hidden]",'),
        report,
      );
      // The mark is the same whatever the secret's length: a longer secret gives the same report.
      assert.equal(await reportEchoing(c, long), report);
    });
  }
});

describe('connection check report: redaction by word', () => {
  const basic = (password: string): Credentials => ({ type: 'basic', username: 'alice', password });
  const redactWith = (text: string, context: ReportContext) => {
    const hidden = hiddenFormsOf(context);
    return redact(text, hidden.values, hidden.words, hidden);
  };

  it("hides the issue's example, twice", () => {
    const text = 'Login for alice with password s3cr3t-Pa55 failed. Password s3cr3t-Pa55 is wrong.';
    assert.equal(
      redactWith(text, { credentials: basic('s3cr3t-Pa55') }),
      'Login for alice with password [hidden] failed. Password [hidden] is wrong.',
    );
  });

  it('sorts secrets by strength: two kinds of characters and 8 or more are strong; one kind only is "long" from 12 on; the rest is weak', () => {
    for (const secret of ['s3cr3t-Pa55', 'Password1', 'two words', 'BBDC-NzE0MjY3OTk2NTcy', '127.0.0.1']) {
      assert.equal(strengthOf(secret), 'strong', secret);
    }
    for (const secret of ['correcthorsebatterystaple', '123456789012']) {
      assert.equal(strengthOf(secret), 'long', secret);
    }
    for (const secret of ['pass', 'a', 'e', 'alice', 'password', 'Passwort', '12345678', 'p4ss']) {
      assert.equal(strengthOf(secret), 'weak', secret);
    }
  });

  it('hides a long passphrase of letters only as a whole word, never inside a longer one', () => {
    const context = { credentials: basic('correcthorsebatterystaple') };
    assert.equal(
      redactWith('password correcthorsebatterystaple, (correcthorsebatterystaple).', context),
      'password [hidden], ([hidden]).',
    );
    assert.equal(redactWith('xcorrecthorsebatterystaple', context), 'xcorrecthorsebatterystaple');
  });

  it("hides the proxy's credentials of a Proxy-Authorization value: the value, its Basic part, the decoded password", () => {
    const basicPart = Buffer.from('proxy-user:auth0rization-Pa55').toString('base64');
    const shown = redactWith(
      `sent Basic ${basicPart}; decoded proxy-user:auth0rization-Pa55; password auth0rization-Pa55!`,
      { proxyAuthorization: `Basic ${basicPart}` },
    );
    assert.equal(shown, 'sent [hidden]; decoded [hidden]; password [hidden]!');
  });

  it('hides a password in a proxy value that is not a URL, and a user name that stands alone as the credential', () => {
    assert.equal(
      redactWith('echo pr0xy-Pa55!', { proxy: { setting: 'proxy-user:pr0xy-Pa55@[not a url', env: {} } }),
      'echo [hidden]!',
    );
    assert.equal(
      redactWith('token 7f3a9c2e-b1d4 was refused', {
        proxy: { env: { HTTPS_PROXY: 'http://7f3a9c2e-b1d4@proxy:3128' } },
      }),
      'token [hidden] was refused',
    );
  });

  it('hides a proxy password written with an unencoded "/", "?" or "@", which a URL parser reads otherwise', () => {
    for (const password of ['pa/ss-w0rd', 'pa?ss-w0rd', 'p@ss/w0rd', '12/ss-w0rd']) {
      const shown = redactWith(`the proxy refused ${password}.`, {
        proxy: { setting: `http://proxy-user:${password}@proxy.example.com:3128`, env: {} },
      });
      assert.equal(shown, 'the proxy refused [hidden].', password);
    }
  });

  it('hides a password in the server URL the user typed, and takes no "@" of its path for one', () => {
    assert.equal(
      redactWith('user url-user, password url-Pa55word.', {
        serverUrl: 'https://url-user:url-Pa55word@bitbucket.example.com',
      }),
      'user url-user, password [hidden].',
    );
    const page = 'checked https://bitbucket.example.com/users/jo@corp.example';
    assert.equal(redactWith(page, { serverUrl: 'https://bitbucket.example.com/users/jo@corp.example' }), page);
  });

  it('leaves no secret that a mark and the text beside it spell again', () => {
    // "[hid" + "den]x1y2" becomes "[hid[hidden]", not "[hidden]x1y2" with the secret still in it.
    const secret = 'den]x1y2';
    const shown = redactWith(`a [hid${secret}x1y2x1y2 b`, { passphrases: [secret] });
    assert.ok(!shown.includes(secret), shown);
  });

  /** Secrets the marks alone could spell ("[hidden]" itself): no mark can hide them, so they are left out. */
  const spelledByMarks = (secret: string) => '[hidden]'.repeat(Math.ceil(secret.length / 8) + 1).includes(secret);
  /** What a password box gives: no half of a surrogate pair (which no URL could hold either). */
  const wellFormed = (secret: string) =>
    !/[\uD800-\uDFFF]/u.test(secret.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

  it('property: for any strong secret of any kind and any text around it, the redacted text does not hold the secret', () => {
    const strong = fc.string({
      minLength: 8,
      maxLength: 24,
      unit: fc.oneof(
        fc.constantFrom('a', 'Z', '5', '-', ' ', '[', ']', 'h', 'i', 'd', 'e', 'n', '%', '"', '\\', '|', ':', '@'),
        fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
      ),
    });
    const kinds: Array<(secret: string) => ReportContext> = [
      (secret) => ({ credentials: basic(secret) }),
      (secret) => ({ credentials: { type: 'token', token: secret } }),
      (secret) => ({ proxy: { env: { HTTPS_PROXY: `http://proxy-user:${encodeURIComponent(secret)}@proxy:3128` } } }),
      (secret) => ({ proxyAuthorization: `Bearer ${secret}` }),
      (secret) => ({ passphrases: [secret] }),
    ];
    fc.assert(
      fc.property(
        strong.filter((s) => strengthOf(s) === 'strong' && !spelledByMarks(s) && wellFormed(s)),
        fc.constantFrom(...kinds),
        fc.array(
          fc.oneof(
            fc.constant('SECRET'),
            fc.constantFrom('[hidden]', '[hid', 'den]', '"', '=', ' ', '\n', '|', 'password ', 'Authorization: '),
            fc.string({ maxLength: 6 }),
          ),
          { maxLength: 12 },
        ),
        (secret, kind, pieces) => {
          // The secret's own pieces around it too: its halves, so that the text can overlap it.
          const half = Math.floor(secret.length / 2);
          const text =
            pieces.map((p) => (p === 'SECRET' ? secret : p)).join('') +
            secret.slice(half) +
            secret +
            secret.slice(0, half);
          const shown = redactWith(text, kind(secret));
          assert.ok(!shown.includes(secret), JSON.stringify({ secret, text, shown }));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
