// A server's secret-scanning rules as the server means them: their shape checked in the host,
// their expressions compiled and run in the worker with re2js (RE2/J's syntax and engine), line by
// line and path by path as Bitbucket runs them; the allowlist rules take matches back.
import * as assert from 'node:assert/strict';
import {
  Allowlist,
  compileInWorker,
  runServerRule,
  appliesTo,
  type RunnableServerRule,
} from '../../../src/model/secretScan/serverRuleEngine';
import {
  ALLOWLIST_RULE_PREFIX,
  compileServerRules,
  LONGEST_EXPRESSION,
} from '../../../src/model/secretScan/serverRuleData';

const FOREVER = Number.POSITIVE_INFINITY;

function compiled(java: { lineRegex?: string; pathRegex?: string }): RunnableServerRule {
  const result = compileInWorker({ ruleId: 'bitbucket-server/1', name: 'r', ...java });
  if (!result.ok) throw new Error(`${java.lineRegex ?? java.pathRegex}: ${result.detail}`);
  return result.rule;
}

const lineMatches = (java: string, text: string) =>
  runServerRule(compiled({ lineRegex: java }), text, FOREVER).matches.map((m) => text.slice(m.start, m.end));

describe('secret scan: server rules', () => {
  it('keeps the shape of Bitbucket 9.2 (RestSecretScanningRule): id, name, lineRegex, pathRegex, scope', () => {
    const { rules, skipped } = compileServerRules([
      {
        id: 7,
        name: 'Bitbucket DC HTTP access token',
        lineRegex: '(BBDC-[a-zA-Z0-9+]{44})',
        scope: { type: 'GLOBAL' },
      },
      { id: 8, name: 'Keystores', pathRegex: '.*\\.jks$', scope: { type: 'PROJECT', resourceId: 2 } },
    ]);
    assert.deepEqual(skipped, []);
    assert.deepEqual(rules, [
      { ruleId: 'bitbucket-server/7', name: 'Bitbucket DC HTTP access token', lineRegex: '(BBDC-[a-zA-Z0-9+]{44})' },
      { ruleId: 'bitbucket-server/8', name: 'Keystores', pathRegex: '.*\\.jks$' },
    ]);
    assert.deepEqual(
      compileServerRules([{ id: 3, name: 'Test fixtures', pathRegex: '^test/' }], ALLOWLIST_RULE_PREFIX).rules[0]
        .ruleId,
      'bitbucket-server-allowlist/3',
    );
  });

  it('skips a rule of a malformed shape, or with nothing to match with, with the reason for the log', () => {
    const { rules, skipped } = compileServerRules([
      { id: 4, name: 'nothing' },
      { id: 5, name: 'huge', lineRegex: 'a'.repeat(LONGEST_EXPRESSION + 1) },
      { id: 6, name: 'not a string', lineRegex: 42 },
      'not a rule',
      { id: 9, name: 'fine', lineRegex: 'fine' },
    ]);
    assert.deepEqual(
      rules.map((r) => r.ruleId),
      ['bitbucket-server/9'],
    );
    assert.deepEqual(
      skipped.map(({ ruleId, reason }) => [ruleId, reason]),
      [
        ['bitbucket-server/4', 'no-expression'],
        ['bitbucket-server/5', 'too-long'],
        ['bitbucket-server/6', 'malformed'],
        ['bitbucket-server/#3', 'malformed'],
      ],
    );
  });

  it("reads Java's syntax as RE2/J does: \\x{41}, (?i), \\Q…\\E, \\p{Alpha}, named groups, \\A and \\z", () => {
    assert.deepEqual(lineMatches('\\x{41}{3}', 'xxxAAAx'), ['AAA']);
    assert.deepEqual(lineMatches('(?i)password\\s*=\\s*\\S+', 'PassWord = hunter22'), ['PassWord = hunter22']);
    assert.deepEqual(lineMatches('\\Qa.b*\\E', 'xa.b*'), ['a.b*']);
    assert.deepEqual(lineMatches('\\p{Lu}{4}', 'abcDEFGh'), ['DEFG']);
    assert.deepEqual(lineMatches('(?P<key>AKIA[0-9A-Z]{4})', 'id AKIA1234'), ['AKIA1234']);
    assert.deepEqual(
      lineMatches('\\Atoken\\z', 'token\nx token\ntoken'),
      ['token', 'token'],
      'each line is the whole input',
    );
  });

  it("refuses what RE2/J refuses (possessive quantifiers, atomic groups, backreferences), with the engine's message", () => {
    for (const java of ['a++b', '(?>ab)', '(a)\\1', '(unclosed']) {
      const result = compileInWorker({ ruleId: 'bitbucket-server/2', name: 'r', lineRegex: java });
      assert.equal(result.ok, false, java);
      assert.ok(!result.ok && result.field === 'lineRegex' && result.detail.length > 0, java);
    }
    const badPath = compileInWorker({ ruleId: 'bitbucket-server/3', name: 'r', lineRegex: 'x', pathRegex: '*.pem' });
    assert.ok(!badPath.ok && badPath.field === 'pathRegex');
  });

  it('runs a line rule on each line, the first match of each, and a path rule only on files whose path it finds', () => {
    const text = 'a=1\r\nPASSWORD = hunter22 password=abcdefgh\nSECRET_KEY=abcdef\n';
    const password = compiled({ lineRegex: '(?i)password\\s*=\\s*\\S{6,}' });
    assert.deepEqual(
      runServerRule(password, text, FOREVER).matches.map((m) => text.slice(m.start, m.end)),
      ['PASSWORD = hunter22'],
    );
    const envOnly = compiled({ lineRegex: 'SECRET_\\w+=\\S+', pathRegex: '\\.env$' });
    assert.equal(appliesTo(envOnly.path, 'config.txt'), false);
    assert.equal(appliesTo(envOnly.path, 'deploy/.env'), true);
    assert.equal(appliesTo(envOnly.path, undefined), false, 'a name or a comment is no file');
    assert.equal(appliesTo(password.path, undefined), true, 'a line rule alone is meant for every text');
    const keystore = compiled({ pathRegex: '\\.jks$' });
    assert.deepEqual(
      runServerRule(keystore, 'binary-ish', FOREVER),
      { matches: [{ ruleId: 'bitbucket-server/1', start: 0, end: 10 }], complete: true },
      'a path alone flags the file',
    );
  });

  it('stops a rule at its deadline, after the line it was on', () => {
    const text = 'abc\n'.repeat(1000);
    const run = runServerRule(compiled({ lineRegex: 'b' }), text, performance.now() - 1);
    assert.deepEqual([run.matches.length, run.complete], [1, false]);
  });

  it('an allowlist rule allows a match on a line it finds, in a file its path finds', () => {
    const refused: string[] = [];
    const allowlist = new Allowlist(
      [
        { ruleId: 'bitbucket-server-allowlist/1', name: 'examples', lineRegex: 'EXAMPLE' },
        { ruleId: 'bitbucket-server-allowlist/2', name: 'fixtures', pathRegex: '^test/' },
        { ruleId: 'bitbucket-server-allowlist/3', name: 'broken', lineRegex: 'a++' },
      ],
      (rule) => refused.push(rule.ruleId),
    );
    const text = 'key=AKIA1234 # EXAMPLE\nkey=AKIA5678\n';
    assert.equal(allowlist.allows(text, 4, 'a.txt'), true);
    assert.equal(allowlist.allows(text, text.indexOf('AKIA5678'), 'a.txt'), false);
    assert.equal(allowlist.allows(text, text.indexOf('AKIA5678'), 'test/a.txt'), true);
    assert.equal(allowlist.allows(text, text.indexOf('AKIA5678'), undefined), false);
    assert.deepEqual(refused, ['bitbucket-server-allowlist/3'], 'a refused allowlist rule allows nothing');
  });
});
