// The steps that go through the extension's own API client: are the credentials accepted, who
// does the server say you are, which REST prefixes answer, and may you read hook settings.
// The client is made by the caller (the editor builds it from the user's settings, as every
// feature does), so what is checked here is what the extension really sends.
import type { ClientOptions } from '../../api/client';
import type { Credentials, CurrentUser } from '../../api/http';
import { DEFAULT_PREFIXES } from '../../api/prefixes';
import type { RepositoryRef } from '../../api/types';
import { skipped, step, type StepResult } from './steps';
import * as l10n from '@vscode/l10n';
import { errorMessage } from '../../util/errorMessage';
import { describeFailure, hooksStep, isBitbucket, pagesStep, settle, type CheckClient } from './repositorySteps';

export { PROBE_REPOSITORY, type CheckClient } from './repositorySteps';

/** What the check sets on each client it asks for; the factory adds the user's other settings. */
export type ClientRequest = Required<
  Pick<ClientOptions, 'baseUrl' | 'credentials' | 'prefixes' | 'onCurrentUser' | 'retry'>
>;
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
      const reason =
        auth.status === 'fail'
          ? l10n.t('authentication failed (see above)')
          : l10n.t('the first API request failed (see Authentication)');
      return [
        auth,
        skipped('identity', reason),
        skipped('snippets', reason),
        skipped('pages', reason),
        skipped('hooks', reason),
      ];
    }
    const snippets = await snippetsStep(
      first,
      snippetsPrefix,
      () => clientWith({ snippets: DEFAULT_PREFIXES.snippets }),
      options,
    );
    const pages = await pagesStep(
      clean(input.pagesPrefix),
      input.repository,
      (prefix) => clientWith({ pages: prefix }),
      options,
    );
    const hooks = await hooksStep(main, input.repository, input.hookKey, input.credentials, options);
    return [auth, identityStep(heard, input.credentials), snippets, pages, hooks];
  } finally {
    await Promise.all(clients.map((c) => c.dispose().catch(() => undefined)));
  }
}

function authStep(first: unknown, credentials: Credentials, heardIdentity: boolean, baseUrl: string): StepResult {
  const mode =
    credentials.type === 'basic'
      ? l10n.t('user name and password (HTTP Basic) for "{0}"', credentials.username)
      : l10n.t('personal access token (sent as Bearer)');
  const details = [`Mode: ${mode}.`];
  if (first === undefined) return step('auth', 'pass', l10n.t('The server accepted the credentials.'), { details });
  if (isBitbucket(first, 'auth')) {
    return step(
      'auth',
      'fail',
      credentials.type === 'basic'
        ? l10n.t('The server refused the user name or password (HTTP {0}).', first.status ?? 401)
        : l10n.t('The server refused the access token (HTTP {0}).', first.status ?? 401),
      {
        details,
        next: l10n.t(
          'Sign in again (Bitbucket Snippets: Sign In). A personal access token must be sent as a token, not as a password.',
        ),
      },
    );
  }
  if (isBitbucket(first, 'captcha')) {
    return step('auth', 'fail', l10n.t('The server wants a CAPTCHA after too many failed sign-ins.'), {
      details,
      next: l10n.t('Sign in once in a browser at {0}/login to clear it, then sign in here again.', baseUrl),
    });
  }
  if (isBitbucket(first, 'forbidden')) {
    return step(
      'auth',
      'pass',
      l10n.t('The server accepted the credentials, but does not let this account use the snippets app.'),
      { details },
    );
  }
  if (isBitbucket(first, 'not-found')) {
    return heardIdentity
      ? step(
          'auth',
          'pass',
          l10n.t('The server accepted the credentials (it named you, though the snippets path answered 404).'),
          { details },
        )
      : step(
          'auth',
          'skipped',
          l10n.t(
            'Could not be confirmed: the snippets path answered 404 without saying who you are (see Snippets REST prefix).',
          ),
          { details },
        );
  }
  return step('auth', 'fail', l10n.t('The first API request failed: {0}', errorMessage(first)), {
    details,
    next: l10n.t(
      'See the steps above; if they all pass, check the server URL (a login page of a proxy or single sign-on front end answers instead of Bitbucket).',
    ),
  });
}

function identityStep(heard: CurrentUser[], credentials: Credentials): StepResult {
  const user = heard[0];
  if (!user) {
    return step('identity', 'fail', l10n.t('The answers carried no X-AUSERID / X-AUSERNAME headers.'), {
      next: l10n.t(
        'A proxy or single sign-on front end may remove them. Signing in with a token then asks for your user name.',
      ),
    });
  }
  const details = [l10n.t('X-AUSERID: {0}', user.id), l10n.t('X-AUSERNAME: {0}', user.name ?? '(not sent)')];
  if (credentials.type === 'basic' && user.name && user.name.toLowerCase() !== credentials.username.toLowerCase()) {
    details.push(l10n.t('The server knows you as "{0}", not "{1}".', user.name, credentials.username));
  }
  // The name in quotes: it is a value, which the report hides when it is also the password.
  const summary =
    user.name !== undefined
      ? l10n.t('User "{0}", id {1}.', user.name, user.id)
      : l10n.t('A user without a name, id {0}.', user.id);
  return step('identity', 'pass', summary, { details });
}

async function snippetsStep(
  first: unknown,
  prefix: string,
  defaultClient: () => CheckClient,
  options: { signal?: AbortSignal },
): Promise<StepResult> {
  if (first === undefined) return step('snippets', 'pass', `${prefix} answers.`);
  if (isBitbucket(first, 'forbidden')) {
    return step(
      'snippets',
      'fail',
      l10n.t('{0} answers, but refuses this account (HTTP {1}).', prefix, first.status ?? ''),
      {
        next: l10n.t('Ask a Bitbucket administrator whether your account may use the snippets app.'),
      },
    );
  }
  const details = [`${prefix}: HTTP 404`];
  let next = l10n.t(
    'Check the context path of the server URL (for example https://host/bitbucket), or whether the snippets app is installed, and the "Snippets Rest Prefix" setting (bitbucketSnippets.snippetsRestPrefix).',
  );
  if (prefix !== DEFAULT_PREFIXES.snippets) {
    const fallback = await settle(defaultClient().getMySnippets({ limit: 1 }, options));
    details.push(`${DEFAULT_PREFIXES.snippets}: ${fallback === undefined ? 'answers' : describeFailure(fallback)}`);
    if (fallback === undefined) {
      next = l10n.t(
        'The default prefix {0} answers: clear the "Snippets Rest Prefix" setting (bitbucketSnippets.snippetsRestPrefix).',
        DEFAULT_PREFIXES.snippets,
      );
    }
  }
  return step('snippets', 'fail', l10n.t('Nothing answers at {0} (HTTP 404).', prefix), { details, next });
}

function clean(prefix: string | undefined): string | undefined {
  const trimmed = prefix?.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? trimmed : undefined;
}
