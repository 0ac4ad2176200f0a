// What the integration tests share: the extension under test and the local server the runner
// started for this run.
import * as vscode from 'vscode';
import type { SignInArgs } from '../../src/editor/accounts/signIn';
import { Commands, EXTENSION_ID, StateKeys } from '../../src/util/constants';
import type { ExtensionApi } from '../../src/extension';
import type { TestingApi } from '../../src/onDemand/testingApi';
import type { ScriptedAnswer } from '../../src/editor/ui/prompts';
import type { LoggedRequest } from '../server/controls';
import { callAs } from '../server/callAs';

export type { LoggedRequest };

export function getExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`The extension ${EXTENSION_ID} is not loaded in this VS Code.`);
  return extension;
}

/** The extension's test API (its exports in Test mode), activating the extension if needed. */
export async function testingApi(): Promise<TestingApi> {
  const api = (await getExtension().activate()) as ExtensionApi;
  if (!api.testing) {
    throw new Error('The extension did not export its test API: it must run in Test or Development mode.');
  }
  return api.testing;
}

/** Signs in through the test API (the Sign In command takes no password). */
export async function signInWith(args: SignInArgs): Promise<void> {
  await (await testingApi()).signIn(args);
}

/**
 * Signs in to the local server as `user` (password = name) alone: the other accounts sign out
 * first, since signing in adds an account and these suites expect exactly one.
 */
export async function signInAs(user: string): Promise<void> {
  // Sign in first, then the others out: the default account changes at most once, as it did
  // when signing in replaced the account, so the view reloads its lists at most once.
  await signInWith({ serverUrl: localServerUrl(), username: user, password: user });
  const api = await testingApi();
  const accounts = (api.globalStateSnapshot()[StateKeys.accounts] ?? []) as Array<{
    serverUrl: string;
    username: string;
  }>;
  for (const account of accounts) {
    if (account.serverUrl !== localServerUrl() || account.username !== user) {
      await vscode.commands.executeCommand(Commands.signOut, account);
    }
  }
}

/** Answers the next confirmations and input boxes, which a test inside the extension host cannot click. */
export async function answerPrompts(...answers: ScriptedAnswer[]): Promise<void> {
  (await testingApi()).answerPrompts(...answers);
}

/** Drops queued answers nobody asked for; returns how many there were. */
export async function unusedAnswers(): Promise<number> {
  return (await testingApi()).unusedAnswers();
}

/** The local Bitbucket server of this run, as the runner passed it to the extension host. */
export function localServerUrl(): string {
  const url = process.env.BBS_TEST_SERVER_URL;
  if (!url) {
    throw new Error(
      'BBS_TEST_SERVER_URL is not set: run the suite with `npm run test:integration` (or `npm run test:desktop`), which start the local server.',
    );
  }
  return url;
}

/** A REST call to the local server as its administrator, as another client would make it: what the server holds. */
export const adminRest = (method: string, path: string, body?: unknown) =>
  callAs('admin', localServerUrl(), method, path, body);

/** The /rest requests the local server has logged since it started, oldest first. */
export async function serverRequests(): Promise<LoggedRequest[]> {
  const url = `${localServerUrl()}/__control/requests`;
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`GET ${url} answered ${response.status}; the local server's request log is needed here.`);
  }
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`GET ${url} did not answer with a JSON array.`);
  return body as LoggedRequest[];
}

/** Waits until `probe` gives a value (not undefined or false) and returns it; fails naming `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  // Most waits end within a few tens of milliseconds: look again soon at first, then less and less often.
  for (let pause = 10; ; pause = Math.min(100, Math.round(pause * 1.5))) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
