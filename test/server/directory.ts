// The fixed people and repositories of the local server. They are not part of the saved data:
// every run knows the same three users and two repositories, so tests and the demo can rely on them.

import { ApiError, Exceptions } from './http';

export interface User {
  id: number;
  name: string;
  /** Repository and hook administration. */
  isAdmin: boolean;
  /** Allowed to change Pages settings (stands in for repository write permission). */
  canWriteRepositories: boolean;
}

/** Password is the user name; the personal access token is `<name>-token`. */
export const USERS: readonly User[] = [
  { id: 1, name: 'admin', isAdmin: true, canWriteRepositories: true },
  { id: 2, name: 'alice', isAdmin: false, canWriteRepositories: true },
  { id: 3, name: 'bob', isAdmin: false, canWriteRepositories: false },
];

export function userByName(name: string): User | undefined {
  return USERS.find((u) => u.name === name);
}

export function passwordOf(user: User): string {
  return user.name;
}

export function tokenOf(user: User): string {
  return `${user.name}-token`;
}

export interface Repository {
  id: number;
  projectKey: string;
  slug: string;
}

export const REPOSITORIES: readonly Repository[] = [
  { id: 1, projectKey: 'PROJ', slug: 'repo1' },
  { id: 2, projectKey: 'PROJ', slug: 'repo2' },
];

/**
 * The branches and tags each repository has on the server, by repository id: what Add Ref checks
 * a name against when the local clone does not have it. `main` is every repository's default branch.
 */
export const REPOSITORY_REFS: Readonly<Record<number, readonly string[]>> = {
  1: ['refs/heads/main', 'refs/heads/feature/pages', 'refs/heads/release/2.0', 'refs/tags/v1.0'],
  2: ['refs/heads/main'],
};

/** Finds a repository as Bitbucket does: the project key ignores case, the slug does not. */
export function findRepository(projectKey: string, slug: string): Repository {
  const repository = REPOSITORIES.find(
    (r) => r.projectKey.toUpperCase() === projectKey.toUpperCase() && r.slug === slug,
  );
  if (!repository) {
    throw new ApiError(404, [
      {
        context: null,
        message: `Repository ${projectKey}/${slug} does not exist.`,
        exceptionName: Exceptions.noSuchRepository,
      },
    ]);
  }
  return repository;
}
