// Preview Patch, the core: each touched file now and with the patch applied, in a temporary copy
// that is removed afterwards; the working tree and the index never change. A file the patch
// cannot apply to is named with git's reason in words, the others still previewed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch } from '../../../src/model/patches/applyPatch';
import { PatchError } from '../../../src/model/patches/patchErrors';
import { previewPatch } from '../../../src/model/patches/previewPatch';
import { binary, commitAll, Scratch, treeOf, write } from './gitRepos';

describe('patches: preview', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  let origin: string;
  let other: string;
  let patch: string;

  beforeEach(() => {
    scratch = new Scratch();
    ({ origin, other, patch } = scratch.patchBetweenClones(
      { 'notes.txt': 'one\ntwo\n', 'other.txt': 'x\n', 'data.bin': binary(1), 'gone.txt': 'bye\n' },
      { 'notes.txt': 'one\nTWO\n', 'other.txt': 'x\ny\n', 'data.bin': binary(2), 'new/added.txt': 'added\n', 'gone.txt': null },
    ));
  });
  afterEach(() => scratch.dispose());

  it('shows every file before and after, binary ones too, and changes nothing', async () => {
    const tree = treeOf(other);
    const index = fs.readFileSync(path.join(other, '.git', 'index'));
    const preview = await previewPatch(scratch.context, patch, other);
    const byPath = new Map(preview.files.map((f) => [f.path, f]));
    assert.deepEqual([...byPath.keys()].sort(), ['data.bin', 'gone.txt', 'new/added.txt', 'notes.txt', 'other.txt']);
    assert.equal(byPath.get('notes.txt')!.before!.toString(), 'one\ntwo\n');
    assert.equal(byPath.get('notes.txt')!.after!.toString(), 'one\nTWO\n');
    assert.deepEqual(byPath.get('data.bin')!.before, binary(1));
    assert.deepEqual(byPath.get('data.bin')!.after, binary(2));
    assert.equal(byPath.get('data.bin')!.binary, true);
    assert.deepEqual([byPath.get('new/added.txt')!.change, byPath.get('new/added.txt')!.before, byPath.get('new/added.txt')!.after!.toString()], ['created', undefined, 'added\n']);
    assert.deepEqual([byPath.get('gone.txt')!.change, byPath.get('gone.txt')!.before!.toString(), byPath.get('gone.txt')!.after], ['deleted', 'bye\n', undefined]);
    for (const file of preview.files) assert.equal(file.problem, undefined, file.path);
    assert.deepEqual(treeOf(other), tree);
    assert.deepEqual(fs.readFileSync(path.join(other, '.git', 'index')), index);
    assert.deepEqual(scratch.tempEntries(), []);
  });

  it('names a file the patch cannot apply to with the reason, and still previews the others', async () => {
    write(other, 'other.txt', 'x\nlocal\n');
    write(other, 'data.bin', binary(3));
    commitAll(other, 'local changes');
    const preview = await previewPatch(scratch.context, patch, other);
    const byPath = new Map(preview.files.map((f) => [f.path, f]));
    const problem = byPath.get('other.txt')!.problem;
    assert.ok(problem instanceof PatchError);
    assert.equal(problem.reason, 'doesNotApply');
    assert.match(problem.message, /other\.txt has changed since the patch was made/);
    assert.equal(byPath.get('other.txt')!.after, undefined);
    assert.equal(byPath.get('data.bin')!.problem?.reason, 'doesNotApply');
    assert.equal(byPath.get('notes.txt')!.problem, undefined);
    assert.equal(byPath.get('notes.txt')!.after!.toString(), 'one\nTWO\n');
    assert.equal(byPath.get('new/added.txt')!.after!.toString(), 'added\n');
    assert.deepEqual(scratch.tempEntries(), []);
  });

  it('previews a revert: the working tree with the patch taken back', async () => {
    assert.equal((await applyPatch(scratch.context, patch, other)).kind, 'applied');
    const preview = await previewPatch(scratch.context, patch, other, { reverse: true });
    const byPath = new Map(preview.files.map((f) => [f.path, f]));
    assert.deepEqual([byPath.get('notes.txt')!.before!.toString(), byPath.get('notes.txt')!.after!.toString()], ['one\nTWO\n', 'one\ntwo\n']);
    assert.deepEqual([byPath.get('new/added.txt')!.before!.toString(), byPath.get('new/added.txt')!.after], ['added\n', undefined]);
    assert.deepEqual([byPath.get('gone.txt')!.change, byPath.get('gone.txt')!.before, byPath.get('gone.txt')!.after!.toString()], ['created', undefined, 'bye\n']);
    assert.deepEqual(treeOf(other), treeOf(origin));
  });
});
