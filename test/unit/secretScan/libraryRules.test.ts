// The library's rules, run again and again in one thread (as in the scan's worker, which is kept
// for the next scan): nothing of a run stays behind, so no run is slower than the first ones.
import * as assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import {
  LIBRARY_RULE_IDS,
  SUPERSEDED_LIBRARY_RULE_IDS,
  libraryMatches,
} from '../../../src/model/secretScan/libraryRules';

describe("the secret scan's library rules, run many times in one thread", () => {
  it('leave no performance marks or measures behind, however many texts they scan', async () => {
    // A connection string without a password: the library runs on the text (libraryRules.ts mayReport) and finds nothing.
    const text = 'const retries = 3;\nexport const url = `postgres://db.example.com/${id}`;\n'.repeat(20);
    const before = {
      marks: performance.getEntriesByType('mark').length,
      measures: performance.getEntriesByType('measure').length,
    };
    for (let i = 0; i < 50; i++) await libraryMatches(text, 'code.ts', new Set());
    // The library measures in a microtask after its marks: let those run.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      { marks: performance.getEntriesByType('mark').length, measures: performance.getEntriesByType('measure').length },
      before,
    );
  });

  it('still find what they find', async () => {
    const matches = await libraryMatches(
      'DATABASE_URL=postgres://app:S3cretPw9x@db.internal:5432/app\n',
      '.env',
      new Set(),
    );
    assert.deepEqual(
      matches.map((m) => m.ruleId),
      ['@secretlint/secretlint-rule-database-connection-string'],
    );
  });

  it("leave out the rules the scan's own replace: an AWS key, a GitHub token with a wrong checksum", async () => {
    const text = `aws_access_key_id = ${['AKIA', 'QWERTYUIOPASDFGH'].join('')}\nGITHUB_TOKEN=${['ghp', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join('_')}\n`;
    assert.deepEqual(await libraryMatches(text, '.env', new Set()), []);
    assert.ok(
      SUPERSEDED_LIBRARY_RULE_IDS.every((id) => LIBRARY_RULE_IDS.includes(id)),
      'each superseded rule is one of the preset',
    );
  });
});
