// Outside text (server messages, other users' names, link parameters) must reach the user as
// text: never as a live command link, an icon, or characters that reorder or hide what is read.
// The regular expressions below are VS Code 1.100's own (vs/base/common/linkedText.ts and
// vs/base/common/iconLabels.ts), so "no live link" means: VS Code finds none.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { iconSafeText, lineText, messageText, MAX_SHOWN_LENGTH } from '../../../src/util/outsideText';

const VSCODE_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const VSCODE_ICON = /(\\)?\$\(([a-z0-9-]+?(?:~[a-z0-9-]*?)?)\)/gi;
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

const liveLinks = (text: string) => [...text.matchAll(VSCODE_LINK)].map((m) => m[0]);
const liveIcons = (text: string) => [...text.matchAll(VSCODE_ICON)].filter((m) => !m[1]).map((m) => m[0]);

/** Strings made of the pieces an attacker combines, so that links and icons are common, not rare. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '[',
        ']',
        '(',
        ')',
        ' ',
        '"',
        "'",
        '\\',
        '$',
        '$(',
        'command:',
        'https://',
        'file:',
        'workbench.action.terminal.new',
        '?%5B%22x%22%5D',
        'Sign in again',
        '\n',
        '\r',
        '\t',
        '\u202E',
        '\u2066',
        '\u200B',
        '\u0000',
        '\u001B[31m',
        '\u0085',
        '\u2028',
        'terminal',
        '~spin',
      ),
      fc.string({ maxLength: 4, unit: 'grapheme' }),
      fc.string({ maxLength: 3, unit: 'binary' }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('outside text', () => {
  it('leaves ordinary names and messages as they are', () => {
    for (const text of [
      'deploy.sh',
      'Grüße, Ünïcödé 🚀 (draft) [wip]',
      'Could not save "x": HTTP 500 (Internal Server Error).',
      'a ] (b) c',
      'شبكة',
      '日本語のスニペット',
    ]) {
      assert.equal(messageText(text), text);
      assert.equal(lineText(text), text);
      assert.equal(iconSafeText(text), text);
    }
  });

  it('shows a command link as its text: the brackets stay readable, VS Code finds no link', () => {
    const planted = 'Access denied. [Sign in again](command:workbench.action.terminal.new?%5B%22rm%22%5D)';
    const shown = messageText(planted);
    assert.equal(shown, 'Access denied. [Sign in again] (command:workbench.action.terminal.new?%5B%22rm%22%5D)');
    assert.deepEqual(liveLinks(shown), []);
    assert.deepEqual(liveLinks(planted).length, 1, 'the planted text is a live link before');
  });

  it('for any string, with any text of the extension around it, VS Code finds no live link in a message', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (before, outside, after) => {
        const shown = messageText(`${before}${outside}${after}`);
        assert.deepEqual(liveLinks(shown), []);
        assert.equal(HIDDEN.test(shown), false, JSON.stringify(shown));
      }),
      { numRuns: 3000 },
    );
  });

  it('for any string, a one-line text has no line break, no control or bidi character and no live link', () => {
    fc.assert(
      fc.property(hostile, (outside) => {
        const shown = lineText(outside);
        assert.equal(/[\r\n\u2028\u2029\u0085]/.test(shown), false);
        assert.equal(HIDDEN.test(shown), false);
        assert.deepEqual(liveLinks(shown), []);
      }),
      { numRuns: 3000 },
    );
  });

  it('for any string, an icon-safe text draws no icon, and an escaped $( shows as typed', () => {
    assert.equal(iconSafeText('$(terminal) run me'), '\\$(terminal) run me');
    assert.deepEqual(liveIcons('$(terminal) run me'), ['$(terminal)']);
    fc.assert(
      fc.property(hostile, (outside) => {
        const shown = iconSafeText(outside);
        assert.deepEqual(liveIcons(shown), [], JSON.stringify(shown));
        assert.deepEqual(liveLinks(shown), []);
        assert.equal(HIDDEN.test(shown), false);
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent: neutralising twice changes nothing more', () => {
    fc.assert(
      fc.property(hostile, (outside) => {
        assert.equal(messageText(messageText(outside)), messageText(outside));
        assert.equal(iconSafeText(iconSafeText(outside)), iconSafeText(outside));
      }),
    );
  });

  it('keeps line breaks in messages as \\n and turns tabs into spaces', () => {
    assert.equal(messageText('one\r\ntwo\rthree\u2028four\tfive'), 'one\ntwo\nthree\nfour five');
    assert.equal(lineText('one\r\ntwo\tthree'), 'one two three');
  });

  it('removes the characters that reverse or hide text: a file "gpj.exe" cannot pass for "exe.jpg"', () => {
    assert.equal(lineText('invoice\u202Egpj.exe'), 'invoicegpj.exe');
    assert.equal(lineText('a\u2066b\u2069c\u200Bd\u0007e\u001B[31mf'), 'abcde[31mf');
  });

  it('cuts a huge server message to a readable length, without splitting a character', () => {
    const shown = messageText('x'.repeat(5_000_000));
    assert.equal(shown.length, MAX_SHOWN_LENGTH);
    assert.ok(shown.endsWith('…'));
    const emoji = messageText(`${'a'.repeat(MAX_SHOWN_LENGTH - 2)}🚀🚀🚀`);
    assert.ok(emoji.length <= MAX_SHOWN_LENGTH);
    assert.equal(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(emoji), false, 'no lone high surrogate');
  });

  it('shows anything that is not a string as text', () => {
    assert.equal(messageText(undefined), '');
    assert.equal(messageText(42), '42');
  });
});
