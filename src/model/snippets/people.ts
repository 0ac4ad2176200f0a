// Who wrote what, as the views name people: "you", a name learned along the way, or "user 3".
// Plain logic without `vscode`.

import * as l10n from '@vscode/l10n';

/** What is known about people: the signed-in user's id, and names learned along the way. */
export interface People {
  ownUserId: number | undefined;
  names: ReadonlyMap<number, string>;
}

/** How an author is shown: "you", a learned name, or "user 3" when only the id is known. */
export function personLabel(userId: number, people: People): string {
  if (people.ownUserId !== undefined && userId === people.ownUserId) return l10n.t('you');
  return people.names.get(userId) ?? l10n.t('user {0}', userId);
}
