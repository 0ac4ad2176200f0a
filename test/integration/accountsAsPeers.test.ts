// Two accounts on the run's own server (alice and admin) as peers, in the real editor: Sign Out
// from a row signs out that row's account without asking, and adding an account or switching the
// default one keeps what the view showed: expanded lists (VS Code asks for their rows again by
// itself), the lists already loaded (no new request, read from the server's request log) and the
// Search results.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { StateKeys } from '../../src/util/constants';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { AccountNode, RootNode, TreeNode } from '../../src/model/snippets/tree/nodes';
import { apiAs, requestsSince, searchAndOpen } from './snippetHelpers';
import { localServerUrl, serverRequests, signInAs, signInWith, testingApi, unusedAnswers } from './support';
import { childrenOf, eventually, itemOf, labelOf } from './treeFixtures';

describe('accounts as peers', function () {
  this.timeout(90_000);
  let api: TestingApi;
  const marker = `peers${Date.now().toString(36)}`;
  const alice = () => `${localServerUrl()}#alice`;
  const admin = () => `${localServerUrl()}#admin`;
  /** The rows VS Code asked the children of, since the last clear: it asks by itself for expanded rows. */
  const asked: TreeNode[] = [];
  let restore: (() => void) | undefined;

  before(async () => {
    api = await testingApi();
    await apiAs('alice').createSnippet({
      name: `peers ${marker}`,
      files: [{ name: 'peers.sh', content: `echo ${marker}\n` }],
    });
    const provider = api.explorer.provider as vscode.TreeDataProvider<TreeNode>;
    const original = provider.getChildren.bind(provider);
    provider.getChildren = (node?: TreeNode) => {
      if (node) asked.push(node);
      return original(node);
    };
    restore = () => delete (provider as { getChildren?: unknown }).getChildren;
  });

  beforeEach(async () => {
    await signInAs('alice');
    await vscode.commands
      .executeCommand('workbench.actions.treeView.bitbucketSnippets.explorer.collapseAll')
      .then(undefined, () => undefined);
    await vscode.commands.executeCommand('bitbucketSnippets.explorer.focus');
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await unusedAnswers(), 0, 'every queued answer was asked for');
  });

  after(async () => {
    restore?.();
    await vscode.commands.executeCommand('bitbucketSnippets.clearSearchResults');
    await signInAs('alice');
  });

  const accountRows = async () => (await childrenOf(api)).filter((n): n is AccountNode => n.kind === 'account');
  /** An account's row, found by its label (`admin @ 127.0.0.1:…`). */
  async function accountRow(id: string): Promise<AccountNode> {
    const user = id.slice(id.lastIndexOf('#') + 1);
    const rows = await accountRows();
    const labels = await Promise.all(rows.map(async (n) => labelOf(await itemOf(api, n))));
    const row = rows[labels.findIndex((l) => l.startsWith(`${user} @ `))];
    assert.ok(row, `no account row of ${user} among ${labels.join(', ')}`);
    return row;
  }
  /** My Snippets of an account: a root with one account, under its account row with several. */
  async function mySnippets(id: string): Promise<RootNode> {
    const rows = await accountRows();
    const under = rows.length > 0 ? await childrenOf(api, await accountRow(id)) : await childrenOf(api);
    const mine = under.find((n): n is RootNode => n.kind === 'root' && n.list === 'mine');
    assert.ok(mine, `My Snippets of ${id}`);
    return mine;
  }
  const isMineOf = (id: string) => (n: TreeNode) => n.kind === 'root' && n.list === 'mine' && n.accountId === id;
  /** `shows`: what the row's children must hold once it is expanded (a list: its snippets or a message). */
  async function expand(
    row: TreeNode,
    shows: (rows: TreeNode[]) => boolean = (rows) => rows.some((n) => n.kind === 'snippet' || n.kind === 'message'),
  ): Promise<void> {
    // The extension learns that a row is expanded from the view's event, which reaches the host
    // after reveal() has returned; a sign-in before it would rebuild the tree without it.
    let expanded = false;
    const listening = api.explorer.view.onDidExpandElement((e) => (expanded ||= e.element === row));
    try {
      await revealExpanded(row, shows);
      await eventually(() => expanded, "VS Code's view reports the row expanded");
    } finally {
      listening.dispose();
    }
  }
  async function revealExpanded(row: TreeNode, shows: (rows: TreeNode[]) => boolean): Promise<void> {
    // Right after a sign-in the view is still rebuilding its rows, and VS Code's reveal then can
    // meet the rows of the rebuild ("Element with id … is already registered"): reveal again once
    // the rebuild is through, as a click a moment later would.
    await eventually(async () => {
      try {
        await api.explorer.view.reveal(row, { expand: true, select: false, focus: false });
      } catch (err) {
        if (/is already registered/.test(String(err))) return false;
        throw err;
      }
      return shows(await childrenOf(api, row));
    }, 'the row shows its rows');
  }
  const hasSearchRoot = async () => (await childrenOf(api)).some((n) => n.kind === 'searchRoot');
  async function search(): Promise<void> {
    await searchAndOpen(api, marker);
    assert.ok(await hasSearchRoot(), 'the Search results root shows');
  }
  const signInAdmin = () => signInWith({ serverUrl: localServerUrl(), username: 'admin', password: 'admin' });
  const signedIn = () =>
    ((api.globalStateSnapshot()[StateKeys.accounts] ?? []) as Array<{ username: string }>)
      .map((a) => a.username)
      .sort();

  it("Sign Out from admin's row signs out admin, without asking; alice and her credentials stay", async () => {
    await signInAdmin();
    const row = await accountRow(admin());
    // The old code asked which account here (alice preselected): the pick must not open.
    const signOut = Promise.resolve(vscode.commands.executeCommand('bitbucketSnippets.signOut', row));
    const finished = await Promise.race([
      signOut.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 15_000)),
    ]);
    if (!finished) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await signOut;
    }
    assert.ok(finished, 'Sign Out finished without asking which account');
    assert.deepEqual(signedIn(), ['alice']);
    // Her saved password was kept: her lists still load from the server.
    const before = (await serverRequests()).length;
    await api.service.store.refresh('mine');
    assert.ok(
      (await requestsSince(before)).some((r) => r.user === 'alice'),
      'alice was asked for as herself',
    );
    assert.ok(api.service.store.snippetsOf('mine').some((s) => s.name === `peers ${marker}`));
  });

  it('Sign Out from any row of admin (its My Snippets) signs out admin', async () => {
    await signInAdmin();
    await vscode.commands.executeCommand('bitbucketSnippets.signOut', await mySnippets(admin()));
    assert.deepEqual(signedIn(), ['alice']);
  });

  it('adding a second account keeps the expanded My Snippets and the Search results root', async () => {
    await expand(await mySnippets(alice()));
    await search();
    asked.length = 0;
    await signInAdmin();
    await eventually(async () => (await accountRows()).length === 2, 'a row per account');
    assert.ok(await hasSearchRoot(), 'the Search results root stays');
    await eventually(
      () => asked.some(isMineOf(alice())),
      "VS Code shows alice's My Snippets expanded (it asks for its rows)",
      10_000,
    );
  });

  it('adding a second account does not expand again the row of a snippet deleted meanwhile', async () => {
    const gone = await apiAs('alice').createSnippet({
      name: `gone ${marker}`,
      files: [{ name: 'gone.sh', content: 'echo gone\n' }],
    });
    await api.service.store.refresh('mine');
    const mine = await mySnippets(alice());
    await expand(mine);
    const snippetRow = async (name: string) => {
      const row = (await childrenOf(api, mine)).find(
        (n) => n.kind === 'snippet' && api.service.store.get(n.snippetGuid)?.name === name,
      );
      assert.ok(row, `the row of "${name}" under My Snippets`);
      return row;
    };
    const hasFiles = (rows: TreeNode[]) => rows.some((n) => n.kind === 'file');
    const goneRow = await snippetRow(`gone ${marker}`);
    await expand(goneRow, hasFiles);
    // Expanded after the deleted one: its reveal comes after the deleted row's turn.
    const lastRow = await snippetRow(`peers ${marker}`);
    await expand(lastRow, hasFiles);
    // Deleted elsewhere (on the server), then My Snippets read again: its row is gone.
    await apiAs('alice').deleteSnippet(gone.guid);
    await api.service.store.refresh('mine');
    await eventually(async () => !(await childrenOf(api, mine)).includes(goneRow), "the deleted snippet's row is gone");
    const view = api.explorer.view as { reveal: vscode.TreeView<TreeNode>['reveal'] };
    const revealed: TreeNode[] = [];
    const reveal = view.reveal;
    view.reveal = (row, options) => {
      revealed.push(row);
      return reveal.call(view, row, options);
    };
    try {
      await signInAdmin();
      await eventually(
        () => revealed.includes(lastRow),
        'the rows expanded before are expanded again, up to the last',
        10_000,
      );
    } finally {
      view.reveal = reveal;
    }
    assert.ok(revealed.includes(mine), 'My Snippets is expanded again');
    // VS Code would look for it in vain, while a reveal waits behind it.
    assert.ok(!revealed.includes(goneRow), "the deleted snippet's row is not");
  });

  it('switching the default account keeps expanded rows, loaded lists (no new request) and the search results', async () => {
    await signInAdmin();
    await expand(await mySnippets(alice()));
    await expand(await mySnippets(admin()));
    await search();
    const results = api.explorer.provider.getChildren((await childrenOf(api)).find((n) => n.kind === 'searchRoot'));
    const found = ((await results) ?? []).length;
    assert.ok(found > 0, 'the search found something');
    const before = (await serverRequests()).length;
    asked.length = 0;
    // Switch Account's quick pick lists alice first: Enter makes her the default.
    const switched = Promise.resolve(vscode.commands.executeCommand('bitbucketSnippets.switchAccount'));
    let answered = false;
    void switched.then(
      () => (answered = true),
      () => (answered = true),
    );
    // Enter until the pick has taken it: however long a loaded host takes to show the pick, an
    // Enter before it is open does nothing.
    for (let tries = 0; !answered && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 300));
      if (!answered) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    await switched;
    await eventually(
      async () => String((await itemOf(api, await accountRow(alice()))).description ?? '') !== '',
      'alice is the default',
    );
    await eventually(
      () => asked.some(isMineOf(alice())) && asked.some(isMineOf(admin())),
      'both My Snippets stay expanded (VS Code asks for their rows)',
      10_000,
    );
    assert.ok(await hasSearchRoot(), 'the Search results root stays');
    const root = (await childrenOf(api)).find((n) => n.kind === 'searchRoot');
    assert.equal((await childrenOf(api, root)).length, found, 'with every result');
    await new Promise((r) => setTimeout(r, 500));
    const lists = (await requestsSince(before)).filter((r) => r.path.includes('/snippets') && r.method === 'GET');
    assert.deepEqual(
      lists.map((r) => `${r.user} ${r.path}`),
      [],
      'no list was asked for again',
    );
    assert.equal(labelOf(await itemOf(api, await accountRow(alice()))).startsWith('alice'), true);
  });
});
