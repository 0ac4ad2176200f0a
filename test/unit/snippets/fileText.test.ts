// The one rule for "is this file text?" (src/model/snippets/fileText.ts), as its comment documents
// it, over the kinds of file a person drops or saves by mistake; and the paths that use it: drag
// and drop's plan agrees with it file by file, and whatever it takes the secret scan reads as text.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { fileText, looksBinary, SNIFFED_CHARS } from '../../../src/model/snippets/fileText';
import { planDroppedFiles } from '../../../src/model/snippets/droppedFiles';
import { scannedPart } from '../../../src/model/secretScan/textLimits';

const utf8 = (s: string) => new TextEncoder().encode(s);
const bytes = (...b: number[]) => new Uint8Array(b);
const join = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((p) => [...p]));

/** Each kind of file, and what the rule says of it. */
const KINDS: Array<[string, Uint8Array, string | 'binary' | 'not-utf8']> = [
  ['an empty file', bytes(), ''],
  ['ASCII with CRLF line ends', utf8('a\r\nb\r\n'), 'a\r\nb\r\n'],
  ['UTF-8 with accents, CJK and an emoji', utf8('héllo 日本 🎉\n'), 'héllo 日本 🎉\n'],
  ['UTF-8 with a byte order mark: the mark is dropped', join(bytes(0xef, 0xbb, 0xbf), utf8('x = 1\n')), 'x = 1\n'],
  ['tabs, form feeds and ANSI colour escapes', utf8('\x1b[31mred\x1b[0m\tcol\f\n'), '\x1b[31mred\x1b[0m\tcol\f\n'],
  ['a few control characters among text', utf8(`${'text '.repeat(40)}\x07\x08`), `${'text '.repeat(40)}\x07\x08`],
  ['a PNG header', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'binary'],
  ['a NUL far past the sniffed start', join(utf8('a'.repeat(100_000)), bytes(0), utf8('b')), 'binary'],
  ['UTF-16 with a byte order mark (NUL bytes)', bytes(0xff, 0xfe, 0x41, 0, 0x42, 0), 'binary'],
  ['mostly control characters, no NUL', utf8('\x01\x02\x03\x04ab'), 'binary'],
  ['Latin-1 text ("café")', bytes(0x63, 0x61, 0x66, 0xe9, 0x0a), 'not-utf8'],
  ['a UTF-8 sequence cut at the end', join(utf8('ok '), bytes(0xe2, 0x82)), 'not-utf8'],
  ['an overlong encoding of "/"', bytes(0xc0, 0xaf), 'not-utf8'],
  ['an encoded surrogate', bytes(0xed, 0xa0, 0x80), 'not-utf8'],
  ['a lone byte order mark of UTF-16', bytes(0xff, 0xfe), 'not-utf8'],
];

describe('is this file text? (one rule)', () => {
  for (const [kind, data, expected] of KINDS) {
    it(`${kind}: ${expected === 'binary' || expected === 'not-utf8' ? `not text (${expected})` : 'text'}`, () => {
      const read = fileText(data);
      if (expected === 'binary' || expected === 'not-utf8') assert.deepEqual(read, { notText: expected });
      else assert.deepEqual(read, { text: expected });
    });
  }

  it('judges a text by its start only: controls past the sniffed part leave it text', () => {
    const text = `${'a'.repeat(SNIFFED_CHARS)}${'\x01'.repeat(SNIFFED_CHARS)}`;
    assert.deepEqual(fileText(utf8(text)), { text });
    assert.equal(looksBinary(`${'\x01'.repeat(SNIFFED_CHARS)}${'a'.repeat(SNIFFED_CHARS * 10)}`), true);
  });

  it('takes any text without NUL, controls or U+FFFD as it is, byte for byte', () => {
    const plain = fc
      .string({ unit: 'grapheme', maxLength: 200 })
      // eslint-disable-next-line no-control-regex -- leaving out the control characters the rule counts is the point
      .filter((s) => !/[\0-\x08\x0e-\x1a\x1c-\x1f\x7f\ufffd]/.test(s) && !s.startsWith('\ufeff'));
    fc.assert(fc.property(plain, (s) => assert.deepEqual(fileText(utf8(s)), { text: s })));
  });

  it('never takes bytes that are not UTF-8, nor any with a NUL', () => {
    const anyBytes = fc.uint8Array({ maxLength: 64 });
    fc.assert(
      fc.property(anyBytes, (data) => {
        const read = fileText(data);
        if (data.includes(0)) assert.deepEqual(read, { notText: 'binary' });
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(data);
        } catch {
          valid = false;
        }
        if (!valid) assert.ok('notText' in read, 'bytes that are not UTF-8 are not text');
      }),
    );
  });

  it('what the rule takes, the secret scan reads as text, whole up to its limit', () => {
    for (const [, data] of KINDS) {
      const read = fileText(data);
      if ('text' in read) assert.equal(scannedPart(read.text).notScanned, undefined);
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (data) => {
        const read = fileText(data);
        if ('text' in read) assert.notEqual(scannedPart(read.text).notScanned, 'binary');
      }),
    );
  });

  it('drag and drop takes exactly the files the rule takes, with the same text', () => {
    for (const [kind, data] of KINDS) {
      const read = fileText(data);
      const plan = planDroppedFiles([{ name: 'f.txt', bytes: data }]);
      if ('text' in read) assert.deepEqual(plan, { files: [{ name: 'f.txt', content: read.text }] }, kind);
      else assert.ok('refusal' in plan && plan.refusal.includes('"f.txt"'), kind);
    }
  });
});
