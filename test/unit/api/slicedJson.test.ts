// JSON read and written a slice at a time gives what JSON.parse and JSON.stringify give in one
// piece: for any JSON, with pieces so small that every string is cut many times (escapes, the two
// halves of a character outside the BMP, `__proto__` keys), and errors where JSON.parse has them.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseSuccessBody } from '../../../src/api/responses';
import { LARGE_JSON_CHARS, MAX_DEPTH, parseJsonSliced, stringifyJsonSliced, Turns } from '../../../src/api/slicedJson';

/** Strings rich in what a cut could break: escapes, quotes, control characters, surrogates. */
const tricky = fc.string({
  unit: fc.constantFrom('a', 'é', '"', '\\', '\n', '\u0001', '\u2028', '\ud83d', '\ude00', '😀', 'u', '/', ' '),
});
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(tricky, fc.constant('__proto__')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Every string cut into pieces of 1 to 7 characters, and a turn asked for after every value. */
const pieces = fc.integer({ min: 1, max: 7 });
const eager = () => new Turns(0);

async function rejectsLikeJsonParse(text: string, piece: number): Promise<void> {
  let native: unknown;
  try {
    JSON.parse(text);
  } catch (err) {
    native = err;
  }
  let sliced: unknown;
  try {
    await parseJsonSliced(text, eager(), piece);
  } catch (err) {
    sliced = err;
  }
  assert.equal(
    sliced instanceof SyntaxError,
    native instanceof SyntaxError,
    `${JSON.stringify(text)}: JSON.parse ${String(native)}, sliced ${String(sliced)}`,
  );
}

describe('JSON read and written a slice at a time', () => {
  it('reads any JSON text as JSON.parse does, however its strings are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          jsonValue.map((v) => JSON.stringify(v)),
          jsonValue.map((v) => JSON.stringify(v, null, 2)),
          fc.json(),
        ),
        pieces,
        async (text, piece) => {
          assert.deepStrictEqual(await parseJsonSliced(text, eager(), piece), JSON.parse(text));
        },
      ),
      {
        examples: [
          ['{"__proto__":{"a":1},"b":"x\\"y\\\\"}', 1],
          ['"\\ud83d\\ude00"', 3],
          ['[-0,1e400,0.1]', 2],
        ],
      },
    );
  });

  it('keeps `__proto__` an own field, as JSON.parse does', async () => {
    const parsed = (await parseJsonSliced('{"__proto__":{"polluted":true}}', eager(), 2)) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
    assert.deepEqual(Object.keys(parsed), ['__proto__']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('refuses what JSON.parse refuses', async () => {
    for (const text of [
      '',
      ' ',
      '{',
      '[1,]',
      '{"a":1,}',
      '"abc',
      '"a\\',
      '"\\u12"',
      '"\\x"',
      '"a\u0001b"',
      '01',
      '-',
      'tru',
      '{"a" 1}',
      '[1 2]',
      '1 2',
      '{a:1}',
      "'a'",
      'nul',
      '[',
      '"\\ud83d',
      '{"a":1}}',
    ]) {
      for (const piece of [1, 2, 1024]) await rejectsLikeJsonParse(text, piece);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.json(),
        fc.nat(),
        fc.constantFrom('', '"', '\\', ',', '}', ']', '\u0000', 'x'),
        pieces,
        async (text, at, insert, piece) => {
          const i = at % (text.length + 1);
          await rejectsLikeJsonParse(text.slice(0, i) + insert + text.slice(i), piece);
        },
      ),
    );
  });

  it('refuses nesting deeper than MAX_DEPTH (a hostile answer of brackets), and reads it up to that depth', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    assert.deepStrictEqual(await parseJsonSliced(nested(MAX_DEPTH), eager()), JSON.parse(nested(MAX_DEPTH)));
    await assert.rejects(parseJsonSliced(nested(MAX_DEPTH + 1), eager()), SyntaxError);
    await assert.rejects(parseJsonSliced('['.repeat(1_000_000), eager()), SyntaxError);
  });

  it('writes JSON data as JSON.stringify does, however its strings are cut', async () => {
    await fc.assert(
      fc.asyncProperty(jsonValue, pieces, async (value, piece) => {
        assert.equal(await stringifyJsonSliced(value, eager(), piece), JSON.stringify(value));
      }),
      {
        examples: [
          ['a😀b', 2],
          [{ a: undefined, b: [undefined, 1] }, 1],
          ['\ud83d', 1],
        ],
      },
    );
  });

  it('reads a string of several megabytes in pieces, with turns of the event loop between them', async () => {
    const content = 'const value = "0123456789";\n'.repeat(200_000);
    const text = JSON.stringify({ values: [{ name: 'big', content }] });
    let turns = 0;
    const counting = new Turns(0);
    const original = counting.maybeYield.bind(counting);
    counting.maybeYield = async () => {
      turns++;
      await original();
    };
    const parsed = (await parseJsonSliced(text, counting, 64 * 1024)) as { values: Array<{ content: string }> };
    assert.equal(parsed.values[0].content, content);
    assert.ok(turns >= Math.floor(text.length / (64 * 1024)), `${turns} turns`);
  });

  it('the client parses an answer of megabytes a slice at a time, and a small one in one go', async () => {
    const content = 'x'.repeat(LARGE_JSON_CHARS);
    const text = JSON.stringify({ values: [{ content }, { content }] });
    const turnsWhile = async (work: () => Promise<unknown>) => {
      let turns = 0;
      let counting = true;
      const turn = () => {
        turns++;
        if (counting) setImmediate(turn);
      };
      setImmediate(turn);
      const result = await work();
      counting = false;
      return { result, turns };
    };
    const large = await turnsWhile(() => parseSuccessBody(text, 'application/json', 200, 'GET /x', false));
    assert.deepStrictEqual(large.result, JSON.parse(text));
    assert.ok(large.turns >= 1, `${large.turns} turns while ${text.length} characters were parsed`);
    const small = await turnsWhile(() => parseSuccessBody('{"values":[]}', 'application/json', 200, 'GET /x', false));
    assert.deepStrictEqual(small.result, { values: [] });
  });
});
