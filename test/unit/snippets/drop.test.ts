// The plain rules behind drag and drop: what a drag carries, which dropped files can be added,
// and the one update body for added files or a category.
import * as assert from 'node:assert/strict';
import type { Snippet } from '../../../src/api/types';
import { parseDraggedRows } from '../../../src/snippets/core/draggedRows';
import { planDroppedFiles, textOf } from '../../../src/snippets/core/droppedFiles';
import { withCategoryAdded, withFilesAdded } from '../../../src/snippets/core/edits';

const snippet: Snippet = {
  guid: 'g', name: 'Tools', description: 'd', categories: [{ guid: 'c', name: 'Ops' }], isVisible: true, isPublic: false, userId: 2,
  createdAt: 0, updatedAt: 0, comments: [], files: [{ guid: 'f', name: 'a.sh', content: 'echo a\n' }],
};
const bytes = (s: string) => new TextEncoder().encode(s);

describe('drag and drop rules', () => {
  it('reads dragged rows from the array or its JSON, and ignores anything else', () => {
    const rows = [{ snippetGuid: 'g', fileName: 'a.sh' }, { snippetGuid: 'h' }];
    assert.deepEqual(parseDraggedRows(rows), rows);
    assert.deepEqual(parseDraggedRows(JSON.stringify(rows)), rows);
    assert.deepEqual(parseDraggedRows([{ kind: 'snippet', snippetGuid: 'g', own: true, list: 'mine' }]), [{ snippetGuid: 'g' }]);
    assert.deepEqual(parseDraggedRows(JSON.stringify([{ snippetGuid: 'g', accountId: 'bob@server' }])), [{ snippetGuid: 'g', accountId: 'bob@server' }], "another account's row says so");
    assert.deepEqual(parseDraggedRows('not json'), []);
    assert.deepEqual(parseDraggedRows({ snippetGuid: 'g' }), []);
    assert.deepEqual(parseDraggedRows([null, 3, { snippetGuid: 5 }, { snippetGuid: '' }]), []);
  });

  it('adds text files, and refuses a drop with a folder or a binary file, naming them', () => {
    assert.deepEqual(planDroppedFiles([{ name: 'b.txt', bytes: bytes('b\r\n') }, { name: 'c.md', bytes: bytes('') }]), {
      files: [{ name: 'b.txt', content: 'b\r\n' }, { name: 'c.md', content: '' }],
    });
    const folder = planDroppedFiles([{ name: 'b.txt', bytes: bytes('b') }, { name: 'src', bytes: undefined }]);
    assert.ok('refusal' in folder && folder.refusal.includes('"src" is a folder') && folder.refusal.includes('Nothing was added'));
    const binary = planDroppedFiles([{ name: 'logo.png', bytes: new Uint8Array([0x89, 0x50, 0, 1]) }]);
    assert.ok('refusal' in binary && binary.refusal.includes('"logo.png" looks like a binary file'));
    assert.equal(textOf(new Uint8Array([0xff, 0xfe, 0x41])), undefined, 'not UTF-8');
    assert.equal(textOf(bytes('héllo')), 'héllo');
    const many = planDroppedFiles(Array.from({ length: 5 }, (_, i) => ({ name: `d${i}`, bytes: undefined })));
    assert.ok('refusal' in many && many.refusal.includes('and 2 more'));
  });

  it('builds one update with every dropped file, renaming those that clash', () => {
    const body = withFilesAdded(snippet, [{ name: 'a.sh', content: 'new' }, { name: 'b.txt', content: 'b' }, { name: 'b.txt', content: 'b2' }]);
    assert.deepEqual(body.files.map((f) => [f.name, f.content]), [['a.sh', 'echo a\n'], ['a (2).sh', 'new'], ['b.txt', 'b'], ['b (2).txt', 'b2']]);
    assert.deepEqual([body.name, body.description, body.categories], ['Tools', 'd', ['Ops']], 'every other field kept');
  });

  it('adds a category once, keeping the others', () => {
    assert.deepEqual(withCategoryAdded(snippet, 'Shell')?.categories, ['Ops', 'Shell']);
    assert.equal(withCategoryAdded(snippet, 'ops'), undefined, 'already there: nothing to send');
  });
});
