// Search Snippets… in the real editor: the search fills from the server, and a match opened from
// the "Search results" root opens at its line with the match selected; a repeated search sends no
// request; an empty search and regex characters end in a clear answer; the root shows the last
// search and its clear button removes it. Choosing in the pick is clicked in test/e2e/search.test.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { TreeNode } from '../../src/model/snippets/tree/nodes';
import { apiAs, requestsSince, searchAndOpen, signInAsAlice } from './snippetHelpers';
import { serverRequests, unusedAnswers } from './support';

describe('Search Snippets…', function () {
  this.timeout(60_000);
  let api: TestingApi;
  const marker = `zq${Date.now().toString(36)}`;
  const run = (query: string, open?: string) => searchAndOpen(api, query, { open });

  before(async () => {
    api = await signInAsAlice();
    await apiAs('alice').createSnippet({
      name: `search deploy ${marker}`,
      files: [{ name: 'deploy.sh', content: `#!/bin/sh\nset -e\nkubectl apply -f ${marker}.yaml\n` }],
    });
    await apiAs('alice').createSnippet({
      name: 'search regex',
      files: [{ name: 'regex.txt', content: `plain ${marker}\nliteral ${marker}(a|b)*\n` }],
    });
    await apiAs('bob').createSnippet({
      name: 'search bob',
      files: [{ name: 'bob.md', content: `bob mentions ${marker.toUpperCase()} too\n` }],
    });
    // The suites share one VS Code: pages an earlier suite's search kept predate these snippets.
    await vscode.commands.executeCommand('bitbucketSnippets.refreshExplorer');
  });
  // The suites share one VS Code: leave no Search results root for the next.
  after(() => vscode.commands.executeCommand('bitbucketSnippets.clearSearchResults'));
  afterEach(async () => {
    assert.equal(await unusedAnswers(), 0, 'every queued answer was asked for');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("opens the chosen match at its line with the match selected, and finds others' snippets through Browse", async () => {
    const editor = await run(marker, 'deploy.sh:3');
    assert.ok(editor, 'a result was opened');
    assert.ok(editor.document.uri.path.endsWith('/deploy.sh'), editor.document.uri.toString());
    const column = `kubectl apply -f `.length;
    assert.deepEqual(
      [editor.selection.start.line, editor.selection.start.character, editor.selection.end.character],
      [2, column, column + marker.length],
    );
    const last = api.explorer.lastSearch.state;
    assert.equal(last?.running, false);
    assert.deepEqual(
      last?.results.map((r) => r.snippet.name).sort(),
      ['search bob', `search deploy ${marker}`, 'search regex'].sort(),
    );
  });

  it('searches again with no request, and fills the Search results root of the view', async () => {
    const before = (await serverRequests()).length;
    assert.equal(await run(marker.toUpperCase()), undefined, 'closed without choosing');
    assert.deepEqual(await requestsSince(before), [], 'the pages of the first search were kept');
    const roots = (await api.explorer.provider.getChildren()) as TreeNode[];
    assert.equal(roots[0]?.kind, 'searchRoot');
    const item = await api.explorer.provider.getTreeItem(roots[0]);
    assert.match(String(item.description), new RegExp(`"${marker.toUpperCase()}" · 3 found`));
    const found = (await api.explorer.provider.getChildren(roots[0])) as TreeNode[];
    assert.equal(found.length, 3);
    const matches = (await api.explorer.provider.getChildren(
      found.find(
        (n) =>
          n.kind === 'searchSnippet' &&
          api.explorer.lastSearch.state?.results.some(
            (r) => r.snippet.guid === n.snippetGuid && r.snippet.name === 'search regex',
          ),
      ),
    )) as TreeNode[];
    const lines = await Promise.all(matches.map(async (m) => (await api.explorer.provider.getTreeItem(m)).label));
    assert.deepEqual(lines, ['regex.txt:1', 'regex.txt:2']);

    await vscode.commands.executeCommand('bitbucketSnippets.clearSearchResults');
    const after = (await api.explorer.provider.getChildren()) as TreeNode[];
    assert.ok(
      after.every((n) => n.kind !== 'searchRoot'),
      'the root is gone',
    );
  });

  it('after Refresh in the view, the next search reads the server again and finds what was made since', async () => {
    await apiAs('alice').createSnippet({
      name: 'search made later',
      files: [{ name: 'later.txt', content: `${marker} later\n` }],
    });
    await vscode.commands.executeCommand('bitbucketSnippets.refreshExplorer');
    const before = (await serverRequests()).length;
    const editor = await run(marker, 'later.txt:1');
    assert.ok(editor?.document.uri.path.endsWith('/later.txt'));
    assert.ok(
      (await requestsSince(before)).some((r) => r.query.includes('limit=1000')),
      'the lists were read again',
    );
  });

  it("opens a result whose list was never loaded under the snippet's name, not its guid", async () => {
    // Refresh first, so this search reads the server again, and the lists loaded so far cannot hold the new snippet.
    await vscode.commands.executeCommand('bitbucketSnippets.refreshExplorer');
    const made = await apiAs('bob').createSnippet({
      name: `search unloaded ${marker}`,
      files: [{ name: 'notes.txt', content: `unloaded ${marker}\n` }],
    });
    assert.equal(api.service.store.get(made.guid), undefined, 'no list has loaded it');
    const editor = await run(`unloaded ${marker}`, 'notes.txt:1');
    assert.ok(editor, 'the result was opened');
    const uri = editor.document.uri;
    assert.equal(new URLSearchParams(uri.query).get('guid'), made.guid);
    assert.equal(uri.path, `/search unloaded ${marker}/notes.txt`);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputText, 'a text tab is active');
    assert.equal(tab.input.uri.toString(), uri.toString());
    assert.equal(tab.input.uri.path.split('/')[1], `search unloaded ${marker}`, 'the tab names the snippet');
  });

  it('takes regular expression characters literally', async () => {
    const editor = await run(`${marker}(a|b)*`, 'regex.txt:2');
    assert.ok(editor);
    assert.equal(editor.selection.start.line, 1);
    assert.deepEqual(
      api.explorer.lastSearch.state?.results.map((r) => r.snippet.name),
      ['search regex'],
    );
  });

  it('an empty search says what to type and sends nothing', async () => {
    const before = (await serverRequests()).length;
    const previous = api.explorer.lastSearch.state;
    assert.equal(await run('   '), undefined);
    assert.deepEqual(await requestsSince(before), []);
    assert.equal(api.explorer.lastSearch.state, previous, 'the last results stay');
  });

  it("its keybinding, Ctrl+K Alt+F, is none of this VS Code's default keybindings", async () => {
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.ok(text.includes('"key": "ctrl+k ctrl+f"'), 'the default keybindings were read');
    // The file lists extensions' keybindings too: every Ctrl+K Alt+F in it must be ours.
    const commands = [...text.matchAll(/"key":\s*"ctrl\+k alt\+f",\s*"command":\s*"([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(commands)], ['bitbucketSnippets.searchSnippets']);
  });
});
