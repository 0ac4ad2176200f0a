// Preview Patch, the core: each touched file now and with the patch applied, in a temporary copy
// that is removed afterwards; the working tree and the index never change. A file the patch
// cannot apply to is named with git's reason in words, the others still previewed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch } from '../../../src/model/patches/applyPatch';
import { PatchError } from '../../../src/model/patches/patchErrors';
import { MAX_PREVIEW_BYTES, MAX_PREVIEW_FILE_BYTES, previewPatch } from '../../../src/model/patches/previewPatch';
import { binary, commitAll, git, Scratch, treeOf, write } from './gitRepos';

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
      {
        'notes.txt': 'one\nTWO\n',
        'other.txt': 'x\ny\n',
        'data.bin': binary(2),
        'new/added.txt': 'added\n',
        'gone.txt': null,
      },
    ));
  });
  afterEach(() => scratch.dispose());

  it('shows every text file before and after, names binary ones without reading them, and changes nothing', async () => {
    const tree = treeOf(other);
    const index = fs.readFileSync(path.join(other, '.git', 'index'));
    const preview = await previewPatch(scratch.context, patch, other);
    const byPath = new Map(preview.files.map((f) => [f.path, f]));
    assert.deepEqual([...byPath.keys()].sort(), ['data.bin', 'gone.txt', 'new/added.txt', 'notes.txt', 'other.txt']);
    assert.equal(byPath.get('notes.txt')!.before!.toString(), 'one\ntwo\n');
    assert.equal(byPath.get('notes.txt')!.after!.toString(), 'one\nTWO\n');
    assert.deepEqual(
      [byPath.get('data.bin')!.binary, byPath.get('data.bin')!.before, byPath.get('data.bin')!.after],
      [true, undefined, undefined],
    );
    assert.deepEqual(
      [
        byPath.get('new/added.txt')!.change,
        byPath.get('new/added.txt')!.before,
        byPath.get('new/added.txt')!.after!.toString(),
      ],
      ['created', undefined, 'added\n'],
    );
    assert.deepEqual(
      [byPath.get('gone.txt')!.change, byPath.get('gone.txt')!.before!.toString(), byPath.get('gone.txt')!.after],
      ['deleted', 'bye\n', undefined],
    );
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

  it('names a text file above the size it shows without reading it, and refuses a result above its budget with its size', async () => {
    const big = 'line\n'.repeat(Math.ceil((MAX_PREVIEW_FILE_BYTES + 1) / 5));
    write(other, 'big.txt', big);
    commitAll(other, 'big.txt');
    write(other, 'big.txt', big + 'one more\n');
    const bigPatch = patch + git(other, 'diff', '--full-index', '--', 'big.txt');
    git(other, 'checkout', '--', 'big.txt');
    const preview = await previewPatch(scratch.context, bigPatch, other);
    const byPath = new Map(preview.files.map((f) => [f.path, f]));
    assert.deepEqual(
      [byPath.get('big.txt')!.tooLarge, byPath.get('big.txt')!.before, byPath.get('big.txt')!.after],
      [true, undefined, undefined],
    );
    assert.equal(byPath.get('notes.txt')!.after!.toString(), 'one\nTWO\n');
    // A small patch that makes a file larger than the budget: refused before git writes it anywhere.
    const huge = Buffer.alloc(MAX_PREVIEW_BYTES + 1024 * 1024);
    write(origin, 'huge.bin', huge);
    git(origin, 'add', 'huge.bin');
    const hugePatch = git(origin, 'diff', '--cached', '--binary', '--full-index', '--', 'huge.bin');
    assert.ok(hugePatch.length < 1024 * 1024, 'the patch itself is small');
    await assert.rejects(previewPatch(scratch.context, hugePatch, other), (err: unknown) => {
      assert.ok(err instanceof PatchError);
      assert.equal(err.reason, 'tooLarge');
      assert.match(err.message, /51\.0 MB/);
      return true;
    });
    // A small patch to a file in the working tree that is larger than the budget: refused too.
    fs.truncateSync(path.join(other, 'other.txt'), MAX_PREVIEW_BYTES + 1024 * 1024);
    commitAll(other, 'a huge other.txt');
    const toHuge = 'diff --git a/other.txt b/other.txt\n--- a/other.txt\n+++ b/other.txt\n@@ -1 +1 @@\n-x\n+y\n';
    await assert.rejects(
      previewPatch(scratch.context, toHuge, other),
      (err: unknown) => err instanceof PatchError && err.reason === 'tooLarge' && /51\.0 MB/.test(err.message),
    );
    assert.deepEqual(scratch.tempEntries(), []);
  });

  it('previews a revert: the working tree with the patch taken back', async () => {
    assert.equal((await applyPatch(scratch.context, patch, other)).kind, 'applied');
    const preview = await previewPatch(scratch.context, patch, other, { reverse: true });
    const byPath = new Map(preview.files.map((f) => [f.path, f]));
    assert.deepEqual(
      [byPath.get('notes.txt')!.before!.toString(), byPath.get('notes.txt')!.after!.toString()],
      ['one\nTWO\n', 'one\ntwo\n'],
    );
    assert.deepEqual(
      [byPath.get('new/added.txt')!.before!.toString(), byPath.get('new/added.txt')!.after],
      ['added\n', undefined],
    );
    assert.deepEqual(
      [byPath.get('gone.txt')!.change, byPath.get('gone.txt')!.before, byPath.get('gone.txt')!.after!.toString()],
      ['created', undefined, 'bye\n'],
    );
    assert.deepEqual(treeOf(other), treeOf(origin));
  });
});
