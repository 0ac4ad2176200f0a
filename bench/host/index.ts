// Runs inside the real extension host (code-server), loaded by the harness as an extensionTestsPath
// module: VS Code calls run() after the workbench started. It measures the extension's activation
// and, in "full" mode, drives the product's real paths (tree provider, file system provider,
// commands, settings panel controller) and counts their requests in the local server's log.
// It writes what it measured as JSON to BBS_BENCH_OUT; the bench runner reads it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Agent, request } from 'undici';
import * as vscode from 'vscode';
import { accountId } from '../../src/model/accounts/accounts';
import { EXTENSION_ID } from '../../src/util/constants';
import type { ExtensionApi } from '../../src/extension';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { SettingsPanelController } from '../../src/editor/settingsPanel/controller';
import { SnippetCache } from '../../src/model/snippets/cache/snippetCache';
import type { TreeNode } from '../../src/model/snippets/tree/nodes';
import { snippetFileUri } from '../../src/editor/ui/snippetUris';
import { bareRequest, profiled, settled, withCodeLoading } from './firstRequest';
import { cloneOfRepo1 } from './clone';
import { memoryRun } from './memory';
import { idleHold, longestHold, type Hold } from '../holds';

interface Logged {
  method: string;
  path: string;
  query: string;
}

const serverUrl = (): string => {
  const url = process.env.BBS_TEST_SERVER_URL;
  if (!url) throw new Error('BBS_TEST_SERVER_URL is not set');
  return url;
};

const SNIPPETS = '/rest/snippets/1.0/snippets';
const auth = (user: string) => `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}`;

async function control(method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${serverUrl()}/__control/${route}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  if (!response.ok) throw new Error(`${method} /__control/${route}: ${response.status}`);
  return response.json();
}

async function rest<T>(user: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serverUrl()}${path}`, {
    method,
    headers: { Authorization: auth(user), ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The longest hold of the host's thread during each counted action, in the order they ran. */
const actionHolds: Hold[] = [];

/** Runs `action` with an empty request log, waits for stragglers, and lists what it sent; keeps its longest hold of the thread. */
async function counted(action: () => Promise<unknown>): Promise<string[]> {
  await control('DELETE', 'requests');
  actionHolds.push(await longestHold(action));
  await sleep(700);
  return ((await control('GET', 'requests')) as Logged[]).map(
    (r) => `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{guid}')}${r.query ? `?${r.query}` : ''}`,
  );
}

export async function run(): Promise<void> {
  const out = process.env.BBS_BENCH_OUT;
  if (!out) throw new Error('BBS_BENCH_OUT is not set');
  const result: Record<string, unknown> = { mode: process.env.BBS_BENCH_MODE ?? 'activation' };
  try {
    const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
    result.wasActiveBefore = extension.isActive;
    // Loading the bundle and calling activate(): what "Developer: Show Running Extensions" calls activation.
    const started = performance.now();
    const api = await extension.activate();
    result.activationMs = performance.now() - started;
    Object.assign(result, activationMarks());
    if (result.mode === 'activation') {
      Object.assign(result, await firstRequests(testingOf(api), extension.extensionPath));
    }
    if (result.mode === 'full') Object.assign(result, await fullRun(testingOf(api)));
    if (result.mode === 'memory') {
      Object.assign(result, await memoryRun(testingOf(api), serverUrl(), auth('alice'), control));
    }
  } catch (err) {
    result.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  }
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
}

/**
 * What VS Code records of the activation, in its own performance marks (Date.now(), whole ms):
 * loading the extension's code, and the activate() call. "Developer: Show Running Extensions"
 * shows their sum as the extension's activation time.
 */
function activationMarks(): { codeLoadingMs?: number; activateCallMs?: number } {
  const registry = (
    globalThis as { MonacoPerformanceMarks?: { getMarks(): Array<{ name: string; startTime: number }> } }
  ).MonacoPerformanceMarks;
  const marks = registry?.getMarks() ?? [];
  const at = (what: string) => marks.find((m) => m.name === `code/extHost/${what}/${EXTENSION_ID}`)?.startTime;
  const span = (from: string, to: string) => {
    const [a, b] = [at(from), at(to)];
    return a === undefined || b === undefined ? undefined : b - a;
  };
  return {
    codeLoadingMs: span('willLoadExtensionCode', 'didLoadExtensionCode'),
    activateCallMs: span('willActivateExtension', 'didActivateExtension'),
  };
}

/**
 * The first question of the Snippets view, signed out (no request): where the snippets are on
 * demand, it loads dist/snippets.js. Then signing in twice: the first is the session's first
 * request (and loads the API client and undici where they are on demand), the second is not.
 */
/** The test API, which the extension exports only in Test or Development mode (as here). */
function testingOf(api: ExtensionApi): TestingApi {
  if (!api.testing) throw new Error('the extension did not export its test API');
  return api.testing;
}

async function firstRequests(api: TestingApi, extensionPath: string): Promise<Record<string, unknown>> {
  const viewStarted = performance.now();
  await api.explorer.provider.getChildren(undefined);
  const firstViewMs = performance.now() - viewStarted;
  const signIn = async () => {
    const t = performance.now();
    await api.signIn({ serverUrl: serverUrl(), username: 'alice', password: 'alice' });
    return performance.now() - t;
  };
  // VS Code's own first request, the same GET as the sign-in's, with no code of the extension:
  // in turns before and after the extension's first sign-in (bench/run.ts alternates the hosts),
  // since whichever goes first pays for the first use of VS Code's network stack.
  const bare = () => bareRequest(`${serverUrl()}${SNIPPETS}?limit=1`, auth('alice'));
  const bareFirst = process.env.BBS_BENCH_BARE_FIRST === '1';
  const settleMs = await settled();
  const bareBefore = bareFirst ? await bare() : undefined;
  // VS Code's network stack (the node wire): the first sign-in loads dist/api.js, no undici.
  const first = await profiled(process.env.BBS_BENCH_PROFILE || undefined, () =>
    withCodeLoading(path.join(extensionPath, 'dist'), signIn),
  );
  const firstRequestMs = first.result;
  const bareRequestMs = bareBefore ?? (await bare());
  const secondRequestMs = await signIn();
  // The earlier transport in the same window: with http.proxySupport off the bundled undici
  // carries the requests, and its first sign-in loads dist/undici.js.
  const http = vscode.workspace.getConfiguration('http');
  await http.update('proxySupport', 'off', vscode.ConfigurationTarget.Global);
  try {
    const undiciFirstRequestMs = await signIn();
    const undiciSecondRequestMs = await signIn();
    return {
      firstViewMs,
      settleMs,
      firstRequestMs,
      secondRequestMs,
      undiciFirstRequestMs,
      undiciSecondRequestMs,
      bareFirst,
      bareRequestMs,
      signInCodeLoadMs: first.codeLoadMs,
      signInCodeLoaded: first.loaded,
    };
  } finally {
    await http.update('proxySupport', undefined, vscode.ConfigurationTarget.Global);
  }
}

async function fullRun(api: TestingApi): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  // Data: 30 snippets of alice (more than one page), one with a category, one starred; one of bob.
  const mine: Array<{ guid: string; files: Array<{ name: string }> }> = [];
  for (let i = 0; i < 30; i++) {
    mine.push(
      await rest('alice', 'POST', SNIPPETS, {
        name: `bench ${i}`,
        files: [
          { name: `bench${i}.sh`, content: `echo ${i}\n` },
          { name: 'README.md', content: '# bench\n' },
        ],
      }),
    );
  }
  const categorised = await rest<{ categories: Array<{ guid: string }> }>(
    'alice',
    'PUT',
    `${SNIPPETS}/${mine[0].guid}`,
    {
      name: 'bench 0',
      description: '',
      categories: ['bench'],
      files: [{ name: 'bench0.sh', content: 'echo 0\n' }],
    },
  );
  await control('POST', 'stars', { user: 'alice', snippetGuid: mine[1].guid });
  await rest('bob', 'POST', SNIPPETS, { name: 'bob 1', files: [{ name: 'b.txt', content: 'b' }] });

  const account = await api.signIn({ serverUrl: serverUrl(), username: 'alice', password: 'alice' });
  if (!account) throw new Error('the sign-in as alice failed');
  const provider = api.explorer.provider;
  // Every row carries its account: a root made without one has no list to show.
  const root = (list: string): TreeNode =>
    ({ kind: 'root', list, label: list, accountId: accountId(account) }) as TreeNode;
  const children = async (list: string) => (await provider.getChildren(root(list))) ?? [];

  // ---- First page and parallel roots, 100 ms of server latency --------------------------
  await control('PUT', 'latency', { ms: 100 });
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const bare = async () => {
    const t = performance.now();
    const response = await request(`${serverUrl()}${SNIPPETS}?start=0&limit=25`, {
      dispatcher: agent,
      headers: { authorization: auth('alice'), accept: 'application/json' },
    });
    JSON.parse(await response.body.text());
    return performance.now() - t;
  };
  const timed = async (work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    return performance.now() - t;
  };
  // These figures are of the server's first page: the offline cache, which would answer a reset
  // store from memory, is off for them (its own figures follow).
  const settings = vscode.workspace.getConfiguration('bitbucketSnippets');
  await settings.update('cache.maxSizeMB', 0, vscode.ConfigurationTarget.Global);
  await bare();
  await children('mine');
  const bareTimes: number[] = [];
  const storeTimes: number[] = [];
  const treeTimes: number[] = [];
  const oneRoot: number[] = [];
  const fourRoots: number[] = [];
  const category = `category:${categorised.categories[0].guid}`;
  for (let i = 0; i < 7; i++) {
    bareTimes.push(await bare());
    storeTimes.push(await timed(() => api.service.store.refresh('mine')));
    api.service.reset({ username: 'alice', userId: 2 });
    treeTimes.push(
      await timed(async () => {
        if ((await children('mine')).length < 25) throw new Error('first page of My Snippets is short');
      }),
    );
    api.service.reset({ username: 'alice', userId: 2 });
    oneRoot.push(await timed(() => children('mine')));
    api.service.reset({ username: 'alice', userId: 2 });
    fourRoots.push(await timed(() => Promise.all(['mine', 'starred', 'browse', category].map(children))));
  }
  api.service.reset({ username: 'alice', userId: 2 });
  figures.treeHold = await longestHold(() => children('mine'));
  await settings.update('cache.maxSizeMB', undefined, vscode.ConfigurationTarget.Global);

  // ---- First rows from the offline cache, as in a new window: a cache read from its file ----
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-bench-host-cache-'));
  const cacheFromDisk = () =>
    new SnippetCache({ dir: cacheDir, key: `${serverUrl()}#alice`, maxBytes: () => 32 * 1024 * 1024 });
  const primed = cacheFromDisk();
  api.service.useCache(primed);
  api.service.reset({ username: 'alice', userId: 2 });
  await children('mine');
  await primed.flush();
  const cachedTimes: number[] = [];
  const bareAgain: number[] = [];
  for (let i = 0; i < 7; i++) {
    api.service.useCache(cacheFromDisk());
    api.service.reset({ username: 'alice', userId: 2 });
    cachedTimes.push(
      await timed(async () => {
        if ((await children('mine')).length < 25) throw new Error('the cached first page of My Snippets is short');
      }),
    );
    // The revalidation (one GET) finishes before the next sample.
    while (api.service.store.list('mine').fromCache || api.service.store.list('mine').loading) {
      await new Promise((r) => setTimeout(r, 5));
    }
    bareAgain.push(await bare());
  }
  api.service.useCache(cacheFromDisk());
  api.service.reset({ username: 'alice', userId: 2 });
  figures.cachedTreeHold = await longestHold(() => children('mine'));
  while (api.service.store.list('mine').fromCache || api.service.store.list('mine').loading) {
    await new Promise((r) => setTimeout(r, 5));
  }
  api.service.useCache(undefined);
  fs.rmSync(cacheDir, { recursive: true, force: true });
  figures.cachedFirstPage = { cachedMs: median(cachedTimes), bareMs: median(bareAgain), samples: cachedTimes.length };

  await agent.close();
  await control('DELETE', 'latency');
  figures.firstPage = {
    bareMs: median(bareTimes),
    storeMs: median(storeTimes),
    treeMs: median(treeTimes),
    samples: bareTimes.length,
  };
  figures.parallelRoots = { oneRootMs: median(oneRoot), fourRootsMs: median(fourRoots), samples: oneRoot.length };

  // ---- Requests per user action ------------------------------------------------------------
  const requests: Record<string, string[]> = {};
  // The address the extension gives a file today (account, snippet name, file, guid), not the older form it still opens.
  const uri = (index: number, fileName: string) =>
    snippetFileUri(
      { serverUrl: serverUrl(), username: 'alice' },
      { guid: mine[index].guid, name: `bench ${index}` },
      fileName,
    );
  api.service.reset({ username: 'alice', userId: 2 });
  requests.openFileNotLoaded = await counted(async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri(6, 'bench6.sh')));
  });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await api.service.store.refresh('mine');
  if (!api.service.store.get(mine[20].guid)) throw new Error('bench 20 is not on the first page of My Snippets');
  let editor: vscode.TextEditor | undefined;
  requests.openFileFromTree = await counted(async () => {
    editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri(20, 'bench20.sh')));
  });
  // The first edit of a snippet file reads its server's secret-scanning rules ahead of the save (src/editor/secretScan/secretGate.ts).
  let edit: { editor: vscode.TextEditor; applied: boolean } | undefined;
  requests.firstEdit = await counted(async () => {
    const e = await vscode.window.showTextDocument(editor!.document);
    edit = { editor: e, applied: await e.edit((b) => b.insert(new vscode.Position(0, 0), 'echo saved\n')) };
  });
  requests.saveFile = await counted(async () => {
    const e = edit!.editor;
    const dirty = e.document.isDirty;
    if (!(await e.document.save())) {
      throw new Error(
        `save failed (edit applied: ${edit!.applied}, dirty: ${dirty}, text: ${JSON.stringify(e.document.getText())})`,
      );
    }
  });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const source = await vscode.window.showTextDocument(
    await vscode.workspace.openTextDocument({ content: 'one\ntwo\nthree\n', language: 'plaintext' }),
  );
  source.selection = new vscode.Selection(new vscode.Position(0, 0), new vscode.Position(2, 0));
  requests.createFromSelection = await counted(() =>
    Promise.resolve(
      vscode.commands.executeCommand('bitbucketSnippets.createFromSelection', { name: 'bench selection' }),
    ),
  );
  await vscode.window.showTextDocument(source.document);
  source.selection = new vscode.Selection(new vscode.Position(0, 0), new vscode.Position(2, 0));
  requests.createFromSelectionWithDetails = await counted(() =>
    Promise.resolve(
      vscode.commands.executeCommand('bitbucketSnippets.createFromSelection', {
        name: 'bench details',
        description: 'd',
        categories: 'a, b',
      }),
    ),
  );
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  requests.addComment = await counted(() =>
    Promise.resolve(
      vscode.commands.executeCommand('bitbucketSnippets.addComment', { snippetGuid: mine[7].guid }, 'bench comment'),
    ),
  );

  await vscode.commands.executeCommand('bitbucketSnippets.signOut');
  await cloneOfRepo1(serverUrl());
  await api.signIn({ serverUrl: serverUrl(), username: 'admin', password: 'admin' });
  // What signing in loads by itself is not the panel's.
  await sleep(1500);
  let controller: SettingsPanelController | undefined;
  requests.openSettingsPanel = await counted(async () => {
    controller = await vscode.commands.executeCommand<SettingsPanelController | undefined>(
      'bitbucketSnippets.openRepositorySettings',
      { projectKey: 'PROJ', repositorySlug: 'repo1' },
    );
    if (!controller) throw new Error('the settings panel did not open');
    await controller.whenIdle();
  });
  figures.panelRowsAtOpen = { refs: controller!.state.refs.rows.length, hooks: controller!.state.hooks.rows.length };
  // A branch of the clone past the first page of refs, then a tag the server has and the clone has not.
  requests.addRefToPanel = await counted(async () => {
    const added = await controller!.addRef('refs/heads/release/2.0');
    if (!added.ok) throw new Error(`Add Ref failed: ${added.message}`);
    await controller!.whenIdle();
  });
  requests.addServerRefToPanel = await counted(async () => {
    const added = await controller!.addRef('refs/tags/v1.0');
    if (!added.ok) throw new Error(`Add Ref failed: ${added.message}`);
    await controller!.whenIdle();
  });
  requests.toggleRef = await counted(async () => {
    const result = await controller!.setPagesForRef('refs/heads/main', true);
    if (!result.ok) throw new Error(`toggle failed: ${result.message}`);
  });
  figures.panelRows = { refs: controller!.state.refs.rows.length, hooks: controller!.state.hooks.rows.length };
  figures.requests = requests;
  // Each action's hold, by the name its requests are counted under (the same order).
  figures.holds = Object.fromEntries(Object.keys(requests).map((action, i) => [action, actionHolds[i]]));
  figures.idleHold = await idleHold();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return figures;
}
