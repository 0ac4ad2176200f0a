// The date formatters never throw: a time no `Date` holds (beyond ±8.64e15 ms, Infinity, NaN)
// reads "unknown time", so the row that shows it still renders, and so does the rest of its level.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { dateOf, isDateTime, MAX_DATE_MS } from '../../../src/api/timestamps';
import { formatDate, formatDateTime, relativeTime } from '../../../src/util/localeFormat';

const NOW = Date.UTC(2025, 5, 15, 12);
const UNKNOWN = 'unknown time';

const BEYOND = [MAX_DATE_MS + 1, -MAX_DATE_MS - 1, 1e16, -1e16, 1e308, -1e308, Infinity, -Infinity, NaN];
const HELD = [MAX_DATE_MS, -MAX_DATE_MS, 0, -1, 1.5, NOW];

describe('time formatting: a time no Date holds', () => {
  for (const locale of ['en', 'de']) {
    it(`reads "unknown time" for every time beyond what a Date holds, and formats the ends of the range (${locale})`, () => {
      for (const at of BEYOND) {
        assert.equal(formatDate(at, locale), UNKNOWN, `formatDate(${at})`);
        assert.equal(formatDateTime(at, locale), UNKNOWN, `formatDateTime(${at})`);
        assert.equal(relativeTime(at, NOW, locale), UNKNOWN, `relativeTime(${at}, now)`);
        assert.equal(relativeTime(NOW, at, locale), UNKNOWN, `relativeTime(now = ${at})`);
      }
      for (const at of HELD) {
        assert.notEqual(formatDate(at, locale), UNKNOWN, `formatDate(${at})`);
        assert.notEqual(formatDateTime(at, locale), UNKNOWN, `formatDateTime(${at})`);
        assert.notEqual(relativeTime(at, NOW, locale), UNKNOWN, `relativeTime(${at}, now)`);
      }
      assert.match(formatDateTime(MAX_DATE_MS, locale), /275760/);
    });
  }

  it('never throws, for any number at all (property)', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (at, now) => {
        for (const text of [
          formatDate(at, 'en'),
          formatDateTime(at, 'de'),
          relativeTime(at, now, 'en'),
          relativeTime(at, NOW, 'de'),
        ]) {
          assert.equal(typeof text, 'string');
          assert.ok(text.length > 0);
        }
        assert.equal(formatDateTime(at, 'en') === UNKNOWN, !isDateTime(at));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives a comment thread a Date only where one holds the time, never an Invalid Date', () => {
    for (const at of BEYOND) assert.equal(dateOf(at), undefined, String(at));
    for (const at of HELD) assert.equal(dateOf(at)?.getTime(), Math.trunc(at), String(at));
  });
});
