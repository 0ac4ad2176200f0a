// What the connection check tests share: the check run the way the editor runs it, with the
// extension's real API client, against servers on loopback.
import { BitbucketClient } from '../../../src/api/client';
import type { Credentials } from '../../../src/api/http';
import type { ClientFactory } from '../../../src/model/connectionCheck/apiSteps';
import {
  runConnectionCheck,
  type ConnectionCheckInput,
  type ConnectionCheckResult,
} from '../../../src/model/connectionCheck/runCheck';
import type { StepId, StepResult } from '../../../src/model/connectionCheck/steps';
import { caFilesSource, nodeRootsSource, unavailableSource } from '../../../src/model/connectionCheck/trustSources';

export const basic = (username: string, password = username): Credentials => ({ type: 'basic', username, password });

/** The client as the editor makes it: the check's request, plus the user's CA files and proxy. */
export function clientFactory(
  extra: { caFiles?: string[]; proxy?: { httpProxy: string; httpsProxy: string } } = {},
): ClientFactory {
  return (request) =>
    new BitbucketClient({
      ...request,
      caFiles: extra.caFiles,
      proxy: extra.proxy,
      timeouts: { connectMs: 2000, headersMs: 5000, bodyMs: 5000 },
    });
}

export function check(
  input: Partial<ConnectionCheckInput> & { serverUrl: string },
  caFiles: string[] = [],
): Promise<ConnectionCheckResult> {
  return runConnectionCheck({
    trustSources: [
      unavailableSource('OS certificate store', 'not available in this build'),
      nodeRootsSource,
      caFilesSource(caFiles),
    ],
    proxy: { env: {} },
    hookKey: 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook',
    timeoutMs: 2000,
    makeClient: clientFactory({ caFiles }),
    ...input,
  });
}

export function stepOf(result: ConnectionCheckResult, id: StepId): StepResult {
  const found = result.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id} in the result`);
  return found;
}

export const statuses = (result: ConnectionCheckResult): Record<string, string> =>
  Object.fromEntries(result.steps.map((s) => [s.id, s.status]));

export { closedPort } from '../../support/failures';
