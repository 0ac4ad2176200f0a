import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonNumber } from '../../../src/api/exactJson';
import { JsonSyntaxError, scanJson } from '../../../src/model/hooks/strictJson';
import {
  checkSettingsText,
  formatSettings,
  locateField,
  MAX_SETTINGS_BYTES,
} from '../../../src/model/hooks/settingsValidator';

function problems(text: string) {
  const result = checkSettingsText(text);
  assert.equal(result.ok, false, `expected problems for ${text.slice(0, 80)}`);
  return result.ok ? [] : result.problems;
}

describe('hook settings checks before saving', () => {
  it('accepts a flat object and gives it back, a number with its text', () => {
    const result = checkSettingsText('{\n  "exe": "/bin/check",\n  "safe_path": true,\n  "requiredCount": 2\n}\n');
    assert.deepEqual(result, {
      ok: true,
      settings: { exe: '/bin/check', safe_path: true, requiredCount: new JsonNumber('2') },
    });
  });

  it('accepts an empty object (an unconfigured hook opens as {})', () => {
    assert.deepEqual(checkSettingsText('{}'), { ok: true, settings: {} });
    assert.equal(formatSettings(undefined), '{}\n');
  });

  it('refuses what is not JSON, with the offset of the problem', () => {
    const [p] = problems('{ "exe": "x", }');
    assert.match(p.message, /Not valid JSON: A comma before "}"/);
    assert.equal(p.offset, 14);
    assert.match(problems('{ "exe": \'x\' }')[0].message, /Not valid JSON/);
    assert.match(problems('')[0].message, /ends where a value was expected/);
    assert.match(problems('{} {}')[0].message, /after the end/);
    assert.match(problems('{"a": "line\nbreak"}')[0].message, /must be escaped/);
  });

  it('refuses a value that is not an object', () => {
    for (const text of ['[]', '"exe"', '42', 'null', 'true']) {
      assert.match(problems(text)[0].message, /must be a JSON object/, text);
    }
  });

  it('refuses nested values and null, at the value, naming the field', () => {
    const text = '{"exe": "x", "params": ["a"], "opts": {"a": 1}, "async": null}';
    const found = problems(text);
    assert.deepEqual(
      found.map((p) => p.field),
      ['params', 'opts', 'async'],
    );
    assert.equal(text.slice(found[0].offset, found[0].offset + found[0].length), '["a"]');
    assert.match(found[1].message, /is an object: Bitbucket accepts only text, numbers and true\/false/);
    assert.match(found[2].message, /is null/);
  });

  it('finds a key given twice, which JSON.parse would silently hide', () => {
    const text = '{\n  "exe": "/a",\n  "async": false,\n  "exe": "/b"\n}';
    assert.deepEqual(JSON.parse(text), { exe: '/b', async: false }, 'the trap this check exists for');
    const [p] = problems(text);
    assert.equal(p.field, 'exe');
    assert.equal(p.offset, text.lastIndexOf('"exe"'));
    assert.match(p.message, /given twice \(first on line 2\)/);
  });

  it('refuses settings over 32 KB serialized, and accepts them just under', () => {
    const big = JSON.stringify({ params: 'x'.repeat(40 * 1024) });
    assert.match(problems(big)[0].message, /40\.0 KB when sent; Bitbucket accepts at most 32 KB/);
    const overhead = JSON.stringify({ params: '' }).length;
    assert.equal(checkSettingsText(JSON.stringify({ params: 'x'.repeat(MAX_SETTINGS_BYTES - overhead) })).ok, true);
    assert.equal(
      checkSettingsText(JSON.stringify({ params: 'x'.repeat(MAX_SETTINGS_BYTES - overhead + 1) })).ok,
      false,
    );
  });

  it('counts bytes, not characters, for the size limit', () => {
    const overhead = JSON.stringify({ p: '' }).length;
    const chars = Math.floor((MAX_SETTINGS_BYTES - overhead) / 2) + 10; // two bytes each in UTF-8
    assert.equal(checkSettingsText(JSON.stringify({ p: 'é'.repeat(chars) })).ok, false);
  });

  it('keeps a __proto__ key as plain data', () => {
    const result = checkSettingsText('{"__proto__": "x", "a": 1}');
    assert.equal(result.ok, true);
    if (result.ok) {
      assert.deepEqual(Object.keys(result.settings), ['__proto__', 'a']);
      assert.equal(Object.getPrototypeOf(result.settings), Object.prototype);
    }
  });

  it("locates a field for the server's field errors", () => {
    const text = '{\n  "exe": "",\n  "params": "a\\nb"\n}';
    assert.deepEqual(locateField(text, 'params'), { offset: text.indexOf('"params"'), length: 8 });
    assert.equal(locateField(text, 'missing'), undefined);
    assert.equal(locateField('{ broken', 'exe'), undefined);
    assert.equal(locateField('[1]', 'exe'), undefined);
  });
});

describe('JSON scanner', () => {
  it('reads escapes, numbers and nesting like JSON.parse does', () => {
    const text = '{"s": "a\\"b\\u00e9\\n", "n": -1.5e3, "z": 0, "a": [true, false, null, {"x": []}]}';
    const root = scanJson(text);
    assert.equal(root.type, 'object');
    if (root.type !== 'object') return;
    const values = Object.fromEntries(root.members.map((m) => [m.key, m.value]));
    assert.equal(values.s.type === 'string' && values.s.value, JSON.parse(text).s);
    assert.equal(values.n.type === 'number' && values.n.value, -1500);
    assert.equal(values.a.type, 'array');
  });

  it('refuses what JSON.parse refuses', () => {
    for (const bad of [
      '{a: 1}',
      '{"a" 1}',
      '[1,]',
      '01',
      '{"a": tru}',
      '"\\x"',
      '"\\u12"',
      '{"a": 1',
      '[1 2]',
      '+1',
      '.5',
    ]) {
      assert.throws(() => JSON.parse(bad), SyntaxError, `JSON.parse accepts ${bad}`);
      assert.throws(() => scanJson(bad), JsonSyntaxError, bad);
    }
  });

  it("refuses comments, which VS Code's own JSONC would allow", () => {
    for (const bad of ['// note\n{}', '{"a": 1 /* why */}', '{"a": 1} // end']) {
      assert.throws(() => JSON.parse(bad), SyntaxError, `JSON.parse accepts ${bad}`);
      assert.throws(
        () => scanJson(bad),
        (err: unknown) => err instanceof JsonSyntaxError && /Comments are not allowed/.test(err.message),
        bad,
      );
    }
  });

  it('accepts exactly what JSON.parse accepts, with the same values', () => {
    // Members by key: JSON.parse puts integer-like keys first, the scanner keeps the text's order.
    const byKey = (entries: Array<[string, unknown]>) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const toPlain = (node: ReturnType<typeof scanJson>): unknown =>
      node.type === 'object'
        ? byKey(node.members.map((m) => [m.key, toPlain(m.value)]))
        : node.type === 'array'
          ? node.items.map(toPlain)
          : node.value;
    const parsed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(parsed)
        : typeof value === 'object' && value !== null
          ? byKey(Object.entries(value).map(([k, v]) => [k, parsed(v)]))
          : value;
    fc.assert(
      fc.property(fc.json(), (text) => {
        assert.deepEqual(toPlain(scanJson(text)), parsed(JSON.parse(text)));
      }),
    );
    // Texts near JSON: a few characters of its grammar in any order.
    fc.assert(
      fc.property(fc.stringMatching(/^[{}[\]",:0-9a-z\\. \n-]{0,12}$/), (text) => {
        let accepted = true;
        try {
          JSON.parse(text);
        } catch {
          accepted = false;
        }
        if (accepted) scanJson(text);
        else assert.throws(() => scanJson(text), JsonSyntaxError, text);
      }),
      { numRuns: 2000 },
    );
  });
});
