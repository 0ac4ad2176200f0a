// The steps that go through the extension's own API client: are the credentials accepted, who
// does the server say you are, which REST prefixes answer, and may you read hook settings.
// The client is made by the caller (the editor builds it from the user's settings, as every
// feature does), so what is checked here is what the extension really sends.
import type { BitbucketClient, ClientOptions } from '../api/client';
import { BitbucketError } from '../api/errors';
import type { Credentials, CurrentUser } from '../api/http';
import { DEFAULT_PREFIXES, KNOWN_PAGES_PREFIXES } from '../api/prefixes';
import type { RepositoryRef } from '../api/types';
import { isMissingRepository } from '../repositories/missingRepository';
import { skipped, step, type StepResult } from './steps';

export type CheckClient = Pick<BitbucketClient, 'getMySnippets' | 'getPagesForRef' | 'getHookSettings' | 'dispose'>;

/** What the check sets on each client it asks for; the factory adds the user's other settings. */
export type ClientRequest = Required<Pick<ClientOptions, 'baseUrl' | 'credentials' | 'prefixes' | 'onCurrentUser' | 'retry'>>;
export type ClientFactory = (request: ClientRequest) => CheckClient;

export interface ApiCheckInput {
  baseUrl: string;
  credentials: Credentials;
  /** The configured prefixes; empty or undefined means the client's default. */
  snippetsPrefix?: string;
  pagesPrefix?: string;
  /** A repository on this server, for the Pages and hook steps; the Pages step probes without one. */
  repository?: RepositoryRef;
  hookKey: string;
  makeClient: ClientFactory;
  signal?: AbortSignal;
}

/**
 * A repository no server has: without a real one, the Pages app still tells itself apart from a
 * missing prefix by answering "Repository … does not exist" where an unknown path answers a plain 404.
 */
export const PROBE_REPOSITORY: RepositoryRef = { projectKey: 'BBS-CONNECTION-CHECK', repositorySlug: 'no-such-repository' };
const PROBE_REF = 'refs/heads/main';

export async function checkApi(input: ApiCheckInput): Promise<StepResult[]> {
  const heard: CurrentUser[] = [];
  const clients: CheckClient[] = [];
  const clientWith = (prefixes: ClientRequest['prefixes']): CheckClient => {
    const client = input.makeClient({
      baseUrl: input.baseUrl,
      credentials: () => input.credentials,
      prefixes,
      onCurrentUser: (user) => heard.push(user),
      // One answer per question: a retry would only make a failing check slower.
      retry: { retries: 0 },
    });
    clients.push(client);
    return client;
  };
  const options = { signal: input.signal };
  try {
    const snippetsPrefix = clean(input.snippetsPrefix) ?? DEFAULT_PREFIXES.snippets;
    const main = clientWith({ snippets: snippetsPrefix, pages: clean(input.pagesPrefix) });
    const first = await settle(main.getMySnippets({ limit: 1 }, options));
    const auth = authStep(first, input.credentials, heard.length > 0, input.baseUrl);
    if (auth.status === 'fail' || (first !== undefined && !isBitbucket(first, 'not-found', 'forbidden'))) {
      const reason = auth.status === 'fail' ? 'authentication failed (see above)' : 'the first API request failed (see Authentication)';
      return [auth, skipped('identity', reason), skipped('snippets', reason), skipped('pages', reason), skipped('hooks', reason)];
    }
    const snippets = await snippetsStep(first, snippetsPrefix, () => clientWith({ snippets: DEFAULT_PREFIXES.snippets }), options);
    const pages = await pagesStep(clean(input.pagesPrefix), input.repository, (prefix) => clientWith({ pages: prefix }), options);
    const hooks = await hooksStep(main, input.repository, input.hookKey, input.credentials, options);
    return [auth, identityStep(heard, input.credentials), snippets, pages, hooks];
  } finally {
    await Promise.all(clients.map((c) => c.dispose().catch(() => undefined)));
  }
}

function authStep(first: unknown, credentials: Credentials, heardIdentity: boolean, baseUrl: string): StepResult {
  const mode = credentials.type === 'basic' ? `user name and password (HTTP Basic) for "${credentials.username}"` : 'personal access token (sent as Bearer)';
  const details = [`Mode: ${mode}.`];
  const what = credentials.type === 'basic' ? 'user name or password' : 'access token';
  if (first === undefined) return step('auth', 'pass', 'The server accepted the credentials.', { details });
  if (isBitbucket(first, 'auth')) {
    return step('auth', 'fail', `The server refused the ${what} (HTTP ${first.status ?? 401}).`, {
      details,
      next: 'Sign in again (Bitbucket Snippets: Sign In). A personal access token must be sent as a token, not as a password.',
    });
  }
  if (isBitbucket(first, 'captcha')) {
    return step('auth', 'fail', 'The server wants a CAPTCHA after too many failed sign-ins.', {
      details,
      next: `Sign in once in a browser at ${baseUrl}/login to clear it, then sign in here again.`,
    });
  }
  if (isBitbucket(first, 'forbidden')) {
    return step('auth', 'pass', 'The server accepted the credentials, but does not let this account use the snippets app.', { details });
  }
  if (isBitbucket(first, 'not-found')) {
    return heardIdentity
      ? step('auth', 'pass', 'The server accepted the credentials (it named you, though the snippets path answered 404).', { details })
      : step('auth', 'skipped', 'Could not be confirmed: the snippets path answered 404 without saying who you are (see Snippets REST prefix).', { details });
  }
  return step('auth', 'fail', `The first API request failed: ${messageOf(first)}`, {
    details,
    next: 'See the steps above; if they all pass, check the server URL (a login page of a proxy or single sign-on front end answers instead of Bitbucket).',
  });
}

function identityStep(heard: CurrentUser[], credentials: Credentials): StepResult {
  const user = heard[0];
  if (!user) {
    return step('identity', 'fail', 'The answers carried no X-AUSERID / X-AUSERNAME headers.', {
      next: 'A proxy or single sign-on front end may remove them. Signing in with a token then asks for your user name.',
    });
  }
  const details = [`X-AUSERID: ${user.id}`, `X-AUSERNAME: ${user.name ?? '(not sent)'}`];
  if (credentials.type === 'basic' && user.name && user.name.toLowerCase() !== credentials.username.toLowerCase()) {
    details.push(`The server knows you as "${user.name}", not "${credentials.username}".`);
  }
  return step('identity', 'pass', `User ${user.name ?? '(no name)'}, id ${user.id}.`, { details });
}

async function snippetsStep(first: unknown, prefix: string, defaultClient: () => CheckClient, options: { signal?: AbortSignal }): Promise<StepResult> {
  if (first === undefined) return step('snippets', 'pass', `${prefix} answers.`);
  if (isBitbucket(first, 'forbidden')) {
    return step('snippets', 'fail', `${prefix} answers, but refuses this account (HTTP ${first.status}).`, {
      next: 'Ask a Bitbucket administrator whether your account may use the snippets app.',
    });
  }
  const details = [`${prefix}: HTTP 404`];
  let next = 'Check the context path of the server URL (for example https://host/bitbucket), or whether the snippets app is installed, and the "Snippets Rest Prefix" setting (bitbucketSnippets.snippetsRestPrefix).';
  if (prefix !== DEFAULT_PREFIXES.snippets) {
    const fallback = await settle(defaultClient().getMySnippets({ limit: 1 }, options));
    details.push(`${DEFAULT_PREFIXES.snippets}: ${fallback === undefined ? 'answers' : describeFailure(fallback)}`);
    if (fallback === undefined) next = `The default prefix ${DEFAULT_PREFIXES.snippets} answers: clear the "Snippets Rest Prefix" setting (bitbucketSnippets.snippetsRestPrefix).`;
  }
  return step('snippets', 'fail', `Nothing answers at ${prefix} (HTTP 404).`, { details, next });
}

type PagesAnswer = 'answers' | 'missing' | string;

async function pagesStep(configured: string | undefined, repository: RepositoryRef | undefined, clientFor: (prefix: string) => CheckClient, options: { signal?: AbortSignal }): Promise<StepResult> {
  const effective = configured ?? DEFAULT_PREFIXES.pages;
  const candidates = [...new Set([effective, ...KNOWN_PAGES_PREFIXES])];
  const repo = repository ?? PROBE_REPOSITORY;
  const answers = new Map<string, PagesAnswer>();
  for (const prefix of candidates) {
    const outcome = await settle(clientFor(prefix).getPagesForRef(repo, PROBE_REF, options));
    answers.set(prefix, pagesAnswer(outcome));
  }
  const label = (p: string) => `${p}${p === effective ? ' (the one the extension uses)' : ''}`;
  const details = candidates.map((p) => `${label(p)}: ${answers.get(p) === 'answers' ? 'answers' : answers.get(p) === 'missing' ? 'HTTP 404, nothing there' : answers.get(p)}`);
  if (!repository) details.push(`No repository is known, so the check asked about ${repo.projectKey}/${repo.repositorySlug}, which does not exist: an app that says so is there.`);
  const working = candidates.filter((p) => answers.get(p) === 'answers');
  if (answers.get(effective) === 'answers') return step('pages', 'pass', `${effective} answers.`, { details });
  const next = working.length > 0
    ? `Set "Pages Rest Prefix" (bitbucketSnippets.pagesRestPrefix) to ${working[0]}.`
    : 'The Pages app does not seem to be installed on this server: the Pages part of the repository settings will not work. Snippets are not affected.';
  return step('pages', 'fail', `${effective} does not answer${working.length > 0 ? `; ${working.join(', ')} does` : ', nor does any known prefix'}.`, { details, next });
}

function pagesAnswer(outcome: unknown): PagesAnswer {
  if (outcome === undefined) return 'answers';
  if (outcome instanceof BitbucketError) {
    if (isMissingRepository(outcome)) return 'answers';
    if (outcome.kind === 'not-found') return 'missing';
    // Only an app that is there checks permissions on its repository.
    if (outcome.kind === 'forbidden') return 'answers';
  }
  return `could not be checked: ${describeFailure(outcome)}`;
}

async function hooksStep(client: CheckClient, repository: RepositoryRef | undefined, hookKey: string, credentials: Credentials, options: { signal?: AbortSignal }): Promise<StepResult> {
  if (!repository) {
    return skipped('hooks', 'No repository on this server is known: open a clone of one in VS Code (or open its repository settings) and run the check again.');
  }
  const where = `${repository.projectKey}/${repository.repositorySlug}`;
  const details = [`Hook: ${hookKey}`, `Repository: ${where}`];
  const outcome = await settle(client.getHookSettings(repository, hookKey, options));
  if (outcome === undefined) return step('hooks', 'pass', `You may read the hook settings of ${where}: your account is a repository admin there.`, { details });
  if (isBitbucket(outcome, 'auth', 'forbidden')) {
    const who = credentials.type === 'basic' ? `"${credentials.username}"` : 'the account of this token';
    return step('hooks', 'fail', `Hook settings need repository admin permission, which ${who} does not have on ${where} (HTTP ${outcome.status}).`, {
      details,
      next: 'Ask a project or repository admin to change hook settings, or to give you admin permission. Snippets and Pages settings do not need it.',
    });
  }
  if (outcome instanceof BitbucketError && isMissingRepository(outcome)) {
    return step('hooks', 'fail', `Repository ${where} was not found on the server.`, { details, next: 'Check the repository of the clone you have open.' });
  }
  if (isBitbucket(outcome, 'not-found')) {
    return step('hooks', 'fail', `The server has no hook ${hookKey} (HTTP 404).`, {
      details,
      next: 'The hook\'s app may not be installed; check the "Pre Receive Hook Key" setting (bitbucketSnippets.preReceiveHookKey).',
    });
  }
  return step('hooks', 'fail', `Could not be checked: ${describeFailure(outcome)}`, { details });
}

/** Undefined when the call succeeded, else what it failed with. */
async function settle(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    return err ?? new Error('failed');
  }
}

function isBitbucket(err: unknown, ...kinds: BitbucketError['kind'][]): err is BitbucketError {
  return err instanceof BitbucketError && kinds.includes(err.kind);
}

function describeFailure(err: unknown): string {
  return err instanceof BitbucketError && err.status !== undefined ? `HTTP ${err.status} (${err.message})` : messageOf(err);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function clean(prefix: string | undefined): string | undefined {
  const trimmed = prefix?.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? trimmed : undefined;
}
