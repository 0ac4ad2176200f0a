// Apply Patch and Revert Patch, the core: checked first, applied only when git's check passes,
// never onto a file with uncommitted changes unless a three-way apply merges into it, and on any
// failure the working tree as it was. Real repositories: the patch is made in one clone by git.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch, checkPatch } from '../../../src/model/patches/applyPatch';
import { PatchError, type PatchReason } from '../../../src/model/patches/patchErrors';
import { binary, commitAll, git, read, Scratch, treeOf, write } from './gitRepos';

const refused = (reason: PatchReason, named?: string) => (err: unknown) => {
  assert.ok(err instanceof PatchError, String(err));
  assert.equal(err.reason, reason, err.message);
  if (named) assert.ok(err.message.includes(named), err.message);
  return true;
};

describe('patches: check, apply, three-way, revert', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  let origin: string;
  let other: string;
  let patch: string;

  beforeEach(() => {
    scratch = new Scratch();
    ({ origin, other, patch } = scratch.patchBetweenClones(
      { 'notes.txt': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n', 'other.txt': 'x\n', 'data.bin': binary(1) },
      {
        'notes.txt': 'one\nTWO\nthree\nfour\nfive\nsix\nseven\n',
        'other.txt': 'x\ny\n',
        'data.bin': binary(2),
        'added.txt': 'added\n',
      },
    ));
  });
  afterEach(() => scratch.dispose());

  it('checks, then applies; Revert puts the tree back as it was', async () => {
    const before = treeOf(other);
    const check = await checkPatch(scratch.context, patch, other);
    assert.equal(check.kind, 'applies');
    assert.deepEqual(treeOf(other), before);
    const applied = await applyPatch(scratch.context, patch, other);
    assert.equal(applied.kind, 'applied');
    assert.deepEqual([...applied.files].sort(), ['added.txt', 'data.bin', 'notes.txt', 'other.txt']);
    assert.deepEqual(treeOf(other), treeOf(origin));
    // Applied to the working tree only: nothing staged.
    assert.equal(git(other, 'diff', '--cached', '--name-only'), '');
    assert.equal((await checkPatch(scratch.context, patch, other, { reverse: true })).kind, 'applies');
    assert.equal((await applyPatch(scratch.context, patch, other, { reverse: true })).kind, 'applied');
    assert.deepEqual(treeOf(other), before);
  });

  it('applies again right after an apply and a revert: the index is refreshed before files are judged as changed', async () => {
    for (let round = 0; round < 3; round++) {
      assert.equal((await applyPatch(scratch.context, patch, other)).kind, 'applied', `apply, round ${round}`);
      assert.equal(
        (await applyPatch(scratch.context, patch, other, { reverse: true })).kind,
        'applied',
        `revert, round ${round}`,
      );
    }
    assert.equal(git(other, 'status', '--porcelain'), '');
  });

  it('when the base differs: the failed check changes nothing, and says a three-way apply is possible', async () => {
    write(other, 'other.txt', 'x\nlocal\n');
    commitAll(other, 'local change to other.txt');
    const before = treeOf(other);
    const result = await applyPatch(scratch.context, patch, other);
    assert.equal(result.kind, 'threeWayPossible');
    assert.equal(result.kind === 'threeWayPossible' && result.reason.reason, 'doesNotApply');
    assert.ok(result.kind === 'threeWayPossible' && result.reason.message.includes('other.txt'));
    assert.deepEqual(result.kind === 'threeWayPossible' && result.conflicted, ['other.txt']);
    assert.deepEqual(treeOf(other), before);
  });

  it('the three-way apply leaves conflict markers as git does, and merges what it can', async () => {
    write(other, 'other.txt', 'x\nlocal\n');
    write(other, 'notes.txt', 'one\ntwo\nthree\nfour\nfive\nsix\nSEVEN\n');
    commitAll(other, 'local changes');
    const result = await applyPatch(scratch.context, patch, other, { threeWay: true });
    assert.equal(result.kind, 'conflicts');
    assert.deepEqual(result.kind === 'conflicts' && result.conflicted, ['other.txt']);
    assert.match(read(other, 'other.txt'), /^<<<<<<< ours\nlocal\n=======\ny\n>>>>>>> theirs\n$/m);
    assert.equal(read(other, 'notes.txt'), 'one\nTWO\nthree\nfour\nfive\nsix\nSEVEN\n');
    assert.match(git(other, 'status', '--porcelain'), /^UU other\.txt$/m);
  });

  it('never applies onto a file with uncommitted changes; a three-way apply merges into a staged one', async () => {
    write(other, 'notes.txt', 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n');
    git(other, 'add', 'notes.txt');
    const before = treeOf(other);
    const result = await applyPatch(scratch.context, patch, other);
    assert.equal(result.kind, 'threeWayPossible');
    assert.equal(result.kind === 'threeWayPossible' && result.reason.reason, 'uncommittedChanges');
    assert.ok(result.kind === 'threeWayPossible' && result.reason.message.includes('notes.txt'));
    assert.deepEqual(treeOf(other), before);
    const merged = await applyPatch(scratch.context, patch, other, { threeWay: true });
    assert.equal(merged.kind, 'applied');
    assert.equal(read(other, 'notes.txt'), 'one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\n');
  });

  it('refuses unstaged changes in a touched file, plain and three-way, and changes nothing', async () => {
    write(other, 'notes.txt', 'unstaged work\n');
    const before = treeOf(other);
    const index = fs.readFileSync(path.join(other, '.git', 'index'));
    await assert.rejects(checkPatch(scratch.context, patch, other), refused('uncommittedChanges', 'notes.txt'));
    await assert.rejects(applyPatch(scratch.context, patch, other), refused('uncommittedChanges', 'notes.txt'));
    await assert.rejects(
      applyPatch(scratch.context, patch, other, { threeWay: true }),
      refused('uncommittedChanges', 'notes.txt'),
    );
    assert.deepEqual(treeOf(other), before);
    assert.deepEqual(fs.readFileSync(path.join(other, '.git', 'index')), index);
  });

  it('a three-way apply without the base version in the repository fails and writes nothing', async () => {
    const stranger = scratch.repo('stranger');
    write(stranger, 'other.txt', 'x\nsomething else\n');
    write(stranger, 'notes.txt', 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n');
    commitAll(stranger, 'unrelated history');
    const before = treeOf(stranger);
    await assert.rejects(
      applyPatch(scratch.context, patch, stranger, { threeWay: true }),
      (err: unknown) =>
        err instanceof PatchError && ['noBaseForThreeWay', 'doesNotApply', 'missing'].includes(err.reason),
    );
    assert.deepEqual(treeOf(stranger), before);
    assert.equal(git(stranger, 'status', '--porcelain'), '');
  });

  it('a patch whose lines all end in CRLF is read, and its failure is named as line endings', async () => {
    const crlf = patch.replace(/\n/g, '\r\n');
    const before = treeOf(other);
    await assert.rejects(
      applyPatch(
        scratch.context,
        crlf.split('diff --git a/data.bin')[0] + crlf.slice(crlf.indexOf('diff --git a/notes.txt')),
        other,
      ),
      refused('lineEndings', 'notes.txt'),
    );
    assert.deepEqual(treeOf(other), before);
  });

  it('refuses a merge in progress, a patch cut short and a text that is no patch, changing nothing', async () => {
    const before = treeOf(other);
    await assert.rejects(
      applyPatch(scratch.context, patch.slice(0, patch.lastIndexOf('\n', patch.length - 2)), other),
      refused('cutShort'),
    );
    await assert.rejects(applyPatch(scratch.context, 'please apply my change\n', other), refused('notAPatch'));
    fs.writeFileSync(path.join(other, '.git', 'MERGE_HEAD'), git(other, 'rev-parse', 'HEAD'));
    await assert.rejects(applyPatch(scratch.context, patch, other), refused('operationInProgress'));
    assert.deepEqual(treeOf(other), before);
  });

  it('names an existing file the patch would create, and a missing file it changes', async () => {
    write(other, 'added.txt', 'already here\n');
    commitAll(other, 'added.txt exists');
    await assert.rejects(applyPatch(scratch.context, patch, other), refused('alreadyExists', 'added.txt'));
    git(other, 'rm', '-q', 'added.txt', 'other.txt');
    commitAll(other, 'other.txt removed');
    await assert.rejects(applyPatch(scratch.context, patch, other), refused('missing', 'other.txt'));
  });
});
