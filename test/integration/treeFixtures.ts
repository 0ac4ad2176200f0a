// What the tree and comments suites share: the extension's test API, sign-in, data made through
// the local server's REST API (the harness starts it empty), and its request log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Comment, Snippet } from '../../src/api/types';
import { EXTENSION_ID } from '../../src/util/constants';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { TreeNode } from '../../src/model/snippets/tree/nodes';
import { logLineSince, logMark } from './extensionLog';
import { localServerUrl, serverRequests, signInWith, testingApi, type LoggedRequest } from './support';

export type { LoggedRequest };

export const SNIPPETS = '/rest/snippets/1.0/snippets';

/** The local server of this run (see support.ts). */
export const serverUrl = localServerUrl;

export async function extensionApi(): Promise<TestingApi> {
  assert.ok(vscode.extensions.getExtension(EXTENSION_ID), `extension ${EXTENSION_ID} is not loaded`);
  const api = await testingApi();
  assert.ok(api.explorer && api.service, 'activate() did not return the test API');
  return api;
}

/**
 * Signs every account out first, so the tree and the store start empty whatever an earlier suite
 * loaded. Signing in reads the server's secret-scanning rules and allowlist ahead of any save: this
 * waits until both reads are over (each logs a line), so that a test counting the requests of what
 * it does next does not count them.
 */
export async function signInAs(user: string): Promise<void> {
  await (await testingApi()).signOutAll();
  const mark = logMark();
  await signInWith({ serverUrl: serverUrl(), username: user, password: user });
  if (vscode.workspace.getConfiguration('bitbucketSnippets').get('secretScan.mode') === 'off') return;
  await logLineSince(mark, "[secret scan] the server's secret-scanning rules");
  await logLineSince(mark, "[secret scan] the server's secret-scanning allowlist");
}

/** A REST call as `user` (password = name), the way the extension's client sends it. */
export async function rest<T>(user: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serverUrl()}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}`,
      ...(method === 'GET' ? {} : { 'Content-Type': 'application/json', 'X-Atlassian-Token': 'no-check' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path} as ${user} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function createSnippet(
  user: string,
  name: string,
  fileName = `${name}.sh`,
  categories: string[] = [],
): Promise<Snippet> {
  const created = await rest<Snippet>(user, 'POST', SNIPPETS, {
    name,
    files: [{ name: fileName, content: `echo ${name}\n` }],
  });
  if (categories.length === 0) return created;
  return rest<Snippet>(user, 'PUT', `${SNIPPETS}/${created.guid}`, {
    name,
    description: `${name} with categories`,
    categories,
    files: [{ name: fileName, content: `echo ${name}\n` }],
  });
}

export async function commentAs(user: string, snippetGuid: string, text: string): Promise<Comment> {
  return rest<Comment>(user, 'POST', `${SNIPPETS}/${snippetGuid}/comments`, { text });
}

export async function clearRequestLog(): Promise<void> {
  await fetch(`${serverUrl()}/__control/requests`, { method: 'DELETE' });
}

/** The /rest requests since the last clear, without the ones a test made itself through `rest`. */
export function requestsSince(): Promise<LoggedRequest[]> {
  return serverRequests();
}

export async function addFault(spec: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${serverUrl()}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
  assert.ok(response.ok, `could not queue fault: ${response.status}`);
}

export function queryOf(request: LoggedRequest): URLSearchParams {
  return new URLSearchParams(request.query);
}

/** The children of a node through the view's own provider, as VS Code would ask for them. */
export async function childrenOf(api: TestingApi, node?: TreeNode): Promise<TreeNode[]> {
  return (await api.explorer.provider.getChildren(node)) ?? [];
}

export async function itemOf(api: TestingApi, node: TreeNode): Promise<vscode.TreeItem> {
  return api.explorer.provider.getTreeItem(node);
}

/** The row's tooltip as a hover shows it: set with the row, or made by resolveTreeItem when it is hovered. */
export async function tooltipOf(api: TestingApi, node: TreeNode): Promise<vscode.TreeItem['tooltip']> {
  const { provider } = api.explorer;
  return provider.resolveTreeItem(provider.getTreeItem(node), node).tooltip;
}

export async function rootOf(api: TestingApi, list: string): Promise<TreeNode> {
  const roots = await childrenOf(api);
  const root = roots.find((r) => r.kind === 'root' && r.list === list);
  assert.ok(root, `no root for ${list} among ${roots.map((r) => (r.kind === 'root' ? r.list : r.kind)).join(', ')}`);
  return root;
}

export async function setPageSize(size: number | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration('bitbucketSnippets')
    .update('pageSize', size, vscode.ConfigurationTarget.Global);
}

export const labelOf = (item: vscode.TreeItem): string =>
  typeof item.label === 'string' ? item.label : (item.label?.label ?? '');

/** Waits until `check` holds, for changes that arrive through events. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
