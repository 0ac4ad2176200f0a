// The library's rules, run again and again in one thread (as in the scan's worker, which is kept
// for the next scan): nothing of a run stays behind, so no run is slower than the first ones.
import * as assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { libraryMatches } from '../../../src/model/secretScan/libraryRules';

describe("the secret scan's library rules, run many times in one thread", () => {
  it('leave no performance marks or measures behind, however many texts they scan', async () => {
    const text = 'const retries = 3;\nexport const url = `https://example.com/${id}`;\n'.repeat(20);
    const before = { marks: performance.getEntriesByType('mark').length, measures: performance.getEntriesByType('measure').length };
    for (let i = 0; i < 50; i++) await libraryMatches(text, 'code.ts', new Set());
    // The library measures in a microtask after its marks: let those run.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual({ marks: performance.getEntriesByType('mark').length, measures: performance.getEntriesByType('measure').length }, before);
  });

  it('still find what they find', async () => {
    const matches = await libraryMatches('aws_access_key_id = AKIAIOSFODNN7EXAMPLA\n', 'credentials', new Set());
    assert.ok(matches.length > 0, 'an AWS access key is found');
  });
});
