import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { apiAs, control, requestsSince, signInAsAlice } from './snippetHelpers';
import { answerPrompts, getExtension, serverRequests, until, unusedAnswers } from './support';
import { logLineSince, logMark } from './extensionLog';

interface Manifest {
  contributes?: { commands?: { command: string }[]; views?: Record<string, { id: string }[]> };
}

// VS Code itself registers these for every contributed view (`<view id>.focus` and so on).
const VIEW_COMMAND_SUFFIXES = ['focus', 'open', 'removeView', 'resetViewLocation', 'toggleVisibility'];

describe('Commands', () => {
  it('registers every command package.json contributes, and no other', async () => {
    const extension = getExtension();
    await extension.activate();
    const manifest = extension.packageJSON as Manifest;
    const contributed = (manifest.contributes?.commands ?? []).map((c) => c.command).sort();
    const viewIds = Object.values(manifest.contributes?.views ?? {}).flatMap((views) => views.map((view) => view.id));
    const generatedByVsCode = new Set(
      viewIds.flatMap((id) => VIEW_COMMAND_SUFFIXES.map((suffix) => `${id}.${suffix}`)),
    );
    const registered = (await vscode.commands.getCommands(true))
      .filter((id) => id.startsWith('bitbucketSnippets.') && !generatedByVsCode.has(id))
      .sort();

    const missing = contributed.filter((id) => !registered.includes(id));
    const undeclared = registered.filter((id) => !contributed.includes(id));
    assert.deepEqual(
      { missing, undeclared },
      { missing: [], undeclared: [] },
      `Commands in package.json but not registered: ${missing.join(', ') || 'none'}. Registered but not in package.json: ${undeclared.join(', ') || 'none'}.`,
    );
  });
});

describe('Snippet commands', function () {
  this.timeout(60_000);
  const helpers = () => ({ apiAs, control, requestsSince, signInAsAlice });
  const run = <T>(id: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand<T>(id, ...args));
  const posts = (sent: Array<{ method: string; path: string }>) =>
    sent.filter((r) => r.method === 'POST' && /\/snippets$/.test(r.path));
  const puts = (sent: Array<{ method: string }>) => sent.filter((r) => r.method === 'PUT');

  before(async () => {
    await helpers().signInAsAlice();
  });
  afterEach(async () => {
    await closeEditorsDiscardingUntitled();
  });

  let untitledCount = 0;
  /**
   * An untitled editor of its own name, holding `text`. `openTextDocument({ content })` names its
   * documents Untitled-1, Untitled-2…, and one closed while dirty can hand its name, and with it
   * its text, to the next test's document; a path of this suite's own never collides.
   */
  async function editorWithSelection(
    text: string,
    language: string,
    from: [number, number],
    to: [number, number],
  ): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: 'untitled', path: `/selection-${process.pid}-${++untitledCount}.txt` });
    const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), language);
    const editor = await vscode.window.showTextDocument(doc);
    assert.ok(await editor.edit((e) => e.insert(new vscode.Position(0, 0), text)));
    assert.equal(editor.document.getText(), text, "the editor holds this test's text only");
    editor.selection = new vscode.Selection(new vscode.Position(...from), new vscode.Position(...to));
    return editor;
  }

  /** Closes every editor without a save prompt: a dirty untitled editor is reverted first. */
  async function closeEditorsDiscardingUntitled(): Promise<void> {
    for (const doc of vscode.workspace.textDocuments.filter(
      (d) => d.uri.scheme === 'untitled' && d.isDirty && !d.isClosed,
    )) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }

  it('Save Selection as Snippet with a description and categories: one POST and one PUT, then opens the file', async () => {
    const editor = await editorWithSelection(
      'import os\nprint(os.getcwd())\nprint("done")\n',
      'python',
      [1, 0],
      [3, 0],
    );
    const before = (await serverRequests()).length;
    const created = await run<{ guid: string; name: string } | undefined>('bitbucketSnippets.createFromSelection', {
      name: 'cwd printer',
      description: 'prints it',
      categories: ' python , tools ,',
    });
    assert.ok(created, 'the command returns the new snippet');
    const sent = await helpers().requestsSince(before, '/snippets');
    assert.equal(posts(sent).length, 1);
    assert.equal(puts(sent).length, 1);
    const server = await helpers().apiAs('alice').getSnippet(created.guid);
    assert.equal(server.name, 'cwd printer');
    assert.equal(server.description, 'prints it');
    assert.deepEqual(server.categories.map((c) => c.name).sort(), ['python', 'tools']);
    assert.deepEqual(
      server.files.map((f) => [f.name, f.content]),
      [['snippet.py', 'print(os.getcwd())\nprint("done")\n']],
    );
    assert.equal(
      editor.document.getText(),
      'import os\nprint(os.getcwd())\nprint("done")\n',
      'the source is untouched',
    );
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'bitbucket-snippet');
    assert.equal(vscode.window.activeTextEditor?.document.getText(), 'print(os.getcwd())\nprint("done")\n');
  });

  it('Save Selection as Snippet without description or categories sends only the POST', async () => {
    await editorWithSelection('a\nb\n', 'plaintext', [0, 0], [0, 1]);
    const before = (await serverRequests()).length;
    const created = await run<{ guid: string } | undefined>('bitbucketSnippets.createFromSelection', {
      name: 'just a',
    });
    assert.ok(created);
    const sent = await helpers().requestsSince(before, '/snippets');
    assert.equal(posts(sent).length, 1);
    assert.equal(puts(sent).length, 0);
  });

  it('a failed create changes nothing locally and creates nothing', async () => {
    const editor = await editorWithSelection('keep me\n', 'plaintext', [0, 0], [0, 4]);
    await helpers().control('POST', 'faults', { kind: 'status', status: 500, method: 'POST', path: '/snippets' });
    const before = (await serverRequests()).length;
    const created = await run('bitbucketSnippets.createFromSelection', { name: 'never' });
    assert.equal(created, undefined);
    assert.equal(posts(await helpers().requestsSince(before, '/snippets')).length, 1, 'tried once, never twice');
    assert.equal(editor.document.getText(), 'keep me\n');
    await helpers().control('DELETE', 'faults');
  });

  it('New Snippet makes an empty file the server accepts', async () => {
    const created = await run<{ guid: string } | undefined>('bitbucketSnippets.newSnippet', {
      name: 'empty one',
      fileName: 'notes.md',
    });
    assert.ok(created);
    const server = await helpers().apiAs('alice').getSnippet(created.guid);
    assert.deepEqual(
      server.files.map((f) => [f.name, f.content]),
      [['notes.md', '']],
    );
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'markdown');
  });

  it('a renamed snippet or file: its open editors show the new name, unsaved text included, and save to the renamed file', async () => {
    const alice = helpers().apiAs('alice');
    const s = await alice.createSnippet({
      name: 'before rename',
      files: [
        { name: 'a.sh', content: 'echo a\n' },
        { name: 'b.sh', content: 'echo b\n' },
      ],
    });
    const api = await helpers().signInAsAlice();
    await api.service.store.refresh('mine');
    // The test counts the rename's requests and needs the text unsaved: the runners start with
    // auto-save off (testUserSettings), so no save comes in between.
    const openFile = async (fileName: string) =>
      (await run<vscode.TextEditor>('bitbucketSnippets.openFile', { snippetGuid: s.guid, fileName }))!;
    const a = await openFile('a.sh');
    assert.ok(a.document.uri.path.includes('/before rename/'), a.document.uri.path);
    assert.ok(await a.edit((e) => e.insert(new vscode.Position(1, 0), 'echo unsaved\n')));
    const b = await openFile('b.sh');
    const tabsOf = (name: string) =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.endsWith(`/${name}`));
    const before = (await serverRequests()).length;

    await run(
      'bitbucketSnippets.editSnippetDetails',
      { snippetGuid: s.guid },
      { name: 'after rename', description: '', categories: '' },
    );
    const open = (name: string) =>
      vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.path === `/after rename/${name}`);
    const movedA = await until(
      'the editors to move to the new snippet name',
      () => open('a.sh') && open('b.sh') && open('a.sh'),
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}; open: ${vscode.workspace.textDocuments
          .filter((d) => !d.isClosed)
          .map((d) => `${d.uri.toString()}${d.isDirty ? ' (dirty)' : ''}`)
          .join(', ')}`,
      );
    });
    assert.equal(movedA.isDirty, true, 'the unsaved text moved along');
    assert.ok(movedA.getText().includes('echo unsaved'), 'the unsaved text is in the moved document');
    assert.deepEqual(
      tabsOf('a.sh').map((t) => (t.input as vscode.TabInputText).uri.path),
      ['/after rename/a.sh'],
      'one tab, with the new name',
    );
    assert.equal(tabsOf('b.sh').length, 1);
    const moveRequests = (await helpers().requestsSince(before, s.guid)).filter((r) => r.method !== 'GET');
    assert.equal(
      moveRequests.length,
      1,
      `the rename sent one PUT and the moves nothing: ${moveRequests.map((r) => `${r.method} ${r.path}`).join(', ')}`,
    );

    await run('bitbucketSnippets.renameFile', { snippetGuid: s.guid, fileName: 'a.sh' }, { newName: 'renamed.sh' });
    const renamed = await until('the editor of the renamed file', () => open('renamed.sh'));
    assert.equal(renamed.isDirty, true);
    assert.ok(renamed.getText().includes('echo unsaved'));
    assert.equal(tabsOf('a.sh').length, 0, 'no tab of the old file name is left');
    assert.ok(await renamed.save(), 'the moved document saves');
    const onServer = await alice.getSnippet(s.guid);
    assert.deepEqual(
      onServer.files.map((f) => [f.name, f.content]),
      [
        ['renamed.sh', 'echo a\necho unsaved\n'],
        ['b.sh', 'echo b\n'],
      ],
    );
    assert.equal(b.document.isClosed || open('b.sh') !== undefined, true);
  });

  it('edits details, adds, renames and deletes files, each keeping everything else; refuses to delete the last file', async () => {
    const alice = helpers().apiAs('alice');
    const s = await alice.createSnippet({ name: 'to edit', files: [{ name: 'one.txt', content: '1' }] });
    const target = { snippetGuid: s.guid };
    await run('bitbucketSnippets.editSnippetDetails', target, {
      name: 'edited',
      description: 'desc',
      categories: 'x, y z',
    });
    await run('bitbucketSnippets.addFile', target, { fileName: 'two.txt', content: '2' });
    await run('bitbucketSnippets.renameFile', { snippetGuid: s.guid, fileName: 'one.txt' }, { newName: 'uno.txt' });
    let now = await alice.getSnippet(s.guid);
    assert.equal(now.name, 'edited');
    assert.equal(now.description, 'desc');
    assert.deepEqual(now.categories.map((c) => c.name).sort(), ['x', 'y z']);
    assert.deepEqual(
      now.files.map((f) => [f.name, f.content]),
      [
        ['uno.txt', '1'],
        ['two.txt', '2'],
      ],
    );
    await answerPrompts(true);
    await run('bitbucketSnippets.deleteFile', { snippetGuid: s.guid, fileName: 'two.txt' });
    const before = (await serverRequests()).length;
    await answerPrompts(true);
    const mark = logMark();
    await run('bitbucketSnippets.deleteFile', { snippetGuid: s.guid, fileName: 'uno.txt' });
    assert.equal(await unusedAnswers(), 1, 'deleting the last file is refused before asking');
    await logLineSince(
      mark,
      'did not delete uno.txt from "edited": "uno.txt" is the only file of "edited", and a snippet needs at least one file.',
    );
    assert.deepEqual(puts(await helpers().requestsSince(before, s.guid)), [], 'the last file is never deleted');
    now = await alice.getSnippet(s.guid);
    assert.deepEqual(
      now.files.map((f) => f.name),
      ['uno.txt'],
    );
    assert.equal(now.description, 'desc');
    await answerPrompts(false);
    assert.equal(await run('bitbucketSnippets.deleteSnippet', target), false, 'No at the confirmation deletes nothing');
    await alice.getSnippet(s.guid);
    await answerPrompts(true);
    assert.equal(await run('bitbucketSnippets.deleteSnippet', target), true);
    await assert.rejects(alice.getSnippet(s.guid), /not|exist/i);
  });

  it("does not edit others' snippets", async () => {
    const s = await helpers()
      .apiAs('bob')
      .createSnippet({ name: 'bobs', files: [{ name: 'b.txt', content: 'b' }] });
    const before = (await serverRequests()).length;
    await run(
      'bitbucketSnippets.editSnippetDetails',
      { snippetGuid: s.guid },
      { name: 'hijacked', description: '', categories: '' },
    );
    assert.deepEqual(
      (await helpers().requestsSince(before, s.guid)).filter((r) => r.method !== 'GET'),
      [],
    );
    assert.equal((await helpers().apiAs('bob').getSnippet(s.guid)).name, 'bobs');
  });

  it('inserts a snippet file at the cursor and copies content and guid', async () => {
    const s = await helpers()
      .apiAs('alice')
      .createSnippet({ name: 'to use', files: [{ name: 'u.txt', content: 'USED' }] });
    const doc = await vscode.workspace.openTextDocument({ content: 'before  after' });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 7, 0, 7);
    assert.equal(await run('bitbucketSnippets.insertFile', { snippetGuid: s.guid, fileName: 'u.txt' }), true);
    assert.equal(doc.getText(), 'before USED after');
    await run('bitbucketSnippets.copyFileContent', { snippetGuid: s.guid, fileName: 'u.txt' });
    assert.equal(await vscode.env.clipboard.readText(), 'USED');
    await run('bitbucketSnippets.copySnippetGuid', { snippetGuid: s.guid });
    assert.equal(await vscode.env.clipboard.readText(), s.guid);
  });
});
