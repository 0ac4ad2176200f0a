// A server's secret-scanning rules, from Java's expressions to JavaScript's: what carries over,
// what is refused and why, and what the scan does with the rest.
import * as assert from 'node:assert/strict';
import { javaRegexToJs } from '../../../src/model/secretScan/javaRegex';
import { compileServerRules, LONGEST_EXPRESSION } from '../../../src/model/secretScan/serverRules';
import { runnable, TextScan } from '../../../src/model/secretScan/textScan';

describe('secret scan: server rules', () => {
  it('compiles the shape of Bitbucket 9.2 (RestSecretScanningRule): id, name, lineRegex, pathRegex, scope', () => {
    const { rules, skipped } = compileServerRules([
      { id: 7, name: 'Bitbucket DC HTTP access token', lineRegex: '(BBDC-[a-zA-Z0-9+]{44})', scope: { type: 'GLOBAL' } },
      { id: 8, name: 'Keystores', pathRegex: '.*\\.jks$', scope: { type: 'PROJECT', resourceId: 2 } },
    ]);
    assert.deepEqual(skipped, []);
    assert.deepEqual(rules, [
      { ruleId: 'bitbucket-server/7', name: 'Bitbucket DC HTTP access token', line: { source: '(BBDC-[a-zA-Z0-9+]{44})', flags: '' } },
      { ruleId: 'bitbucket-server/8', name: 'Keystores', path: { source: '.*\\.jks$', flags: '' } },
    ]);
  });

  it('turns a leading (?i) into the i flag (and (?s), (?m) into theirs), and RE2 named groups into JavaScript\'s', () => {
    assert.deepEqual(javaRegexToJs('(?i)password\\s*=\\s*\\S+'), { ok: true, source: 'password\\s*=\\s*\\S+', flags: 'i' });
    assert.deepEqual(javaRegexToJs('(?is)a.b'), { ok: true, source: 'a.b', flags: 'is' });
    assert.deepEqual(javaRegexToJs('(?P<key>AKIA[0-9A-Z]{16})'), { ok: true, source: '(?<key>AKIA[0-9A-Z]{16})', flags: '' });
    assert.deepEqual(javaRegexToJs('\\Qa.b*\\E+c'), { ok: true, source: 'a\\.b\\*+c', flags: '' });
    assert.deepEqual(javaRegexToJs('\\Atoken\\z'), { ok: true, source: '(?<![\\s\\S])token(?![\\s\\S])', flags: '' });
    // Lazy quantifiers, lookarounds and escapes that mean the same are left as they are.
    for (const same of ['a+?b', 'x{2,}?', '(?=a)(?!b)(?<=c)(?<!d)', '[a-z+*?{}]+', '\\d\\w\\s\\b\\.\\+', '(?:ab)+']) {
      assert.deepEqual(javaRegexToJs(same), { ok: true, source: same, flags: '' }, same);
    }
  });

  it('refuses Java-only syntax by name: possessive quantifiers, atomic groups, inline flags inside, \\p classes, nested classes', () => {
    const refusals: Array<[string, string, string]> = [
      ['a++b', 'possessive-quantifier', '++'],
      ['a*+', 'possessive-quantifier', '*+'],
      ['a?+', 'possessive-quantifier', '?+'],
      ['a{2,3}+', 'possessive-quantifier', '{2,3}+'],
      ['(?>ab)', 'atomic-group', '(?>'],
      ['ab(?i)cd', 'inline-flags', '(?i)'],
      ['(?i:ab)', 'inline-flags', '(?i:'],
      ['(?x)a b', 'comment-mode', '(?x)'],
      ['(?u)a', 'unsupported-flag', '(?u)'],
      ['\\p{Alpha}+', 'unsupported-escape', '\\p'],
      ['\\h+', 'unsupported-escape', '\\h'],
      ['[a-z&&[^aeiou]]', 'class-intersection', '&&'],
      ['[a-z[0-9]]', 'nested-class', '[0'],
      ['[a-z&&b]', 'class-intersection', '&&'],
      ['[[:alpha:]]', 'nested-class', '[:'],
    ];
    for (const [java, refusal, construct] of refusals) assert.deepEqual(javaRegexToJs(java), { ok: false, refusal, construct }, java);
  });

  it('skips a rule JavaScript cannot compile, or has nothing to match with, with the reason for the log', () => {
    const { rules, skipped } = compileServerRules([
      { id: 1, name: 'possessive', lineRegex: 'secret\\s*=\\s*\\w++' },
      { id: 2, name: 'broken', lineRegex: '(unclosed' },
      { id: 3, name: 'bad path', lineRegex: 'x', pathRegex: '*.pem' },
      { id: 4, name: 'nothing' },
      { id: 5, name: 'huge', lineRegex: 'a'.repeat(LONGEST_EXPRESSION + 1) },
      { id: 6, name: 'not a string', lineRegex: 42 },
      'not a rule',
      { id: 9, name: 'fine', lineRegex: 'fine' },
    ]);
    assert.deepEqual(rules.map((r) => r.ruleId), ['bitbucket-server/9']);
    assert.deepEqual(
      skipped.map(({ ruleId, field, reason }) => [ruleId, field, reason]),
      [
        ['bitbucket-server/1', 'lineRegex', 'possessive-quantifier'],
        ['bitbucket-server/2', 'lineRegex', 'does-not-compile'],
        ['bitbucket-server/3', 'pathRegex', 'does-not-compile'],
        ['bitbucket-server/4', undefined, 'no-expression'],
        ['bitbucket-server/5', 'lineRegex', 'too-long'],
        ['bitbucket-server/6', undefined, 'malformed'],
        ['bitbucket-server/#6', undefined, 'malformed'],
      ],
    );
    assert.match(skipped[1].detail ?? '', /Unterminated group/);
  });

  it('runs a line rule on each line, with the i flag, and a path rule only on texts whose label matches', () => {
    const { rules } = compileServerRules([
      { id: 1, name: 'password line', lineRegex: '(?i)password\\s*=\\s*\\S{6,}' },
      { id: 2, name: 'env only', lineRegex: 'SECRET_\\w+=\\S+', pathRegex: '\\.env$' },
      { id: 3, name: 'keystore', pathRegex: '\\.jks$' },
    ]);
    const [passwordLine, envOnly, keystore] = rules.map(runnable);
    const text = 'a=1\r\nPASSWORD = hunter22\nSECRET_KEY=abcdef\n';
    const found = (label: string, rule: ReturnType<typeof runnable>) => new TextScan({ label, text }, new Set()).serverFindings(rule).map((f) => [f.ruleId, f.line, f.column]);
    assert.deepEqual(found('config.txt', passwordLine), [['bitbucket-server/1', 2, 1]]);
    assert.deepEqual(found('config.txt', envOnly), [], 'the path does not match');
    assert.deepEqual(found('deploy/.env', envOnly), [['bitbucket-server/2', 3, 1]]);
    assert.deepEqual(found('file name', envOnly), [], 'a snippet name or a file name as a text has no path');
    assert.deepEqual(found('store.jks', keystore), [['bitbucket-server/3', 1, 1]], 'a path alone flags the file');
    assert.deepEqual(found('store.txt', keystore), []);
  });
});
