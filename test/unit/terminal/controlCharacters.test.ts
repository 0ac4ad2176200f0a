// Every character a terminal would take as a key, or a reader would not see, is counted and shown
// as a mark: the confirmation asks for each one, whoever wrote the text.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  controlCharacterCount,
  hasControlCharacters,
  withVisibleControls,
} from '../../../src/model/terminal/controlCharacters';

const mark = (code: number): string => `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** The characters issue 40 found unasked, and the ones that draw nothing though they are letters or marks. */
const INVISIBLE = [
  0x00ad, 0x180e, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0xfff9, 0xfffa, 0xfffb, 0xe0001, 0xe0020, 0xe0041,
  0xe007f, 0x1d173, 0x115f, 0x1160, 0x3164, 0xffa0, 0x034f, 0x17b4, 0x17b5, 0xfe00, 0xfe0f, 0xe0100, 0xe01ef, 0x2800,
  // Earlier ones: bidi, zero-width, separators, the byte order mark, a no-break space.
  0x200b, 0x200c, 0x200d, 0x200e, 0x202e, 0x2066, 0x2028, 0x2029, 0xfeff, 0x00a0, 0x3000,
];

/** Any code point (a lone surrogate as a letter instead), the listed invisible ones and controls often. */
const anyCharacter = fc.oneof(
  fc
    .integer({ min: 0, max: 0x10ffff })
    .map((code) => (code >= 0xd800 && code <= 0xdfff ? 'x' : String.fromCodePoint(code))),
  fc.constantFrom(...INVISIBLE.map((code) => String.fromCodePoint(code)), '\u001b', '\t', '\n', ' ', 'a'),
);

describe('terminal: control and invisible characters', () => {
  for (const code of INVISIBLE) {
    it(`counts and shows U+${code.toString(16).toUpperCase()}`, () => {
      const text = `echo a${String.fromCodePoint(code)}b`;
      assert.equal(controlCharacterCount(text), 1);
      assert.equal(withVisibleControls(text), `echo a${mark(code)}b`);
    });
  }

  it('counts every character of the format class Cf', () => {
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (/\p{Cf}/u.test(char)) assert.equal(controlCharacterCount(char), 1, `U+${code.toString(16)}`);
    }
  });

  it('counts C0 and C1 controls and DEL, showing C0 as control pictures', () => {
    assert.equal(controlCharacterCount('\u0000\u0007\u001b\u007f\u0085\u009b'), 6);
    assert.equal(withVisibleControls('\u001b[2J\u0007\u007f\u0085'), '␛[2J␇␡⟨U+0085⟩');
  });

  it('leaves tab, line breaks, the space and ordinary letters of any script alone', () => {
    const text = 'a\tb\nc\r\nd e — é ü ß 日本語 ✓ ${x} | & ; !';
    assert.equal(controlCharacterCount(text), 0);
    assert.equal(withVisibleControls(text), text);
  });

  it('shows any text with no character left invisible (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCharacter, maxLength: 40 }), (text) => {
        const shown = withVisibleControls(text);
        assert.ok(!hasControlCharacters(shown), JSON.stringify(shown));
        assert.equal(hasControlCharacters(text), shown !== text);
      }),
    );
  });
});
