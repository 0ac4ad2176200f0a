// A server that lists one snippet twice in a page, and a snippet with two files of one name, in
// the real editor: VS Code refuses two rows with one id ("already registered") and would open
// two files with one URI as one document. Each row must render, and each file open as itself;
// the later file of a name is read-only, and a write to it reaches no file on the server.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { FileNode, SnippetNode, TreeNode } from '../../src/model/snippets/tree/nodes';
import {
  SNIPPETS,
  addFault,
  childrenOf,
  createSnippet,
  eventually,
  extensionApi,
  itemOf,
  labelOf,
  rest,
  rootOf,
  serverUrl,
  signInAs,
} from './treeFixtures';

const TWIN_FILES = [
  { name: 'a.sh', content: 'echo first\n' },
  { name: 'a.sh', content: 'echo second\n' },
  { name: 'b.sh', content: 'echo b\n' },
];

/** Gives the snippet files as listed, without the API's checks (the local server's test control). */
async function putFiles(guid: string, files: Array<{ name: string; content: string }>): Promise<void> {
  const response = await fetch(`${serverUrl()}/__control/files?snippet=${encodeURIComponent(guid)}`, {
    method: 'PUT',
    body: JSON.stringify(files),
  });
  assert.ok(response.ok, `could not set the files: ${response.status} ${await response.text()}`);
}

const ids = async (api: TestingApi, rows: TreeNode[]) => Promise.all(rows.map(async (r) => (await itemOf(api, r)).id));

describe('rows listed twice and files of one name', function () {
  this.timeout(60_000);
  let api: TestingApi;
  let twins: Snippet;

  before(async () => {
    api = await extensionApi();
    const run = Date.now().toString(36);
    twins = await createSnippet('alice', `dup-twins-${run}`, 'a.sh');
    await putFiles(twins.guid, TWIN_FILES);
    await signInAs('alice');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a snippet listed twice in a page is one row, and the view renders every row', async () => {
    const mine = await rootOf(api, 'mine');
    await addFault({ kind: 'repeat-first', method: 'GET', path: '/snippets', count: 1 });
    await vscode.commands.executeCommand('bitbucketSnippets.refreshList', mine);
    const page = await rest<{ values: Snippet[] }>('alice', 'GET', `${SNIPPETS}?limit=25`);
    const rows = (await childrenOf(api, mine)).filter((r): r is SnippetNode => r.kind === 'snippet');
    assert.ok(rows.length > 0);
    assert.equal(
      new Set(rows.map((r) => r.snippetGuid)).size,
      rows.length,
      `a snippet shows twice: ${rows.map((r) => r.snippetGuid).join(', ')}`,
    );
    assert.ok(
      rows.some((r) => r.snippetGuid === page.values[0].guid),
      'the repeated snippet is still shown, once',
    );
    const rowIds = await ids(api, rows);
    assert.equal(new Set(rowIds).size, rowIds.length, rowIds.join('\n'));
    // The view itself asks for the rows and registers them: a repeated id would fail here.
    await vscode.commands.executeCommand('bitbucketSnippets.explorer.focus');
    for (const row of rows.slice(0, 5)) {
      await api.explorer.view.reveal(row, { select: false, focus: false, expand: false });
    }
  });

  it('two files of one name are two rows that each open their own file', async () => {
    const mine = await rootOf(api, 'mine');
    await vscode.commands.executeCommand('bitbucketSnippets.refreshList', mine);
    const row = (await childrenOf(api, mine)).find(
      (r): r is SnippetNode => r.kind === 'snippet' && r.snippetGuid === twins.guid,
    );
    assert.ok(row, 'the snippet with two files of one name is listed');
    const files = (await childrenOf(api, row)).filter((r): r is FileNode => r.kind === 'file');
    assert.deepEqual(
      files.map((f) => f.fileName),
      TWIN_FILES.map((f) => f.name),
    );
    const fileIds = await ids(api, files);
    assert.equal(new Set(fileIds).size, files.length, fileIds.join('\n'));
    const items = await Promise.all(files.map((f) => itemOf(api, f)));
    assert.equal(new Set(items.map((i) => i.resourceUri?.toString())).size, files.length, 'each file has its own URI');
    await vscode.commands.executeCommand('bitbucketSnippets.explorer.focus');
    await api.explorer.view.reveal(row, { select: false, focus: false, expand: true });
    for (const file of files) await api.explorer.view.reveal(file, { select: false, focus: false });

    for (const [i, item] of items.entries()) {
      assert.ok(item.command, `row ${i} opens`);
      await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
      await eventually(
        () => vscode.window.activeTextEditor?.document.uri.toString() === item.resourceUri?.toString(),
        `file row ${i} to open`,
      );
      assert.equal(
        vscode.window.activeTextEditor?.document.getText(),
        TWIN_FILES[i].content,
        `row ${i} opened another file`,
      );
    }
    assert.match(item(items[1]).description, /same name/);
    assert.ok(
      !item(items[1]).contextValue.startsWith('file.'),
      'no file menus: they act on the first file of the name',
    );
    assert.equal(labelOf(items[1]), 'a.sh');
  });

  it('the later file of a name is read-only: a write to it is refused and reaches no file on the server', async () => {
    const mine = await rootOf(api, 'mine');
    const row = (await childrenOf(api, mine)).find(
      (r): r is SnippetNode => r.kind === 'snippet' && r.snippetGuid === twins.guid,
    ) as SnippetNode;
    const second = (await childrenOf(api, row)).filter((r): r is FileNode => r.kind === 'file')[1];
    const uri = (await itemOf(api, second)).resourceUri as vscode.Uri;
    const stat = await vscode.workspace.fs.stat(uri);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('echo overwritten\n'))),
      /also named "a.sh"/,
    );
    const onServer = await rest<Snippet>('alice', 'GET', `${SNIPPETS}/${twins.guid}`);
    assert.deepEqual(
      onServer.files.map((f) => f.content),
      TWIN_FILES.map((f) => f.content),
    );
  });
});

const item = (i: vscode.TreeItem) => ({ description: String(i.description ?? ''), contextValue: i.contextValue ?? '' });
