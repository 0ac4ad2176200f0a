// The users someone chose with "Browse User…", remembered per account across restarts. The
// list handling is plain logic; the class only reads and writes a Memento.
import type * as vscode from 'vscode';
import { StateKeys } from '../../../util/constants';
import * as l10n from '@vscode/l10n';

const STATE_KEY = StateKeys.browsedUsers;

/** Bitbucket user names are matched without regard to case. */
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Checks what someone typed as a user name; returns a problem to show, or undefined when fine. */
export function validateUserName(raw: string): string | undefined {
  const name = raw.trim();
  if (name === '') return l10n.t('Type a Bitbucket user name.');
  if (/\s/.test(name)) return l10n.t('A user name has no spaces.');
  return undefined;
}

/** The list with the user added at the end; unchanged (same array) when already there. */
export function withUser(users: readonly string[], name: string): readonly string[] {
  const trimmed = name.trim();
  if (trimmed === '' || users.some((u) => same(u, trimmed))) return users;
  return [...users, trimmed];
}

export function withoutUser(users: readonly string[], name: string): readonly string[] {
  return users.filter((u) => !same(u, name));
}

/** Keeps only well-formed, distinct names from whatever was stored. */
export function sanitizeUsers(stored: unknown): readonly string[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((u): u is string => typeof u === 'string' && validateUserName(u) === undefined)
    .reduce<readonly string[]>(withUser, []);
}

export class BrowsedUsers {
  constructor(private readonly state: vscode.Memento) {}

  list(accountId: string): readonly string[] {
    return sanitizeUsers(this.all()[accountId]);
  }

  async add(accountId: string, name: string): Promise<void> {
    await this.write(accountId, withUser(this.list(accountId), name));
  }

  async remove(accountId: string, name: string): Promise<void> {
    await this.write(accountId, withoutUser(this.list(accountId), name));
  }

  private all(): Record<string, unknown> {
    const stored = this.state.get<unknown>(STATE_KEY);
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  }

  private async write(accountId: string, users: readonly string[]): Promise<void> {
    await this.state.update(STATE_KEY, { ...this.all(), [accountId]: users });
  }
}
