// The connection check's steps about a repository (are the Pages REST prefixes there, may you read
// hook settings) and what every API step shares: how an answer or failure is settled and worded.
// apiSteps.ts runs them in turn. No `vscode` here.
import type { BitbucketClient } from '../../api/client';
import { BitbucketError } from '../../api/errors';
import type { Credentials } from '../../api/http';
import { DEFAULT_PREFIXES, KNOWN_PAGES_PREFIXES } from '../../api/prefixes';
import type { RepositoryRef } from '../../api/types';
import { isMissingRepository } from '../repositories/missingRepository';
import { skipped, step, type StepResult } from './steps';
import * as l10n from '@vscode/l10n';
import { errorMessage } from '../../util/errorMessage';

/** The client's calls the check makes. */
export type CheckClient = Pick<BitbucketClient, 'getMySnippets' | 'getPagesForRef' | 'getHookSettings' | 'dispose'>;

/**
 * A repository no server has: without a real one, the Pages app still tells itself apart from a
 * missing prefix by answering "Repository … does not exist" where an unknown path answers a plain 404.
 */
export const PROBE_REPOSITORY: RepositoryRef = {
  projectKey: 'BBS-CONNECTION-CHECK',
  repositorySlug: 'no-such-repository',
};
const PROBE_REF = 'refs/heads/main';

type PagesAnswer = 'answers' | 'missing' | string;

export async function pagesStep(
  configured: string | undefined,
  repository: RepositoryRef | undefined,
  clientFor: (prefix: string) => CheckClient,
  options: { signal?: AbortSignal },
): Promise<StepResult> {
  const effective = configured ?? DEFAULT_PREFIXES.pages;
  const candidates = [...new Set([effective, ...KNOWN_PAGES_PREFIXES])];
  const repo = repository ?? PROBE_REPOSITORY;
  const answers = new Map<string, PagesAnswer>();
  for (const prefix of candidates) {
    const outcome = await settle(clientFor(prefix).getPagesForRef(repo, PROBE_REF, options));
    answers.set(prefix, pagesAnswer(outcome));
  }
  const label = (p: string) => (p === effective ? l10n.t('{0} (the one the extension uses)', p) : p);
  const answer = (p: string) =>
    answers.get(p) === 'answers'
      ? l10n.t('answers')
      : answers.get(p) === 'missing'
        ? l10n.t('HTTP 404, nothing there')
        : answers.get(p);
  const details = candidates.map((p) => `${label(p)}: ${answer(p)}`);
  if (!repository) {
    details.push(
      l10n.t(
        'No repository is known, so the check asked about {0}/{1}, which does not exist: an app that says so is there.',
        repo.projectKey,
        repo.repositorySlug,
      ),
    );
  }
  const working = candidates.filter((p) => answers.get(p) === 'answers');
  if (answers.get(effective) === 'answers') {
    return step('pages', 'pass', l10n.t('{0} answers.', effective), { details });
  }
  const next =
    working.length > 0
      ? l10n.t('Set "Pages Rest Prefix" (bitbucketSnippets.pagesRestPrefix) to {0}.', working[0])
      : l10n.t(
          'The Pages app does not seem to be installed on this server: the Pages part of the repository settings will not work. Snippets are not affected.',
        );
  return step(
    'pages',
    'fail',
    working.length > 0
      ? l10n.t('{0} does not answer; {1} does.', effective, working.join(', '))
      : l10n.t('{0} does not answer, nor does any known prefix.', effective),
    { details, next },
  );
}

function pagesAnswer(outcome: unknown): PagesAnswer {
  if (outcome === undefined) return 'answers';
  if (outcome instanceof BitbucketError) {
    if (isMissingRepository(outcome)) return 'answers';
    if (outcome.kind === 'not-found') return 'missing';
    // Only an app that is there checks permissions on its repository.
    if (outcome.kind === 'forbidden') return 'answers';
  }
  return l10n.t('could not be checked: {0}', describeFailure(outcome));
}

export async function hooksStep(
  client: CheckClient,
  repository: RepositoryRef | undefined,
  hookKey: string,
  credentials: Credentials,
  options: { signal?: AbortSignal },
): Promise<StepResult> {
  if (!repository) {
    return skipped(
      'hooks',
      l10n.t(
        'No repository on this server is known: open a clone of one in VS Code (or open its repository settings) and run the check again.',
      ),
    );
  }
  const where = `${repository.projectKey}/${repository.repositorySlug}`;
  const details = [`Hook: ${hookKey}`, `Repository: ${where}`];
  const outcome = await settle(client.getHookSettings(repository, hookKey, options));
  if (outcome === undefined) {
    return step(
      'hooks',
      'pass',
      l10n.t('You may read the hook settings of {0}: your account is a repository admin there.', where),
      { details },
    );
  }
  if (isBitbucket(outcome, 'auth', 'forbidden')) {
    const who = credentials.type === 'basic' ? `"${credentials.username}"` : l10n.t('the account of this token');
    // Only hook settings need admin rights: a limit of the account, not a fault of the connection.
    return step(
      'hooks',
      'limit',
      l10n.t(
        '{0} is not a repository admin of {1} (HTTP {2}): not needed unless you change hooks.',
        who,
        where,
        outcome.status ?? '',
      ),
      {
        details,
        next: l10n.t(
          'To change hooks, ask a project or repository admin to do it, or to give you admin permission. Snippets and Pages settings do not need it.',
        ),
      },
    );
  }
  if (outcome instanceof BitbucketError && isMissingRepository(outcome)) {
    return step('hooks', 'fail', l10n.t('Repository {0} was not found on the server.', where), {
      details,
      next: l10n.t('Check the repository of the clone you have open.'),
    });
  }
  if (isBitbucket(outcome, 'not-found')) {
    return step('hooks', 'fail', l10n.t('The server has no hook {0} (HTTP 404).', hookKey), {
      details,
      next: l10n.t(
        'The hook\'s app may not be installed; check the "Pre Receive Hook Key" setting (bitbucketSnippets.preReceiveHookKey).',
      ),
    });
  }
  return step('hooks', 'fail', l10n.t('Could not be checked: {0}', describeFailure(outcome)), { details });
}

/** Undefined when the call succeeded, else what it failed with. */
export async function settle(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    return err ?? new Error('failed');
  }
}

export function isBitbucket(err: unknown, ...kinds: BitbucketError['kind'][]): err is BitbucketError {
  return err instanceof BitbucketError && kinds.includes(err.kind);
}

export function describeFailure(err: unknown): string {
  return err instanceof BitbucketError && err.status !== undefined
    ? `HTTP ${err.status} (${err.message})`
    : errorMessage(err);
}
