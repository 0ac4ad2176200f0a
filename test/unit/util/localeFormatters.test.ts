// A tree of hundreds of rows formats a count or a date on each: the formatters are made once per
// display language and kept, since making one costs a hundred times formatting with it, and the
// first one of a process (its Intl data) tens of milliseconds. What they write is what a new
// formatter of the same language writes, and a language Intl does not know is written as English.
import * as assert from 'node:assert/strict';
import { formatCount, formatDate, formatDateTime, relativeTime } from '../../../src/util/localeFormat';

const AT = Date.UTC(2025, 5, 15, 12, 30);
const NOW = AT + 3 * 24 * 3600 * 1000;

/** Counts the formatters made while `work` runs. */
function formattersMade(work: () => void): number {
  const originals = {
    NumberFormat: Intl.NumberFormat,
    DateTimeFormat: Intl.DateTimeFormat,
    RelativeTimeFormat: Intl.RelativeTimeFormat,
  };
  let made = 0;
  const counting = <T extends abstract new (...args: never[]) => unknown>(Original: T): T =>
    new Proxy(Original, {
      construct(target, args, newTarget) {
        made++;
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
  Object.assign(Intl, {
    NumberFormat: counting(originals.NumberFormat),
    DateTimeFormat: counting(originals.DateTimeFormat),
    RelativeTimeFormat: counting(originals.RelativeTimeFormat),
  });
  try {
    work();
  } finally {
    Object.assign(Intl, originals);
  }
  return made;
}

describe('locale formatting: formatters kept per language', () => {
  it('makes each kind of formatter once per language, however many rows ask', () => {
    // Formatters of another language than any test uses, so none is kept from before.
    const made = formattersMade(() => {
      for (let i = 0; i < 500; i++) {
        formatCount(i * 1000, 'fr-ca');
        formatDate(AT + i, 'fr-ca');
        formatDateTime(AT + i, 'fr-ca');
        relativeTime(AT, NOW + i, 'fr-ca');
      }
    });
    assert.ok(made <= 4, `${made} formatters made for 2,000 texts in one language`);
  });

  it('writes what a new formatter of the language writes', () => {
    for (const locale of ['en', 'de', 'fr-ca', 'zh-cn', 'pt-br']) {
      for (const n of [0, 7, 1234, 1234567.5]) {
        assert.equal(formatCount(n, locale), new Intl.NumberFormat(locale).format(n), `${n} in ${locale}`);
      }
      assert.equal(formatDate(AT, locale), new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(AT));
      assert.equal(
        formatDateTime(AT, locale),
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(AT),
      );
      assert.equal(
        relativeTime(AT, NOW, locale),
        new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-3, 'day'),
      );
    }
  });

  it('writes a language Intl does not know, or a tag it refuses, as English', () => {
    for (const locale of ['qps-ploc', 'tlh', 'x-not-a-tag', '', 'en_US']) {
      assert.equal(formatCount(1234567, locale), new Intl.NumberFormat('en').format(1234567), locale);
      assert.equal(formatDate(AT, locale), new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(AT), locale);
      assert.equal(
        relativeTime(AT, NOW, locale),
        new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-3, 'day'),
      );
    }
  });
});
