// re2js's Unicode tables (general categories, binary properties, scripts, case orbits, printable
// characters), made from the JavaScript engine's own Unicode data when a server rule first needs
// one, instead of shipped: re2js carries them as 60 KB of encoded ranges, a quarter of the scan
// worker's bundle and 17 KB of the .vsix. esbuild.js puts this module in the place of re2js's
// tables in dist/secretScanWorker.js, with the names re2js knows; the unit tests, run from out/,
// use re2js's own tables. On an engine with the Unicode version of re2js's tables (17.0: Node 20.20
// and 24) every table holds the same characters (test/unit/secretScan/re2UnicodeTables.test.ts).
// An editor whose engine has older Unicode data knows fewer characters: a script it has no data
// for matches nothing. Each table takes a few tens of milliseconds, once per worker.

/** re2js's UnicodeRangeTable: with `isStride1`, the data is [lo, hi] pairs. */
export type RangeTableClass<T> = new (data: Uint32Array, isStride1: boolean) => T;

/** The names re2js's tables have (esbuild.js reads them from re2js's source). */
export interface TableNames {
  /** General categories (one or two letters) and binary properties (`Emoji`, `White_Space`…). */
  categories: readonly string[];
  scripts: readonly string[];
}

/** What re2js reads of its `UnicodeTables` class. */
export interface UnicodeTablesLike<T> {
  readonly CASE_ORBIT: Map<number, number>;
  readonly Print: T;
  readonly CATEGORIES: NamedTables<T>;
  readonly SCRIPTS: NamedTables<T>;
  readonly FOLD_CATEGORIES: NamedTables<T>;
  readonly FOLD_SCRIPT: NamedTables<T>;
}

/** re2js's LazyMap: a table by name, made on first use; null for a name it has none for. */
export interface NamedTables<T> {
  has(name: string): boolean;
  get(name: string): T | null;
}

/** Inclusive code point ranges, [lo, hi, lo, hi…], ascending and merged. */
type Ranges = number[];

interface Segment {
  text: string;
  /** Whether it holds the characters past U+FFFF, each two UTF-16 units. */
  astral: boolean;
  surrogates: boolean;
}

let segmentsMade: Segment[] | undefined;

function textOf(lo: number, hi: number): string {
  const parts: string[] = [];
  for (let start = lo; start <= hi; start += 4096) {
    const chunk: number[] = [];
    for (let c = start; c <= Math.min(hi, start + 4095); c++) chunk.push(c);
    parts.push(String.fromCodePoint(...chunk));
  }
  return parts.join('');
}

/**
 * Every code point in order, in four texts: the surrogates stand alone in theirs (a high one before
 * a low one would make a pair), so an expression with the `u` flag reads each as the code point.
 */
function segments(): Segment[] {
  segmentsMade ??= [
    { text: textOf(0, 0xd7ff), astral: false, surrogates: false },
    { text: textOf(0xd800, 0xdbff), astral: false, surrogates: true },
    { text: textOf(0xdc00, 0xdfff), astral: false, surrogates: true },
    { text: textOf(0xe000, 0x10ffff), astral: true, surrogates: false },
  ];
  return segmentsMade;
}

function push(ranges: Ranges, lo: number, hi: number): void {
  if (ranges.length > 0 && ranges[ranges.length - 1] === lo - 1) ranges[ranges.length - 1] = hi;
  else ranges.push(lo, hi);
}

/** The code points of a character class (`\p{…}` items), or none when the engine does not know a name in it. */
function rangesOf(items: string): Ranges {
  let expression: RegExp;
  try {
    expression = new RegExp(`[${items}]+`, 'gu');
  } catch {
    return [];
  }
  const ranges: Ranges = [];
  for (const { text, astral } of segments()) {
    for (const match of text.matchAll(expression)) {
      const lastUnit = match.index + match[0].length - 1;
      const lastAt =
        astral && text.charCodeAt(lastUnit) >= 0xdc00 && text.charCodeAt(lastUnit) <= 0xdfff ? lastUnit - 1 : lastUnit;
      push(ranges, text.codePointAt(match.index) ?? 0, text.codePointAt(lastAt) ?? 0);
    }
  }
  return ranges;
}

function contains(ranges: Ranges, c: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (c < ranges[2 * m]) hi = m;
    else if (c > ranges[2 * m + 1]) lo = m + 1;
    else return true;
  }
  return false;
}

/**
 * Below this, every character that has a case (the last, U+1E943, is re2js's MAX_FOLD). re2js
 * reads the orbits when it compiles any literal, so a worker's first expression waits for them:
 * about 25 ms reading these code points, 70 ms reading all.
 */
const LAST_CASED_PLANE_END = 0x1ffff;

/**
 * The classes of characters that simple case folding makes equal (the `iu` flags: `K`, `k` and
 * the Kelvin sign), each ascending. Each member of a class changes under case mapping or folding.
 */
function foldClasses(): number[][] {
  const cased = /[\p{CWCM}\p{CWCF}]/gu;
  const candidates = [textOf(0, 0xd7ff), textOf(0xe000, LAST_CASED_PLANE_END)]
    .map((text) => (text.match(cased) ?? []).join(''))
    .join('');
  const seen = new Set<number>();
  const classes: number[][] = [];
  for (const character of candidates) {
    const c = character.codePointAt(0) ?? 0;
    if (seen.has(c)) continue;
    const escaped = character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    const members = [...candidates.matchAll(new RegExp(escaped, 'giu'))].map((m) => m[0].codePointAt(0) ?? 0);
    for (const m of members) seen.add(m);
    if (members.length > 1) classes.push(members.sort((a, b) => a - b));
  }
  return classes;
}

class Tables<T> implements UnicodeTablesLike<T> {
  private classes?: number[][];
  private orbit?: Map<number, number>;
  private print?: T;
  readonly CATEGORIES: NamedTables<T>;
  readonly SCRIPTS: NamedTables<T>;
  readonly FOLD_CATEGORIES: NamedTables<T>;
  readonly FOLD_SCRIPT: NamedTables<T>;

  constructor(
    private readonly RangeTable: RangeTableClass<T>,
    names: TableNames,
  ) {
    // A one- or two-letter name is a general category (`LC` too); a longer one a binary property.
    const categories = this.named(names.categories, (n) =>
      n.length <= 2 ? `\\p{General_Category=${n}}` : `\\p{${n}}`,
    );
    const scripts = this.named(names.scripts, (n) => `\\p{Script=${n}}`);
    this.CATEGORIES = categories.tables;
    this.SCRIPTS = scripts.tables;
    this.FOLD_CATEGORIES = this.folds(categories.ranges);
    this.FOLD_SCRIPT = this.folds(scripts.ranges);
  }

  /** Each character mapped to the next of its fold class (the last to the first); classes of ASCII letters alone are left to re2js. */
  get CASE_ORBIT(): Map<number, number> {
    if (!this.orbit) {
      this.orbit = new Map();
      for (const members of this.foldClassesOnce()) {
        if (members.every((m) => m < 0x80)) continue;
        members.forEach((m, i) => this.orbit?.set(m, members[(i + 1) % members.length]));
      }
    }
    return this.orbit;
  }

  /** Letters, marks, numbers, punctuation and symbols (Go's unicode.PrintRanges). */
  get Print(): T {
    this.print ??= this.table(rangesOf('\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}'));
    return this.print;
  }

  private foldClassesOnce(): number[][] {
    this.classes ??= foldClasses();
    return this.classes;
  }

  private table(ranges: Ranges): T {
    return new this.RangeTable(Uint32Array.from(ranges), true);
  }

  private named(names: readonly string[], items: (name: string) => string) {
    const known = new Set(names);
    const made = new Map<string, Ranges>();
    const ranges = (name: string): Ranges | undefined => {
      if (!known.has(name)) return undefined;
      if (!made.has(name)) made.set(name, rangesOf(items(name)));
      return made.get(name);
    };
    const tables = this.cached((name) => {
      const r = ranges(name);
      return r ? this.table(r) : null;
    }, known);
    return { tables, ranges };
  }

  /** For each table, the characters outside it that fold to one inside it; null where there are none. */
  private folds(ranges: (name: string) => Ranges | undefined): NamedTables<T> {
    return this.cached((name) => {
      const inside = ranges(name);
      if (!inside) return null;
      const added: number[] = [];
      for (const members of this.foldClassesOnce()) {
        if (!members.some((m) => contains(inside, m))) continue;
        for (const m of members) if (!contains(inside, m)) added.push(m);
      }
      if (added.length === 0) return null;
      const folded: Ranges = [];
      for (const c of added.sort((a, b) => a - b)) push(folded, c, c);
      return this.table(folded);
    });
  }

  private cached(make: (name: string) => T | null, known?: ReadonlySet<string>): NamedTables<T> {
    const made = new Map<string, T | null>();
    const get = (name: string): T | null => {
      if (!made.has(name)) made.set(name, make(name));
      return made.get(name) ?? null;
    };
    return { has: (name) => (known ? known.has(name) : get(name) !== null), get };
  }
}

/** re2js's `UnicodeTables`, made from the engine's Unicode data as each table is first read. */
export function re2UnicodeTables<T>(RangeTable: RangeTableClass<T>, names: TableNames): UnicodeTablesLike<T> {
  return new Tables(RangeTable, names);
}
