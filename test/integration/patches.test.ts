// Patch snippets in the real editor, with real git repositories in a temporary folder inside the
// workspace folder, which VS Code's git extension opens through its openRepository (one outside
// every workspace folder it does not open, as git.openRepositoryInParentFolders is never): Save Changes as Patch
// Snippet… from staged, unstaged, new and binary changes sends one POST and one PUT; Preview opens
// one multi-file diff; Apply on a second clone makes its tree equal the first's; Revert puts it
// back; a hostile patch is refused naming its path and writes nothing; a base that differs offers
// a three-way merge, which leaves conflict markers; a patch whose write fails part-way leaves every
// file as it was; a patch that writes a file tools run asks first, and declined writes nothing.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { answerPrompts, serverRequests, until, unusedAnswers } from './support';
import { logLineSince, logMark } from './extensionLog';

interface GitApi {
  openRepository(root: vscode.Uri): Promise<unknown>;
  getRepository(uri: vscode.Uri): unknown;
}

/** The test's own git: a clean environment, so nothing of the runner's points it elsewhere. */
function git(cwd: string, ...args: string[]): string {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return execFileSync('git', args, { cwd, env: { ...env, LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8' });
}

const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 255, 254]);
const TRACKED = ['a.txt', 'b.txt', 'logo.bin'];

describe('Patch snippets', function () {
  this.timeout(90_000);
  const marker = `${process.pid}-${Date.now()}`;
  let parent: string;
  let api: TestingApi;
  let gitApi: GitApi;
  let source: string;
  let clone: string;
  let created: Snippet | undefined;
  const made: string[] = [];

  const run = <T>(id: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand<T>(id, ...args));
  /** Runs a patch command and waits for the line it logged with each of `texts`: what it did, or its refusal as shown. */
  async function runAndRead(id: string, arg: unknown, ...texts: string[]): Promise<string> {
    const mark = logMark();
    assert.equal(await run(id, arg), undefined, 'the command returns nothing: what it did is shown and logged');
    return logLineSince(mark, ...texts);
  }
  const read = (repo: string, name: string) => fs.readFileSync(path.join(repo, name));
  const write = (repo: string, name: string, content: string | Buffer) =>
    fs.writeFileSync(path.join(repo, name), content);
  const label = (repo: string) => path.basename(repo);

  /** A repository with its base commit, opened in the git extension. */
  async function open(repo: string): Promise<string> {
    git(repo, 'config', 'user.name', 'Test');
    git(repo, 'config', 'user.email', 'test@example.com');
    git(repo, 'config', 'commit.gpgsign', 'false');
    await gitApi.openRepository(vscode.Uri.file(repo));
    await until(
      `the git extension to open ${label(repo)}`,
      () => gitApi.getRepository(vscode.Uri.file(repo)) ?? undefined,
    );
    return repo;
  }

  async function cloneOfSource(name: string): Promise<string> {
    const at = path.join(parent, `${name}-${marker}`);
    git(parent, 'clone', '-q', source, at);
    return open(at);
  }

  before(async () => {
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(workspace?.scheme === 'file', 'the test window has a workspace folder on disk');
    parent = fs.mkdtempSync(path.join(workspace.fsPath, 'patch-suite-'));
    api = await signInAsAlice();
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(extension, "VS Code's git extension is there");
    gitApi = (await extension.activate()).getAPI(1);
    source = path.join(parent, `source-${marker}`);
    git(parent, '-c', 'init.defaultBranch=main', 'init', '-q', source);
    write(source, 'a.txt', 'alpha\nline 2\nline 3\n');
    write(source, 'b.txt', 'bravo\n');
    write(source, 'logo.bin', BINARY);
    git(source, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'add', '-A');
    git(
      source,
      '-c',
      'user.name=Test',
      '-c',
      'user.email=test@example.com',
      '-c',
      'commit.gpgsign=false',
      'commit',
      '-q',
      '-m',
      'base',
    );
    // The clone keeps the base; the source gets a staged, an unstaged, a binary and two new files.
    clone = path.join(parent, `clone-${marker}`);
    git(parent, 'clone', '-q', source, clone);
    await open(source);
    await open(clone);
    write(source, 'a.txt', 'alpha staged\nline 2\nline 3\n');
    git(source, 'add', 'a.txt');
    write(source, 'b.txt', 'bravo unstaged\n');
    write(source, 'logo.bin', Buffer.concat([BINARY, Buffer.from([0, 7, 7])]));
    write(source, 'new.txt', 'a new file\n');
    write(source, 'skipped.txt', 'not chosen\n');
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await unusedAnswers(), 0, 'every scripted answer was asked for');
  });
  after(async () => {
    for (const guid of [...made, ...(created ? [created.guid] : [])]) {
      await apiAs('alice')
        .deleteSnippet(guid)
        .catch(() => undefined);
    }
    if (parent) fs.rmSync(parent, { recursive: true, force: true });
  });

  const target = () => {
    assert.ok(created, 'the patch snippet was created by the first test');
    return { snippetGuid: created.guid, fileName: created.files[0].name };
  };

  it('Save Changes as Patch Snippet…: staged, unstaged, binary and the chosen new file, in one POST and one PUT', async () => {
    const before = (await serverRequests()).length;
    const name = `patch ${marker}`;
    await answerPrompts(label(source), 'All changes', 'new.txt', name, '');
    created = await run<Snippet | undefined>('bitbucketSnippets.savePatchAsSnippet');
    assert.ok(created, 'a snippet was created');
    assert.equal(created.name, name);
    assert.deepEqual(
      created.files.map((f) => f.name),
      [`${name}.patch`],
    );
    const head = git(source, 'rev-parse', 'HEAD').trim();
    assert.equal(created.description, `Patch of ${label(source)} on branch main, against commit ${head.slice(0, 7)}.`);
    assert.deepEqual(created.categories, [], 'no category unless chosen');
    const text = created.files[0].content;
    for (const file of ['a.txt', 'b.txt', 'logo.bin', 'new.txt']) {
      assert.ok(text.includes(`diff --git a/${file} b/${file}`), `${file} is in the patch`);
    }
    assert.ok(!text.includes('skipped.txt'), 'a new file not chosen is left out');
    assert.match(text, /GIT binary patch/, 'the binary file is in the patch as data');
    const writes = (await requestsSince(before)).filter((r) => r.method !== 'GET' && r.path.includes('/snippets'));
    assert.deepEqual(
      writes.map((r) => r.method),
      ['POST', 'PUT'],
      'one POST for the snippet, one PUT for its description',
    );
    assert.equal(git(source, 'diff', '--cached', '--name-only').trim(), 'a.txt', "the user's index is as it was");
  });

  it('Preview Patch opens one multi-file diff of the touched text files, with the files as the patch makes them, and writes nothing', async () => {
    const before = (await serverRequests()).length;
    await answerPrompts(label(clone));
    const told = await runAndRead('bitbucketSnippets.previewPatch', target(), 'previewed a patch of ');
    assert.ok(told.includes('4 file(s): 3 shown, 0 that do not apply'), told);
    // The sentence shown beside the diff, as logged: the binary file is named, no file is said not to apply.
    assert.ok(
      told.includes('told: The patch changes ') &&
        told.endsWith(' logo.bin is a binary file: the preview does not show it.'),
      told,
    );
    assert.ok(!told.includes('does not apply to every file'), told);
    const title = `${target().fileName} (patch preview in ${label(clone)})`;
    // VS Code adds the count to the title; the tab's input (TabInputTextMultiDiff, not in the 1.100 typings) lists the diffs.
    const tab = await until('the multi-file diff tab', () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.startsWith(title)),
    );
    assert.equal(tab.label, `${title} (3 files)`);
    const { textDiffs } = tab.input as { textDiffs: Array<{ original: vscode.Uri; modified: vscode.Uri }> };
    assert.deepEqual(
      textDiffs
        .map(
          (d) =>
            `${d.original.scheme}:${path.basename(d.original.path)} ↔ ${d.modified.scheme}:${path.basename(d.modified.path)}`,
        )
        .sort(),
      [
        'bitbucket-snippet-patched:new.txt ↔ bitbucket-snippet-patched:new.txt',
        'file:a.txt ↔ bitbucket-snippet-patched:a.txt',
        'file:b.txt ↔ bitbucket-snippet-patched:b.txt',
      ],
    );
    for (const d of textDiffs) {
      assert.equal(
        d.modified.path,
        d.original.path,
        'one path on both sides: the diff shows the file changed, not renamed',
      );
    }
    const after = textDiffs.find((d) => d.modified.path.endsWith('/a.txt'))!.modified;
    assert.equal((await vscode.workspace.openTextDocument(after)).getText(), 'alpha staged\nline 2\nline 3\n');
    // A tab of an ended preview (VS Code restores it after a reload) says so, and is not an empty file.
    const ended = await vscode.workspace.openTextDocument(after.with({ query: `ended-${after.query}` }));
    assert.match(ended.getText(), /^This patch preview has ended: .* Preview Patch again\.\n$/);
    assert.equal(git(clone, 'status', '--porcelain'), '', 'the clone is untouched');
    assert.deepEqual(
      (await requestsSince(before)).filter((r) => r.method !== 'GET'),
      [],
      'no write to the server',
    );
  });

  it('Apply Patch on a second clone makes its tree equal the first one, binary file included', async () => {
    await answerPrompts(label(clone));
    await runAndRead('bitbucketSnippets.applyPatch', target(), `apply of a patch of 4 file(s) in ${clone}: applied`);
    for (const file of [...TRACKED, 'new.txt']) {
      assert.deepEqual(read(clone, file), read(source, file), `${file} is the same in both`);
    }
    assert.ok(!fs.existsSync(path.join(clone, 'skipped.txt')));
  });

  it('Revert Patch puts the clone back as it was', async () => {
    await answerPrompts(label(clone));
    await runAndRead('bitbucketSnippets.revertPatch', target(), `revert of a patch of 4 file(s) in ${clone}: applied`);
    assert.equal(git(clone, 'status', '--porcelain'), '', 'nothing is left changed');
    assert.deepEqual(read(clone, 'logo.bin'), BINARY);
  });

  it('a hostile patch (../x, .git/config) is refused with a message naming the path, and writes nothing', async () => {
    const configBefore = read(clone, '.git/config');
    const hostile = await apiAs('alice').createSnippet({
      name: `hostile ${marker}`,
      files: [
        {
          name: 'parent.patch',
          content: 'diff --git a/../x b/../x\nnew file mode 100644\n--- /dev/null\n+++ b/../x\n@@ -0,0 +1 @@\n+owned\n',
        },
        {
          name: 'gitdir.patch',
          content:
            'diff --git a/.git/config b/.git/config\n--- a/.git/config\n+++ b/.git/config\n@@ -1 +1,2 @@\n [core]\n+\thooksPath = /tmp\n',
        },
      ],
    });
    made.push(hostile.guid);
    for (const [fileName, named] of [
      ['parent.patch', '../x'],
      ['gitdir.patch', '.git/config'],
    ]) {
      await answerPrompts(label(clone));
      const refused = await runAndRead(
        'bitbucketSnippets.applyPatch',
        { snippetGuid: hostile.guid, fileName },
        `could not apply the patch ${fileName} (`,
      );
      assert.ok(refused.includes(named), `"${refused}" names ${named}`);
    }
    assert.ok(!fs.existsSync(path.join(parent, 'x')), 'nothing was written outside the repository');
    assert.deepEqual(read(clone, '.git/config'), configBefore, "git's own config is untouched");
    assert.equal(git(clone, 'status', '--porcelain'), '');
  });

  it('when the base differs, offers a three-way merge, which leaves conflict markers', async () => {
    const diverged = await cloneOfSource('diverged');
    write(diverged, 'a.txt', 'alpha local\nline 2\nline 3\n');
    git(diverged, 'commit', '-q', '-am', 'local change');
    await answerPrompts(label(diverged), true);
    const logged = await runAndRead('bitbucketSnippets.applyPatch', target(), `in ${diverged}: conflicts in `);
    assert.ok(logged.endsWith(`in ${diverged}: conflicts in a.txt`), logged);
    assert.match(
      read(diverged, 'a.txt').toString('utf8'),
      /^<<<<<<< [^\n]*\nalpha local\n=======\nalpha staged\n>>>>>>> /m,
    );
    assert.deepEqual(read(diverged, 'b.txt'), read(source, 'b.txt'), 'what merges cleanly is applied');
  });

  it('when the three-way merge is declined, nothing is written', async () => {
    const diverged = await cloneOfSource('declined');
    write(diverged, 'a.txt', 'alpha local\nline 2\nline 3\n');
    git(diverged, 'commit', '-q', '-am', 'local change');
    await answerPrompts(label(diverged), false);
    await runAndRead(
      'bitbucketSnippets.applyPatch',
      target(),
      `apply of a patch in ${diverged}: the three-way merge was declined`,
    );
    assert.equal(git(diverged, 'status', '--porcelain'), '');
    // The loaded snippet, read without a request: its file is what was applied.
    assert.ok(api.service.store.get(target().snippetGuid));
  });

  /** A snippet of one patch file, deleted after the suite. */
  async function patchSnippet(name: string, content: string): Promise<{ snippetGuid: string; fileName: string }> {
    const snippet = await apiAs('alice').createSnippet({
      name: `${name} ${marker}`,
      files: [{ name: `${name}.patch`, content }],
    });
    made.push(snippet.guid);
    return { snippetGuid: snippet.guid, fileName: `${name}.patch` };
  }

  it("Apply of a patch whose write fails part-way leaves every file and the user's own file as they were, and names the file and git's reason", async () => {
    const tree = await cloneOfSource('midwrite');
    // git's check passes, then the write fails: the user's file `extra` is in the way of the folder extra/c.txt needs, after a.txt was written.
    const patch = [
      'diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n-alpha\n+alpha from the patch\n line 2\n line 3\n',
      'diff --git a/extra/c.txt b/extra/c.txt\nnew file mode 100644\n--- /dev/null\n+++ b/extra/c.txt\n@@ -0,0 +1 @@\n+c\n',
    ].join('');
    const target = await patchSnippet('midwrite', patch);
    write(tree, 'extra', "the user's own notes\n");
    const before = { a: read(tree, 'a.txt'), extra: read(tree, 'extra'), status: git(tree, 'status', '--porcelain') };
    await answerPrompts(label(tree));
    const refused = await runAndRead(
      'bitbucketSnippets.applyPatch',
      target,
      `could not apply the patch ${target.fileName} (`,
    );
    assert.deepEqual(
      { a: read(tree, 'a.txt'), extra: read(tree, 'extra'), status: git(tree, 'status', '--porcelain') },
      before,
      'every file as it was',
    );
    assert.ok(refused.includes('extra/c.txt') && refused.includes('Not a directory'), refused);
    assert.match(refused, /The working tree is as it was/);
  });

  it('Apply of a patch that writes .vscode/tasks.json asks first, naming it; declined, nothing is written', async () => {
    const tree = await cloneOfSource('toolfile');
    const tasks =
      '{ "version": "2.0.0", "tasks": [{ "label": "x", "type": "shell", "command": "echo owned", "runOptions": { "runOn": "folderOpen" } }] }';
    const target = await patchSnippet(
      'tasks',
      `diff --git a/.vscode/tasks.json b/.vscode/tasks.json\nnew file mode 100644\n--- /dev/null\n+++ b/.vscode/tasks.json\n@@ -0,0 +1 @@\n+${tasks}\n` +
        'diff --git a/b.txt b/b.txt\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-bravo\n+bravo from the patch\n',
    );
    await answerPrompts(label(tree), false);
    const declined = await runAndRead(
      'bitbucketSnippets.applyPatch',
      target,
      'apply of a patch declined: it writes files tools read or run: ',
    );
    assert.ok(
      declined.endsWith('it writes files tools read or run: .vscode/tasks.json'),
      `the modal named the tool file: ${declined}`,
    );
    assert.ok(!fs.existsSync(path.join(tree, '.vscode')), 'no .vscode folder was written');
    assert.equal(read(tree, 'b.txt').toString('utf8'), 'bravo\n', 'nothing else was written either');
    assert.equal(git(tree, 'status', '--porcelain'), '');
  });
});
