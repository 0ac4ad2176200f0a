// A large file matched a window of lines at a time gives what matching it in one piece gives:
// the same lines, columns and excerpts, whatever the windows, the characters whose lower case
// differs in length or by context (İ, Σ, the Kelvin sign), \r\n line ends and lines longer than
// a window.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import {
  hasLargeFile,
  matchContentInWindows,
  matchSnippetInWindows,
} from '../../../src/model/snippets/search/largeMatch';
import { matchContent, matchSnippet, normalizeQuery } from '../../../src/model/snippets/search/match';

const chars = fc.constantFrom(
  'a',
  'b',
  'K',
  'k',
  '\u212a',
  '\u0130',
  'i',
  'Σ',
  'σ',
  'ς',
  ' ',
  '\r',
  '\n',
  '\n',
  'ß',
  '😀',
);
const content = fc.string({ unit: chars, maxLength: 400 });
const needle = fc
  .string({ unit: fc.constantFrom('a', 'b', 'k', 'i', 'σ', 'ς', ' ', 'i̇', '\n', 'K'), minLength: 1, maxLength: 3 })
  .map(normalizeQuery)
  .filter((n) => n !== '');
const windowChars = fc.integer({ min: 1, max: 40 });

let turns = 0;
const turn = async () => {
  turns++;
  await Promise.resolve();
};

function snippetWith(files: Array<{ name: string; content: string }>): Snippet {
  return {
    guid: 'g',
    name: 'kak',
    description: 'a\nbk',
    categories: [{ guid: 'c', name: 'Kab' }],
    isVisible: true,
    isPublic: false,
    userId: 1,
    createdAt: 0,
    updatedAt: 0,
    files: files.map((f, i) => ({ guid: `f${i}`, ...f })),
    comments: [],
  };
}

describe('matching a large file a window at a time', () => {
  it('finds the same lines as matching it in one piece', async () => {
    await fc.assert(
      fc.asyncProperty(
        content,
        needle,
        windowChars,
        fc.integer({ min: 1, max: 8 }),
        async (text, n, window, maxLines) => {
          assert.deepStrictEqual(
            await matchContentInWindows(text, n, turn, maxLines, window),
            matchContent(text, n, maxLines),
          );
        },
      ),
      {
        examples: [
          ['ab\nab\nab\n', 'ab', 1, 5],
          ['\u0130ab\nKA\n', 'ka', 2, 5],
          ['aΣ\nbΣb\n', 'σ', 1, 5],
          ['a\r\nb', 'a', 1, 5],
        ],
      },
    );
  });

  it('finds the same matches in a whole snippet, files large and small', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(content, { minLength: 1, maxLength: 3 }),
        needle,
        windowChars,
        async (contents, n, window) => {
          const snippet = snippetWith(contents.map((c, i) => ({ name: `k${i}.txt`, content: c })));
          assert.deepStrictEqual(await matchSnippetInWindows(snippet, n, turn, window), matchSnippet(snippet, n));
        },
      ),
    );
  });

  it('gives the event loop turns through a file of megabytes, and tells such a file from others', async () => {
    const big = 'const value = "0123456789abcdefghijklmnopqrstuvwxyz";\n'.repeat(100_000) + 'the KAFKA line\n';
    const snippet = snippetWith([{ name: 'big.js', content: big }]);
    assert.equal(hasLargeFile(snippet), true);
    assert.equal(hasLargeFile(snippetWith([{ name: 'small.js', content: 'kafka' }])), false);
    turns = 0;
    const matches = await matchSnippetInWindows(snippet, 'kafka', turn);
    assert.deepStrictEqual(matches, matchSnippet(snippet, 'kafka'));
    assert.equal(matches[0].line, 100_001);
    assert.ok(turns >= 9, `${turns} turns`);
  });
});
