// Helpers of the snippet document and command suites: API clients as the demo users, signing in,
// and the local server's request log and fault controls.
import { BitbucketClient } from '../../src/api';
import type { TestingApi } from '../../src/onDemand/testingApi';
import { localServerUrl, serverRequests, signInAs, testingApi, type LoggedRequest } from './support';

export function apiAs(user: 'alice' | 'bob'): BitbucketClient {
  return new BitbucketClient({ baseUrl: localServerUrl(), credentials: () => ({ type: 'basic', username: user, password: user }), retry: { retries: 0 } });
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
  const response = await fetch(`${localServerUrl()}/__control/${route}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) throw new Error(`${method} /__control/${route} answered ${response.status}`);
}

