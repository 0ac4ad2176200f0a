// JSON whose numbers keep their text (src/api/exactJson.ts): what hook settings are read and
// written with, so that a number goes back to the server as the server wrote it.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  ExactJsonError,
  JsonNumber,
  MAX_JSON_DEPTH,
  parseExactJson,
  stringifyExact,
  type ExactJson,
} from '../../../src/api/exactJson';
import { jsonNumberText } from '../../support/jsonNumberTexts';

/** JSON texts (compact, as stringifyExact writes them) with such numbers anywhere. */
const exactJsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    jsonNumberText,
    fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    // Keys that are not array indices: an object lists those first, whatever the text's order (as JSON.parse's do).
    fc
      .uniqueArray(
        fc.tuple(
          fc.string({ maxLength: 4 }).map((key) => `k${key}`),
          tie('value'),
        ),
        { maxLength: 4, selector: ([key]) => key },
      )
      .map((members) => `{${members.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
  ),
})).value;

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('exact JSON (numbers keep their text)', () => {
  it('keeps each number as written, where JSON.parse would round it, make it Infinity or drop how it was written', () => {
    const text =
      '{"id":9007199254740993,"min":-9223372036854775808,"max":18446744073709551615,"huge":1e400,"one":1.0,"hundred":1E2,"zero":-0,"in":[1.50,{"deep":[12345678901234567890]}]}';
    const value = parseExactJson(text) as Record<string, ExactJson>;
    assert.ok(value.id instanceof JsonNumber);
    assert.equal(value.id.text, '9007199254740993');
    assert.equal(stringifyExact(value), text);
    assert.notEqual(JSON.stringify(JSON.parse(text)), text, 'JSON.parse and JSON.stringify change it');
    assert.match(JSON.stringify(JSON.parse(text)), /"huge":null/);
  });

  it('formats as JSON.stringify(value, null, 2) does, numbers as written', () => {
    assert.equal(
      stringifyExact(parseExactJson('{"a": [1.0, {}], "b": {"c": []}, "d": "x"}'), 2),
      '{\n  "a": [\n    1.0,\n    {}\n  ],\n  "b": {\n    "c": []\n  },\n  "d": "x"\n}',
    );
    fc.assert(
      fc.property(fc.json(), (text) => {
        // fc.json() writes numbers as JavaScript does, so the two must agree to the character.
        assert.equal(stringifyExact(parseExactJson(text), 2), JSON.stringify(JSON.parse(text), null, 2));
        assert.equal(stringifyExact(parseExactJson(text)), JSON.stringify(JSON.parse(text)));
      }),
    );
  });

  it('gives back any JSON text with any numbers as it was (property)', () => {
    fc.assert(
      fc.property(exactJsonText, (text) => {
        assert.equal(stringifyExact(parseExactJson(text)), text);
      }),
    );
  });

  it('accepts what JSON.parse accepts and refuses what it refuses', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[{}[\]",:0-9a-z\\. \n+eE-]{0,14}$/), (text) => {
        let accepted = true;
        try {
          JSON.parse(text);
        } catch {
          accepted = false;
        }
        if (accepted) parseExactJson(text);
        else assert.throws(() => parseExactJson(text), ExactJsonError, text);
      }),
      { numRuns: 3000 },
    );
    const keys = parseExactJson('{"__proto__": 1, "a": 1, "a": 2}') as Record<string, ExactJson>;
    assert.deepEqual(
      Object.keys(keys),
      ['__proto__', 'a'],
      'a __proto__ key stays data; a key given twice keeps the last value, as JSON.parse does',
    );
    assert.equal(Object.getPrototypeOf(keys), Object.prototype);
    assert.equal((keys.a as JsonNumber).text, '2');
  });

  it('tells which numbers a JavaScript number holds exactly', () => {
    for (const exact of [
      '0',
      '-0',
      '1.0',
      '1E2',
      '1e+2',
      '0.1',
      '-2.50',
      '9007199254740992',
      '1.7976931348623157e308',
      '5e-324',
      '1234567890123456700000e-10',
    ]) {
      assert.equal(new JsonNumber(exact).isExact, true, exact);
    }
    for (const inexact of [
      '9007199254740993',
      '-9223372036854775808',
      '18446744073709551615',
      '1e400',
      '-1e400',
      '1e-400',
      '0.1000000000000000055511151231257827',
    ]) {
      assert.equal(new JsonNumber(inexact).isExact, false, inexact);
    }
  });

  it('refuses to write a number that has no JSON form, instead of null', () => {
    assert.throws(() => stringifyExact({ a: Infinity }), ExactJsonError);
    assert.throws(() => stringifyExact({ a: NaN }), ExactJsonError);
  });

  it(`reads nesting up to ${MAX_JSON_DEPTH} levels, and refuses deeper with an error, not a stack overflow`, () => {
    assert.equal(stringifyExact(parseExactJson(nested(MAX_JSON_DEPTH))), nested(MAX_JSON_DEPTH));
    // The offset is the bracket that opens one level too many (the object is the first level of the third).
    const tooDeep: Array<[string, number]> = [
      [nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH],
      [nested(5000), MAX_JSON_DEPTH],
      [`{"a":${nested(100_000)}}`, MAX_JSON_DEPTH - 1 + '{"a":'.length],
      ['['.repeat(100_000), MAX_JSON_DEPTH],
    ];
    for (const [text, offset] of tooDeep) {
      assert.throws(
        () => parseExactJson(text),
        (err: unknown) => err instanceof ExactJsonError && err.tooDeep && err.offset === offset,
      );
    }
    let deep: ExactJson = [];
    for (let i = 0; i < 5000; i++) deep = [deep];
    assert.throws(
      () => stringifyExact(deep),
      (err: unknown) => err instanceof ExactJsonError && err.tooDeep,
    );
  });

  it('reads long strings and numbers without trouble', () => {
    const long = 'x\\n"'.repeat(200_000);
    const text = `{"s":${JSON.stringify(long)},"n":${'9'.repeat(100_000)}}`;
    assert.equal(stringifyExact(parseExactJson(text)), text);
  });
});
