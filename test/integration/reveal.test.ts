// Reveal Snippet of Active File, and following the active editor, in the real editor.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { TreeNode } from '../../src/model/snippets/tree/nodes';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { localServerUrl, serverRequests } from './support';
import { eventually } from './treeFixtures';

const fileUri = (guid: string, name: string) =>
  vscode.Uri.from({ scheme: 'bitbucket-snippet', authority: new URL(localServerUrl()).host, path: `/${guid}/${name}` });

describe('Reveal Snippet of Active File', function () {
  this.timeout(60_000);
  let api: TestingApi;

  before(async () => {
    api = await signInAsAlice();
    await vscode.commands.executeCommand('bitbucketSnippets.explorer.focus');
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('followActiveEditor', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const selected = () => api.explorer.view.selection[0] as TreeNode | undefined;
  const selectedFile = () => (selected() as { fileName?: string } | undefined)?.fileName;
  /** VS Code tells the extension host of a new selection by a message of its own, which may come after reveal() returned. */
  const fileSelected = (fileName: string) =>
    eventually(() => selectedFile() === fileName, `the row of ${fileName} is selected`);

  it('selects the file row of an own snippet, loading My Snippets only when it is not loaded', async () => {
    const made = await apiAs('alice').createSnippet({
      name: 'reveal me',
      files: [
        { name: 'one.txt', content: '1' },
        { name: 'two.txt', content: '2' },
      ],
    });
    await vscode.window.showTextDocument(fileUri(made.guid, 'two.txt'));
    assert.equal(await vscode.commands.executeCommand('bitbucketSnippets.revealActiveSnippet'), true);
    await fileSelected('two.txt');
    assert.equal(selected()?.kind, 'file');

    const before = (await serverRequests()).length;
    await vscode.window.showTextDocument(fileUri(made.guid, 'one.txt'));
    assert.equal(await vscode.commands.executeCommand('bitbucketSnippets.revealActiveSnippet'), true);
    await fileSelected('one.txt');
    assert.deepEqual(
      (await requestsSince(before)).filter((r) => /\/snippets$/.test(r.path)),
      [],
      'no list page is loaded again',
    );
  });

  it("finds someone else's snippet in Browse", async () => {
    const theirs = await apiAs('bob').createSnippet({ name: 'bob reveal', files: [{ name: 'b.txt', content: 'b' }] });
    await vscode.window.showTextDocument(fileUri(theirs.guid, 'b.txt'));
    assert.equal(await vscode.commands.executeCommand('bitbucketSnippets.revealActiveSnippet'), true);
    await fileSelected('b.txt');
    const row = selected() as { kind: string; list?: string; snippetGuid?: string };
    assert.deepEqual([row.kind, row.list, row.snippetGuid], ['file', 'browse', theirs.guid]);
  });

  it('with followActiveEditor on, switching editors selects the loaded row, with no request', async () => {
    const alice = apiAs('alice');
    const a = await alice.createSnippet({ name: 'follow a', files: [{ name: 'a.txt', content: 'a' }] });
    const b = await alice.createSnippet({ name: 'follow b', files: [{ name: 'b.txt', content: 'b' }] });
    await api.service.store.refresh('mine');
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('followActiveEditor', true, vscode.ConfigurationTarget.Global);
    await vscode.window.showTextDocument(fileUri(a.guid, 'a.txt'));
    await vscode.window.showTextDocument(fileUri(b.guid, 'b.txt'), { preview: false });
    const before = (await serverRequests()).length;
    await vscode.window.showTextDocument(fileUri(a.guid, 'a.txt'), { preview: false });
    for (let i = 0; i < 150 && (selected() as { snippetGuid?: string } | undefined)?.snippetGuid !== a.guid; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal((selected() as { snippetGuid?: string }).snippetGuid, a.guid);
    assert.deepEqual(await requestsSince(before), []);
  });
});
