// Server messages, other users' snippet names and error stacks reach the output channel. Each call
// of the logger must be exactly one line there, whatever the outside text holds, so that a snippet
// name cannot add a line that reads like the extension's own ("signed in to … as admin"); and the
// escaping must be undoable, so that a name holding a literal `\n` never logs like a line break.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { BitbucketError } from '../../../src/api/errors';
import { Log, type LogChannel } from '../../../src/util/log';
import { oneLogLine } from '../../../src/util/logLine';

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';
const LEVELS: readonly Level[] = ['trace', 'debug', 'info', 'warn', 'error'];

/** A channel that keeps what it was given, as VS Code's LogOutputChannel would show it. */
function fakeChannel(): LogChannel & { written: Array<{ level: Level; text: string }> } {
  const written: Array<{ level: Level; text: string }> = [];
  const at = (level: Level) => (text: string | Error) => void written.push({ level, text: String(text) });
  return { written, trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * Everything an editor, a terminal or a JavaScript reader takes as the end of a line: LF, CR, VT,
 * FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
 */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
/** Controls, bidi and invisible marks, and unpaired surrogates: none may reach the channel. */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/** Reverses oneLogLine: the escapes of a JavaScript string literal it writes. */
function original(line: string): string {
  const named: Record<string, string> = { '\\': '\\', n: '\n', r: '\r', t: '\t', v: '\v', f: '\f' };
  return line.replace(
    /\\(?:([\\nrtvf])|x([0-9A-F]{2})|u([0-9A-F]{4}))/g,
    (_match, name: string | undefined, x: string | undefined, u: string | undefined) =>
      name !== undefined ? named[name] : String.fromCharCode(parseInt((x ?? u) as string, 16)),
  );
}

const FORGED = 'signed in to https://bitbucket.example.com as admin';

/** Outside text as an attacker would shape it: each kind of line break and control before a forged line. */
const HOSTILE: Array<[string, string]> = [
  ['LF', `deploy.sh\n[auth] ${FORGED}`],
  ['CR', `deploy.sh\r[auth] ${FORGED}`],
  ['CRLF', `deploy.sh\r\n[auth] ${FORGED}`],
  ['U+2028', `deploy.sh\u2028[auth] ${FORGED}`],
  ['U+2029', `deploy.sh\u2029[auth] ${FORGED}`],
  ['NEL', `deploy.sh\u0085[auth] ${FORGED}`],
  ['VT and FF', `deploy.sh\v[auth]\f${FORGED}`],
  ['an ESC sequence', `deploy.sh\u001B[2K\u001B[1G[auth] ${FORGED}`],
  ['NUL, BEL, DEL and C1 controls', `deploy.sh\u0000\u0007\u007F\u009B[auth] ${FORGED}`],
  ['bidi overrides', `deploy.sh\u202E[auth] ${FORGED}\u202C`],
];

describe('log lines', () => {
  for (const [what, text] of HOSTILE) {
    it(`outside text with ${what} is one line at every level, and in an error's detail`, () => {
      const channel = fakeChannel();
      const log = new Log(channel, 'snippets');
      for (const level of LEVELS) log[level](`loaded "${text}"`);
      log.error('saving failed', new Error(`the server said: ${text}`));
      log.error(
        'saving failed',
        new BitbucketError('server', `HTTP 500: ${text}`, {
          status: 500,
          serverMessages: [{ context: text, message: text, exceptionName: text }],
        }),
      );
      log.error('saving failed', text);
      log.forApi()('warn', `retrying: ${text}`);
      assert.equal(channel.written.length, LEVELS.length + 4, 'one entry per call');
      for (const { level, text: line } of channel.written) {
        assert.ok(!UNSAFE.test(line), `${level}: ${JSON.stringify(line)}`);
        assert.ok(
          line.startsWith('[snippets] ') || line.startsWith('[api] '),
          `${level}: the line starts with its component: ${JSON.stringify(line)}`,
        );
        assert.ok(line.includes(FORGED), 'not vacuous: the outside text is in the line, escaped');
      }
    });
  }

  it('a stack trace becomes one line with its breaks visible', () => {
    const channel = fakeChannel();
    const err = new Error('boom');
    err.stack = 'Error: boom\n    at save (provider.ts:10:5)\r\n    at run (queue.ts:3:1)';
    new Log(channel).error('saving failed', err);
    assert.deepEqual(channel.written, [
      {
        level: 'error',
        text: '[main] saving failed: Error: boom\\n    at save (provider.ts:10:5)\\r\\n    at run (queue.ts:3:1)',
      },
    ]);
  });

  it('escapes backslashes, so that a literal "\\n" in a name logs differently from a line break', () => {
    assert.equal(oneLogLine('a\nb'), 'a\\nb');
    assert.equal(oneLogLine('a\\nb'), 'a\\\\nb');
    assert.equal(oneLogLine('C:\\Users\\x'), 'C:\\\\Users\\\\x');
    assert.equal(oneLogLine('\u001B[31m\u0085\u2028\u202E\u00A0'), '\\x1B[31m\\x85\\u2028\\u202E\u00A0');
    assert.equal(oneLogLine('\uD800x\uDC00'), '\\uD800x\\uDC00');
  });

  it('leaves ordinary text as it is: names in every script, emoji, tabs written as \\t', () => {
    for (const text of [
      'Grüße, Ünïcödé 🚀 (draft) [wip]',
      'شبكة',
      '日本語のスニペット',
      'GET /rest/snippets/1.0/snippets?start=25 → HTTP 200 in 41 ms',
    ]) {
      assert.equal(oneLogLine(text), text);
    }
    assert.equal(oneLogLine('a\tb'), 'a\\tb');
  });

  it('property: whatever is logged, the channel gains exactly one line, from which the message can be read back', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc
        .array(
          fc.constantFrom(
            '\\',
            'n',
            'x',
            'u',
            '2028',
            '\n',
            '\r',
            '\u2028',
            '\u0085',
            '\u001B',
            '\uD800',
            '\uDC00',
            '\u202E',
            'a',
          ),
          { maxLength: 20 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(anyText, fc.constantFrom(...LEVELS), (text, level) => {
        const channel = fakeChannel();
        new Log(channel, 'api')[level](text);
        assert.equal(channel.written.length, 1);
        const line = channel.written[0].text;
        assert.ok(!LINE_BREAK.test(line) && !UNSAFE.test(line), JSON.stringify(line));
        assert.equal(original(line), `[api] ${text}`);
      }),
      { numRuns: 2000 },
    );
  });
});
