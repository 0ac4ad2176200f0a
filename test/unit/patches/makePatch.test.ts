// Save Changes as Patch Snippet, the core: a patch made by git from a real repository, applied to
// another clone. Staged, unstaged, new and binary files survive; the user's index never changes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch } from '../../../src/model/patches/applyPatch';
import { makePatch, MAX_PATCH_BYTES } from '../../../src/model/patches/makePatch';
import { PatchError, type PatchReason } from '../../../src/model/patches/patchErrors';
import { EMPTY_TREE } from '../../../src/model/patches/repositoryState';
import { binary, commitAll, git, read, Scratch, treeOf, write } from './gitRepos';

const refused = (reason: PatchReason) => (err: unknown) => {
  assert.ok(err instanceof PatchError, String(err));
  assert.equal(err.reason, reason, err.message);
  return true;
};

describe('patches: making a patch', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  let origin: string;

  beforeEach(() => {
    scratch = new Scratch();
    origin = scratch.repo('origin');
    write(origin, 'staged.txt', 'one\ntwo\nthree\n');
    write(origin, 'unstaged.txt', 'alpha\nbeta\n');
    write(origin, 'both.txt', 'a\nb\nc\nd\ne\nf\ng\n');
    write(origin, 'image.bin', binary(1));
    write(origin, 'gone.txt', 'to be removed\n');
    commitAll(origin, 'base');
  });
  afterEach(() => scratch.dispose());

  /** Staged, unstaged, staged-then-changed, binary, removed and new files, text and binary. */
  function changeEverything(repo: string): void {
    write(repo, 'staged.txt', 'one\nTWO\nthree\n');
    git(repo, 'add', 'staged.txt');
    write(repo, 'unstaged.txt', 'alpha\nBETA\n');
    write(repo, 'both.txt', 'A\nb\nc\nd\ne\nf\ng\n');
    git(repo, 'add', 'both.txt');
    write(repo, 'both.txt', 'A\nb\nc\nd\ne\nf\nG\n');
    write(repo, 'image.bin', binary(2));
    fs.rmSync(path.join(repo, 'gone.txt'));
    write(repo, 'new folder/new file.txt', 'brand new\n');
    write(repo, 'new.bin', binary(3, 500));
  }

  it('round-trips staged, unstaged, new and binary files: the other clone ends with the same tree', async () => {
    const other = scratch.clone(origin, 'other');
    changeEverything(origin);
    const made = await makePatch(scratch.context, {
      folder: origin,
      scope: 'all',
      untracked: ['new folder/new file.txt', 'new.bin'],
    });
    assert.match(made.text, /GIT binary patch/);
    assert.equal(made.state.branch, 'main');
    assert.equal(made.base, git(origin, 'rev-parse', 'HEAD').trim());
    const result = await applyPatch(scratch.context, made.text, other);
    assert.equal(result.kind, 'applied');
    assert.deepEqual(treeOf(other), treeOf(origin));
    assert.deepEqual(fs.readFileSync(path.join(other, 'new.bin')), binary(3, 500));
  });

  it("leaves the user's index as it was, byte for byte, while adding new files", async () => {
    changeEverything(origin);
    const index = path.join(origin, '.git', 'index');
    const before = fs.readFileSync(index);
    const cachedBefore = git(origin, 'diff', '--cached', '--name-only');
    const made = await makePatch(scratch.context, { folder: origin, scope: 'all', untracked: ['new.bin'] });
    assert.match(made.text, /new\.bin/);
    assert.deepEqual(fs.readFileSync(index), before);
    assert.equal(git(origin, 'diff', '--cached', '--name-only'), cachedBefore);
    assert.match(git(origin, 'status', '--porcelain'), /^\?\? new\.bin$/m);
    assert.deepEqual(scratch.tempEntries(), []);
  });

  it('sees a change git would only find by content (same size and time as in the index) while adding new files', async () => {
    // Racily clean: the file's recorded time is not before the index file's own, so git reads its content.
    const then = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    git(origin, 'config', 'core.trustctime', 'false');
    fs.utimesSync(path.join(origin, 'unstaged.txt'), then, then);
    git(origin, 'add', 'unstaged.txt');
    git(origin, 'update-index', '--refresh');
    write(origin, 'unstaged.txt', 'ALPHA\nbeta\n');
    fs.utimesSync(path.join(origin, 'unstaged.txt'), then, then);
    fs.utimesSync(path.join(origin, '.git', 'index'), then, then);
    write(origin, 'new.txt', 'new\n');
    const made = await makePatch(scratch.context, { folder: origin, scope: 'all', untracked: ['new.txt'] });
    assert.match(made.text, /^\+ALPHA$/m);
  });

  it('staged only: takes the index against HEAD, and the new files chosen', async () => {
    changeEverything(origin);
    const made = await makePatch(scratch.context, { folder: origin, scope: 'staged', untracked: ['new.bin'] });
    assert.match(made.text, /staged\.txt/);
    assert.match(made.text, /new\.bin/);
    assert.doesNotMatch(made.text, /unstaged\.txt/);
    // The staged version of both.txt, not the later unstaged change.
    assert.match(made.text, /\+A\n/);
    assert.doesNotMatch(made.text, /\+G\n/);
  });

  it('selected files: only those', async () => {
    changeEverything(origin);
    const made = await makePatch(scratch.context, {
      folder: origin,
      scope: { paths: ['unstaged.txt'] },
      untracked: [],
    });
    assert.match(made.text, /unstaged\.txt/);
    assert.doesNotMatch(made.text, /^diff --git a\/(staged\.txt|both\.txt|image\.bin|new\.bin)/m);
  });

  it('refuses an empty change, and a patch over 5 MB with its size', async () => {
    await assert.rejects(makePatch(scratch.context, { folder: origin, scope: 'all' }), refused('noChange'));
    await assert.rejects(
      makePatch(scratch.context, { folder: origin, scope: 'all', untracked: [] }),
      refused('noChange'),
    );
    write(origin, 'huge.bin', binary(9, 5 * 1024 * 1024));
    await assert.rejects(
      makePatch(scratch.context, { folder: origin, scope: 'all', untracked: ['huge.bin'] }),
      (err: unknown) => {
        assert.ok(refused('tooLarge')(err));
        assert.ok((err as PatchError).bytes! > MAX_PATCH_BYTES);
        assert.match((err as PatchError).message, /\d+\.\d MB/);
        return true;
      },
    );
    assert.deepEqual(scratch.tempEntries(), []);
  });

  it('removes its temporary index also when git fails', async () => {
    write(origin, 'unstaged.txt', 'changed\n');
    await assert.rejects(
      makePatch(scratch.context, { folder: origin, scope: 'all', untracked: ['no such file.txt'] }),
      refused('gitFailed'),
    );
    assert.deepEqual(scratch.tempEntries(), []);
  });

  it('works in a repository with no commit yet, against the empty tree', async () => {
    const fresh = scratch.repo('fresh');
    write(fresh, 'first.txt', 'first\n');
    git(fresh, 'add', 'first.txt');
    write(fresh, 'second.bin', binary(4, 300));
    const made = await makePatch(scratch.context, { folder: fresh, scope: 'all', untracked: ['second.bin'] });
    assert.equal(made.base, EMPTY_TREE);
    assert.equal(made.state.head, undefined);
    assert.equal(made.state.branch, 'main');
    const target = scratch.repo('target');
    assert.equal((await applyPatch(scratch.context, made.text, target)).kind, 'applied');
    assert.deepEqual(treeOf(target), treeOf(fresh));
  });

  it('on a detached HEAD, names the base commit and no branch', async () => {
    git(origin, 'checkout', '-q', '--detach');
    write(origin, 'unstaged.txt', 'detached\n');
    const made = await makePatch(scratch.context, { folder: origin, scope: 'all' });
    assert.equal(made.state.detached, true);
    assert.equal(made.state.branch, undefined);
    assert.equal(made.base, git(origin, 'rev-parse', 'HEAD').trim());
  });

  it('refuses a repository with a merge in progress, and a folder that is no repository', async () => {
    git(origin, 'checkout', '-q', '-b', 'side');
    write(origin, 'staged.txt', 'side\n');
    commitAll(origin, 'side');
    git(origin, 'checkout', '-q', 'main');
    write(origin, 'staged.txt', 'main\n');
    commitAll(origin, 'main');
    assert.throws(() => git(origin, 'merge', '-q', 'side'));
    assert.match(read(origin, 'staged.txt'), /<<<<<<</);
    await assert.rejects(
      makePatch(scratch.context, { folder: origin, scope: 'all' }),
      (err: unknown) => refused('operationInProgress')(err) && /merge/.test((err as Error).message),
    );
    const plain = path.join(scratch.parent, 'plain');
    fs.mkdirSync(plain);
    await assert.rejects(makePatch(scratch.context, { folder: plain, scope: 'all' }), refused('notARepository'));
  });

  it('does not let the environment or config point git elsewhere or change the patch', async () => {
    write(origin, 'unstaged.txt', 'alpha\nchanged\n');
    git(origin, 'config', 'diff.noprefix', 'true');
    git(origin, 'config', 'diff.external', 'false');
    git(origin, 'config', 'color.diff', 'always');
    const saved = process.env.GIT_INDEX_FILE;
    process.env.GIT_INDEX_FILE = path.join(scratch.parent, 'elsewhere');
    try {
      const made = await makePatch(scratch.context, { folder: origin, scope: 'all' });
      assert.match(made.text, /^--- a\/unstaged\.txt$/m);
      assert.ok(!made.text.includes('\u001b'), 'no colour codes');
    } finally {
      if (saved === undefined) delete process.env.GIT_INDEX_FILE;
      else process.env.GIT_INDEX_FILE = saved;
    }
  });
});
