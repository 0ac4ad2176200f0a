// Which snippets the tools may read, as the setting `bitbucketSnippets.agentTools.lists` allows:
// the user's own with "mine", starred ones with "starred", any visible one with "browse". A read by
// reference is held to the same lists a search is, so a made-up reference reads nothing more.
// Plain Node.
import * as l10n from '@vscode/l10n';
import type { AgentList } from './schemas';

export interface ReadableRule {
  allowed: readonly AgentList[];
  ownUserId: number | undefined;
}

/** Whether the lists allowed let a tool read this snippet; `starred` asks only when it must. */
export async function mayRead(
  snippet: { userId: number; guid: string },
  rule: ReadableRule,
  starred: (guid: string) => Promise<boolean>,
): Promise<boolean> {
  if (rule.allowed.includes('browse')) return true;
  if (rule.allowed.includes('mine') && rule.ownUserId !== undefined && snippet.userId === rule.ownUserId) return true;
  return rule.allowed.includes('starred') && (await starred(snippet.guid));
}

export function notReadable(allowed: readonly AgentList[]): string {
  return l10n.t(
    'This snippet is not in a list tools may read (the setting bitbucketSnippets.agentTools.lists allows: {0}). The user can allow more lists there.',
    allowed.join(', ') || l10n.t('none'),
  );
}

/** The lists a call reads: those asked for (else every allowed one), and those asked for but not allowed. */
export function listsToRead(
  asked: readonly AgentList[] | undefined,
  allowed: readonly AgentList[],
): { lists: AgentList[]; refused: AgentList[] } {
  const wanted = asked && asked.length > 0 ? [...new Set(asked)] : [...allowed];
  return { lists: wanted.filter((l) => allowed.includes(l)), refused: wanted.filter((l) => !allowed.includes(l)) };
}

export function refusedLists(refused: readonly AgentList[], allowed: readonly AgentList[]): string {
  return l10n.t(
    'Not read: {0}, which the setting bitbucketSnippets.agentTools.lists does not allow (it allows: {1}).',
    refused.join(', '),
    allowed.join(', ') || l10n.t('none'),
  );
}
