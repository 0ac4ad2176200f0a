// Branches and tags, core REST: `/rest/api/latest/projects/{projectKey}/repos/{repositorySlug}/branches`
// and `/tags` (also under `/rest/api/1.0/...`), paged, with `filterText` keeping the refs whose
// short name contains it, as Bitbucket does. Any signed-in user may read them (repository read).
// The refs are fixed per repository (REPOSITORY_REFS in directory.ts).

import { findRepository, REPOSITORY_REFS } from '../directory';
import { ok, pageParams, paginate, type Reply } from '../http';
import { aliased, type Route, type RouteRequest } from '../router';

const PREFIXES = ['/api/latest', '/api/1.0'].map((api) => `${api}/projects/{projectKey}/repos/{repositorySlug}`);

export const refRoutes: readonly Route[] = [
  ...aliased(PREFIXES, 'GET', '/branches', (r) => listRefs(r, 'refs/heads/', 'BRANCH')),
  ...aliased(PREFIXES, 'GET', '/tags', (r) => listRefs(r, 'refs/tags/', 'TAG')),
];

function listRefs(request: RouteRequest, prefix: string, type: 'BRANCH' | 'TAG'): Reply {
  const repo = findRepository(request.params.projectKey, request.params.repositorySlug);
  const filter = (request.query.get('filterText') ?? '').toLowerCase();
  const refs = (REPOSITORY_REFS[repo.id] ?? [])
    .filter((id) => id.startsWith(prefix))
    .map((id) => ({
      id,
      displayId: id.slice(prefix.length),
      type,
      ...(type === 'BRANCH' ? { isDefault: id === 'refs/heads/main' } : {}),
    }))
    .filter((ref) => ref.displayId.toLowerCase().includes(filter));
  return ok(paginate(refs, pageParams(request.query)));
}
