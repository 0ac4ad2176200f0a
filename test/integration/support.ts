// What the integration tests share: the extension under test and the local server the runner
// started for this run.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import type { LoggedRequest } from '../server/controls';

export type { LoggedRequest };

export function getExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`The extension ${EXTENSION_ID} is not loaded in this VS Code.`);
  return extension;
}

/** The local Bitbucket server of this run, as the runner passed it to the extension host. */
export function localServerUrl(): string {
  const url = process.env.BBS_TEST_SERVER_URL;
  if (!url) {
    throw new Error('BBS_TEST_SERVER_URL is not set: run the suite with `npm run test:integration` (or `npm run test:desktop`), which start the local server.');
  }
  return url;
}

/** The /rest requests the local server has logged since it started, oldest first. */
export async function serverRequests(): Promise<LoggedRequest[]> {
  const url = `${localServerUrl()}/__control/requests`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}; the local server's request log is needed here.`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`GET ${url} did not answer with a JSON array.`);
  return body as LoggedRequest[];
}
