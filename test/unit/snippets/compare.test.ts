// Compare with… and Compare with Snippet…: the diff's title is made of names from outside (a file
// name another user chose, a local file's name) and must read as one safe line; the snippet files
// offered come most recently updated first, each snippet once.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Snippet } from '../../../src/api/types';
import { comparisonTitle } from '../../../src/model/snippets/compare/compare';
import { fileChoices, type KnownSnippet } from '../../../src/model/snippets/knownSnippets';

const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u0085\u2028\u2029]/;

function snippet(guid: string, updatedAt: number, files: string[], name = `snippet ${guid}`): Snippet {
  return {
    guid,
    name,
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: 2,
    createdAt: 0,
    updatedAt,
    files: files.map((f, i) => ({ guid: `${guid}-${i}`, name: f, content: `${f} of ${guid}` })),
    comments: [],
  };
}

const known = (accountId: string, s: Snippet): KnownSnippet => ({ accountId, snippet: s });
const shown = (choices: ReturnType<typeof fileChoices>) =>
  choices.map((c) => `${c.accountId}/${c.snippet.guid}/${c.file.name}`);

describe('Compare with: the diff title', () => {
  it('names the snippet file, its snippet and the local side', () => {
    assert.equal(
      comparisonTitle('deploy.sh', 'ops: deploy', 'deploy.sh'),
      'deploy.sh (snippet ops: deploy) ↔ deploy.sh',
    );
  });

  it('keeps a file name that is no valid local path as it reads, on one line without control characters', () => {
    assert.equal(comparisonTitle('a/b:c*?.txt', 'odd', 'clipboard'), 'a/b:c*?.txt (snippet odd) ↔ clipboard');
    assert.equal(
      comparisonTitle('bad\u0007name\r\n.txt', 'x\u202Eeman', 'local\tfile'),
      'badname .txt (snippet xeman) ↔ local file',
    );
  });

  it('cuts a long name and gives an empty one a mark', () => {
    const title = comparisonTitle('a'.repeat(500), '\u0000\u200B', 'b.txt');
    assert.ok(title.length < 120, title);
    assert.match(title, /^a+… \(snippet …\) ↔ b\.txt$/);
  });

  it('is one line without control or bidi characters, whatever the names', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        (file, name, local) => {
          const title = comparisonTitle(file, name, local);
          assert.ok(!HIDDEN.test(title), JSON.stringify(title));
          assert.ok(title.length <= 3 * 60 + 20, `${title.length}`);
        },
      ),
    );
  });
});

describe('Compare with Snippet: the files offered', () => {
  it('lists the most recently updated snippet first, each of its files in order', () => {
    const choices = fileChoices([
      known('a', snippet('old', 1, ['x.txt', 'y.txt'])),
      known('a', snippet('new', 3, ['z.txt'])),
      known('a', snippet('mid', 2, ['w.txt'])),
    ]);
    assert.deepEqual(shown(choices), ['a/new/z.txt', 'a/mid/w.txt', 'a/old/x.txt', 'a/old/y.txt']);
  });

  it('offers a snippet of a loaded list and of the last search once, as its latest copy', () => {
    const listed = snippet('s', 5, ['a.txt']);
    const searchedLater = snippet('s', 9, ['a.txt', 'b.txt']);
    const choices = fileChoices([
      known('a', listed),
      known('a', snippet('t', 7, ['t.txt'])),
      known('a', searchedLater),
      known('a', listed),
    ]);
    assert.deepEqual(shown(choices), ['a/s/a.txt', 'a/s/b.txt', 'a/t/t.txt']);
    assert.equal(choices[0].snippet, searchedLater);
  });

  it("keeps two accounts' snippets apart, even with the same guid", () => {
    const choices = fileChoices([known('a', snippet('s', 1, ['a.txt'])), known('b', snippet('s', 2, ['a.txt']))]);
    assert.deepEqual(shown(choices), ['b/s/a.txt', 'a/s/a.txt']);
  });

  it('leaves out a second file of the same name, as every command addresses a file by its name', () => {
    assert.deepEqual(shown(fileChoices([known('a', snippet('s', 1, ['a.txt', 'a.txt', 'b.txt']))])), [
      'a/s/a.txt',
      'a/s/b.txt',
    ]);
  });

  it('keeps the given order for snippets updated at the same moment', () => {
    assert.deepEqual(shown(fileChoices([known('a', snippet('p', 4, ['p'])), known('a', snippet('q', 4, ['q']))])), [
      'a/p/p',
      'a/q/q',
    ]);
  });
});
