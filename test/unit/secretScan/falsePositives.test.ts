// Text without a secret is almost never flagged: a modal that cries wolf is a modal users learn to
// click away. Random prose, code-like lines, git SHAs, UUIDs, hex ids, URLs without passwords and
// placeholders go through every rule of the scan's own and the library's, from the suite's fixed seed.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextScan } from '../../../src/model/secretScan/textScan';

const WORDS = [
  'the',
  'snippet',
  'token',
  'password',
  'key',
  'secret',
  'deploy',
  'build',
  'config',
  'user',
  'host',
  'bearer',
  'auth',
  'private',
  'value',
  'id',
  'commit',
  'branch',
  'server',
  'file',
  'aws',
  'github',
  'slack',
  'npm',
  'account',
];
const word = fc.constantFrom(...WORDS);
const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
const ident = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,15}$/);
const host = fc.constantFrom('bitbucket.example.com', 'git.internal', 'localhost:7990', 'db.example.net');

const line = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 12 }).map((ws) => ws.join(' ')),
  fc.tuple(ident, word).map(([name, value]) => `const ${name} = "${value}";`),
  fc.tuple(ident, fc.integer()).map(([name, n]) => `${name}: ${n}`),
  hex(40).map((sha) => `commit ${sha}`),
  fc.tuple(word, hex(40)).map(([name, sha]) => `${name}_sha = ${sha}`),
  fc.uuid().map((uuid) => `"id": "${uuid}",`),
  fc.tuple(word, hex(32)).map(([name, id]) => `export ${name.toUpperCase()}_ID=${id}`),
  fc.tuple(host, ident).map(([h, path]) => `git clone https://${h}/scm/${path}.git`),
  fc.tuple(ident, host).map(([user, h]) => `ssh://${user}@${h}/p/r.git`),
  fc.tuple(ident, host).map(([user, h]) => `https://${user}:\${PASSWORD}@${h}/`),
  fc.constant('Authorization: Bearer ${BITBUCKET_TOKEN}'),
  fc.constant('-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----'),
  fc.stringMatching(/^[A-Za-z0-9 .,;:()=+\-_/"'{}[\]<>]{0,80}$/),
);
const text = fc.array(line, { minLength: 1, maxLength: 20 }).map((lines) => lines.join('\n'));

/** The share of texts flagged this suite accepts: under one in a hundred. */
const MOST_FLAGGED = 0.01;
const RUNS = 400;

describe('secret scan: text without secrets', () => {
  it(`property: at most ${MOST_FLAGGED * 100} % of ${RUNS} random texts without a secret are flagged`, async () => {
    const flagged: string[] = [];
    await fc.assert(
      fc.asyncProperty(text, async (sample) => {
        const findings = await new TextScan(
          { label: 'notes.txt', text: sample },
          new Set(),
        ).builtinAndLibraryFindings();
        if (findings.length > 0) flagged.push(`${findings.map((f) => f.ruleId).join(', ')}: ${sample}`);
      }),
      { numRuns: RUNS },
    );
    assert.ok(
      flagged.length / RUNS < MOST_FLAGGED,
      `${flagged.length} of ${RUNS} flagged:\n${flagged.slice(0, 5).join('\n---\n')}`,
    );
  });
});
