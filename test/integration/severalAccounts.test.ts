// Several accounts at once, in the real editor, against two local servers on one host that differ
// by port and context path. Both start from the same demo data, so they hold snippets with the
// same guid (as a staging server copied from production does): rows, documents, saves and
// commands must each reach their own account's server.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { BitbucketClient } from '../../src/api/client';
import type { Snippet } from '../../src/api/types';
import { EXTENSION_ID, StateKeys } from '../../src/util/constants';
import { withFileContent } from '../../src/model/snippets/edits';
import { formatSnippetLink } from '../../src/model/snippets/links/links';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type {
  AccountNode,
  CommentNode,
  CommentsNode,
  FileNode,
  RootNode,
  SnippetNode,
  TreeNode,
} from '../../src/model/snippets/tree/nodes';
import { startServer, type RunningServer } from '../server/server';
import { searchAndOpen } from './snippetHelpers';
import { answerPrompts, testingApi, unusedAnswers } from './support';
import { dropAndRead } from './extensionLog';
import { childrenOf, eventually, extensionApi, itemOf, labelOf, signInAs } from './treeFixtures';

describe('several accounts at once', function () {
  this.timeout(60_000);
  let api: TestingApi;
  let production: RunningServer;
  let staging: RunningServer;
  const clients: BitbucketClient[] = [];
  const aliceOn = (server: RunningServer) => {
    const client = new BitbucketClient({
      baseUrl: server.url,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
    });
    clients.push(client);
    return client;
  };

  before(async () => {
    api = await extensionApi();
    production = await startServer({ port: 0, demo: true });
    staging = await startServer({ port: 0, contextPath: '/bitbucket', demo: true });
    const testing = await testingApi();
    await testing.signOutAll();
    await testing.signIn({ serverUrl: production.url, username: 'alice', password: 'alice' });
    await testing.signIn({ serverUrl: staging.url, username: 'alice', password: 'alice' });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    // The other suites expect alice on the runner's server alone.
    await signInAs('alice');
    await Promise.all([production?.close(), staging?.close()]);
  });

  const accountRoots = async () => (await childrenOf(api)).filter((n): n is AccountNode => n.kind === 'account');
  const labels = async (nodes: TreeNode[]) => Promise.all(nodes.map(async (n) => labelOf(await itemOf(api, n))));
  const port = (server: RunningServer) => new URL(server.url).port;

  /** The My Snippets rows of the account root labelled with `server`'s port. */
  async function mySnippetsOn(server: RunningServer): Promise<SnippetNode[]> {
    const roots = await accountRoots();
    const names = await labels(roots);
    const account = roots[names.findIndex((l) => l.endsWith(`:${port(server)}`))];
    assert.ok(account, `no account root for port ${port(server)} among ${names.join(', ')}`);
    const mine = (await childrenOf(api, account)).find((n): n is RootNode => n.kind === 'root' && n.list === 'mine');
    assert.ok(mine, 'the account root has My Snippets');
    return (await childrenOf(api, mine)).filter((n): n is SnippetNode => n.kind === 'snippet');
  }

  async function firstFileRow(row: SnippetNode): Promise<FileNode> {
    const file = (await childrenOf(api, row)).find((n): n is FileNode => n.kind === 'file');
    assert.ok(file, 'the snippet has a file row');
    return file;
  }

  it('shows one root per account, each with its own lists, and the same guid on both with different row ids', async () => {
    const names = await labels(await accountRoots());
    assert.deepEqual(
      names.sort(),
      [`alice @ 127.0.0.1:${port(production)}`, `alice @ 127.0.0.1:${port(staging)}`].sort(),
    );
    const prodRows = await mySnippetsOn(production);
    const stagingRows = await mySnippetsOn(staging);
    const shared = prodRows.find((p) => stagingRows.some((s) => s.snippetGuid === p.snippetGuid));
    assert.ok(shared, 'both servers list a snippet with the same guid');
    const twin = stagingRows.find((s) => s.snippetGuid === shared.snippetGuid)!;
    const [a, b] = [await itemOf(api, shared), await itemOf(api, twin)];
    assert.notEqual(a.id, b.id, 'row ids are unique across accounts');
    const [fa, fb] = [await itemOf(api, await firstFileRow(shared)), await itemOf(api, await firstFileRow(twin))];
    assert.notEqual(fa.id, fb.id);
    assert.notEqual(fa.resourceUri?.toString(), fb.resourceUri?.toString(), 'the documents of the two files differ');
  });

  it('opens and saves a file of each account on its own server, and the status bar follows the editor', async () => {
    const prodRows = await mySnippetsOn(production);
    const stagingRows = await mySnippetsOn(staging);
    const prodRow = prodRows.find((p) => stagingRows.some((s) => s.snippetGuid === p.snippetGuid))!;
    const stagingRow = stagingRows.find((s) => s.snippetGuid === prodRow.snippetGuid)!;
    const guid = prodRow.snippetGuid;
    const before: Snippet = await aliceOn(production).getSnippet(guid);
    const fileName = before.files[0].name;

    const saveFrom = async (row: SnippetNode, text: string) => {
      const file = await firstFileRow(row);
      const editor = (await vscode.commands.executeCommand('bitbucketSnippets.openFile', file)) as vscode.TextEditor;
      assert.ok(editor, 'openFile returned the editor');
      assert.equal(editor.document.fileName.split('/').pop(), fileName, 'the tab shows the file name');
      assert.ok(
        editor.document.uri.path.includes(before.name.replace(/\//g, '\u2215')),
        `the path names the snippet: ${editor.document.uri.path}`,
      );
      const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
      assert.ok(await editor.edit((e) => e.insert(end, text)));
      if (!(await editor.document.save())) {
        // What VS Code knew of the file when it would not save it: read-only, saved already, or not edited.
        const stat = await vscode.workspace.fs.stat(editor.document.uri).then(
          (s) => JSON.stringify(s),
          (err: unknown) => String(err),
        );
        assert.fail(
          `the save did not succeed: dirty ${editor.document.isDirty}, edited ${editor.document.getText().endsWith(text)}, stat ${stat}`,
        );
      }
      return editor;
    };
    const prodEditor = await saveFrom(prodRow, '# production\n');
    await eventually(
      async () => (await testingApi()).statusBarText().endsWith(`:${port(production)}`),
      'the status bar names the production account',
    );
    await saveFrom(stagingRow, '# staging\n');
    await eventually(
      async () => (await testingApi()).statusBarText().endsWith(`:${port(staging)}`),
      'the status bar names the staging account',
    );

    const onProduction = (await aliceOn(production).getSnippet(guid)).files.find((f) => f.name === fileName)!.content;
    const onStaging = (await aliceOn(staging).getSnippet(guid)).files.find((f) => f.name === fileName)!.content;
    assert.ok(
      onProduction.endsWith('# production\n') && !onProduction.includes('# staging'),
      'production got its own save only',
    );
    assert.ok(
      onStaging.endsWith('# staging\n') && !onStaging.includes('# production'),
      'staging got its own save only',
    );

    await vscode.window.showTextDocument(prodEditor.document);
    await eventually(
      async () => (await testingApi()).statusBarText().endsWith(`:${port(production)}`),
      'the status bar follows back to production',
    );
  });

  it("Export Snippets from an account root exports that account's snippets, with its server in the manifest", async () => {
    const onlyOnStaging = await aliceOn(staging).createSnippet({
      name: 'only on staging',
      files: [{ name: 'staging.txt', content: 'staging\n' }],
    });
    const roots = await accountRoots();
    const names = await labels(roots);
    const rootOf = (server: RunningServer) => roots[names.findIndex((l) => l.endsWith(`:${port(server)}`))];
    const exportFrom = async (server: RunningServer) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-export-accounts-'));
      try {
        const result = await vscode.commands.executeCommand<{ snippets: number }>(
          'bitbucketSnippets.exportSnippets',
          rootOf(server),
          vscode.Uri.file(dir),
          ['mine'],
        );
        assert.ok(result, 'the export ran');
        return JSON.parse(fs.readFileSync(path.join(dir, 'bitbucket-snippets.json'), 'utf8')) as {
          server: string;
          snippets: Array<{ guid: string }>;
        };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const fromStaging = await exportFrom(staging);
    assert.equal(fromStaging.server, staging.url);
    assert.ok(
      fromStaging.snippets.some((e) => e.guid === onlyOnStaging.guid),
      'the staging export has the snippet made there',
    );
    const fromProduction = await exportFrom(production);
    assert.equal(fromProduction.server, production.url);
    assert.ok(!fromProduction.snippets.some((e) => e.guid === onlyOnStaging.guid), 'the production export does not');
  });

  it("Search Snippets… searches every account, names each result's account, and opens and saves a result on its own server", async () => {
    const marker = `needle${Date.now()}`;
    const onStaging = await aliceOn(staging).createSnippet({
      name: `on staging ${marker}`,
      files: [{ name: 'staging.sh', content: `echo ${marker}\n` }],
    });
    const onProduction = await aliceOn(production).createSnippet({
      name: `on production ${marker}`,
      files: [{ name: 'production.sh', content: `echo ${marker}\n` }],
    });
    const stagingLabel = `alice @ 127.0.0.1:${port(staging)}`;
    const editor = await searchAndOpen(api, marker, { open: 'staging.sh:1', account: stagingLabel });
    assert.ok(editor, 'the staging result was opened');
    assert.equal(editor.document.uri.authority, `alice@127.0.0.1:${port(staging)}`, 'with the staging account');
    assert.ok(await editor.edit((e) => e.insert(new vscode.Position(1, 0), '# saved from a search\n')));
    assert.ok(await editor.document.save());
    assert.ok((await aliceOn(staging).getSnippet(onStaging.guid)).files[0].content.includes('# saved from a search'));

    // The Search results root lists both, each row carrying its account and naming it.
    const root = (await childrenOf(api)).find((n) => n.kind === 'searchRoot');
    assert.ok(root, 'the Search results root shows');
    const rows = (await childrenOf(api, root)).filter((n) => n.kind === 'searchSnippet');
    const descriptions = await Promise.all(rows.map(async (n) => String((await itemOf(api, n)).description ?? '')));
    assert.equal(rows.length, 2, descriptions.join(' | '));
    assert.ok(
      descriptions.some((d) => d.endsWith(stagingLabel)) &&
        descriptions.some((d) => d.endsWith(`alice @ 127.0.0.1:${port(production)}`)),
      descriptions.join(' | '),
    );

    // A result row's context menu command acts on its account: Edit Details of the production row.
    const productionRow = rows.find((n) => n.kind === 'searchSnippet' && n.snippetGuid === onProduction.guid);
    assert.ok(productionRow);
    assert.match(
      (await itemOf(api, productionRow)).contextValue ?? '',
      /^snippet\.own/,
      'it takes the menus of a snippet row',
    );
    await vscode.commands.executeCommand('bitbucketSnippets.editSnippetDetails', productionRow, {
      name: `renamed from a search ${marker}`,
      description: '',
      categories: '',
    });
    assert.equal((await aliceOn(production).getSnippet(onProduction.guid)).name, `renamed from a search ${marker}`);

    // Search This Account… on the production root: only production's results.
    const roots = await accountRoots();
    const names = await labels(roots);
    const productionRoot = roots[names.findIndex((l) => l.endsWith(`:${port(production)}`))];
    await searchAndOpen(api, marker, { command: ['bitbucketSnippets.searchAccount', productionRoot, marker] });
    const only = api.explorer.lastSearch.state?.results ?? [];
    assert.deepEqual(
      only.map((r) => r.snippet.guid),
      [onProduction.guid],
      'only the production account was searched',
    );
    await vscode.commands.executeCommand('bitbucketSnippets.clearSearchResults');
  });

  it("reveals the snippet of another account's file under that account's root", async () => {
    const prodRow = (await mySnippetsOn(production))[0];
    const file = await firstFileRow(prodRow);
    assert.ok(file.accountId, 'production is not the default account: its rows carry its account');
    // A hidden view selects nothing: show it first, as a user who reveals a file sees it.
    await vscode.commands.executeCommand('bitbucketSnippets.explorer.focus');
    await vscode.commands.executeCommand('bitbucketSnippets.openFile', file);
    await eventually(
      () => vscode.window.activeTextEditor?.document.uri.scheme === 'bitbucket-snippet',
      'the file to be the active editor',
      15_000,
    );
    // A reveal while the view is still drawing its rows (under load, on a fresh clone) selects
    // nothing: reveal again, once a second, until a row is selected.
    let revealedAt = 0;
    await eventually(
      async () => {
        if (api.explorer.view.selection.length > 0) return true;
        if (Date.now() - revealedAt > 1_000) {
          revealedAt = Date.now();
          await vscode.commands.executeCommand('bitbucketSnippets.revealActiveSnippet');
        }
        return api.explorer.view.selection.length > 0;
      },
      'a row to be selected',
      20_000,
    );
    const selected = api.explorer.view.selection[0] as FileNode;
    assert.equal(selected.kind, 'file');
    assert.equal(selected.snippetGuid, prodRow.snippetGuid);
    assert.equal(
      selected.accountId,
      file.accountId,
      "the row is under production's root, not the same guid on staging",
    );
  });

  it("runs a command started from a row on that row's account", async () => {
    const prodRow = (await mySnippetsOn(production))[0];
    const stagingRow = (await mySnippetsOn(staging))[0];
    const prodLink = (await vscode.commands.executeCommand('bitbucketSnippets.copyLink', prodRow)) as string;
    const stagingLink = (await vscode.commands.executeCommand('bitbucketSnippets.copyLink', stagingRow)) as string;
    assert.ok(prodLink.startsWith(production.url), prodLink);
    assert.ok(stagingLink.startsWith(staging.url), stagingLink);
  });

  it("adds files dropped from the file manager on a row of the other account to that row's snippet on its own server", async () => {
    // The rows of the account that is not the default carry its id; the drop must reach its server.
    const prodRow = (await mySnippetsOn(production))[0];
    const [other, otherServer, defaultServer] = prodRow.accountId
      ? [prodRow, production, staging]
      : [(await mySnippetsOn(staging))[0], staging, production];
    assert.ok(other.accountId, 'a row of the account that is not the default');
    const before = await aliceOn(defaultServer).getSnippet(other.snippetGuid);
    const item = new vscode.DataTransferItem('');
    item.asFile = () => ({
      name: 'dropped-here.txt',
      uri: undefined,
      data: async () => new TextEncoder().encode('this server only\n'),
    });
    const dt = new vscode.DataTransfer();
    dt.set('files', item);
    assert.deepEqual(await dropAndRead(api, other, dt), { done: 'filesAdded', snippets: [other.snippetGuid] });
    const there = await aliceOn(otherServer).getSnippet(other.snippetGuid);
    assert.ok(
      there.files.some((f) => f.name === 'dropped-here.txt' && f.content === 'this server only\n'),
      "added on the row's server",
    );
    const onDefault = await aliceOn(defaultServer).getSnippet(other.snippetGuid);
    assert.deepEqual(
      onDefault.files.map((f) => f.name),
      before.files.map((f) => f.name),
      'the snippet with the same guid on the other server is untouched',
    );
  });

  it('keeps the account through dirname and joinPath: a file written beside an open one joins its snippet on its server', async () => {
    const prodRow = (await mySnippetsOn(production))[0];
    const file = await firstFileRow(prodRow);
    const editor = (await vscode.commands.executeCommand('bitbucketSnippets.openFile', file)) as vscode.TextEditor;
    const uri = editor.document.uri;
    const beside = vscode.Uri.joinPath(vscode.Uri.joinPath(uri, '..'), 'beside.sh');
    assert.equal(beside.query, uri.query, 'joinPath keeps the query that says which snippet and server');
    assert.equal(beside.authority, uri.authority);
    await vscode.workspace.fs.writeFile(beside, Buffer.from('echo beside\n'));
    const onProduction = await aliceOn(production).getSnippet(prodRow.snippetGuid);
    assert.ok(
      onProduction.files.some((f) => f.name === 'beside.sh' && f.content === 'echo beside\n'),
      'the new file is in the snippet on production',
    );
    const onStaging = await aliceOn(staging)
      .getSnippet(prodRow.snippetGuid)
      .catch(() => undefined);
    assert.ok(!onStaging?.files.some((f) => f.name === 'beside.sh'), 'staging was not written');
    const doc = await vscode.workspace.openTextDocument(beside);
    assert.equal(doc.languageId, 'shellscript', 'the language comes from the file name in the path');
  });

  it('opens an editor restored from the old URI form (host, guid, file) with the default account on that host', async () => {
    const guid = (await mySnippetsOn(staging))[0].snippetGuid;
    const snippet = await aliceOn(staging).getSnippet(guid);
    const old = vscode.Uri.from({
      scheme: 'bitbucket-snippet',
      authority: `127.0.0.1:${port(staging)}`,
      path: `/${guid}/${snippet.files[0].name}`,
    });
    const doc = await vscode.workspace.openTextDocument(old);
    assert.equal(doc.getText(), snippet.files[0].content);
  });

  it("opens a vscode:// link with the account on the link's server, not the default one", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const rows = await mySnippetsOn(production);
    const guid = rows[rows.length - 1].snippetGuid;
    // Change the production copy so the two servers' files differ.
    const fresh = await aliceOn(production).getSnippet(guid);
    const fileName = fresh.files[0].name;
    await aliceOn(production).updateSnippet(guid, withFileContent(fresh, fileName, 'linked on production\n'));
    const link = formatSnippetLink(vscode.env.uriScheme, EXTENSION_ID, {
      serverUrl: production.url,
      snippetGuid: guid,
      fileName,
    });
    const editor = await (await testingApi()).openLink(link);
    assert.ok(editor, 'the link opened an editor');
    assert.equal(editor.document.getText(), 'linked on production\n');
    assert.ok(editor.document.uri.authority.endsWith(`:${port(production)}`), editor.document.uri.toString());
  });

  /** How many requests a server has logged (its control route, not counted as one). */
  const requestCount = async (server: RunningServer): Promise<number> => {
    const response = await fetch(`${server.url}/__control/requests`);
    assert.ok(response.ok, `the request log of ${server.url}`);
    return ((await response.json()) as unknown[]).length;
  };

  /** The account root labelled with `server`'s port. */
  async function rootOn(server: RunningServer): Promise<AccountNode> {
    const roots = await accountRoots();
    const root = roots[(await labels(roots)).findIndex((l) => l.endsWith(`:${port(server)}`))];
    assert.ok(root, `no account root for port ${port(server)}`);
    return root;
  }

  it("comments from a file of the non-default account on that account's server, and edits and deletes there", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const prodRow = (await mySnippetsOn(production))[0];
    assert.ok(prodRow.accountId, 'production is not the default account');
    const guid = prodRow.snippetGuid;
    const stagingBefore = (await aliceOn(staging).getSnippet(guid)).comments.length;
    const editor = (await vscode.commands.executeCommand(
      'bitbucketSnippets.openFile',
      await firstFileRow(prodRow),
    )) as vscode.TextEditor;
    const uri = editor.document.uri;
    // What VS Code hands the reply command: the thread of the editor's first line and the typed text.
    await vscode.commands.executeCommand('bitbucketSnippets.replyToSnippet', {
      thread: { uri, dispose: () => undefined },
      text: 'from the production editor',
    });
    const onProduction = await aliceOn(production).getSnippet(guid);
    assert.ok(
      onProduction.comments.some((c) => c.text === 'from the production editor'),
      'the comment reached production',
    );
    assert.equal(
      (await aliceOn(staging).getSnippet(guid)).comments.length,
      stagingBefore,
      'staging, the default account, got nothing',
    );

    // The row of that comment is under production's root, and edit and delete act there too.
    const commentsRow = async () =>
      (await childrenOf(api, prodRow)).find((n): n is CommentsNode => n.kind === 'comments')!;
    await eventually(async () => (await childrenOf(api, await commentsRow())).length > 0, 'the comment row to show');
    const mine = ((await childrenOf(api, await commentsRow())) as CommentNode[]).find((c) => c.mine);
    assert.ok(mine && mine.accountId === prodRow.accountId, 'my comment row carries the production account');
    await answerPrompts('edited on production');
    await vscode.commands.executeCommand('bitbucketSnippets.editComment', mine);
    assert.ok(
      (await aliceOn(production).getSnippet(guid)).comments.some(
        (c) => c.guid === mine.commentGuid && c.text === 'edited on production',
      ),
    );
    await answerPrompts(true);
    await vscode.commands.executeCommand('bitbucketSnippets.deleteComment', mine);
    assert.ok(
      !(await aliceOn(production).getSnippet(guid)).comments.some((c) => c.guid === mine.commentGuid),
      'deleted on production',
    );
    assert.equal(await unusedAnswers(), 0, 'both prompts were asked');
    assert.equal((await aliceOn(staging).getSnippet(guid)).comments.length, stagingBefore, 'staging still untouched');
  });

  it("Refresh All reloads both accounts' lists, and completion offers both accounts' files, each naming its account", async () => {
    await mySnippetsOn(production);
    await mySnippetsOn(staging);
    const tag = Date.now().toString(36);
    await aliceOn(production).createSnippet({
      name: `several ${tag} production`,
      files: [{ name: 'prod.sh', content: 'echo production\n' }],
    });
    await aliceOn(staging).createSnippet({
      name: `several ${tag} staging`,
      files: [{ name: 'staging.sh', content: 'echo staging\n' }],
    });
    await vscode.commands.executeCommand('bitbucketSnippets.refreshExplorer');
    const names = async (server: RunningServer) =>
      (await labels(await mySnippetsOn(server))).filter((l) => l.startsWith(`several ${tag}`));
    assert.deepEqual(await names(production), [`several ${tag} production`], 'production reloaded');
    assert.deepEqual(await names(staging), [`several ${tag} staging`], 'staging reloaded');

    const doc = await vscode.workspace.openTextDocument({ content: 'sev', language: 'shellscript' });
    await vscode.window.showTextDocument(doc);
    const before = await Promise.all([production, staging].map(requestCount));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      new vscode.Position(0, 3),
    );
    const offered = list.items
      .filter((i) => typeof i.label !== 'string' && i.label.label.startsWith(`several ${tag}`))
      .map((i) => [
        (i.label as vscode.CompletionItemLabel).label,
        (i.label as vscode.CompletionItemLabel).detail?.trim(),
      ])
      .sort();
    assert.deepEqual(offered, [
      [`several ${tag} production`, `Bitbucket snippet, alice @ 127.0.0.1:${port(production)}`],
      [`several ${tag} staging`, `Bitbucket snippet, alice @ 127.0.0.1:${port(staging)}`],
    ]);
    assert.deepEqual(
      await Promise.all([production, staging].map(requestCount)),
      before,
      'completion sent no request to either server',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Browse User asks which account when several, and from an account root uses that one', async () => {
    const prodRoot = await rootOn(production);
    const stagingRoot = await rootOn(staging);
    const userRoots = async (root: AccountNode) =>
      (await childrenOf(api, root))
        .filter((n): n is RootNode => n.kind === 'root' && n.list.startsWith('user:'))
        .map((n) => n.list);
    // From the toolbar: the quick pick (answered with production's label), then the name.
    await answerPrompts(`alice @ 127.0.0.1:${port(production)}`, 'bob');
    await vscode.commands.executeCommand('bitbucketSnippets.browseUser');
    assert.deepEqual(await userRoots(prodRoot), ['user:bob']);
    assert.deepEqual(await userRoots(stagingRoot), [], 'not under the default account');
    // From the staging root's context menu: no quick pick, only the name.
    await answerPrompts('admin');
    await vscode.commands.executeCommand('bitbucketSnippets.browseUser', stagingRoot);
    assert.equal(await unusedAnswers(), 0);
    assert.deepEqual(await userRoots(stagingRoot), ['user:admin']);
    assert.deepEqual(await userRoots(prodRoot), ['user:bob']);
    for (const root of [prodRoot, stagingRoot]) {
      for (const list of await userRoots(root)) {
        const row = (await childrenOf(api, root)).find((n) => n.kind === 'root' && n.list === list);
        await vscode.commands.executeCommand('bitbucketSnippets.removeBrowsedUser', row);
      }
    }
  });

  it('signs one account out from its row and leaves the other, whose lists become the roots again', async () => {
    const roots = await accountRoots();
    const names = await labels(roots);
    const prodRoot = roots[names.findIndex((l) => l.endsWith(`:${port(production)}`))];
    await vscode.commands.executeCommand('bitbucketSnippets.signOut', prodRoot);
    const accounts = api.globalStateSnapshot()[StateKeys.accounts] as Array<{ serverUrl: string }>;
    assert.deepEqual(
      accounts.map((a) => a.serverUrl),
      [staging.url],
    );
    await eventually(
      async () => (await childrenOf(api)).every((n) => n.kind !== 'account'),
      'one account: no account roots',
    );
    const top = await labels(await childrenOf(api));
    assert.deepEqual(top.slice(0, 4), ['My Snippets', 'Starred', 'Categories', 'Browse']);
    // The active editor's account signed out: the status bar names the default (and only) account.
    assert.equal((await testingApi()).statusBarText(), '$(repo) alice @ 127.0.0.1');
  });
});
