// A server rule searches only the lines that hold the literal every match of its expression
// holds: the literal is read off the expression only where that is sure, in any case under `(?i)`
// as RE2 folds it (the Kelvin sign with `k`, the long s with `s`), and a rule finds exactly what
// it found when it searched every line.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { literalSearch, requiredLiteral } from '../../../src/model/secretScan/requiredLiteral';
import {
  compileInWorker,
  runServerRule,
  type RunnableServerRule,
  type RuleRun,
} from '../../../src/model/secretScan/serverRuleEngine';

const FOREVER = Number.POSITIVE_INFINITY;

function compiled(lineRegex: string): RunnableServerRule {
  const result = compileInWorker({ ruleId: 'bitbucket-server/1', name: 'r', lineRegex });
  if (!result.ok) throw new Error(`${lineRegex}: ${result.detail}`);
  return result.rule;
}

/** The same rule searching every line, as before the literal. */
const everyLine = (lineRegex: string): RunnableServerRule => ({
  ruleId: 'bitbucket-server/1',
  line: RE2JS.compile(lineRegex),
});

const refused = (java: string): boolean => {
  try {
    RE2JS.compile(java);
    return false;
  } catch {
    return true;
  }
};

/** Atoms RE2/J reads: plain and escaped characters, classes, assertions, quoting, and characters that fold. */
const ATOMS = [
  ...['a', 'b', 'k', 's', 'K', 'S', '-', '=', ' ', '_', '1', 'é', 'ſ', '\u212A', 'İ'],
  ...['\\.', '\\-', '\\=', '.', '[a-c]', '[^k]', '[ks]', '[]k]', '[[:alpha:]]', '[\\]s]', '[\\p{Lu}]'],
  ...['\\d', '\\s', '\\S', '\\w', '\\b', '^', '$', '\\x{6B}', '\\x73', '\\pL', '\\p{Lu}', '\\Qk.s\\E', '\\n'],
];
const QUANTIFIERS = ['', '', '', '', '?', '*', '+', '{0,2}', '{1,2}', '{2}', '+?', '{1,}', '??'];
const GROUPS = ['(', '(?:', '(?P<g>', '(?<h>', '(?i:', '(?s:'];
const FLAGS = ['', '', '(?i)', '(?i)', '(?s)', '(?i-s)', '(?-i)', '(?i)(?s)'];

const sequence: (depth: number) => fc.Arbitrary<string> = (depth) =>
  fc
    .array(
      fc.tuple(
        depth > 0
          ? fc.oneof(
              { weight: 5, arbitrary: fc.constantFrom(...ATOMS) },
              {
                weight: 1,
                arbitrary: fc.tuple(fc.constantFrom(...GROUPS), sequence(depth - 1)).map(([g, s]) => `${g}${s})`),
              },
            )
          : fc.constantFrom(...ATOMS),
        fc.constantFrom(...QUANTIFIERS),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.map(([atom, quantifier]) => `${atom}${quantifier}`).join(''));

/** Patterns with flags, and some with a choice, which has no literal. */
const pattern = fc
  .oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(fc.constantFrom(...FLAGS), sequence(2)).map(([flags, body]) => `${flags}${body}`),
    },
    { weight: 1, arbitrary: fc.tuple(sequence(1), sequence(1)).map(([a, b]) => `${a}|${b}`) },
  )
  .filter((java) => !refused(java));

/** The characters a pattern names, as they are, in the other case, and with the characters RE2 folds with `k` and `s`. */
function spellings(java: string): string[] {
  const plain = java.replace(/\\[pPx]\{[^}]*\}|\\[dsSwbpPxQEn]|\[[^\]]*\]|\(\?[^:)]*[:)]|[\\()[\]{}?*+|^$.\d,]/g, '');
  const swapped = [...plain].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  return [plain, swapped, plain.replace(/k/gi, '\u212A').replace(/s/gi, '\u017F')];
}

/** Texts of a pattern's own characters, of the characters RE2 folds with ASCII ones, line ends and a lone surrogate. */
const text = (java: string) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          ...[
            'a',
            'b',
            'k',
            's',
            'K',
            'S',
            'ſ',
            '\u212A',
            'é',
            'É',
            'İ',
            'ı',
            '😀',
            '\uD800',
            '-',
            '.',
            '=',
            ' ',
            '_',
            '1',
          ],
          ...['\n', '\r\n', '\r', 'ks', 'KS', 'ab', 'k.s', 'sk', 'aaa'],
        ),
        fc.constantFrom(...spellings(java)),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

/** A pattern and a text to search with it. */
const searched = pattern.chain((java) => fc.tuple(fc.constant(java), text(java)));

const found = (run: RuleRun, where: string) => run.matches.map((m) => [m.start, m.end, where.slice(m.start, m.end)]);

describe('secret scan: the literal a server rule needs', () => {
  it('reads the literal a match cannot skip, honouring escapes, quantifiers, groups and (?i)', () => {
    const cases: [string, string | undefined, boolean?][] = [
      ['ACME-DEPLOY-[0-9A-F]{24}', 'ACME-DEPLOY-'],
      ['(?i)svc_password\\s*[=:]\\s*\\S{8,}', 'svc_password', true],
      ['(BBDC-[a-zA-Z0-9+]{44})', 'BBDC-'],
      ['\\.env\\-file', '.env-file'],
      ['abc?d', 'ab'],
      ['abc*', 'ab'],
      ['abc{0,3}', 'ab'],
      ['x+yz', 'xyz'],
      ['ab(?:cd)+ef', 'abcd'],
      ['(?:ab)+cdef', 'abcdef'],
      ['(?P<key>AKIA)[0-9A-Z]{16}', 'AKIA'],
      ['(?i:abc)de', 'de'],
      ['(?i)(?s)aws_(secret)_key', 'aws_secret_key', true],
      ['(?-i)token', 'token'],
      ['[]a]bc', 'bc'],
      ['\\p{Greek}abc\\x{41}', 'abc'],
      ['\\Qab\\Ecd', 'cd'],
    ];
    for (const [java, literal, anyCase = false] of cases) {
      assert.deepEqual(requiredLiteral(java), literal === undefined ? undefined : { text: literal, anyCase }, java);
    }
  });

  it('has no literal where it cannot be sure: any |, flags set midway, a brace of its own, an escape it does not know', () => {
    for (const java of [
      'ab|cd',
      'a(b|c)d',
      'ab\\|cd',
      'ab(?i)cd',
      'x{0,3}',
      'ab{',
      'a}',
      '\\1ab',
      '\\0ab',
      '.*',
      '[ab]+',
    ]) {
      assert.equal(requiredLiteral(java), undefined, java);
    }
  });

  it('finds the literal in any case as RE2 folds it: the Kelvin sign is a k, the long s an s', () => {
    const search = literalSearch({ text: 'ks', anyCase: true });
    assert.equal(search('xx\u212A\u017F', 0), 2);
    assert.equal(search('xxKS', 0), 2);
    assert.equal(search('xxKS', 3), -1);
    const run = runServerRule(
      compiled('(?i)svc_password\\s*=\\s*\\S{8,}'),
      'x\n\u017Fvc_pa\u017F\u017Fword = hunter2222',
      FOREVER,
    );
    assert.deepEqual(run.matches, [{ ruleId: 'bitbucket-server/1', start: 2, end: 27 }]);
    const kelvin = 'aws_\u212Aey';
    assert.equal(runServerRule(compiled('(?i)aws_key'), kelvin, FOREVER).matches.length, 1);
    assert.equal(runServerRule(everyLine('(?i)aws_key'), kelvin, FOREVER).matches.length, 1, 'RE2 folds it so');
  });

  it('does not search the lines without the literal: past its deadline, a rule whose literal no line holds is complete', () => {
    const text = 'const a = 1;\n'.repeat(500);
    const past = performance.now() - 1;
    assert.deepEqual(runServerRule(compiled('ACME-DEPLOY-[0-9A-F]{4}'), text, past), { matches: [], complete: true });
    const planted = `${text}key ACME-DEPLOY-00FF\n${text}`;
    const run = runServerRule(compiled('ACME-DEPLOY-[0-9A-F]{4}'), planted, past);
    assert.deepEqual(found(run, planted), [[text.length + 4, text.length + 20, 'ACME-DEPLOY-00FF']]);
    assert.equal(run.complete, true, 'the one line that holds it was the first searched, and no line after holds it');
    assert.deepEqual(runServerRule(everyLine('ACME-DEPLOY-[0-9A-F]{4}'), planted, past), {
      matches: [],
      complete: false,
    });
  });

  it('finds what the rule finds when it searches every line: the same matches at the same places', () => {
    let withLiteral = 0;
    let matched = 0;
    fc.assert(
      fc.property(searched, ([java, where]) => {
        const rule = compiled(java);
        const filtered = runServerRule(rule, where, FOREVER);
        const all = runServerRule(everyLine(java), where, FOREVER);
        assert.deepEqual(found(filtered, where), found(all, where));
        assert.equal(filtered.complete, true);
        if (rule.holds) withLiteral++;
        if (rule.holds && all.matches.length > 0) matched++;
      }),
      {
        numRuns: 3000,
        examples: [[['(?i)ks', 'x\u212A\u017F']], [['(?i)s+k', 'ſſK']], [['\\n', 'a\nb']]],
      },
    );

    assert.ok(withLiteral > 800 && matched > 200, `with a literal ${withLiteral}, and a match ${matched}`);
  });

  it('every match holds the literal read off its expression', () => {
    fc.assert(
      fc.property(searched, ([java, where]) => {
        const literal = requiredLiteral(java);
        if (!literal) return;
        const search = literalSearch(literal);
        for (const m of runServerRule(everyLine(java), where, FOREVER).matches) {
          const at = search(where.slice(m.start, m.end), 0);
          assert.ok(at >= 0 && at + literal.text.length <= m.end - m.start, `${java} in ${JSON.stringify(where)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('past its deadline, a rule reports the matches of the first lines it searched, in order, and stops only if a line left may match', () => {
    fc.assert(
      fc.property(searched, ([java, where]) => {
        const rule = compiled(java);
        const stopped = runServerRule(rule, where, performance.now() - 1);
        const all = runServerRule(rule, where, FOREVER);
        assert.ok(stopped.matches.length <= 1);
        assert.deepEqual(stopped.matches, all.matches.slice(0, stopped.matches.length));
        if (stopped.complete) assert.deepEqual(stopped.matches, all.matches);
      }),
      { numRuns: 1000 },
    );
  });
});
