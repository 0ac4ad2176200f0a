// Apply and Revert are all or nothing: when git's writing fails part-way (a file in the way of a
// folder the patch creates, a full disk after N files), every touched path is put back: contents,
// modes, deleted files, folders the patch made, and the index a three-way apply writes; the user's
// uncommitted edits survive; the message names the path and git's reason. Real repositories, and a
// stand-in git that fails after each number of files.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch } from '../../../src/model/patches/applyPatch';
import { PatchError } from '../../../src/model/patches/patchErrors';
import { binary, commitAll, git, gitFailingAfter, Scratch, stateOf, write } from './gitRepos';

/**
 * That `applying` fails, leaving `repo` as `before` (checked first: the tree is what matters most),
 * with a message naming `named` and git's reason `why`, and saying nothing changed.
 */
async function failsLeaving(
  applying: Promise<unknown>,
  repo: string,
  before: ReturnType<typeof stateOf>,
  named: string,
  why: RegExp,
  what: string,
): Promise<void> {
  const err = await applying.then(
    () => assert.fail(`${what}: it did not fail`),
    (e: unknown) => e,
  );
  assert.deepEqual(stateOf(repo), before, `${what}: the tree, modes and index as they were`);
  assert.ok(err instanceof PatchError, String(err));
  assert.equal(err.reason, 'writeFailed', err.message);
  assert.ok(err.message.includes(named), `"${err.message}" names ${named}`);
  assert.match(err.message, why);
  assert.match(err.message, /as it was/);
}

/** c-run.sh becomes executable: approved, as the user would in the modal. */
const approved = { approveToolFiles: async () => true };

describe('patches: all or nothing', function () {
  this.timeout(120_000);
  let scratch: Scratch;
  beforeEach(() => (scratch = new Scratch()));
  afterEach(() => scratch.dispose());

  it('Apply: a file in the way of a folder the patch creates fails after git wrote a.txt; a.txt is as it was', async () => {
    const { other, patch } = scratch.patchBetweenClones({ 'a.txt': 'one\n' }, { 'a.txt': 'ONE\n', 'b/c.txt': 'c\n' });
    write(other, 'b', 'a file of the user, in the way\n');
    const before = stateOf(other);
    await failsLeaving(
      applyPatch(scratch.context, patch, other),
      other,
      before,
      'b/c.txt',
      /Not a directory/,
      'the apply',
    );
  });

  it("Revert: a failure after git deleted a file keeps the file, and the user's edit in another", async () => {
    const { other, patch } = scratch.patchBetweenClones(
      { 'b/c.txt': 'c\n', 'notes.txt': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n' },
      { 'a.txt': 'made by the patch\n', 'b/c.txt': null, 'notes.txt': 'one\nTWO\nthree\nfour\nfive\nsix\nseven\n' },
    );
    assert.equal((await applyPatch(scratch.context, patch, other)).kind, 'applied');
    // The user edits on, then a file lands where the revert puts b/c.txt back.
    write(other, 'notes.txt', 'one\nTWO\nthree\nfour\nfive\nsix\nseven, edited by the user\n');
    fs.rmSync(path.join(other, 'b'), { recursive: true, force: true });
    write(other, 'b', 'in the way\n');
    const before = stateOf(other);
    await failsLeaving(
      applyPatch(scratch.context, patch, other, { reverse: true }),
      other,
      before,
      'b/c.txt',
      /Not a directory/,
      'the revert',
    );
  });

  /** A patch of every kind of change: a binary file, a deletion, a mode change, a file in a new folder, a rename, a text change. */
  function everyKind() {
    const made = scratch.patchBetweenClones(
      {
        'a-data.bin': binary(1),
        'b-gone.txt': 'bye\n',
        'c-run.sh': 'echo hi\n',
        'e-old.txt': 'renamed\nas it was\n',
        'f-notes.txt': 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n',
      },
      {
        'a-data.bin': binary(2),
        'b-gone.txt': null,
        'd-new/deep/file.txt': 'new\n',
        'e-old.txt': null,
        'e-renamed.txt': 'renamed\nas it was\n',
        'f-notes.txt': 'one\nTWO\nthree\nfour\nfive\nsix\nseven\n',
      },
    );
    fs.chmodSync(path.join(made.origin, 'c-run.sh'), 0o755);
    git(made.origin, 'add', '-A');
    const patch = git(made.origin, 'diff', '--cached', '--binary', '--full-index', '-M');
    return { ...made, patch, files: patch.split('\ndiff --git ').length };
  }

  it('a failure after each number of files, apply and revert: the tree, the modes and the index as they were', async () => {
    const { other, patch, files } = everyKind();
    assert.equal(files, 6);
    for (let n = 0; n <= files; n++) {
      const failing = { ...scratch.context, gitPath: gitFailingAfter(scratch, n) };
      const before = stateOf(other);
      await failsLeaving(
        applyPatch(failing, patch, other, approved),
        other,
        before,
        '',
        /No space left on device/,
        `apply failing after ${n}`,
      );
    }
    assert.equal((await applyPatch(scratch.context, patch, other, approved)).kind, 'applied');
    // An edit of the user's in a file the revert changes: never lost.
    write(other, 'f-notes.txt', 'one\nTWO\nthree\nfour\nfive\nsix\nseven, edited by the user\n');
    for (let n = 0; n <= files; n++) {
      const failing = { ...scratch.context, gitPath: gitFailingAfter(scratch, n) };
      const before = stateOf(other);
      await failsLeaving(
        applyPatch(failing, patch, other, { ...approved, reverse: true }),
        other,
        before,
        '',
        /No space left on device/,
        `revert failing after ${n}`,
      );
    }
    assert.deepEqual(scratch.tempEntries(), []);
  });

  it('a three-way apply that fails after each number of files: the staged entries are as they were too', async () => {
    const { other, patch, files } = everyKind();
    write(other, 'f-notes.txt', 'one\ntwo\nthree\nfour\nfive\nsix\nseven, committed here\n');
    git(other, 'add', 'f-notes.txt');
    commitAll(other, 'a local commit, so the base differs');
    write(other, 'f-notes.txt', 'one\ntwo\nthree\nfour\nfive\nsix\nseven, committed here\neight, staged\n');
    git(other, 'add', 'f-notes.txt');
    for (let n = 0; n <= files; n++) {
      const failing = { ...scratch.context, gitPath: gitFailingAfter(scratch, n) };
      const before = stateOf(other);
      await failsLeaving(
        applyPatch(failing, patch, other, { ...approved, threeWay: true }),
        other,
        before,
        '',
        /No space left on device/,
        `three-way failing after ${n}`,
      );
    }
    assert.ok(
      ['applied', 'conflicts'].includes(
        (await applyPatch(scratch.context, patch, other, { ...approved, threeWay: true })).kind,
      ),
    );
  });

  it('the message names the file git could not write', async () => {
    const { other, patch } = everyKind();
    const failing = { ...scratch.context, gitPath: gitFailingAfter(scratch, 2) };
    const before = stateOf(other);
    await failsLeaving(
      applyPatch(failing, patch, other, approved),
      other,
      before,
      'c-run.sh',
      /No space left on device/,
      'the apply',
    );
  });
});
