// The Pages app: per-ref and new-ref publishing switches of a repository, served under both
// REST prefixes installations use (`/rest/latest/pages-settings` and `/rest/pages/latest/pages-settings`).
//
// Permissions stand in for Bitbucket's repository permissions, kept simple: any signed-in user
// reads (repository read), only users with `canWriteRepositories` (admin, alice) change
// anything; bob is read-only and gets 401 "not permitted" on PUT and DELETE.

import type { PagesNewRefsSetting, PagesRefSetting } from '../../../src/api/types';
import { findRepository, type Repository } from '../directory';
import { badRequest, notPermitted, ok, type Reply } from '../http';
import { aliased, type Route, type RouteRequest } from '../router';

const PREFIXES = [
  '/latest/pages-settings/{projectKey}/{repositorySlug}',
  '/pages/latest/pages-settings/{projectKey}/{repositorySlug}',
];

export const pagesRoutes: readonly Route[] = [
  ...aliased(PREFIXES, 'GET', '/enabled', (r) => ok(refSetting(r, repository(r)))),
  ...aliased(PREFIXES, 'PUT', '/enabled', (r) => setRef(r, true)),
  ...aliased(PREFIXES, 'DELETE', '/enabled', (r) => setRef(r, false)),
  ...aliased(PREFIXES, 'PUT', '/enabled-for-new-branches', (r) => setNewRefs(r, 'isEnabledForBranches', true)),
  ...aliased(PREFIXES, 'DELETE', '/enabled-for-new-branches', (r) => setNewRefs(r, 'isEnabledForBranches', false)),
  ...aliased(PREFIXES, 'PUT', '/enabled-for-new-tags', (r) => setNewRefs(r, 'isEnabledForTags', true)),
  ...aliased(PREFIXES, 'DELETE', '/enabled-for-new-tags', (r) => setNewRefs(r, 'isEnabledForTags', false)),
];

function repository(request: RouteRequest): Repository {
  return findRepository(request.params.projectKey, request.params.repositorySlug);
}

function writableRepository(request: RouteRequest): Repository {
  const found = repository(request);
  if (!request.user.canWriteRepositories) throw notPermitted();
  return found;
}

/** The `refId` query value, required: a full ref name such as `refs/heads/main`. */
function refId(request: RouteRequest): string {
  const value = request.query.get('refId');
  if (value === null || value.trim() === '') throw badRequest('refId', 'The refId query parameter is required.');
  return value;
}

function refSetting(request: RouteRequest, repo: Repository): PagesRefSetting {
  const ref = refId(request);
  return { repositoryId: repo.id, refId: ref, isEnabled: request.state.pages(repo.id).enabledRefs.includes(ref) };
}

function setRef(request: RouteRequest, enabled: boolean): Reply {
  const repo = writableRepository(request);
  const ref = refId(request);
  const pages = request.state.pages(repo.id);
  pages.enabledRefs = pages.enabledRefs.filter((r) => r !== ref);
  if (enabled) pages.enabledRefs.push(ref);
  request.state.changed();
  return ok(refSetting(request, repo));
}

function setNewRefs(
  request: RouteRequest,
  which: 'isEnabledForBranches' | 'isEnabledForTags',
  enabled: boolean,
): Reply {
  const repo = writableRepository(request);
  const pages = request.state.pages(repo.id);
  pages[which] = enabled;
  request.state.changed();
  const setting: PagesNewRefsSetting = {
    repositoryId: repo.id,
    isEnabledForBranches: pages.isEnabledForBranches,
    isEnabledForTags: pages.isEnabledForTags,
  };
  return ok(setting);
}
