// The library's rules run only on a text one of them may report on: what they find is what the
// library finds when run on every text, and the words that gate them are those of the preset's
// version they were read from.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import {
  LIBRARY_RULE_IDS,
  SUPERSEDED_LIBRARY_RULE_IDS,
  libraryMatches,
} from '../../../src/model/secretScan/libraryRules';

const RUN = recommended.rules.filter((rule) => !SUPERSEDED_LIBRARY_RULE_IDS.includes(rule.meta.id));

/** The library on every text, as the scan ran it before it asked which texts it may report on. */
async function everyText(text: string, label: string) {
  const ext = /(\.[A-Za-z0-9]+)$/.exec(label)?.[1]?.toLowerCase() ?? '';
  const result = await lintSource({
    source: { content: text, contentType: 'text', filePath: `/${label}`, ext },
    options: {
      config: { rules: RUN.map((rule) => ({ id: rule.meta.id, rule })) },
      maskSecrets: true,
      noPhysicFilePath: true,
    },
  });
  return result.messages.filter((m) => m.type === 'message').map((m) => [m.ruleId, m.range[0], m.range[1]]);
}

/** A 1Password service account token: `ops_` and base64 of a JSON object, from `ey` to `fQ`. */
const OPS_TOKEN = `ops_${Buffer.from(`{"email":"${'a'.repeat(91)}"}`).toString('base64')}`;
const LINEAR_TOKEN = `lin_api_${'Z'.repeat(40)}`;
const GCP_JSON = JSON.stringify({
  type: 'service_account',
  private_key_id: 'abc',
  private_key: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n',
});

const PIECES = [
  ...[
    'lin_api_',
    'Z'.repeat(40),
    'ops_',
    OPS_TOKEN,
    'postgres://app:S3cretPw9x@db.internal/app',
    'POSTGRESQL://u:Pw4x9zQ@h',
  ],
  ...[
    'mysql://root:hunter22x@db',
    'jdbc:mysqlx://a:Secr3tPw@h',
    'mongodb+srv://bob:Pa55w0rdz@c.example',
    'MongoDB://x',
  ],
  ...['://', ' ', '\n', 'const a = 1;', '# secretlint-disable-line', 'my', 'sql', 'ſ', '\u212A'],
];

describe("the secret scan's library rules, on the texts they may report on", () => {
  it('are read off the preset they gate: its version, and the rules of it the scan runs', () => {
    const preset = path.join(path.dirname(require.resolve('@secretlint/secretlint-rule-preset-recommend')), '..');
    const { version } = JSON.parse(fs.readFileSync(path.join(preset, 'package.json'), 'utf8')) as { version: string };
    assert.equal(version, '11.3.1', 'a new preset: read its rules again, and the words in libraryRules.ts mayReport');
    assert.deepEqual(
      RUN.map((rule) => rule.meta.id.replace('@secretlint/secretlint-rule-', '')),
      ['gcp', 'linear', '1password', 'database-connection-string', 'filter-comments'],
    );
    assert.ok(LIBRARY_RULE_IDS.length > 0);
  });

  it('find what the library finds on every text, a service account file included', async () => {
    let found = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join('')),
        fc.constantFrom('a.ts', '.env', 'key.json', 'KEY.JSON', 'notes'),
        async (text, label) => {
          const expected = await everyText(text, label);
          const matches = await libraryMatches(text, label, new Set());
          assert.deepEqual(
            matches.map((m) => [m.ruleId, m.start, m.end]),
            expected,
          );
          found += expected.length;
        },
      ),
      {
        numRuns: 300,
        examples: [
          [GCP_JSON, 'sa.json'],
          [`key=${LINEAR_TOKEN}`, 'a.ts'],
          [`token: ${OPS_TOKEN}\n`, 'a.ts'],
        ],
      },
    );
    assert.ok(found > 100, `${found} found`);
  });
});
