// What the connection check reports: one result per step, in a fixed order, each with what was
// seen and the next thing to try. Plain data, so the report can be formatted and tested in Node.
// A step passes, fails, is skipped, or finds a limit: something the account may not do that
// nothing else needs (hook settings without admin rights), which is not a fault to fix.

import * as l10n from '@vscode/l10n';

export type StepStatus = 'pass' | 'fail' | 'skipped' | 'limit';

export type StepId = 'url' | 'dns' | 'tcp' | 'tls' | 'proxy' | 'auth' | 'identity' | 'snippets' | 'pages' | 'hooks';

export interface StepResult {
  id: StepId;
  title: string;
  status: StepStatus;
  /** One-line verdict: what passed, failed or is limited, or why the step was skipped. */
  summary: string;
  /** Further observations, one per line (certificate fields, each trust source, each prefix). */
  details: string[];
  /** The next thing to try; absent when nothing needs doing. */
  next?: string;
}

/** The order steps appear in the report, and their titles. */
export const STEP_TITLES: ReadonlyArray<[StepId, string]> = [
  ['url', l10n.t('Server URL')],
  ['dns', 'DNS'],
  ['tcp', l10n.t('TCP connection')],
  ['tls', l10n.t('TLS certificate')],
  ['proxy', l10n.t('Proxy')],
  ['auth', l10n.t('Authentication')],
  ['identity', l10n.t('Who the server says you are')],
  ['snippets', l10n.t('Snippets REST prefix')],
  ['pages', l10n.t('Pages REST prefixes')],
  ['hooks', l10n.t('Hook settings permission')],
];

export function titleOf(id: StepId): string {
  return STEP_TITLES.find(([stepId]) => stepId === id)?.[1] ?? id;
}

export function step(
  id: StepId,
  status: StepStatus,
  summary: string,
  more: { details?: string[]; next?: string } = {},
): StepResult {
  return {
    id,
    title: titleOf(id),
    status,
    summary,
    details: more.details ?? [],
    ...(more.next ? { next: more.next } : {}),
  };
}

export const skipped = (id: StepId, reason: string): StepResult => step(id, 'skipped', reason);
