// Snippet files as documents, in the real editor: saves keep everything else, conflicts are never
// overwritten silently, others' files are read-only, failed saves keep the text.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { BitbucketClient } from '../../src/api';
import type { Snippet } from '../../src/api/types';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { snippetFileUri } from '../../src/editor/ui/snippetUris';
import { apiAs, control, requestsSince, signInAsAlice } from './snippetHelpers';
import { localServerUrl, serverRequests, signInWith, until } from './support';
import { EXTENSION_LOG, findFiles, userDataCandidates } from './userDataFiles';

async function fixture(
  client: BitbucketClient,
  files: Array<{ name: string; content: string }>,
  details?: { description: string; categories: string[] },
): Promise<Snippet> {
  const created = await client.createSnippet({
    name: `fixture ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`,
    files,
  });
  if (!details) return created;
  return client.updateSnippet(created.guid, { name: created.name, ...details, files });
}

async function openFile(snippet: Snippet, fileName: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(
    snippetFileUri({ serverUrl: localServerUrl(), username: 'alice' }, snippet, fileName),
  );
  return vscode.window.showTextDocument(doc);
}

async function append(editor: vscode.TextEditor, text: string): Promise<void> {
  const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
  assert.ok(await editor.edit((b) => b.insert(end, text)));
}

async function closeAll(): Promise<void> {
  // Revert first so closing does not ask to save.
  for (const editor of vscode.window.visibleTextEditors) {
    if (editor.document.isDirty) {
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

describe('Snippet documents', function () {
  this.timeout(60_000);
  const alice = apiAs('alice');
  const bob = apiAs('bob');
  let ext: TestingApi;

  before(async () => {
    ext = await signInAsAlice();
  });
  afterEach(async () => {
    await control('DELETE', 'faults');
    await closeAll();
  });

  it('opens files in the language of their name, including names without an extension', async () => {
    const s = await fixture(alice, [
      { name: 'deploy.sh', content: 'echo hi\n' },
      { name: 'Dockerfile', content: 'FROM node:20\n' },
      { name: 'my query #1.sql', content: 'select 1;\n' },
    ]);
    assert.equal((await openFile(s, 'deploy.sh')).document.languageId, 'shellscript');
    assert.equal((await openFile(s, 'Dockerfile')).document.languageId, 'dockerfile');
    const sql = await openFile(s, 'my query #1.sql');
    assert.equal(sql.document.languageId, 'sql');
    assert.equal(sql.document.getText(), 'select 1;\n');
    const stat = await vscode.workspace.fs.stat(sql.document.uri);
    assert.equal(stat.mtime, s.updatedAt);
    assert.equal(stat.ctime, s.createdAt);
    assert.equal(stat.size, Buffer.byteLength('select 1;\n'));
    assert.equal(stat.permissions, undefined, 'own files are writable');
    const listing = await vscode.workspace.fs.readDirectory(
      vscode.Uri.from({ scheme: 'bitbucket-snippet', authority: sql.document.uri.authority, path: `/${s.guid}` }),
    );
    assert.deepEqual(
      listing.map(([name]) => name),
      ['deploy.sh', 'Dockerfile', 'my query #1.sql'],
    );
  });

  it("an editor restored with the snippet's guid for its name (an earlier version's URI) takes the snippet's name once the file is read", async () => {
    const s = await fixture(alice, [{ name: 'notes.txt', content: 'restored\n' }]);
    const earlier = vscode.Uri.from({
      scheme: 'bitbucket-snippet',
      authority: new URL(localServerUrl()).host,
      path: `/${s.guid}/notes.txt`,
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(earlier), { preview: false });
    const named = await until(
      'the editor to name the snippet',
      () => {
        const doc = vscode.window.activeTextEditor?.document;
        return doc?.uri.path === `/${s.name}/notes.txt` && doc;
      },
      15_000,
    ).catch(() =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri.toString() : t.label)),
    );
    assert.ok(!Array.isArray(named), `tabs: ${JSON.stringify(named)}`);
    assert.equal(new URLSearchParams(named.uri.query).get('guid'), s.guid);
    assert.equal(named.getText(), 'restored\n');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(
      tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === named.uri.toString(),
      'the active tab shows it',
    );
    assert.ok(
      !vscode.window.tabGroups.all.some((g) =>
        g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === earlier.toString()),
      ),
      'no tab keeps the guid name',
    );
  });

  it('Save All with two dirty files of one snippet keeps both changes', async () => {
    const s = await fixture(alice, [
      { name: 'one.txt', content: 'one\n' },
      { name: 'two.txt', content: 'two\n' },
    ]);
    const one = await openFile(s, 'one.txt');
    await append(one, 'changed one');
    const two = await openFile(s, 'two.txt');
    await append(two, 'changed two');
    await control('PUT', 'latency', { ms: 150 });
    try {
      // Both saves start together; each update replaces all files, so they must not interleave.
      const saved = await Promise.all([one.document.save(), two.document.save()]);
      assert.deepEqual(saved, [true, true]);
    } finally {
      await control('DELETE', 'latency');
    }
    const server = await alice.getSnippet(s.guid);
    assert.deepEqual(
      server.files.map((f) => [f.name, f.content]),
      [
        ['one.txt', 'one\nchanged one'],
        ['two.txt', 'two\nchanged two'],
      ],
    );
  });

  it("VS Code's auto-save sends an edit by itself, and the editor ends saved", async () => {
    const s = await fixture(alice, [
      { name: 'auto.txt', content: 'auto\n' },
      { name: 'other.txt', content: 'other\n' },
    ]);
    const files = vscode.workspace.getConfiguration('files');
    // The runners turn auto-save off (testUserSettings); this test alone has it on, as VS Code for the Web does by default.
    const before = files.inspect<string>('autoSave')?.globalValue;
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      const editor = await openFile(s, 'auto.txt');
      await append(editor, 'typed');
      await until(
        'the auto-save to reach the server',
        async () => (await alice.getSnippet(s.guid)).files[0].content === 'auto\ntyped',
        15_000,
      );
      await until('the editor to be saved', () => !editor.document.isDirty, 15_000);
      const server = await alice.getSnippet(s.guid);
      assert.deepEqual(
        server.files.map((f) => [f.name, f.content]),
        [
          ['auto.txt', 'auto\ntyped'],
          ['other.txt', 'other\n'],
        ],
      );
    } finally {
      await files.update('autoSave', before, vscode.ConfigurationTarget.Global);
    }
  });

  it('a save sends one GET and one PUT and keeps the other files, the name, the description and the categories', async () => {
    const s = await fixture(
      alice,
      [
        { name: 'a.txt', content: 'first\n' },
        { name: 'b.md', content: '# second\n' },
      ],
      { description: 'keep me', categories: ['shell scripts', 'ops'] },
    );
    const editor = await openFile(s, 'a.txt');
    await append(editor, 'added');
    const before = (await serverRequests()).length;
    assert.equal(await editor.document.save(), true);
    const sent = await requestsSince(before, s.guid);
    assert.deepEqual(
      sent.map((r) => r.method),
      ['GET', 'PUT'],
    );
    const now = await alice.getSnippet(s.guid);
    assert.equal(now.name, s.name);
    assert.equal(now.description, 'keep me');
    assert.deepEqual(now.categories.map((c) => c.name).sort(), ['ops', 'shell scripts']);
    assert.deepEqual(
      now.files.map((f) => [f.name, f.content]),
      [
        ['a.txt', 'first\nadded'],
        ['b.md', '# second\n'],
      ],
    );
    assert.equal(editor.document.isDirty, false);
    assert.equal((await vscode.workspace.fs.stat(editor.document.uri)).mtime, now.updatedAt);
  });

  it('an unchanged save sends no request at all', async () => {
    const s = await fixture(alice, [{ name: 'same.txt', content: 'unchanged\n' }]);
    const editor = await openFile(s, 'same.txt');
    await append(editor, 'x');
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    assert.ok(await editor.edit((b) => b.delete(new vscode.Range(end.translate(0, -1), end))));
    assert.equal(editor.document.isDirty, true, 'two edits that cancel out still leave the document dirty');
    const before = (await serverRequests()).length;
    assert.equal(await editor.document.save(), true);
    assert.deepEqual(await requestsSince(before), []);
  });

  it('a file changed on the server in between is not overwritten silently', async () => {
    const s = await fixture(alice, [
      { name: 'c.txt', content: 'one\n' },
      { name: 'other.txt', content: 'other\n' },
    ]);
    const editor = await openFile(s, 'c.txt');
    const elsewhere = await alice.updateSnippet(s.guid, {
      name: s.name,
      description: '',
      categories: [],
      files: [
        { name: 'c.txt', content: 'changed elsewhere, longer\n' },
        { name: 'other.txt', content: 'other\n' },
      ],
    });
    await append(editor, 'mine');
    assert.equal(await editor.document.save(), false, 'the first save must fail');
    assert.equal((await alice.getSnippet(s.guid)).updatedAt, elsewhere.updatedAt);
    assert.equal(editor.document.isDirty, true);
    assert.equal(editor.document.getText(), 'one\nmine');
    // Saving again: VS Code now sees the newer mtime (and another size) and asks Compare / Overwrite itself.
    assert.equal(
      await editor.document.save(),
      false,
      'the second save must stop at VS Code\'s own "file is newer" check',
    );
    const still = await alice.getSnippet(s.guid);
    assert.equal(still.files[0].content, 'changed elsewhere, longer\n');
    assert.equal(editor.document.getText(), 'one\nmine');
  });

  it('a same-size change on the server is not overwritten by saving again, only by choosing Overwrite, which keeps the other files', async () => {
    const s = await fixture(alice, [
      { name: 'd.txt', content: 'abc\n' },
      { name: 'keep.txt', content: 'keep\n' },
    ]);
    const editor = await openFile(s, 'd.txt');
    await alice.updateSnippet(s.guid, {
      name: s.name,
      description: '',
      categories: [],
      files: [
        { name: 'd.txt', content: 'XYZ\n' },
        { name: 'keep.txt', content: 'keep 2\n' },
      ],
    });
    await append(editor, '!');
    assert.equal(await editor.document.save(), false);
    assert.equal((await alice.getSnippet(s.guid)).files[0].content, 'XYZ\n');
    // Compare shows the server's version beside the user's text.
    const onServer = await vscode.workspace.openTextDocument(
      editor.document.uri.with({ scheme: 'bitbucket-snippet-server' }),
    );
    assert.equal(onServer.getText(), 'XYZ\n');
    assert.equal(editor.document.getText(), 'abc\n!', "the editor keeps the user's text");
    // Saving again (as auto-save does) is no choice: still refused.
    assert.equal(await editor.document.save(), false);
    assert.equal((await alice.getSnippet(s.guid)).files[0].content, 'XYZ\n');
    assert.equal(
      await vscode.commands.executeCommand('bitbucketSnippets.overwriteServerVersion', editor.document.uri),
      true,
    );
    const now = await alice.getSnippet(s.guid);
    assert.deepEqual(
      now.files.map((f) => [f.name, f.content]),
      [
        ['d.txt', 'abc\n!'],
        ['keep.txt', 'keep 2\n'],
      ],
    );
  });

  it("others' files are read-only: stat says so and a write fails without a request", async () => {
    const s = await fixture(bob, [{ name: 'bobs.txt', content: 'bob\n' }]);
    const uri = snippetFileUri({ serverUrl: localServerUrl(), username: 'alice' }, s, 'bobs.txt');
    const stat = await vscode.workspace.fs.stat(uri);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    const before = (await serverRequests()).length;
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from('alice was here'))),
      (err: Error) => /read-only/i.test(err.message),
    );
    assert.deepEqual(
      (await requestsSince(before, s.guid)).filter((r) => r.method !== 'GET'),
      [],
    );
    assert.equal((await bob.getSnippet(s.guid)).files[0].content, 'bob\n');
  });

  for (const fault of [
    { kind: 'status', status: 500, method: 'PUT', message: 'Internal failure' },
    { kind: 'drop', method: 'PUT' },
  ]) {
    it(`a failed save (${fault.kind}) keeps the editor dirty with its text`, async () => {
      const s = await fixture(alice, [{ name: 'e.txt', content: 'start\n' }]);
      const editor = await openFile(s, 'e.txt');
      await append(editor, 'precious');
      await control('POST', 'faults', { ...fault, path: s.guid });
      assert.equal(await editor.document.save(), false);
      assert.equal(editor.document.isDirty, true);
      assert.equal(editor.document.getText(), 'start\nprecious');
      assert.equal((await alice.getSnippet(s.guid)).files[0].content, 'start\n');
    });
  }

  it('a snippet deleted elsewhere: saving its open file reports it, keeps the text, and the store forgets it', async () => {
    const s = await fixture(alice, [{ name: 'gone.txt', content: 'soon gone\n' }]);
    const editor = await openFile(s, 'gone.txt');
    await alice.deleteSnippet(s.guid);
    await append(editor, 'my text');
    assert.equal(await editor.document.save(), false);
    assert.equal(editor.document.getText(), 'soon gone\nmy text');
    assert.equal(ext.service.store.get(s.guid), undefined);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(editor.document.uri)), (err: Error) =>
      /deleted on the server|not found/i.test(err.message),
    );
  });

  it('after a wrong and then a right sign-in, the password and token appear nowhere in settings, state or the log', async () => {
    const wrong = `wrong-${Date.now()}`;
    await assert.rejects(signInWith({ serverUrl: localServerUrl(), username: 'alice', password: wrong }));
    await signInWith({ serverUrl: localServerUrl(), token: 'alice-token' });
    const secrets = [wrong, 'alice-token'];
    const settingsText =
      JSON.stringify(vscode.workspace.getConfiguration().get('bitbucketSnippets')) +
      JSON.stringify(vscode.workspace.getConfiguration().get('http'));
    for (const secret of secrets) assert.ok(!settingsText.includes(secret), `a secret is in the configuration`);
    const state = JSON.stringify(ext.globalStateSnapshot());
    assert.match(state, /alice/, 'the account (without its secret) is remembered in global state');
    for (const secret of secrets) assert.ok(!state.includes(secret), 'a secret is in global state');
    const files = findFiles(userDataCandidates(), (name) => name === 'settings.json' || name.endsWith(EXTENSION_LOG));
    assert.ok(
      files.some((f) => f.endsWith('.log')),
      `the extension's log file was not found under ${userDataCandidates().join(', ')}`,
    );
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const secret of secrets) assert.ok(!text.includes(secret), `a secret is in ${file}`);
    }
    // Back to alice with her password, as the other tests expect.
    await signInWith({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
  });
});
