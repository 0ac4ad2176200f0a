// Links to snippets in the real editor: Copy Link puts the web page on the clipboard (from the URL
// template setting), Copy VS Code Link gives a vscode:// link that the URI handler's work opens at
// the file and line, and links to another server, to a deleted snippet, to a missing file or with
// odd parameters open nothing and send nothing the link asked for.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Snippet } from '../../src/api/types';
import { EXTENSION_ID } from '../../src/util/constants';
import { formatSnippetLink } from '../../src/model/snippets/links/links';
import { apiAs, requestsSince, signInAsAlice } from './snippetHelpers';
import { localServerUrl, serverRequests, testingApi } from './support';

describe('Snippet links', function () {
  this.timeout(60_000);
  let snippet: Snippet;
  const server = () => localServerUrl().replace(/\/+$/, '');
  const run = <T>(id: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand<T>(id, ...args));
  const openLink = async (link: string) => (await testingApi()).openLink(link);

  before(async () => {
    await signInAsAlice();
    snippet = await apiAs('alice').createSnippet({
      name: 'links: deploy',
      files: [
        { name: 'deploy.sh', content: 'line 1\nline 2\nline 3\nline 4\nline 5\n' },
        { name: 'a#b 100%.md', content: '# one\n# two\n' },
      ],
    });
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('snippetUrlTemplate', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Copy Link puts the snippet page from the default template on the clipboard', async () => {
    await vscode.env.clipboard.writeText('');
    const url = await run<string>('bitbucketSnippets.copyLink', { snippetGuid: snippet.guid });
    assert.equal(url, `${server()}/plugins/servlet/snippets/${snippet.guid}`);
    assert.equal(await vscode.env.clipboard.readText(), url);
  });

  it('Copy Link follows a changed URL template setting', async () => {
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('snippetUrlTemplate', '{server}/snippets/{guid}/view', vscode.ConfigurationTarget.Global);
    await run('bitbucketSnippets.copyLink', { snippetGuid: snippet.guid, fileName: 'deploy.sh' });
    assert.equal(await vscode.env.clipboard.readText(), `${server()}/snippets/${snippet.guid}/view`);
  });

  it('Copy VS Code Link from an open file carries the cursor line, and the link opens that file at that line', async () => {
    const editor = await run<vscode.TextEditor>('bitbucketSnippets.openFile', {
      snippetGuid: snippet.guid,
      fileName: 'deploy.sh',
    });
    assert.ok(editor);
    editor.selection = new vscode.Selection(3, 2, 3, 2);
    const link = await run<string>('bitbucketSnippets.copyVsCodeLink');
    assert.equal(await vscode.env.clipboard.readText(), link);
    assert.ok(link.startsWith(`${vscode.env.uriScheme}://${EXTENSION_ID}/open?`), link);
    assert.match(link, /&line=4$/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const opened = await openLink(link);
    assert.ok(opened, 'the link opened an editor');
    assert.equal(opened.document.uri.scheme, 'bitbucket-snippet');
    assert.ok(
      opened.document.uri.path.endsWith('/deploy.sh') &&
        new URLSearchParams(opened.document.uri.query).get('guid') === snippet.guid,
      opened.document.uri.toString(),
    );
    assert.equal(opened.selection.active.line, 3, 'the cursor is on line 4');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), opened.document.uri.toString());
  });

  it('a file name with # and % survives the link', async () => {
    const link = await run<string>('bitbucketSnippets.copyVsCodeLink', {
      snippetGuid: snippet.guid,
      fileName: 'a#b 100%.md',
    });
    const opened = await openLink(link);
    assert.equal(opened?.document.getText(), '# one\n# two\n');
  });

  it('Open in Browser refuses a template that gives no web address, and opens nothing', async () => {
    await vscode.workspace
      .getConfiguration('bitbucketSnippets')
      .update('snippetUrlTemplate', 'javascript:alert("{guid}")', vscode.ConfigurationTarget.Global);
    assert.equal(await run('bitbucketSnippets.openInBrowser', { snippetGuid: snippet.guid }), undefined);
  });

  it('a line past the end of a file that has become shorter puts the cursor on its last line', async () => {
    const link = formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
      serverUrl: server(),
      snippetGuid: snippet.guid,
      fileName: 'deploy.sh',
      line: 999,
    });
    const opened = await openLink(link);
    assert.ok(opened);
    assert.equal(opened.selection.active.line, opened.document.lineCount - 1);
  });

  it('a link to the snippet alone opens its first file', async () => {
    const link = await run<string>('bitbucketSnippets.copyVsCodeLink', { snippetGuid: snippet.guid });
    assert.ok(!link.includes('file='), link);
    const opened = await openLink(link);
    assert.ok(opened?.document.uri.path.endsWith('/deploy.sh'), opened?.document.uri.toString());
  });

  it("a link to a snippet that was never loaded opens under the snippet's name, not its guid", async () => {
    const made = await apiAs('bob').createSnippet({
      name: 'links: never loaded',
      files: [{ name: 'notes.txt', content: 'notes\n' }],
    });
    const api = await testingApi();
    assert.equal(api.service.store.get(made.guid), undefined, 'no list has loaded it');
    const opened = await openLink(
      formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
        serverUrl: server(),
        snippetGuid: made.guid,
        fileName: 'notes.txt',
      }),
    );
    assert.ok(opened, 'the link opened an editor');
    const uri = opened.document.uri;
    assert.equal(new URLSearchParams(uri.query).get('guid'), made.guid);
    assert.equal(uri.path, '/links: never loaded/notes.txt');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(
      tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString(),
      'the active tab shows the document',
    );
  });

  describe('open nothing', () => {
    async function assertOpensNothing(link: string, expectedRequests: string[]): Promise<void> {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const before = (await serverRequests()).length;
      assert.equal(await openLink(link), undefined);
      assert.equal(vscode.window.activeTextEditor, undefined, 'no editor opened');
      assert.deepEqual(
        (await requestsSince(before)).map((r) => `${r.method} ${r.path}`),
        expectedRequests,
      );
    }

    it('a link to another server: no request, no editor', async () => {
      const link = formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
        serverUrl: 'https://other.example.com',
        snippetGuid: snippet.guid,
        fileName: 'deploy.sh',
        line: 2,
      });
      await assertOpensNothing(link, []);
    });

    it('a link to a deleted snippet: one GET that answers 404, no editor', async () => {
      const doomed = await apiAs('alice').createSnippet({
        name: 'links: doomed',
        files: [{ name: 'x.txt', content: 'x' }],
      });
      const link = formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
        serverUrl: server(),
        snippetGuid: doomed.guid,
        fileName: 'x.txt',
      });
      await apiAs('alice').deleteSnippet(doomed.guid);
      await assertOpensNothing(link, [`GET /rest/snippets/1.0/snippets/${doomed.guid}`]);
    });

    it('a link to a file the snippet does not have: no editor', async () => {
      const link = formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
        serverUrl: server(),
        snippetGuid: snippet.guid,
        fileName: 'gone.sh',
      });
      await assertOpensNothing(link, [`GET /rest/snippets/1.0/snippets/${snippet.guid}`]);
    });

    it('a link with a command among its parameters, or a line of 0: refused before any request', async () => {
      const good = formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
        serverUrl: server(),
        snippetGuid: snippet.guid,
        fileName: 'deploy.sh',
      });
      await assertOpensNothing(`${good}&command=workbench.action.terminal.new`, []);
      await assertOpensNothing(`${good}&line=0`, []);
    });
  });
});
