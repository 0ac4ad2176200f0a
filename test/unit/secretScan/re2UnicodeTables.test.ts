// re2js's Unicode tables, made at run time in the scan worker's bundle (esbuild.js puts
// src/model/secretScan/re2UnicodeTables.ts in their place) rather than shipped: every table holds
// the characters re2js's own table holds, and re2js built that way matches as re2js does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RE2JS } from 're2js';
import {
  re2UnicodeTables,
  type NamedTables,
  type RangeTableClass,
  type TableNames,
  type UnicodeTablesLike,
} from '../../../src/model/secretScan/re2UnicodeTables';

// Compiled to out/test/unit/secretScan/; esbuild.js is at the checkout's root.
const ROOT = path.resolve(__dirname, '../../../..');
const RE2JS_BUILD = path.join(ROOT, 'node_modules/re2js/build/index.js');
/** The Unicode version re2js's tables (re2js 2.10) were made from; an engine with other data knows other characters. */
const TABLES_UNICODE = '17.0';

/* eslint-disable @typescript-eslint/no-require-imports */
const esbuild = require(path.join(ROOT, 'node_modules/esbuild')) as typeof import('esbuild');
const { re2jsTables, re2jsTablesAtRunTime } = require(path.join(ROOT, 'esbuild.js')) as {
  re2jsTables(source: string): { names: TableNames };
  re2jsTablesAtRunTime: import('esbuild').Plugin;
};
/* eslint-enable @typescript-eslint/no-require-imports */

interface RangeTable {
  length: number;
  getLo(i: number): number;
  getHi(i: number): number;
  getStride(i: number): number;
}

/** A table's code points as merged inclusive ranges, whatever its strides. */
function rangesOf(table: RangeTable | null): number[] | null {
  if (!table) return null;
  const ranges: number[] = [];
  const add = (lo: number, hi: number) => {
    if (ranges.length > 0 && ranges[ranges.length - 1] === lo - 1) ranges[ranges.length - 1] = hi;
    else ranges.push(lo, hi);
  };
  for (let i = 0; i < table.length; i++) {
    const [lo, hi, stride] = [table.getLo(i), table.getHi(i), table.getStride(i)];
    if (stride === 1) add(lo, hi);
    else for (let c = lo; c <= hi; c += stride) add(c, c);
  }
  return ranges;
}

/** A module's CommonJS build, written to `dir` and loaded. */
function load<T>(dir: string, name: string, code: string): T {
  const file = path.join(dir, name);
  fs.writeFileSync(file, code);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as T;
}

describe("secret scan: re2js's Unicode tables, made at run time", function () {
  this.timeout(60_000);
  let dir: string;
  let shipped: UnicodeTablesLike<RangeTable>;
  let made: UnicodeTablesLike<RangeTable>;
  let names: TableNames;
  let bundled: { RE2JS: typeof RE2JS; size: number; code: string };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-re2tables-'));
    const source = fs.readFileSync(RE2JS_BUILD, 'utf8');
    names = re2jsTables(source).names;
    // re2js's own tables, which its build keeps to itself.
    const own = esbuild.transformSync(`${source}\nexport { UnicodeTables, UnicodeRangeTable };`, { format: 'cjs' });
    const re2js = load<{
      UnicodeTables: UnicodeTablesLike<RangeTable>;
      UnicodeRangeTable: RangeTableClass<RangeTable>;
    }>(dir, 'own.js', own.code);
    shipped = re2js.UnicodeTables;
    made = re2UnicodeTables(re2js.UnicodeRangeTable, names);
    // re2js as the worker's bundle has it.
    const build = await esbuild.build({
      stdin: { contents: "export { RE2JS } from 're2js';", resolveDir: ROOT, loader: 'js' },
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minify: true,
      plugins: [re2jsTablesAtRunTime],
      logLevel: 'silent',
    });
    const code = build.outputFiles[0].text;
    bundled = { ...load<{ RE2JS: typeof RE2JS }>(dir, 'bundled.js', code), size: code.length, code };
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves the encoded tables out of the bundle, and keeps their names', () => {
    const source = fs.readFileSync(RE2JS_BUILD, 'utf8');
    const orbit = /decodeOrbit\("([^"]{40})/.exec(source)?.[1];
    assert.ok(orbit, "re2js's build holds its case orbits");
    assert.ok(!bundled.code.includes(orbit), 'the case orbits are not in the bundle');
    assert.ok(bundled.code.includes('"Anatolian_Hieroglyphs"'), "the scripts' names are");
    assert.ok(names.categories.includes('Lu') && names.categories.includes('White_Space'));
    assert.ok(names.scripts.includes('Greek') && names.scripts.length > 150);
  });

  describe(`on an engine with the tables' Unicode data (${TABLES_UNICODE})`, () => {
    beforeEach(function () {
      // Node 20.20 and 24 have it; an older engine knows fewer characters, which no comparison here could allow for.
      if (process.versions.unicode !== TABLES_UNICODE) this.skip();
    });

    const sameTables = (
      what: string,
      ours: NamedTables<RangeTable>,
      theirs: NamedTables<RangeTable>,
      list: () => readonly string[],
    ) => {
      for (const name of list()) {
        assert.equal(ours.has(name), theirs.has(name), `${what} ${name}: has`);
        assert.deepEqual(rangesOf(ours.get(name)), rangesOf(theirs.get(name)), `${what} ${name}`);
      }
    };

    it('every category and binary property holds the same characters, and folds to the same', () => {
      sameTables('category', made.CATEGORIES, shipped.CATEGORIES, () => names.categories);
      sameTables('fold of category', made.FOLD_CATEGORIES, shipped.FOLD_CATEGORIES, () => names.categories);
    });

    it('every script holds the same characters, and folds to the same', () => {
      sameTables('script', made.SCRIPTS, shipped.SCRIPTS, () => names.scripts);
      sameTables('fold of script', made.FOLD_SCRIPT, shipped.FOLD_SCRIPT, () => names.scripts);
    });

    it('the case orbits and the printable characters are the same', () => {
      assert.deepEqual(
        new Map([...made.CASE_ORBIT].sort(([a], [b]) => a - b)),
        new Map([...shipped.CASE_ORBIT].sort(([a], [b]) => a - b)),
      );
      assert.deepEqual(rangesOf(made.Print), rangesOf(shipped.Print));
    });
  });

  it('a name re2js does not know has no table', () => {
    assert.equal(made.CATEGORIES.has('Klingon'), false);
    assert.equal(made.SCRIPTS.get('Klingon'), null);
    assert.equal(made.FOLD_SCRIPT.get('Klingon'), null);
  });

  it('re2js built with them finds what re2js finds: classes, scripts, case folding', () => {
    const cases: Array<[string, string]> = [
      ['\\p{Greek}+', 'abc αβγ def'],
      ['\\p{Lu}\\p{Ll}+', 'x Ωmega'],
      ['(?i)k', '\u212a'],
      ['(?i)\u03c3+', '\u03a3\u03c2\u03c3'],
      ['(?i)\\p{Lu}+', 'straße'],
      ['\\P{L}+', 'abc123 def'],
      ['\\pN+', 'x \u0663\u0664 y'],
      ['(?i)[\u00e0-\u00ff]+', '\u00c0\u00c9x'],
      ['\\p{Han}+', 'kanji \u6f22\u5b57'],
      ['\\p{Cyrillic}+|\\p{Armenian}+', '\u0531\u0532 \u0416'],
      ['(?i)\u0130|\u017f', 'S s \u017f'],
      ['\\p{Emoji_Presentation}', 'ok \u{1f600}'],
    ];
    for (const [expression, text] of cases) {
      const want = RE2JS.compile(expression).matcher(text);
      const got = bundled.RE2JS.compile(expression).matcher(text);
      const found = want.find();
      assert.equal(got.find(), found, `${expression} in ${text}`);
      if (found) assert.deepEqual([got.start(), got.end()], [want.start(), want.end()], `${expression} in ${text}`);
    }
  });
});
