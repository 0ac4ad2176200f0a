// The secret scan before sending, in the real editor against the local server: Save Selection as
// Snippet with a token in it shows the modal; Open to Edit sends nothing and shows the finding in
// the user's document; Send Anyway creates it; Cancel sends nothing; a save of a snippet file with
// a new secret is refused until confirmed, and the editor stays dirty. Alice may not read the
// server's rules (401), so the built-in rules alone apply here; the server's rules for an
// administrator are held in plain Node (test/contract/secretScanGate.test.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { snippetFileUri } from '../../src/editor/snippets/uris';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { answerPrompts, localServerUrl, serverRequests, until, unusedAnswers } from './support';

// A GitHub token's shape (ghp_ and 36 characters), made up: the scan finds it by its form.
const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(3)}f6G7h8`;

describe('Secret scan before sending', function () {
  this.timeout(60_000);
  const posts = (sent: Array<{ method: string; path: string }>) => sent.filter((r) => r.method === 'POST' && /\/snippets$/.test(r.path));
  const created: string[] = [];
  let untitled = 0;

  before(async () => {
    await signInAsAlice();
  });
  afterEach(async () => {
    assert.equal(await unusedAnswers(), 0, 'every scripted answer was asked for');
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && !d.isClosed)) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    const alice = apiAs('alice');
    for (const guid of created) await alice.deleteSnippet(guid).catch(() => undefined);
    await alice.dispose();
  });

  async function selectionEditor(text: string, from: [number, number], to: [number, number]): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: 'untitled', path: `/secret-${process.pid}-${++untitled}.sh` });
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    assert.ok(await editor.edit((e) => e.insert(new vscode.Position(0, 0), text)));
    editor.selection = new vscode.Selection(new vscode.Position(...from), new vscode.Position(...to));
    return editor;
  }

  const TEXT = `#!/bin/sh\necho deploying\nexport GITHUB_TOKEN=${TOKEN}\n./deploy.sh\n`;

  it('Open to Edit: nothing is sent, and the finding is shown in the user\'s own document, whose text is unchanged', async () => {
    const editor = await selectionEditor(TEXT, [1, 0], [4, 0]);
    const before = (await serverRequests()).length;
    await answerPrompts('Open to Edit');
    const result = await vscode.commands.executeCommand('bitbucketSnippets.createFromSelection', { name: 'deploy (open to edit)' });
    assert.equal(result, undefined, 'no snippet was created');
    assert.deepEqual(posts(await requestsSince(before)), []);
    const active = await until('the document shown at the finding', () => vscode.window.activeTextEditor?.document.uri.toString() === editor.document.uri.toString() && vscode.window.activeTextEditor);
    assert.equal(active.selection.active.line, 2, 'the line of the token in the document (the selection started at line 1)');
    assert.equal(active.document.getText(), TEXT);
  });

  it('Send Anyway: the snippet is created as it is, with one POST', async () => {
    await selectionEditor(TEXT, [1, 0], [4, 0]);
    const before = (await serverRequests()).length;
    await answerPrompts('Send Anyway');
    const snippet = await vscode.commands.executeCommand<{ guid: string } | undefined>('bitbucketSnippets.createFromSelection', { name: 'deploy (sent anyway)' });
    assert.ok(snippet, 'created');
    created.push(snippet.guid);
    assert.equal(posts(await requestsSince(before)).length, 1);
    const server = await apiAs('alice').getSnippet(snippet.guid);
    assert.ok(server.files[0].content.includes(TOKEN));
  });

  it('Cancel: nothing is sent', async () => {
    await selectionEditor(TEXT, [0, 0], [4, 0]);
    const before = (await serverRequests()).length;
    await answerPrompts(undefined);
    const result = await vscode.commands.executeCommand('bitbucketSnippets.createFromSelection', { name: 'deploy (cancelled)' });
    assert.equal(result, undefined);
    assert.deepEqual(posts(await requestsSince(before)), []);
  });

  it('text without a secret is sent without a question', async () => {
    await selectionEditor('echo hello\n', [0, 0], [1, 0]);
    const snippet = await vscode.commands.executeCommand<{ guid: string } | undefined>('bitbucketSnippets.createFromSelection', { name: 'plain hello' });
    assert.ok(snippet);
    created.push(snippet.guid);
  });

  it('a save of a snippet file with a new secret is refused until confirmed, and the editor stays dirty', async () => {
    const alice = apiAs('alice');
    const snippet = await alice.createSnippet({ name: `secret save ${Date.now()}`, files: [{ name: 'config.env', content: 'REGION=eu\n' }] });
    created.push(snippet.guid);
    const uri = snippetFileUri({ serverUrl: localServerUrl(), username: 'alice' }, snippet, 'config.env');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    assert.ok(await editor.edit((e) => e.insert(new vscode.Position(1, 0), `TOKEN=${TOKEN}\n`)));
    let before = (await serverRequests()).length;
    await answerPrompts(undefined);
    assert.equal(await editor.document.save(), false, 'the save is refused');
    assert.equal(editor.document.isDirty, true, 'the text is still in the editor, unsaved');
    assert.deepEqual((await requestsSince(before, snippet.guid)).filter((r) => r.method === 'PUT'), []);
    assert.equal((await alice.getSnippet(snippet.guid)).files[0].content, 'REGION=eu\n');

    before = (await serverRequests()).length;
    await answerPrompts('Send Anyway');
    assert.equal(await editor.document.save(), true, 'confirmed, it is saved');
    assert.equal((await requestsSince(before, snippet.guid)).filter((r) => r.method === 'PUT').length, 1);
    assert.equal((await alice.getSnippet(snippet.guid)).files[0].content, `REGION=eu\nTOKEN=${TOKEN}\n`);
    await alice.dispose();
  });
});
