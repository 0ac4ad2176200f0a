// One user, core REST: `GET /rest/api/latest/users/{userSlug}` (also under `/rest/api/1.0`), as
// Bitbucket answers it: the user (name, slug, id, display name) or 404 NoSuchUserException for a
// user who does not exist. Any signed-in user may read it. A user's slug here is the name in lower
// case (the fixed users' names need nothing more).

import { USERS } from '../directory';
import { Exceptions, notFound, ok, type Reply } from '../http';
import { aliased, type Route, type RouteRequest } from '../router';

export const userRoutes: readonly Route[] = aliased(['/api/latest', '/api/1.0'], 'GET', '/users/{userSlug}', getUser);

function getUser(request: RouteRequest): Reply {
  const slug = request.params.userSlug;
  const user = USERS.find((u) => u.name.toLowerCase() === slug);
  if (!user) throw notFound(`User ${slug} does not exist.`, Exceptions.noSuchUser);
  const displayName = user.name.charAt(0).toUpperCase() + user.name.slice(1);
  return ok({
    name: user.name,
    emailAddress: `${user.name}@example.com`,
    id: user.id,
    displayName,
    active: true,
    slug: user.name.toLowerCase(),
    type: 'NORMAL',
  });
}
