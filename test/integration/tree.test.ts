// The snippet explorer inside a real VS Code, against the local server: what each expansion
// costs in requests, how rows look, and how the tree follows the account.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { LoadMoreNode, MessageNode, RootNode, SnippetNode, TreeNode } from '../../src/model/snippets/tree/nodes';
import {
  SNIPPETS,
  addFault,
  childrenOf,
  clearRequestLog,
  createSnippet,
  eventually,
  extensionApi,
  itemOf,
  labelOf,
  queryOf,
  requestsSince,
  rest,
  rootOf,
  setPageSize,
  signInAs,
  tooltipOf,
} from './treeFixtures';

const PAGE = 5;
const snippetsIn = (rows: TreeNode[]): SnippetNode[] => rows.filter((r): r is SnippetNode => r.kind === 'snippet');

describe('snippet explorer tree', function () {
  this.timeout(60_000);
  let api: TestingApi;
  let aliceTotal: number;
  let bobSnippetGuid: string;
  let categoryGuid: string;

  before(async () => {
    api = await extensionApi();
    await setPageSize(PAGE);
    const run = Date.now().toString(36);
    const tagged = await createSnippet('alice', `tree-tagged-${run}`, 'compose.yml', [`ops-${run}`]);
    categoryGuid = tagged.categories[0].guid;
    for (let i = 0; i < 2 * PAGE; i++) await createSnippet('alice', `tree-alice-${run}-${i}`, `script${i}.sh`);
    bobSnippetGuid = (await createSnippet('bob', `tree-bob-${run}`, 'query.sql')).guid;
    const page = await rest<{ size: number }>('alice', 'GET', `${SNIPPETS}?limit=1000`);
    aliceTotal = page.size;
    assert.ok(aliceTotal > 2 * PAGE, 'the fixture needs more than two pages of alice snippets');
    await signInAs('alice');
  });

  after(async () => {
    await setPageSize(undefined);
  });

  it('shows My Snippets, Starred, Categories and Browse when signed in', async () => {
    const labels = await Promise.all((await childrenOf(api)).map(async (n) => labelOf(await itemOf(api, n))));
    assert.deepEqual(labels.slice(0, 4), ['My Snippets', 'Starred', 'Categories', 'Browse']);
  });

  it('loads one page with one request when My Snippets is expanded, and one more per Load more', async () => {
    await clearRequestLog();
    const mine = await rootOf(api, 'mine');
    const rows = await childrenOf(api, mine);
    let requests = await requestsSince();
    assert.equal(requests.length, 1, `expected one request, got ${JSON.stringify(requests)}`);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].path, SNIPPETS);
    assert.equal(queryOf(requests[0]).get('limit'), String(PAGE));
    assert.equal(snippetsIn(rows).length, PAGE);
    const more = rows.at(-1);
    assert.equal(more?.kind, 'loadMore', 'the last row offers more');

    // Expanding again costs nothing: the page is kept.
    await childrenOf(api, mine);
    assert.equal((await requestsSince()).length, 1);

    await clearRequestLog();
    const fired: unknown[] = [];
    const listener = api.explorer.provider.onDidChangeTreeData?.((e) => fired.push(e));
    await vscode.commands.executeCommand('bitbucketSnippets.loadMore', more as LoadMoreNode);
    listener?.dispose();
    assert.deepEqual(fired, [[mine]], 'only My Snippets is redrawn, once, when the page arrives');
    requests = await requestsSince();
    assert.equal(requests.length, 1, `Load more sent ${JSON.stringify(requests)}`);
    assert.equal(queryOf(requests[0]).get('start'), String(PAGE));
    assert.equal(queryOf(requests[0]).get('limit'), String(PAGE));
    const after = await childrenOf(api, mine);
    assert.equal(snippetsIn(after).length, 2 * PAGE);
    assert.equal(after.at(-1)?.kind, 'loadMore', 'still more than two pages: no root loads everything');
  });

  it('refreshes a root with one request that keeps everything shown so far', async () => {
    const mine = await rootOf(api, 'mine');
    await clearRequestLog();
    await vscode.commands.executeCommand('bitbucketSnippets.refreshList', mine);
    const requests = await requestsSince();
    assert.equal(requests.length, 1, `refresh sent ${JSON.stringify(requests)}`);
    assert.equal(queryOf(requests[0]).get('limit'), String(2 * PAGE));
    assert.equal(snippetsIn(await childrenOf(api, mine)).length, 2 * PAGE);
  });

  it('gives snippet rows a file-type icon, files that open, and a Comments row', async () => {
    const rows = snippetsIn(await childrenOf(api, await rootOf(api, 'mine')));
    const item = await itemOf(api, rows[0]);
    assert.ok(item.iconPath instanceof vscode.ThemeIcon);
    // The Markdown tooltip is made when the row is hovered: VS Code parses every one it is given with the row.
    assert.equal(item.tooltip, undefined, 'no tooltip made with the row');
    const tooltip = await tooltipOf(api, rows[0]);
    assert.ok(tooltip instanceof vscode.MarkdownString && tooltip.value.includes('Owner: you'), String(tooltip));
    // Whose it is, in words, for a screen reader: the description marks only other people's snippets.
    assert.match(item.accessibilityInformation?.label ?? '', /^.+, your snippet, updated /);
    const root = await itemOf(api, await rootOf(api, 'mine'));
    assert.match(
      root.accessibilityInformation?.label ?? '',
      /^My Snippets, \d+ snippets loaded, more on the server$/,
      'the count says what it counts',
    );
    const children = await childrenOf(api, rows[0]);
    const file = children.find((c) => c.kind === 'file');
    assert.ok(file, 'a file row');
    const fileItem = await itemOf(api, file);
    assert.equal(fileItem.command?.command, 'bitbucketSnippets.openFile');
    assert.equal(fileItem.resourceUri?.scheme, 'bitbucket-snippet');
    assert.equal(children.at(-1)?.kind, 'comments');
    assert.match(labelOf(await itemOf(api, children.at(-1) as TreeNode)), /^Comments \(\d+\)$/);
  });

  it("marks other people's snippets in Browse, and names them under a browsed user", async () => {
    await clearRequestLog();
    const browse = await rootOf(api, 'browse');
    const rows = snippetsIn(await childrenOf(api, browse));
    const requests = await requestsSince();
    assert.equal(requests.length, 1);
    assert.equal(requests[0].path, `${SNIPPETS}/browse`);
    assert.equal(queryOf(requests[0]).get('limit'), String(PAGE));
    assert.ok(
      rows.some((r) => api.service.store.get(r.snippetGuid)?.userId !== 2),
      "the first Browse page holds someone else's snippet",
    );
    for (const row of rows) {
      const description = String((await itemOf(api, row)).description);
      const owner = api.service.store.get(row.snippetGuid)?.userId;
      const spoken = (await itemOf(api, row)).accessibilityInformation?.label ?? '';
      if (owner === 2) assert.doesNotMatch(description, /^(by |shared)/, description);
      else assert.match(description, /^(by \S+|shared) · /, `${row.snippetGuid} by user ${owner}: ${description}`);
      assert.match(spoken, owner === 2 ? /, your snippet, / : /, snippet by (\S+|user \d+), /, spoken);
    }

    await vscode.commands.executeCommand('bitbucketSnippets.browseUser', 'bob');
    const bob = await rootOf(api, 'user:bob');
    const bobRows = snippetsIn(await childrenOf(api, bob));
    const row = bobRows.find((r) => r.snippetGuid === bobSnippetGuid);
    assert.ok(row, "bob's new snippet is listed under bob");
    assert.equal(row.own, false);
    assert.match(String((await itemOf(api, row)).description), /^by bob · /);
  });

  it('remembers browsed users after the tree is cleared and rebuilt, until removed', async () => {
    await vscode.commands.executeCommand('bitbucketSnippets.signOut');
    assert.deepEqual(await childrenOf(api), [], 'signing out empties the tree');
    assert.equal(api.service.store.snippetsOf('mine').length, 0, 'signing out clears the store');
    await signInAs('alice');
    const bob = await rootOf(api, 'user:bob');
    assert.equal(api.service.store.list('user:bob').loaded, false, 'nothing is loaded until expanded');
    await vscode.commands.executeCommand('bitbucketSnippets.removeBrowsedUser', bob);
    const roots = await childrenOf(api);
    assert.ok(!roots.some((r) => r.kind === 'root' && r.list === 'user:bob'), 'bob was removed');
  });

  it('lists categories known from loaded snippets, each loaded through the category endpoint', async () => {
    const mine = await rootOf(api, 'mine');
    await childrenOf(api, mine);
    // The tagged snippet may be on a later page: make sure it is loaded.
    while (
      !api.service.store.categories().some((c) => c.guid === categoryGuid) &&
      api.service.store.list('mine').nextStart !== undefined
    ) {
      await api.service.store.loadMore('mine');
    }
    const categories = (await childrenOf(api)).find((r) => r.kind === 'categories');
    assert.ok(categories);
    const categoryRoots = (await childrenOf(api, categories)) as RootNode[];
    const ours = categoryRoots.find((r) => r.list === `category:${categoryGuid}`);
    assert.ok(ours, 'the category of the tagged snippet is listed');
    await clearRequestLog();
    const rows = snippetsIn(await childrenOf(api, ours));
    const requests = await requestsSince();
    assert.equal(requests.length, 1);
    assert.equal(requests[0].path, `${SNIPPETS}/categories/${categoryGuid}`);
    assert.equal(rows.length, 1);
  });

  it('says what to do when a list is empty, and shows a failure as a row that retries', async () => {
    const starred = await rootOf(api, 'starred');
    await addFault({ kind: 'status', status: 500, path: '/snippets/starred', count: 1 });
    let rows = await childrenOf(api, starred);
    assert.equal(rows.length, 1);
    const error = rows[0] as MessageNode;
    assert.equal(error.kind, 'message');
    assert.equal(error.isError, true);
    const item = await itemOf(api, error);
    assert.match(labelOf(item), /^Could not load Starred: .* — click to retry$/);
    assert.match(
      item.accessibilityInformation?.label ?? '',
      /^Error: Could not load Starred: /,
      'the error icon is not the only sign',
    );
    assert.equal(item.command?.command, 'bitbucketSnippets.refreshList');

    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    rows = await childrenOf(api, starred);
    assert.equal(rows.length, 1);
    assert.equal((rows[0] as MessageNode).isError, false);
    assert.match(labelOf(await itemOf(api, rows[0])), /Nothing starred yet/);
  });

  it('filters loaded snippets and sorts them by name or update time without requests', async () => {
    const mine = await rootOf(api, 'mine');
    await clearRequestLog();
    await vscode.commands.executeCommand('bitbucketSnippets.filterSnippets', 'tagged');
    let rows = snippetsIn(await childrenOf(api, mine));
    assert.ok(rows.length >= 1);
    for (const r of rows) assert.match(api.service.store.get(r.snippetGuid)?.name ?? '', /tagged/);
    assert.match(api.explorer.view.description ?? '', /tagged/);
    await vscode.commands.executeCommand('bitbucketSnippets.clearFilter');
    assert.equal(api.explorer.view.description, undefined);

    await vscode.commands.executeCommand('bitbucketSnippets.sortByName');
    rows = snippetsIn(await childrenOf(api, mine));
    const names = rows.map((r) => api.service.store.get(r.snippetGuid)?.name ?? '');
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })),
    );
    await vscode.commands.executeCommand('bitbucketSnippets.sortByUpdated');
    rows = snippetsIn(await childrenOf(api, mine));
    const times = rows.map((r) => api.service.store.get(r.snippetGuid)?.updatedAt ?? 0);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.equal((await requestsSince()).length, 0, 'sorting and filtering send nothing');
  });

  it('reveals and selects a newly created snippet under My Snippets', async () => {
    const created = await createSnippet('alice', `tree-reveal-${Date.now().toString(36)}`, 'reveal.md');
    await api.explorer.reveal(created.guid);
    // The new selection reaches the extension host by a message of its own, which may come after reveal() returned.
    await eventually(
      () => (api.explorer.view.selection[0] as SnippetNode | undefined)?.snippetGuid === created.guid,
      'the new snippet is selected',
    );
    const selected = api.explorer.view.selection[0];
    assert.equal(selected?.kind, 'snippet');
    assert.equal((selected as SnippetNode).snippetGuid, created.guid);
    assert.equal((selected as SnippetNode).list, 'mine');
  });
});
