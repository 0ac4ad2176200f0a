// The plain rules behind drag and drop: what a drag carries, which dropped files can be added,
// and the one update body for added files or a category.
import * as assert from 'node:assert/strict';
import type { Snippet } from '../../../src/api/types';
import {
  draggedSnippets,
  escapeSnippetText,
  filesToCopy,
  joinInsertedTexts,
  parseDraggedRows,
  rowsToInsert,
} from '../../../src/model/snippets/draggedRows';
import { planDroppedFiles } from '../../../src/model/snippets/droppedFiles';
import { textOf } from '../../../src/model/snippets/fileText';
import { withCategoryAdded, withFilesAdded } from '../../../src/model/snippets/edits';
import { isSelection, isSnippetRow, rowsOfCommand, withoutSelection } from '../../../src/model/snippets/tree/selection';

const snippet: Snippet = {
  guid: 'g',
  name: 'Tools',
  description: 'd',
  categories: [{ guid: 'c', name: 'Ops' }],
  isVisible: true,
  isPublic: false,
  userId: 2,
  createdAt: 0,
  updatedAt: 0,
  comments: [],
  files: [{ guid: 'f', name: 'a.sh', content: 'echo a\n' }],
};
const bytes = (s: string) => new TextEncoder().encode(s);

describe('drag and drop rules', () => {
  it('reads dragged rows from the array or its JSON, and ignores anything else', () => {
    const rows = [{ snippetGuid: 'g', fileName: 'a.sh' }, { snippetGuid: 'h' }];
    assert.deepEqual(parseDraggedRows(rows), rows);
    assert.deepEqual(parseDraggedRows(JSON.stringify(rows)), rows);
    assert.deepEqual(parseDraggedRows([{ kind: 'snippet', snippetGuid: 'g', own: true, list: 'mine' }]), [
      { snippetGuid: 'g' },
    ]);
    assert.deepEqual(
      parseDraggedRows(JSON.stringify([{ snippetGuid: 'g', accountId: 'bob@server' }])),
      [{ snippetGuid: 'g', accountId: 'bob@server' }],
      "another account's row says so",
    );
    assert.deepEqual(parseDraggedRows('not json'), []);
    assert.deepEqual(parseDraggedRows({ snippetGuid: 'g' }), []);
    assert.deepEqual(parseDraggedRows([null, 3, { snippetGuid: 5 }, { snippetGuid: '' }]), []);
  });

  it('adds text files, and refuses a drop with a folder or a binary file, naming them', () => {
    assert.deepEqual(
      planDroppedFiles([
        { name: 'b.txt', bytes: bytes('b\r\n') },
        { name: 'c.md', bytes: bytes('') },
      ]),
      {
        files: [
          { name: 'b.txt', content: 'b\r\n' },
          { name: 'c.md', content: '' },
        ],
      },
    );
    const folder = planDroppedFiles([
      { name: 'b.txt', bytes: bytes('b') },
      { name: 'src', bytes: undefined },
    ]);
    assert.ok(
      'refusal' in folder &&
        folder.refusal.includes('"src" is a folder') &&
        folder.refusal.includes('Nothing was added'),
    );
    const binary = planDroppedFiles([{ name: 'logo.png', bytes: new Uint8Array([0x89, 0x50, 0, 1]) }]);
    assert.ok('refusal' in binary && binary.refusal.includes('"logo.png" looks like a binary file'));
    assert.equal(textOf(new Uint8Array([0xff, 0xfe, 0x41])), undefined, 'not UTF-8');
    const latin1 = planDroppedFiles([
      { name: 'café.txt', bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]) },
      { name: 'b.txt', bytes: bytes('b') },
    ]);
    assert.ok(
      'refusal' in latin1 &&
        latin1.refusal.startsWith('"café.txt" is not UTF-8 text') &&
        latin1.refusal.includes('Save with Encoding'),
      JSON.stringify(latin1),
    );
    assert.equal(textOf(bytes('héllo')), 'héllo');
    const many = planDroppedFiles(Array.from({ length: 5 }, (_, i) => ({ name: `d${i}`, bytes: undefined })));
    assert.ok('refusal' in many && many.refusal.includes('and 2 more'));
  });

  it('builds one update with every dropped file, renaming those that clash', () => {
    const body = withFilesAdded(snippet, [
      { name: 'a.sh', content: 'new' },
      { name: 'b.txt', content: 'b' },
      { name: 'b.txt', content: 'b2' },
    ]);
    assert.deepEqual(
      body.files.map((f) => [f.name, f.content]),
      [
        ['a.sh', 'echo a\n'],
        ['a (2).sh', 'new'],
        ['b.txt', 'b'],
        ['b (2).txt', 'b2'],
      ],
    );
    assert.deepEqual([body.name, body.description, body.categories], ['Tools', 'd', ['Ops']], 'every other field kept');
  });

  it('adds a category once, keeping the others', () => {
    assert.deepEqual(withCategoryAdded(snippet, 'Shell')?.categories, ['Ops', 'Shell']);
    assert.equal(withCategoryAdded(snippet, 'ops'), undefined, 'already there: nothing to send');
  });

  describe('several rows', () => {
    const rows = [
      { snippetGuid: 'a', fileName: 'x.sh' },
      { snippetGuid: 'a' },
      { snippetGuid: 'b', fileName: 'y.md' },
      { snippetGuid: 'a', accountId: 'bob@other' },
      { snippetGuid: 'b', fileName: 'y.md' },
      { snippetGuid: 't', fileName: 'own.txt' },
    ];

    it('names each dragged snippet once, per account, in the order dragged', () => {
      assert.deepEqual(draggedSnippets(rows), [
        { snippetGuid: 'a' },
        { snippetGuid: 'b' },
        { snippetGuid: 'a', accountId: 'bob@other' },
        { snippetGuid: 't' },
      ]);
      assert.deepEqual(draggedSnippets([]), []);
    });

    it('copies file rows of other snippets onto a snippet, each file once, never its own files or snippet rows', () => {
      assert.deepEqual(filesToCopy(rows, { snippetGuid: 't' }), [
        { snippetGuid: 'a', fileName: 'x.sh' },
        { snippetGuid: 'b', fileName: 'y.md' },
      ]);
      assert.deepEqual(
        filesToCopy(rows, { snippetGuid: 't', accountId: 'bob@other' }).map((r) => r.fileName),
        ['x.sh', 'y.md', 'own.txt'],
        "the same guid on another account's server is another snippet",
      );
      assert.deepEqual(
        filesToCopy([{ snippetGuid: 't', fileName: 'own.txt' }, { snippetGuid: 'a' }], { snippetGuid: 't' }),
        [],
      );
    });

    it('inserts each row once, and no file of a snippet whose row is dragged too', () => {
      assert.deepEqual(rowsToInsert(rows), [
        { snippetGuid: 'a' },
        { snippetGuid: 'b', fileName: 'y.md' },
        { snippetGuid: 'a', accountId: 'bob@other' },
        { snippetGuid: 't', fileName: 'own.txt' },
      ]);
      assert.deepEqual(
        rowsToInsert([
          { snippetGuid: 'a', fileName: 'x' },
          { snippetGuid: 'a', fileName: 'y' },
        ]),
        [
          { snippetGuid: 'a', fileName: 'x' },
          { snippetGuid: 'a', fileName: 'y' },
        ],
      );
    });

    it('joins dropped texts one after another, each on a line of its own', () => {
      assert.deepEqual(
        joinInsertedTexts([
          { content: 'one\n', snippetSyntax: false },
          { content: 'two', snippetSyntax: false },
          { content: 'three\n', snippetSyntax: false },
        ]),
        { content: 'one\ntwo\nthree\n', snippetSyntax: false },
      );
      assert.deepEqual(
        joinInsertedTexts([{ content: 'echo "$HOME"', snippetSyntax: false }]),
        { content: 'echo "$HOME"', snippetSyntax: false },
        'plain text alone stays plain',
      );
      assert.deepEqual(joinInsertedTexts([]), { content: '', snippetSyntax: false });
    });

    it('inserts a mix as one snippet whose plain parts stay exactly as written', () => {
      const joined = joinInsertedTexts([
        { content: 'log(${1:msg})\n', snippetSyntax: true },
        { content: 'echo "${HOME}" \\n', snippetSyntax: false },
      ]);
      assert.equal(joined.snippetSyntax, true);
      assert.equal(joined.content, 'log(${1:msg})\necho "\\${HOME\\}" \\\\n');
      assert.equal(escapeSnippetText('a$b}c\\'), 'a\\$b\\}c\\\\');
    });
  });

  describe('commands with several rows selected', () => {
    const one = { kind: 'snippet', snippetGuid: 'a', list: 'mine', own: true };
    const two = { kind: 'snippet', snippetGuid: 'b', list: 'mine', own: true };
    const file = { kind: 'file', snippetGuid: 'a', fileName: 'x', own: true };

    it('act on the selection only when it holds the clicked row', () => {
      assert.deepEqual(rowsOfCommand(one, [one, two]), [one, two]);
      assert.deepEqual(rowsOfCommand({ ...one }, [one, two]), [one, two], 'the same row as another object');
      assert.deepEqual(rowsOfCommand(file, [one, two]), [file], 'clicked outside the selection');
      assert.deepEqual(rowsOfCommand(one, undefined), [one]);
      assert.deepEqual(rowsOfCommand(one, { name: 'options' }), [one]);
    });

    it('tell the selection from an options argument', () => {
      assert.equal(isSelection([one, two]), true);
      assert.equal(isSelection([]), false);
      assert.equal(isSelection(['a.txt']), false);
      assert.equal(isSelection({ name: 'x' }), false);
      assert.deepEqual(withoutSelection([one, [one, two]]), [one]);
      assert.deepEqual(withoutSelection([one, { name: 'x' }]), [one, { name: 'x' }], 'options are kept');
      assert.deepEqual(withoutSelection([one, [one, two], 'extra']), [one, 'extra']);
      assert.equal(isSnippetRow(one), true);
      assert.equal(isSnippetRow(file), false);
      assert.equal(isSnippetRow({ kind: 'searchSnippet', snippetGuid: 'a' }), true);
    });
  });
});
