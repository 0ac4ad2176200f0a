// Repository hooks, core REST: `/rest/api/latest/projects/{projectKey}/repos/{repositorySlug}/settings/hooks...`,
// also under `/rest/api/1.0/...`. Every operation needs repository admin; here only `admin` is one.
//
// Answers: the hook object for GET of a hook and for PUT/DELETE of `/enabled`; the settings
// for GET `/settings` (204 until configured) and PUT `/settings` (echoing what was stored).
// Settings are kept as the text the client sent and answered as it: Bitbucket (Java, Jackson)
// keeps a 64-bit number exactly, which JSON.parse and JSON.stringify would round.

import type { HookSettings, RepositoryHook } from '../../../src/api/types';
import { findRepository, type Repository } from '../directory';
import { HOOKS, hookDefinition, type HookDefinition } from '../hookCatalog';
import {
  Exceptions,
  isPlainObject,
  noContent,
  notFound,
  notPermitted,
  ok,
  pageParams,
  paginate,
  validationFailed,
  type Reply,
} from '../http';
import { aliased, type Route, type RouteRequest } from '../router';
import type { StoredHook } from '../state';

const PREFIXES = ['/api/latest', '/api/1.0'].map(
  (api) => `${api}/projects/{projectKey}/repos/{repositorySlug}/settings/hooks`,
);

/** Bitbucket refuses hook settings larger than this, serialized. */
export const MAX_SETTINGS_BYTES = 32 * 1024;

const NOT_FLAT = 'The settings must only have values of type String, Boolean or Number.';

export const hookRoutes: readonly Route[] = [
  ...aliased(PREFIXES, 'GET', '', listHooks),
  ...aliased(PREFIXES, 'GET', '/{hookKey}', (r) => {
    const { repo, hook } = target(r);
    return ok(hookObject(r, repo, hook));
  }),
  ...aliased(PREFIXES, 'GET', '/{hookKey}/settings', getSettings),
  ...aliased(PREFIXES, 'PUT', '/{hookKey}/settings', putSettings),
  ...aliased(PREFIXES, 'PUT', '/{hookKey}/enabled', (r) => setEnabled(r, true)),
  ...aliased(PREFIXES, 'DELETE', '/{hookKey}/enabled', (r) => setEnabled(r, false)),
];

function adminRepository(request: RouteRequest): Repository {
  const repo = findRepository(request.params.projectKey, request.params.repositorySlug);
  if (!request.user.isAdmin) throw notPermitted();
  return repo;
}

function target(request: RouteRequest): { repo: Repository; hook: HookDefinition } {
  const repo = adminRepository(request);
  const key = request.params.hookKey;
  const hook = hookDefinition(key);
  if (!hook) throw notFound(`No such hook ${key}`, Exceptions.noSuchHook);
  return { repo, hook };
}

function hookObject(request: RouteRequest, repo: Repository, hook: HookDefinition): RepositoryHook {
  const stored = request.state.hook(repo.id, hook.details.key);
  return {
    details: hook.details,
    enabled: stored.enabled,
    configured: stored.settings !== undefined,
    scope: { type: 'REPOSITORY', resourceId: repo.id },
  };
}

/** `?type=PRE_RECEIVE|PRE_PULL_REQUEST_MERGE` keeps hooks of that type only. */
function listHooks(request: RouteRequest): Reply {
  const repo = adminRepository(request);
  const type = request.query.get('type');
  const hooks = HOOKS.filter((h) => type === null || h.details.type === type).map((h) => hookObject(request, repo, h));
  return ok(paginate(hooks, pageParams(request.query)));
}

function getSettings(request: RouteRequest): Reply {
  const { repo, hook } = target(request);
  const stored = request.state.hook(repo.id, hook.details.key);
  return stored.settings === undefined ? noContent() : settingsReply(stored);
}

function putSettings(request: RouteRequest): Reply {
  const { repo, hook } = target(request);
  const settings = checkSettings(hook, request.json());
  const stored = request.state.hook(repo.id, hook.details.key);
  Object.assign(stored, { settings, settingsText: request.bodyText });
  request.state.changed();
  return settingsReply(stored);
}

/** The stored settings as the client sent them, else (demo data, settings from before the text was kept) as JSON. */
function settingsReply(stored: StoredHook): Reply {
  return stored.settingsText === undefined
    ? ok(stored.settings)
    : { status: 200, text: stored.settingsText, contentType: 'application/json;charset=UTF-8' };
}

/** A PUT with a JSON body stores it as the settings first, after the same checks as PUT `/settings`. */
function setEnabled(request: RouteRequest, enabled: boolean): Reply {
  const { repo, hook } = target(request);
  const body = enabled ? request.json() : undefined;
  const settings = body === undefined ? undefined : checkSettings(hook, body);
  const stored = request.state.hook(repo.id, hook.details.key);
  if (settings !== undefined) Object.assign(stored, { settings, settingsText: request.bodyText });
  stored.enabled = enabled;
  request.state.changed();
  return ok(hookObject(request, repo, hook));
}

/** Flat values only, at most 32 KB serialized, then the hook's own field checks. */
function checkSettings(hook: HookDefinition, body: unknown): HookSettings {
  const flat =
    isPlainObject(body) && Object.values(body).every((v) => ['string', 'number', 'boolean'].includes(typeof v));
  if (!flat) throw validationFailed([{ context: null, message: NOT_FLAT }]);
  const settings = body as HookSettings;
  const size = Buffer.byteLength(JSON.stringify(settings), 'utf8');
  if (size > MAX_SETTINGS_BYTES) {
    throw validationFailed([
      {
        context: null,
        message: `The settings are too large: ${size} bytes where at most ${MAX_SETTINGS_BYTES} are allowed.`,
      },
    ]);
  }
  const errors = hook.validate(settings);
  if (errors.length > 0) throw validationFailed(errors);
  return settings;
}
