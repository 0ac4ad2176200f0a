// Drag and drop in the real editor: the Snippets view's controller with real DataTransfers, and the
// drop provider that inserts a dragged file into an editor. Files from disk dropped on an own
// snippet are added in one update; a folder, a binary file or someone else's snippet are refused
// with nothing changed; 200 files ask first; a snippet dropped on a category row gets it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import type { ExtensionApi } from '../../src/extension';
import type { TreeNode } from '../../src/snippets/tree/nodes';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { answerPrompts, serverRequests, unusedAnswers } from './support';

const ROWS = 'application/vnd.code.tree.bitbucketsnippets.explorer';

describe('Drag and drop', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let own: Snippet;
  let twoFiles: Snippet;
  let bobs: Snippet;
  let folder: string;
  const token = new vscode.CancellationTokenSource().token;
  const node = (snippet: Snippet, list: 'mine' | 'browse' = 'mine'): TreeNode => ({ kind: 'snippet', list, snippetGuid: snippet.guid, own: list === 'mine' });
  const writes = async (before: number, guid: string) => (await requestsSince(before, guid)).filter((r) => r.method !== 'GET');
  const filesDrop = (...names: string[]) => {
    const dt = new vscode.DataTransfer();
    dt.set('text/uri-list', new vscode.DataTransferItem(names.map((n) => vscode.Uri.file(path.join(folder, n)).toString()).join('\r\n')));
    return dt;
  };

  before(async () => {
    api = await signInAsAlice();
    own = await apiAs('alice').createSnippet({ name: 'dnd own', files: [{ name: 'one.sh', content: 'echo "$HOME"\n' }] });
    twoFiles = await apiAs('alice').createSnippet({ name: 'dnd two', files: [{ name: 'a.txt', content: 'A\n' }, { name: 'b.txt', content: 'B text\n' }] });
    bobs = await apiAs('bob').createSnippet({ name: 'dnd bob', files: [{ name: 'bob.txt', content: 'bob\n' }] });
    await api.service.refresh('mine');
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-dnd-'));
    fs.writeFileSync(path.join(folder, 'new.md'), '# dropped\n');
    fs.writeFileSync(path.join(folder, 'one.sh'), 'clashing name\n');
    fs.writeFileSync(path.join(folder, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
    fs.mkdirSync(path.join(folder, 'sub'));
    fs.mkdirSync(path.join(folder, 'many'));
    for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(folder, 'many', `f${i}.txt`), `file ${i}\n`);
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));
  afterEach(async () => {
    assert.equal(await unusedAnswers(), 0, 'every queued answer was asked for');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a dragged file row carries the row and no resource to open, and dropped into an editor inserts its text as it is', async () => {
    const dt = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag([{ kind: 'file', snippetGuid: own.guid, fileName: 'one.sh', own: true, list: 'mine' }], dt);
    assert.deepEqual(JSON.parse(await dt.get(ROWS)!.asString()), [{ snippetGuid: own.guid, fileName: 'one.sh' }]);
    // Replaces the URIs VS Code adds from the row, whose "insert path" edit would win in the editor.
    assert.match(await dt.get('text/uri-list')!.asString(), /^#[^\n]*$/, 'a uri-list with only a comment line');

    const doc = await vscode.workspace.openTextDocument({ content: 'before\n', language: 'shellscript' });
    // What the editor receives from a tree drag: the rows as text.
    const received = new vscode.DataTransfer();
    received.set(ROWS, new vscode.DataTransferItem(await dt.get(ROWS)!.asString()));
    const before = (await serverRequests()).length;
    const edit = await api.dropIntoEditor.provideDocumentDropEdits(doc, new vscode.Position(1, 0), received, token);
    const edits = Array.isArray(edit) ? edit[0] : edit;
    assert.equal(edits?.insertText, 'echo "$HOME"\n', 'plain text: $HOME is not a snippet variable');
    assert.deepEqual(await requestsSince(before), [], 'the text came from what is loaded');
  });

  it('a snippet row with several files asks which one to insert', async () => {
    const dt = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag([node(twoFiles)], dt);
    const doc = await vscode.workspace.openTextDocument({ content: '' });
    await answerPrompts('b.txt');
    const edit = await api.dropIntoEditor.provideDocumentDropEdits(doc, new vscode.Position(0, 0), dt, token);
    assert.equal((Array.isArray(edit) ? edit[0] : edit)?.insertText, 'B text\n');
  });

  it('files from disk dropped on an own snippet are added in one update, a clashing name renamed', async () => {
    const before = (await serverRequests()).length;
    const outcome = await api.explorer.dragAndDrop.drop(node(own), filesDrop('new.md', 'one.sh'));
    assert.deepEqual(outcome, { done: 'filesAdded', snippets: [own.guid] });
    assert.deepEqual((await writes(before, own.guid)).map((r) => r.method), ['PUT'], 'one update');
    const now = await apiAs('alice').getSnippet(own.guid);
    assert.deepEqual(now.files.map((f) => [f.name, f.content]), [['one.sh', 'echo "$HOME"\n'], ['new.md', '# dropped\n'], ['one (2).sh', 'clashing name\n']]);
  });

  it('a folder or a binary file is refused with nothing sent', async () => {
    const before = (await serverRequests()).length;
    const folderDrop = await api.explorer.dragAndDrop.drop(node(twoFiles), filesDrop('new.md', 'sub'));
    assert.ok(folderDrop && 'refused' in folderDrop && folderDrop.refused.includes('"sub" is a folder'), JSON.stringify(folderDrop));
    const binaryDrop = await api.explorer.dragAndDrop.drop(node(twoFiles), filesDrop('logo.png'));
    assert.ok(binaryDrop && 'refused' in binaryDrop && binaryDrop.refused.includes('binary'), JSON.stringify(binaryDrop));
    assert.deepEqual(await writes(before, twoFiles.guid), []);
  });

  it('200 files ask first: No adds nothing, Yes adds them all in one update', async () => {
    const names = Array.from({ length: 200 }, (_, i) => path.join('many', `f${i}.txt`));
    const before = (await serverRequests()).length;
    await answerPrompts(false);
    assert.deepEqual(await api.explorer.dragAndDrop.drop(node(twoFiles), filesDrop(...names)), { refused: 'not confirmed' });
    assert.deepEqual(await writes(before, twoFiles.guid), []);
    await answerPrompts(true);
    assert.deepEqual(await api.explorer.dragAndDrop.drop(node(twoFiles), filesDrop(...names)), { done: 'filesAdded', snippets: [twoFiles.guid] });
    assert.deepEqual((await writes(before, twoFiles.guid)).map((r) => r.method), ['PUT']);
    assert.equal((await apiAs('alice').getSnippet(twoFiles.guid)).files.length, 202);
  });

  it("files dropped on someone else's snippet are refused", async () => {
    await api.service.ensureLoaded('browse');
    const before = (await serverRequests()).length;
    const outcome = await api.explorer.dragAndDrop.drop(node(bobs, 'browse'), filesDrop('new.md'));
    assert.ok(outcome && 'refused' in outcome && outcome.refused.includes('belongs to another user'), JSON.stringify(outcome));
    assert.deepEqual(await writes(before, bobs.guid), []);
  });

  it('a snippet dropped on a category row gets that category in one update; others\' snippets are refused', async () => {
    const tagged = await apiAs('alice').createSnippet({ name: 'dnd tagged', files: [{ name: 't.txt', content: 't' }] });
    await apiAs('alice').updateSnippet(tagged.guid, { name: tagged.name, description: '', categories: ['dnd-category'], files: [{ name: 't.txt', content: 't' }] });
    await api.service.refresh('mine');
    const category = api.service.categories().find((c) => c.name === 'dnd-category');
    assert.ok(category, 'the category is known from the loaded list');
    const target: TreeNode = { kind: 'root', list: `category:${category.guid}`, label: category.name };

    const dt = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag([node(own)], dt);
    const before = (await serverRequests()).length;
    assert.deepEqual(await api.explorer.dragAndDrop.drop(target, dt), { done: 'categoryAdded', snippets: [own.guid] });
    assert.deepEqual((await writes(before, own.guid)).map((r) => r.method), ['PUT']);
    const now = await apiAs('alice').getSnippet(own.guid);
    assert.deepEqual(now.categories.map((c) => c.name), ['dnd-category']);
    assert.equal(now.files.length, 3, 'the files are kept');

    const theirs = new vscode.DataTransfer();
    await api.explorer.dragAndDrop.handleDrag([node(bobs, 'browse')], theirs);
    const refused = await api.explorer.dragAndDrop.drop(target, theirs);
    assert.ok(refused && 'refused' in refused && refused.refused.includes('belongs to another user'), JSON.stringify(refused));
  });
});
