// Files that tools read or run (a task that runs when the folder opens, a git hook, a CI pipeline,
// a Makefile, npm scripts, a file made executable) are named before Apply or Revert writes
// anything, and written only when the caller's approval says yes; without an approval they are
// refused. Real repositories.
import * as assert from 'node:assert/strict';
import { applyPatch } from '../../../src/model/patches/applyPatch';
import { checkPatchPaths, type PathNote } from '../../../src/model/patches/pathCheck';
import { PatchError } from '../../../src/model/patches/patchErrors';
import { readPatch } from '../../../src/model/patches/readPatch';
import { commitAll, git, Scratch, stateOf, write } from './gitRepos';

/** A patch that makes `name` with one line, as `git diff` writes it. */
const creating = (name: string, mode = '100644') =>
  `diff --git a/${name} b/${name}\nnew file mode ${mode}\nindex 0000000..ce01362\n--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+hello\n`;

const TOOL_FILES = [
  '.vscode/tasks.json',
  '.devcontainer/devcontainer.json',
  '.github/workflows/ci.yml',
  '.gitlab-ci.yml',
  '.husky/pre-commit',
  '.githooks/pre-commit',
  'Makefile',
  'sub/GNUmakefile',
  'lib/makefile',
  '.envrc',
  '.pre-commit-config.yaml',
  '.gitattributes',
  'sub/.gitattributes',
  '.npmrc',
  '.yarnrc.yml',
  '.idea/workspace.xml',
  'Jenkinsfile',
  'bitbucket-pipelines.yml',
  'team.code-workspace',
  'lefthook.yml',
  '.gitmodules',
  '.mise.toml',
];

const PLAIN_FILES = [
  'src/index.ts',
  'README.md',
  'docs/Makefile.md',
  'package-lock.json',
  'src/vscode/x.ts',
  '.eslintrc.json',
  'jenkinsfile.md',
];

describe('patches: files tools read or run ask first', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  let repo: string;
  beforeEach(() => {
    scratch = new Scratch();
    repo = scratch.repo('repo');
    write(repo, 'README.md', 'readme\n');
    write(
      repo,
      'package.json',
      '{\n  "name": "x",\n  "version": "1.0.0",\n  "scripts": {\n    "test": "mocha"\n  }\n}\n',
    );
    commitAll(repo, 'base');
  });
  afterEach(() => scratch.dispose());

  it('names every file tools read or run, and no other', async () => {
    const notes = await checkPatchPaths(
      readPatch([...TOOL_FILES, ...PLAIN_FILES].map((name) => creating(name)).join('')),
      repo,
    );
    assert.deepEqual(
      notes.map((n) => n.path),
      TOOL_FILES,
    );
    assert.ok(notes.every((n) => n.kind === 'toolFile'));
  });

  it('a file that becomes executable is named for the direction it is applied in', async () => {
    const modeDown = 'diff --git a/README.md b/README.md\nold mode 100755\nnew mode 100644\n';
    assert.deepEqual(await checkPatchPaths(readPatch(modeDown), repo), []);
    assert.deepEqual(await checkPatchPaths(readPatch(modeDown), repo, [], true), [
      { path: 'README.md', kind: 'becomesExecutable' },
    ]);
    // Reverted, a created executable is deleted: nothing becomes executable.
    assert.deepEqual(await checkPatchPaths(readPatch(creating('run.sh', '100755')), repo), [
      { path: 'run.sh', kind: 'becomesExecutable' },
    ]);
    assert.deepEqual(await checkPatchPaths(readPatch(creating('run.sh', '100755')), repo, [], true), []);
  });

  /** The patch that turns package.json's text into `to`, made in a clone. */
  function packagePatch(to: string): string {
    const other = scratch.clone(repo, `other-${Math.random().toString(36).slice(2)}`);
    write(other, 'package.json', to);
    commitAll(other, 'package.json');
    return git(other, 'diff', '--full-index', 'HEAD~1', 'HEAD');
  }

  it('names a change of package.json scripts, and not a change of its version', async () => {
    const seen: PathNote[][] = [];
    const approve = async (notes: PathNote[]) => (seen.push(notes), true);
    const version = packagePatch(
      '{\n  "name": "x",\n  "version": "1.0.1",\n  "scripts": {\n    "test": "mocha"\n  }\n}\n',
    );
    assert.equal((await applyPatch(scratch.context, version, repo, { approveToolFiles: approve })).kind, 'applied');
    assert.deepEqual(seen, [], 'a version change asks nothing');
    commitAll(repo, 'version');
    const scripts = packagePatch(
      '{\n  "name": "x",\n  "version": "1.0.1",\n  "scripts": {\n    "test": "mocha",\n    "postinstall": "node steal.js"\n  }\n}\n',
    );
    assert.equal((await applyPatch(scratch.context, scripts, repo, { approveToolFiles: approve })).kind, 'applied');
    assert.deepEqual(seen, [[{ path: 'package.json', kind: 'changesScripts' }]]);
    // Reverting takes the script out again: that changes the scripts too.
    assert.equal(
      (await applyPatch(scratch.context, scripts, repo, { reverse: true, approveToolFiles: approve })).kind,
      'applied',
    );
    assert.equal(seen.length, 2);
  });

  it('declined, nothing is written; without an approval, it is refused naming the file; approved, it is applied', async () => {
    const text = creating('.vscode/tasks.json') + creating('tools/run.sh', '100755') + creating('notes.txt');
    const before = stateOf(repo);
    let asked: PathNote[] = [];
    const declined = await applyPatch(scratch.context, text, repo, {
      approveToolFiles: async (notes) => {
        asked = notes;
        assert.deepEqual(stateOf(repo), before, 'asked before anything is written');
        return false;
      },
    });
    assert.equal(declined.kind, 'declined');
    assert.deepEqual(asked, [
      { path: '.vscode/tasks.json', kind: 'toolFile' },
      { path: 'tools/run.sh', kind: 'becomesExecutable' },
    ]);
    assert.deepEqual(stateOf(repo), before);
    await assert.rejects(applyPatch(scratch.context, text, repo), (err: unknown) => {
      assert.ok(err instanceof PatchError);
      assert.equal(err.reason, 'toolFiles');
      assert.ok(err.message.includes('.vscode/tasks.json') && err.message.includes('tools/run.sh'), err.message);
      return true;
    });
    await assert.rejects(
      applyPatch(scratch.context, text, repo, { threeWay: true }),
      (err: unknown) => err instanceof PatchError && err.reason === 'toolFiles',
    );
    assert.deepEqual(stateOf(repo), before);
    assert.equal(
      (await applyPatch(scratch.context, text, repo, { approveToolFiles: async () => true })).kind,
      'applied',
    );
    assert.notDeepEqual(stateOf(repo), before);
  });
});
