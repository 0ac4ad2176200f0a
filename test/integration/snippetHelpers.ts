// Helpers of the snippet document and command suites: API clients as the demo users, signing in,
// the local server's request log and fault controls, and a search whose result is opened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BitbucketClient } from '../../src/api';
import type { TreeNode } from '../../src/model/snippets/tree/nodes';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { localServerUrl, serverRequests, signInAs, testingApi, until, type LoggedRequest } from './support';

export function apiAs(user: 'alice' | 'bob'): BitbucketClient {
  return new BitbucketClient({
    baseUrl: localServerUrl(),
    credentials: () => ({ type: 'basic', username: user, password: user }),
    retry: { retries: 0 },
  });
}

export async function signInAsAlice(): Promise<TestingApi> {
  const api = await testingApi();
  await signInAs('alice');
  return api;
}

/** Requests the local server logged after `before` entries, optionally only those whose path contains `pathPart`. */
export async function requestsSince(before: number, pathPart = ''): Promise<LoggedRequest[]> {
  return (await serverRequests()).slice(before).filter((r) => r.path.includes(pathPart));
}

export async function control(method: string, route: string, body?: unknown): Promise<void> {
  const response = await fetch(`${localServerUrl()}/__control/${route}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  if (!response.ok) throw new Error(`${method} /__control/${route} answered ${response.status}`);
}

/** What searchAndOpen opens, and how the search starts. */
export interface SearchAndOpen {
  /** The label of the match row to open ("deploy.sh:3"); none: only the pick is closed. */
  open?: string;
  /** Only under the result whose row names this account ("alice @ host:port"). */
  account?: string;
  /** The command and its arguments; Search Snippets… with the query by default. */
  command?: [string, ...unknown[]];
}

/**
 * Search Snippets… with `query`, as a person runs it from the palette. Once the search has ended
 * (or at once, for a text that searches nothing) the pick is closed, and a result is opened from
 * the "Search results" root of the view, as a click on its match row opens it. Resolves to the
 * editor the row opened. Choosing in the pick itself is clicked by the UI suite
 * (test/e2e/search.test.ts).
 */
export async function searchAndOpen(
  api: TestingApi,
  query: string,
  { open: matchLabel, account, command = ['bitbucketSnippets.searchSnippets', query] }: SearchAndOpen = {},
): Promise<vscode.TextEditor | undefined> {
  const previous = api.explorer.lastSearch.state;
  let closed = false;
  const search = Promise.resolve(vscode.commands.executeCommand(...command)).finally(() => (closed = true));
  if (query.trim()) {
    // Ended, and no other search started since for a while: the pick searches its text again after
    // the typing pause when its value is set, which may start once the first search has ended.
    let ended: unknown;
    let since = 0;
    await until(
      `the search of "${query}" to end`,
      () => {
        const state = api.explorer.lastSearch.state;
        const done =
          state !== previous && state?.query === query && !state.running && !state.cancelled ? state : undefined;
        if (done !== ended) [ended, since] = [done, Date.now()];
        return done !== undefined && Date.now() - since >= 600;
      },
      30_000,
    ).catch((err: Error) => {
      // What the last search was when the wait ran out: still running, cancelled (its pick closed), or another one.
      const state = api.explorer.lastSearch.state;
      const seen =
        state === previous
          ? 'no new search started'
          : `the last search was of "${state?.query}", ${state?.running ? 'still running' : state?.cancelled ? 'cancelled' : 'ended'}`;
      throw new Error(`${err.message}: ${seen}; the pick ${closed ? 'had closed' : 'was open'}`);
    });
  }
  // The command opens its pick without the caller waiting for it: close it until it has closed.
  for (let tries = 0; !closed && tries < 100; tries++) {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await Promise.race([search, new Promise((r) => setTimeout(r, 200))]);
  }
  assert.equal(await search, undefined, 'the pick closed without opening anything');
  if (matchLabel === undefined) return undefined;
  const provider = api.explorer.provider;
  const root = ((await provider.getChildren()) as TreeNode[]).find((n) => n.kind === 'searchRoot');
  assert.ok(root, 'the Search results root shows');
  const seen: string[] = [];
  for (const row of (await provider.getChildren(root)) as TreeNode[]) {
    if (account !== undefined && !String((await provider.getTreeItem(row)).description ?? '').endsWith(account)) {
      continue;
    }
    for (const match of (await provider.getChildren(row)) as TreeNode[]) {
      const item = await provider.getTreeItem(match);
      seen.push(String(item.label));
      if (item.label !== matchLabel || !item.command) continue;
      await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
      return until(`${matchLabel} to open`, () => vscode.window.activeTextEditor);
    }
  }
  assert.fail(`no match row "${matchLabel}" in the Search results root: ${seen.join(', ')}`);
}
