// The search's quick test (mayMatch.ts) never turns away a snippet that matchSnippet would match:
// whatever its fields hold in whatever case (the Kelvin sign, "İ", "ß", "Σ"), and whatever the search text.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { aSnippet } from '../../support/snippets';
import { matchSnippet, normalizeQuery } from '../../../src/model/snippets/search/match';
import { mayMatch } from '../../../src/model/snippets/search/mayMatch';

const text = fc.string({
  unit: fc.constantFrom(
    'a',
    'K',
    'k',
    '\u212a',
    'I',
    'i',
    '\u0130',
    '\u0307',
    'ß',
    'S',
    's',
    'Σ',
    'σ',
    'ς',
    'z',
    'Z',
    '1',
    ' ',
    '\n',
    'é',
    'É',
  ),
  maxLength: 12,
});
const needle = text.map(normalizeQuery).filter((n) => n !== '');

describe('the search tells most snippets apart without a copy (mayMatch.ts)', () => {
  it('never turns away a snippet that matchSnippet matches', () => {
    fc.assert(
      fc.property(
        text,
        text,
        text,
        fc.array(fc.tuple(text, text), { maxLength: 3 }),
        needle,
        (name, description, category, files, n) => {
          const snippet = aSnippet({
            name,
            description,
            categories: [{ guid: 'c', name: category }],
            files: files.map(([fileName, content], i) => ({ guid: `f${i}`, name: fileName, content })),
          });
          if (matchSnippet(snippet, n).length > 0) assert.equal(mayMatch(snippet, n), true);
        },
      ),
      {
        numRuns: 5000,
        examples: [
          ['\u212aafka', '', '', [], 'kafka'],
          ['', '', '', [['x', '\u0130']], 'i̇'],
          ['', 'ÉTÉ', '', [], 'été'],
        ],
      },
    );
  });

  it("turns away a snippet without the search text's rarest character in any case", () => {
    const snippet = aSnippet({
      name: 'retry helper',
      description: 'echo "line"',
      files: [{ guid: 'f', name: 'run.sh', content: 'echo "line"\n' }],
    });
    assert.equal(mayMatch(snippet, 'kafka'), false);
    assert.equal(mayMatch({ ...snippet, name: 'KAFKA' }, 'kafka'), true);
    assert.equal(mayMatch({ ...snippet, files: [{ guid: 'f', name: 'a', content: 'x \u212aAFKA' }] }, 'kafka'), true);
  });
});
