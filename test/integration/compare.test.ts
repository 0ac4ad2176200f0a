// Compare with… and Compare with Snippet… in the real editor: VS Code's diff editor opens with the
// snippet file read-only on the left and the local side on the right; a snippet the view has loaded
// is compared without a request, any other with one GET; a snippet gone from the server opens no
// diff; odd file names still give a diff with a safe title; a 5 MB file is compared.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { answerPrompts, serverRequests, until, unusedAnswers } from './support';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

describe('Compare with a snippet file', function () {
  this.timeout(60_000);
  const marker = `${process.pid}-${Date.now()}`;
  const fileName = `app-${marker}.conf`;
  let api: TestingApi;
  let own: Snippet;
  let count = 0;

  const run = <T>(id: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand<T>(id, ...args));
  const activeTab = () => vscode.window.tabGroups.activeTabGroup.activeTab;
  const activeDiff = () => {
    const input = activeTab()?.input;
    return input instanceof vscode.TabInputTextDiff ? input : undefined;
  };
  const textOf = async (uri: vscode.Uri) => (await vscode.workspace.openTextDocument(uri)).getText();
  /** A file of this suite in the workspace folder, holding `text`. */
  async function workspaceFile(text: string): Promise<vscode.Uri> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'the test window has a workspace folder');
    const uri = vscode.Uri.joinPath(folder, `compare-${marker}-${++count}.txt`);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    return uri;
  }
  /** Compare with… the active editor: returns the diff it opened. */
  async function compareWithActiveEditor(arg: unknown): Promise<vscode.TabInputTextDiff> {
    await answerPrompts('Active Editor');
    assert.equal(await run('bitbucketSnippets.compareWith', arg), true, 'the comparison opened');
    return until('a diff editor', activeDiff);
  }

  before(async () => {
    api = await signInAsAlice();
    own = await apiAs('alice').createSnippet({
      name: `compare ${marker}`,
      files: [{ name: fileName, content: 'port = 80\n' }],
    });
    // Loaded, as the Snippets view loads My Snippets: the listing carries the file's text.
    await api.service.store.refresh('mine');
    assert.ok(api.service.store.get(own.guid), 'My Snippets has the snippet');
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await unusedAnswers(), 0, 'every scripted answer was asked for');
  });

  it("Compare with… the active editor: the snippet file read-only on the left, the editor's own document on the right, with no request", async () => {
    const local = await workspaceFile('port = 8080\n');
    await vscode.window.showTextDocument(local);
    const before = (await serverRequests()).length;
    const diff = await compareWithActiveEditor({ snippetGuid: own.guid, fileName });
    assert.equal(diff.original.scheme, 'bitbucket-snippet-server');
    assert.equal(await textOf(diff.original), 'port = 80\n');
    assert.equal(diff.modified.toString(), local.toString(), 'the local side is the file itself, editable');
    assert.equal(await textOf(diff.modified), 'port = 8080\n');
    assert.equal(activeTab()?.label, `${fileName} (snippet compare ${marker}) ↔ ${path.posix.basename(local.path)}`);
    assert.deepEqual(await requestsSince(before, own.guid), [], 'the loaded listing carried the text');
  });

  it("started from the snippet file's own editor, compares with the editor active before it", async () => {
    const local = await workspaceFile('port = 8081\n');
    // Kept open (not a preview the snippet file's editor would replace): a closed editor is not offered.
    await vscode.window.showTextDocument(local, { preview: false });
    await run('bitbucketSnippets.openFile', { snippetGuid: own.guid, fileName });
    const snippetFile = await until('the snippet file active', () =>
      vscode.window.activeTextEditor?.document.uri.scheme === 'bitbucket-snippet'
        ? vscode.window.activeTextEditor.document.uri
        : undefined,
    );
    const diff = await compareWithActiveEditor(snippetFile);
    assert.equal(diff.modified.toString(), local.toString());
    assert.equal(await textOf(diff.original), 'port = 80\n');
  });

  it("Compare with… the selection and the clipboard: read-only texts beside the snippet file, in its language's name", async () => {
    const local = await workspaceFile('first\nport = 81\nlast\n');
    const editor = await vscode.window.showTextDocument(local);
    editor.selection = new vscode.Selection(1, 0, 1, 9);
    await answerPrompts('Selection');
    assert.equal(await run('bitbucketSnippets.compareWith', { snippetGuid: own.guid, fileName }), true);
    const selection = await until('a diff of the selection', activeDiff);
    assert.equal(selection.modified.scheme, 'bitbucket-snippet-compared');
    assert.ok(selection.modified.path.endsWith(`/${fileName}`), selection.modified.path);
    assert.equal(await textOf(selection.modified), 'port = 81');

    await vscode.env.clipboard.writeText('port = 82\n');
    await answerPrompts('Clipboard');
    assert.equal(await run('bitbucketSnippets.compareWith', { snippetGuid: own.guid, fileName }), true);
    const clipboard = await until('a diff of the clipboard', () => {
      const diff = activeDiff();
      return diff && diff.modified.toString() !== selection.modified.toString() ? diff : undefined;
    });
    assert.equal(clipboard.modified.scheme, 'bitbucket-snippet-compared');
    assert.equal(await textOf(clipboard.modified), 'port = 82\n');
    assert.equal(activeTab()?.label, `${fileName} (snippet compare ${marker}) ↔ clipboard`);
  });

  it('Compare with… a file picked from the workspace', async () => {
    const local = await workspaceFile('port = 83\n');
    await answerPrompts('File in the Workspace…', path.posix.basename(local.path));
    assert.equal(await run('bitbucketSnippets.compareWith', { snippetGuid: own.guid, fileName }), true);
    const diff = await until('a diff editor', activeDiff);
    assert.equal(diff.modified.toString(), local.toString());
    assert.equal(await textOf(diff.modified), 'port = 83\n');
  });

  it('Compare with Snippet… from a file: the file beside the snippet file picked, with no request', async () => {
    const local = await workspaceFile('port = 443\n');
    const before = (await serverRequests()).length;
    await answerPrompts(fileName);
    assert.equal(await run('bitbucketSnippets.compareWithSnippet', local), true);
    const diff = await until('a diff editor', activeDiff);
    assert.equal(diff.original.scheme, 'bitbucket-snippet-server');
    assert.equal(await textOf(diff.original), 'port = 80\n');
    assert.equal(diff.modified.toString(), local.toString());
    assert.deepEqual(await requestsSince(before, own.guid), []);
  });

  it('a snippet no list has loaded is read with one GET; one deleted on the server opens no diff', async () => {
    const bob = apiAs('bob');
    const theirs = await bob.createSnippet({
      name: `bob compare ${marker}`,
      files: [{ name: 'b.conf', content: 'bob = 1\n' }],
    });
    await vscode.window.showTextDocument(await workspaceFile('bob = 2\n'));
    const before = (await serverRequests()).length;
    const diff = await compareWithActiveEditor({ snippetGuid: theirs.guid, fileName: 'b.conf' });
    assert.equal(await textOf(diff.original), 'bob = 1\n');
    assert.deepEqual(
      (await requestsSince(before, theirs.guid)).map((r) => r.method),
      ['GET'],
    );

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const gone = await bob.createSnippet({ name: `bob gone ${marker}`, files: [{ name: 'g.conf', content: 'g\n' }] });
    await bob.deleteSnippet(gone.guid);
    await vscode.window.showTextDocument(await workspaceFile('g = 2\n'));
    // No pick is shown: nothing is asked of the user before the snippet is read.
    assert.equal(await run('bitbucketSnippets.compareWith', { snippetGuid: gone.guid, fileName: 'g.conf' }), false);
    assert.equal(activeDiff(), undefined, 'no empty diff opened');
  });

  it('file names that are no valid local path, or hold control characters, still give a diff with a safe title', async () => {
    const odd = await apiAs('alice').createSnippet({
      name: `odd\u202E ${marker}`,
      files: [
        { name: 'a/b:c*?.txt', content: 'odd path\n' },
        { name: 'bell\u0007\u001b[31mred.txt', content: 'bell\n' },
      ],
    });
    for (const file of odd.files) {
      await vscode.window.showTextDocument(await workspaceFile('local\n'));
      const diff = await compareWithActiveEditor({ snippetGuid: odd.guid, fileName: file.name });
      assert.equal(await textOf(diff.original), file.content);
      const label = activeTab()?.label ?? '';
      assert.ok(!HIDDEN.test(label), JSON.stringify(label));
      assert.ok(label.includes(`(snippet odd ${marker})`), label);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    assert.match(odd.files[0].name, /^a\/b:c\*\?\.txt$/);
  });

  it('a huge file (5 MB) is compared, not refused', async () => {
    const line = `${'x'.repeat(79)}\n`;
    const content = line.repeat(64 * 1024);
    const big = await apiAs('alice').createSnippet({ name: `big ${marker}`, files: [{ name: 'big.txt', content }] });
    await vscode.window.showTextDocument(await workspaceFile('small\n'));
    const diff = await compareWithActiveEditor({ snippetGuid: big.guid, fileName: 'big.txt' });
    assert.equal((await textOf(diff.original)).length, content.length);
    // The suites share one server and one window: later suites search My Snippets, and a 5 MB
    // file there is not what they are about.
    await apiAs('alice').deleteSnippet(big.guid);
    await api.service.store.refresh('mine');
  });
});
