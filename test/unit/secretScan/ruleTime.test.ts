// Every rule of the scan's own runs in linear time: on adversarial input (its prefixes repeated,
// long runs of its alphabet after them, keywords without values) a rule that backtracked would
// take seconds on 200 KB; each must finish in a fraction of that. What a scan costs is measured by
// `npm run bench` (its secret scan section), not here: a time limit in a test fails on a loaded
// machine.
import * as assert from 'node:assert/strict';
import { BUILTIN_RULES, TOKEN_KINDS } from '../../../src/model/secretScan/builtinRules';
import type { BuiltinRule } from '../../../src/model/secretScan/secretMatch';

const SIZE = 200 * 1024;
/**
 * Linear work over 200 KB takes a few milliseconds (tens on a loaded machine); quadratic work
 * takes seconds (the older Bitbucket token's context took 13.7 s before it was bounded).
 */
const MOST_MS = 500;

const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

/** Inputs built around a hint: repeated, followed by runs of alphabets, and interleaved with separators. */
function adversarial(hint: string): string[] {
  return [
    fill(hint),
    `${hint}${fill('aB3')}`,
    `${hint}${fill('a')}`,
    fill(`${hint}${'A1b2'.repeat(8)} `),
    fill(`${hint}=`),
    fill(`${hint}.`),
    fill(`${hint}-`),
    `${hint}${fill('0123456789abcdef')}`,
  ];
}

const OTHER_HINTS = [
  'password=',
  'password: ',
  'DB_PASSWORD',
  'token',
  'secret_',
  '--password ',
  '<password>',
  'jdbc:mysql://h/d?password=',
  'Server=x;Password=',
  'machine h login u password ',
  '"auth": "',
  'client-key-data: ',
  'kind: Secret\ndata:\n  k: ',
  'eyJ',
  'Basic ',
  'Bearer ',
  'https://u:',
  'BBDC-',
  '-----BEGIN RSA PRIVATE KEY-----\n',
  'x-token-auth:',
];

/**
 * The CPU time this process has used, in milliseconds. The rules' times are CPU times, not wall
 * clock: on a loaded machine (the unit suite runs in two processes, and CI may share the cores
 * with more) a run waits for a core now and then, which made a 1 MB run look eight times as long
 * as a 256 KB one although it did four times the work.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The budget on this machine at this moment: MOST_MS, or 100 times a plain linear pass over the
 * same amount of text if the machine is so loaded that even that is slow.
 */
function budget(): number {
  const text = fill('token_x = a1B2c3; ');
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = cpuMs();
    let n = 0;
    for (const m of `${text}${i}`.matchAll(/[A-Za-z0-9_]+/g)) n += m[0].length;
    runs.push(cpuMs() - start + n * 0);
  }
  return Math.max(MOST_MS, 100 * runs.sort((a, b) => a - b)[2]);
}

function timeOf(rule: BuiltinRule, text: string): number {
  const start = cpuMs();
  rule.find(text);
  return cpuMs() - start;
}

describe('secret scan: every rule in linear time', function () {
  this.timeout(300_000);

  it(`each token rule takes under ${MOST_MS} ms on 200 KB of adversarial input built from its own prefixes`, () => {
    const most = budget();
    const slow: string[] = [];
    for (const kind of TOKEN_KINDS) {
      const rule = BUILTIN_RULES.find((r) => r.id === kind.id);
      assert.ok(rule, kind.id);
      for (const hint of [...(kind.hints ?? []), ...(kind.hintsAnyCase ?? [])]) {
        for (const text of adversarial(hint)) {
          const ms = timeOf(rule, text);
          if (ms > most) slow.push(`${kind.id} on ${JSON.stringify(text.slice(0, 40))}…: ${ms.toFixed(0)} ms`);
        }
      }
    }
    assert.deepEqual(slow, [], `budget ${most.toFixed(0)} ms`);
  });

  it(`every rule takes under ${MOST_MS} ms on 200 KB of adversarial input built from the other rules' keywords`, () => {
    const most = budget();
    const slow: string[] = [];
    for (const hint of OTHER_HINTS) {
      for (const text of adversarial(hint)) {
        for (const rule of BUILTIN_RULES) {
          const ms = timeOf(rule, text);
          if (ms > most) slow.push(`${rule.id} on ${JSON.stringify(text.slice(0, 40))}…: ${ms.toFixed(0)} ms`);
        }
      }
    }
    assert.deepEqual(slow, [], `budget ${most.toFixed(0)} ms`);
  });

  it('scans 1 MB with every one of its 80 and more rules in about four times the time of 256 KB: linear, not worse', () => {
    assert.ok(BUILTIN_RULES.length >= 80, `${BUILTIN_RULES.length} rules`);
    const unit = 'const retries = 3; // token refresh\nDB_PASSWORD=${DB_PASSWORD}\nhttps://example.com/a?b=c\n';
    const textOf = (size: number) => unit.repeat(Math.ceil(size / unit.length));
    const [smallText, largeText] = [textOf(256 * 1024), textOf(1024 * 1024)];
    const once = (text: string, i: number) => {
      const start = cpuMs();
      for (const rule of BUILTIN_RULES) rule.find(`${text}${i}`);
      return cpuMs() - start;
    };
    // The two sizes take turns, and each keeps its fastest run: what else the process does at
    // times (a collection of garbage left by the run before) lengthens some runs, not all.
    let [small, large] = [Infinity, Infinity];
    for (let i = 0; i < 5; i++) {
      small = Math.min(small, once(smallText, i));
      large = Math.min(large, once(largeText, i));
    }
    assert.ok(large / small < 8, `1 MB: ${large.toFixed(1)} ms, 256 KB: ${small.toFixed(1)} ms`);
  });
});
