// A colleague's patch is untrusted: a path out of the repository, into `.git`, through a link in
// the working tree, or one that makes a link is refused with the path named, before git writes
// anything. Real repositories, real links, and git's own `git apply` behind the check.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyPatch, checkPatch } from '../../../src/model/patches/applyPatch';
import { checkPatchPaths, refusedPatchPath } from '../../../src/model/patches/pathCheck';
import { PatchError, type PatchReason } from '../../../src/model/patches/patchErrors';
import { previewPatch } from '../../../src/model/patches/previewPatch';
import { readPatch } from '../../../src/model/patches/readPatch';
import { commitAll, Scratch, treeOf, write } from './gitRepos';

const refused = (reason: PatchReason, named: string) => (err: unknown) => {
  assert.ok(err instanceof PatchError, String(err));
  assert.equal(err.reason, reason, err.message);
  assert.ok(err.message.includes(named), `${err.message} names ${named}`);
  return true;
};

/** A patch that makes `name` with one line, as `git diff` writes it. */
const creating = (name: string, mode = '100644') =>
  `diff --git a/${name} b/${name}\nnew file mode ${mode}\nindex 0000000..ce01362\n--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+hello\n`;

describe('patches: hostile patches', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  let repo: string;
  let outside: string;

  beforeEach(() => {
    scratch = new Scratch();
    repo = scratch.repo('repo');
    outside = path.join(scratch.parent, 'outside');
    fs.mkdirSync(outside);
    write(repo, 'README.md', 'readme\n');
    commitAll(repo, 'base');
  });
  afterEach(() => scratch.dispose());

  /** Every way in: check, preview, apply, three-way apply, revert. Each refuses and nothing changes, in or outside the repository. */
  async function refusedEverywhere(text: string, reason: PatchReason, named: string): Promise<void> {
    const tree = treeOf(repo);
    const config = fs.readFileSync(path.join(repo, '.git', 'config'));
    await assert.rejects(checkPatch(scratch.context, text, repo), refused(reason, named));
    await assert.rejects(previewPatch(scratch.context, text, repo), refused(reason, named));
    await assert.rejects(applyPatch(scratch.context, text, repo), refused(reason, named));
    await assert.rejects(applyPatch(scratch.context, text, repo, { threeWay: true }), refused(reason, named));
    await assert.rejects(applyPatch(scratch.context, text, repo, { reverse: true }), refused(reason, named));
    assert.deepEqual(treeOf(repo), tree);
    assert.deepEqual(fs.readFileSync(path.join(repo, '.git', 'config')), config);
    assert.deepEqual(fs.readdirSync(outside), []);
    assert.deepEqual(scratch.tempEntries(), []);
  }

  it('refuses an absolute path', async () => {
    const target = path.join(outside, 'evil.txt').replace(/\\/g, '/');
    // `diff --git a//tmp/… b//tmp/…`: with its prefix taken off, the path is absolute.
    await refusedEverywhere(creating(target), 'absolutePath', target);
    // A unified diff's `+++ /tmp/…` loses its first folder as git reads it (-p1): a path inside the repository, as git lists it too.
    const unified = await checkPatch(scratch.context, `--- /dev/null\n+++ ${target}\n@@ -0,0 +1 @@\n+x\n`, repo);
    assert.deepEqual(unified.files, [target.slice(target.indexOf('/') + 1)]);
    assert.equal(refusedPatchPath('C:/Windows/evil')?.reason, 'absolutePath');
  });

  it('refuses a path with ".." segments', async () => {
    await refusedEverywhere(creating('../outside/evil.txt'), 'parentFolder', '../outside/evil.txt');
    await refusedEverywhere(creating('docs/../../outside/evil.txt'), 'parentFolder', 'docs/../../outside/evil.txt');
  });

  it('refuses anything under .git, in every spelling a file system reads as .git', async () => {
    await refusedEverywhere(creating('.git/config'), 'gitFolder', '.git/config');
    await refusedEverywhere(creating('.GIT/config'), 'gitFolder', '.GIT/config');
    await refusedEverywhere(creating('sub/.git/hooks/pre-commit'), 'gitFolder', 'sub/.git/hooks/pre-commit');
    for (const name of [
      '.git./config',
      '.git /config',
      '.Git/hooks/x',
      'GIT~1/config',
      '.g\u200cit/config',
      '.git::$INDEX_ALLOCATION/config',
    ]) {
      assert.equal(refusedPatchPath(name)?.reason, 'gitFolder', JSON.stringify(name));
    }
    assert.equal(refusedPatchPath('.gitignore'), undefined);
    assert.equal(refusedPatchPath('src/git/config'), undefined);
  });

  it('refuses a path through a symbolic link to a folder in the working tree', async () => {
    fs.symlinkSync(outside, path.join(repo, 'docs'), 'dir');
    await refusedEverywhere(creating('docs/evil.txt'), 'throughLink', 'docs/evil.txt');
  });

  it('refuses a patch that changes a file which is a link in the working tree', async () => {
    fs.writeFileSync(path.join(outside, 'target.txt'), 'hello\n');
    fs.symlinkSync(path.join(outside, 'target.txt'), path.join(repo, 'note.txt'));
    const text =
      'diff --git a/note.txt b/note.txt\nindex ce01362..0000001 100644\n--- a/note.txt\n+++ b/note.txt\n@@ -1 +1 @@\n-hello\n+changed\n';
    await assert.rejects(applyPatch(scratch.context, text, repo), refused('throughLink', 'note.txt'));
    assert.equal(fs.readFileSync(path.join(outside, 'target.txt'), 'utf8'), 'hello\n');
  });

  it('refuses a patch that makes a symbolic link, and one that writes through the link it makes', async () => {
    const link =
      'diff --git a/l b/l\nnew file mode 120000\nindex 0000000..1111111\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+/etc\n\\ No newline at end of file\n';
    await refusedEverywhere(link, 'createsLink', 'l');
    await refusedEverywhere(link + creating('l/passwd'), 'createsLink', 'l');
  });

  it('refuses a backslash, which Windows reads as a folder separator', async () => {
    await refusedEverywhere(creating('..\\outside\\evil.txt'), 'backslash', '..\\outside\\evil.txt');
  });

  it('notes, without refusing, a file made executable and a tool file', async () => {
    const text =
      creating('build.sh', '100755') +
      creating('.vscode/tasks.json') +
      'diff --git a/README.md b/README.md\nold mode 100644\nnew mode 100755\n';
    const notes = await checkPatchPaths(readPatch(text), repo);
    assert.deepEqual(notes, [
      { path: 'build.sh', kind: 'becomesExecutable' },
      { path: '.vscode/tasks.json', kind: 'toolFile' },
      { path: 'README.md', kind: 'becomesExecutable' },
    ]);
    const preview = await previewPatch(scratch.context, text, repo);
    assert.deepEqual(
      preview.files.map((f) => f.notes),
      [['becomesExecutable'], ['toolFile'], ['becomesExecutable']],
    );
  });
});
