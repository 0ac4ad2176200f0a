// Global secret-scanning rules, as Bitbucket Data Center 8.3 and later keeps them:
//   GET    /rest/api/latest/secret-scanning/rules[?filter=&order=NAME_ASC|NAME_DESC&start=&limit=]
//   POST   /rest/api/latest/secret-scanning/rules        body {name, lineRegex?, pathRegex?}
//   DELETE /rest/api/latest/secret-scanning/rules/{id}
// (also under /rest/api/1.0). Rules are an administrator's: a plain user is refused with 401
// AuthorisationException, as Bitbucket refuses one who may not see them. A rule needs a name and
// at least one expression; the expressions are Java's, stored as given (this server never runs
// them, as Bitbucket runs them only on pushed commits). Each rule answers with its scope.

import {
  badRequest,
  noContent,
  notFound,
  notPermitted,
  ok,
  paginate,
  pageParams,
  isPlainObject,
  type Reply,
} from '../http';
import { aliased, type Route, type RouteRequest } from '../router';
import type { SecretScanningRule } from '../state';

const PREFIXES = ['/api/latest', '/api/1.0'];

export const secretScanningRoutes: readonly Route[] = [
  ...aliased(PREFIXES, 'GET', '/secret-scanning/rules', listRules),
  ...aliased(PREFIXES, 'POST', '/secret-scanning/rules', createRule),
  ...aliased(PREFIXES, 'DELETE', '/secret-scanning/rules/{id}', deleteRule),
];

function requireAdmin(request: RouteRequest): void {
  if (!request.user.isAdmin) throw notPermitted();
}

function answer(rule: SecretScanningRule): Record<string, unknown> {
  return { ...rule, scope: { type: 'GLOBAL' } };
}

function listRules(request: RouteRequest): Reply {
  requireAdmin(request);
  const filter = request.query.get('filter')?.toLowerCase() ?? '';
  const order = request.query.get('order') === 'NAME_DESC' ? -1 : 1;
  const rules = request.state.data.secretScanningRules
    .filter((rule) => rule.name.toLowerCase().includes(filter))
    .sort((a, b) => order * a.name.localeCompare(b.name) || a.id - b.id)
    .map(answer);
  return ok(paginate(rules, pageParams(request.query)));
}

function createRule(request: RouteRequest): Reply {
  requireAdmin(request);
  const body = request.json();
  if (!isPlainObject(body)) throw badRequest(null, 'The request body must be a rule: {name, lineRegex, pathRegex}.');
  const text = (key: string) =>
    typeof body[key] === 'string' && (body[key] as string).length > 0 ? (body[key] as string) : undefined;
  const name = text('name');
  if (name === undefined) throw badRequest('name', 'A rule needs a name.');
  const lineRegex = text('lineRegex');
  const pathRegex = text('pathRegex');
  if (lineRegex === undefined && pathRegex === undefined) {
    throw badRequest(null, 'Either the line regular expression or the path regular expression must be present.');
  }
  const rules = request.state.data.secretScanningRules;
  const rule: SecretScanningRule = {
    id: rules.reduce((max, r) => Math.max(max, r.id), 0) + 1,
    name,
    ...(lineRegex ? { lineRegex } : {}),
    ...(pathRegex ? { pathRegex } : {}),
  };
  rules.push(rule);
  request.state.changed();
  return ok(answer(rule));
}

function deleteRule(request: RouteRequest): Reply {
  requireAdmin(request);
  const rules = request.state.data.secretScanningRules;
  const index = rules.findIndex((rule) => String(rule.id) === request.params.id);
  if (index < 0) throw notFound(`Secret scanning rule ${request.params.id} does not exist.`);
  rules.splice(index, 1);
  request.state.changed();
  return noContent();
}
