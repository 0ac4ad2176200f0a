// The offline read cache in the real editor, against a server of this suite's own that is stopped
// and restarted mid-test (its data kept in a file): a new session's first rows come from the cache
// on disk, cached lists and files stay readable offline and open read-only, a save while offline
// is refused with the text left dirty, and once the server is back a change made there meanwhile
// is never overwritten by the stale copy.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { BitbucketClient } from '../../src/api';
import type { Snippet } from '../../src/api/types';
import { Commands } from '../../src/util/constants';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { nodeId, type RootNode, type TreeNode } from '../../src/model/snippets/tree/nodes';
import { snippetFileUri } from '../../src/editor/ui/snippetUris';
import { startServer, type RunningServer } from '../server/server';
import { localServerUrl, signInAs, signInWith, testingApi } from './support';

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('Offline read cache', function () {
  this.timeout(120_000);
  let dir: string;
  let dataFile: string;
  let server: RunningServer;
  let port: number;
  let ext: TestingApi;
  let alice: BitbucketClient;
  let first: Snippet;
  let second: Snippet;

  const url = () => `http://127.0.0.1:${port}`;
  const provider = () => ext.explorer.provider;
  const mineRoot = async (): Promise<RootNode> => {
    let roots = (await provider().getChildren(undefined)) as TreeNode[];
    // With the run's own alice signed in as well, each account has a root: the lists are under this server's alice's.
    const account = roots.find((n) => n.kind === 'account' && n.accountId === `${url()}#alice`);
    if (account) roots = (await provider().getChildren(account)) as TreeNode[];
    const root = roots.find((n): n is RootNode => n.kind === 'root' && n.list === 'mine');
    assert.ok(root, 'My Snippets is a root');
    return root;
  };
  const rowNames = async (): Promise<string[]> => {
    const rows = (await provider().getChildren(await mineRoot())) as TreeNode[];
    return rows
      .filter((r) => r.kind === 'snippet')
      .map((r) => String((provider().getTreeItem(r) as vscode.TreeItem).label));
  };
  const rootDescription = async () =>
    String((provider().getTreeItem(await mineRoot()) as vscode.TreeItem).description ?? '');
  const fileUri = (s: Snippet) => snippetFileUri({ serverUrl: url(), username: 'alice' }, s, 'a.txt');
  const serverContent = async (s: Snippet) => (await alice.getSnippet(s.guid)).files[0].content;

  before(async () => {
    ext = await testingApi();
    // Earlier suites may have left My Snippets expanded: VS Code would then load it by itself on
    // each sign-in, and this suite needs to decide when a list is first loaded.
    await vscode.commands
      .executeCommand('workbench.actions.treeView.bitbucketSnippets.explorer.collapseAll')
      .then(undefined, () => undefined);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-offline-'));
    dataFile = path.join(dir, 'server.json');
    server = await startServer({ port: 0, dataFile });
    port = server.port;
    alice = new BitbucketClient({
      baseUrl: url(),
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    first = await alice.createSnippet({ name: 'offline first', files: [{ name: 'a.txt', content: 'first v1\n' }] });
    second = await alice.createSnippet({ name: 'offline second', files: [{ name: 'a.txt', content: 'second v1\n' }] });
  });

  after(async () => {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.isDirty) {
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Back to the run's own server, as the other suites expect.
    await signInAs('alice');
    await alice.dispose();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('browses and opens from the cache while the server is down, refuses a save, and after a restart never overwrites a newer server version', async () => {
    // A first session: My Snippets is expanded, so its first page is cached on disk.
    await signInWith({ serverUrl: url(), username: 'alice', password: 'alice' });
    assert.deepEqual((await rowNames()).sort(), ['offline first', 'offline second']);
    // Written now rather than after the write-behind's pause.
    await ext.service.flushCache();
    await makeRunsAliceTheDefault();

    // A new session of the same account: the store is empty and the cache is read from disk. Its
    // first rows come from the cache while the server takes its time; one request then replaces them in place.
    await alice.updateSnippet(second.guid, {
      name: 'offline second',
      description: 'changed',
      categories: [],
      files: [{ name: 'a.txt', content: 'second v1\n' }],
    });
    await signInWith({ serverUrl: url(), username: 'alice', password: 'alice' });
    // The list's request is slower than the cached rows may take, so that rows that came without
    // waiting for the server are told apart from rows that waited (the sign-in before it is not slowed).
    server.controls.setLatency(4000);
    const before = server.controls.requests().length;
    const t0 = Date.now();
    const cachedRows = (await provider().getChildren(await mineRoot())) as TreeNode[];
    assert.ok(Date.now() - t0 < 3000, `the cached rows came without waiting for the server (${Date.now() - t0} ms)`);
    assert.deepEqual(cachedRows.filter((r) => r.kind === 'snippet').length, 2);
    assert.match(await rootDescription(), /^2 · cached (just now|\d+ minutes? ago)$/);
    await until(
      'revalidated',
      async () => !ext.service.store.list('mine').fromCache && !ext.service.store.list('mine').loading,
    );
    server.controls.resetLatency();
    assert.equal(await rootDescription(), '2');
    const revalidatedRows = (await provider().getChildren(await mineRoot())) as TreeNode[];
    const snippetRows = (rows: TreeNode[]) =>
      rows.filter((r) => r.kind === 'snippet').sort((a, b) => nodeId(a).localeCompare(nodeId(b)));
    const [afterRows, beforeRows] = [snippetRows(revalidatedRows), snippetRows(cachedRows)];
    assert.equal(afterRows.length, 2);
    assert.ok(
      afterRows.every((r, i) => r === beforeRows[i]),
      'the same rows (same ids, same objects), updated in place',
    );
    assert.equal(
      ext.service.store.get(second.guid)?.description,
      'changed',
      "the server's version replaced the cached one",
    );
    // Sign-in also reads the server's secret-scanning rules and allowlist, ahead of the first save
    // (so that no save waits for them): those are the scan's, not the list's.
    const listRequests = server.controls
      .requests()
      .slice(before)
      .filter((r) => !r.path.startsWith('/rest/api/latest/secret-scanning/'));
    assert.deepEqual(
      listRequests.map((r) => `${r.method} ${r.path}`),
      ['GET /rest/snippets/1.0/snippets'],
      'one request revalidates the list',
    );
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fileUri(first)));
    assert.equal(editor.document.getText(), 'first v1\n');
    assert.equal(
      (await vscode.workspace.fs.stat(fileUri(first))).permissions,
      undefined,
      'online, the own file is writable',
    );
    // The user is typing when the server goes away.
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(1, 0), 'edited offline\n')));

    await server.close();
    // The next request (Refresh) meets no server.
    await vscode.commands.executeCommand(Commands.refreshExplorer);

    // Offline: the rows stay, and the view says how old they are.
    assert.deepEqual((await rowNames()).sort(), ['offline first', 'offline second']);
    await until(
      'the view says offline',
      async () =>
        ext.service.connectivity.current.offline &&
        /offline \(cached (just now|\d+ minutes? ago)\)/.test(await rootDescription()),
    );
    const offlineRows = (await provider().getChildren(await mineRoot())) as TreeNode[];
    assert.ok(
      offlineRows.some((r) => r.kind === 'message' && /^Offline: showing what was loaded/.test(r.text)),
      'a row says the list is offline and offers a retry',
    );

    // A cached file opens, read-only.
    const secondDoc = await vscode.workspace.openTextDocument(fileUri(second));
    assert.equal(secondDoc.getText(), 'second v1\n');
    assert.equal((await vscode.workspace.fs.stat(fileUri(second))).permissions, vscode.FilePermission.Readonly);

    // A save while offline is refused; the editor keeps the text, dirty.
    assert.equal(await editor.document.save(), false, 'the save was refused');
    assert.equal(editor.document.isDirty, true);
    assert.equal(editor.document.getText(), 'first v1\nedited offline\n');

    // The server comes back (same port, same data); meanwhile the snippet changes there.
    server = await startServer({ port, dataFile });
    await alice.updateSnippet(first.guid, {
      name: first.name,
      description: '',
      categories: [],
      files: [{ name: 'a.txt', content: 'first v2 from elsewhere\n' }],
    });
    assert.equal(await serverContent(first), 'first v2 from elsewhere\n', 'the offline save never arrived');

    // The next request (here Refresh) finds it back: the view says so and the list is revalidated.
    await vscode.commands.executeCommand(Commands.refreshExplorer);
    await until(
      'back online and revalidated',
      async () => !ext.service.connectivity.current.offline && !/offline|cached/.test(await rootDescription()),
    );
    assert.deepEqual((await rowNames()).sort(), ['offline first', 'offline second'], 'the same rows, no duplicates');

    // Saving the text typed offline meets the newer server version: refused, never overwritten.
    assert.equal(await editor.document.save(), false, 'the stale text is not saved over the newer version');
    assert.equal(editor.document.isDirty, true, 'the typed text is still there');
    assert.match(editor.document.getText(), /edited offline/);
    assert.equal(await serverContent(first), 'first v2 from elsewhere\n');
  });

  /** Signs in afresh, stops the server and expands My Snippets: what rows does the cache give? */
  async function rowsOfANewSessionOffline(): Promise<string[]> {
    await makeRunsAliceTheDefault();
    await signInWith({ serverUrl: url(), username: 'alice', password: 'alice' });
    await server.close();
    try {
      const names = await rowNames();
      await until('offline noticed', () => ext.service.connectivity.current.offline);
      return names;
    } finally {
      server = await startServer({ port, dataFile });
    }
  }

  /**
   * The run's own alice becomes the default account, leaving this server's alice signed in (so
   * its cache stays on disk). Making this server's alice the default again starts its lists
   * empty and reads the cache, as a new window would.
   */
  async function makeRunsAliceTheDefault(): Promise<void> {
    await signInWith({ serverUrl: localServerUrl(), username: 'alice', password: 'alice' });
  }

  async function cacheMySnippets(): Promise<void> {
    await signInWith({ serverUrl: url(), username: 'alice', password: 'alice' });
    await ext.service.store.refresh('mine');
    assert.ok((await rowNames()).length >= 2);
    await ext.service.flushCache();
  }

  it("Sign Out deletes the account's cache", async () => {
    await cacheMySnippets();
    assert.deepEqual(
      (await rowsOfANewSessionOffline()).sort(),
      ['offline first', 'offline second'],
      'cached before Sign Out',
    );
    await cacheMySnippets();
    await vscode.commands.executeCommand(Commands.signOut, { serverUrl: url(), username: 'alice' });
    assert.deepEqual(await rowsOfANewSessionOffline(), []);
  });

  it('Clear Offline Cache deletes it', async () => {
    await cacheMySnippets();
    await vscode.commands.executeCommand(Commands.clearOfflineCache);
    assert.deepEqual(await rowsOfANewSessionOffline(), []);
  });
});
