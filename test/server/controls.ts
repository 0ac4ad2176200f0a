/*
 * Test controls: levers a test or a demo pulls to make the server misbehave on purpose, and a
 * log of what the client sent. Served outside `/rest` under `<context path>/__control/`, with no
 * authentication and no XSRF check; bodies and answers are JSON. The same levers are on
 * `RunningServer.controls` for in-process tests.
 *
 *   GET    /__control                   this list, as JSON
 *   GET    /__control/latency           {"ms": n}
 *   PUT    /__control/latency           body {"ms": n}: add n ms before answering every /rest request
 *   DELETE /__control/latency           back to no added latency; answers {"ms": 0}
 *   GET    /__control/faults            the queued faults, each with its "id" and "remaining" count
 *   POST   /__control/faults            body FaultSpec (below): queue a fault; answers it with its id
 *   DELETE /__control/faults            drop every queued fault; answers []
 *   GET    /__control/requests          the /rest request log, oldest first:
 *                                       [{"method","path","query","status","user","at"}]
 *   DELETE /__control/requests          clear the log; answers []
 *   POST   /__control/stars             body {"user": "alice", "snippetGuid": "...", "starredAt"?: ms}:
 *                                       star a snippet for a user; answers the starred entry
 *   DELETE /__control/stars             body {"user": "alice", "snippetGuid": "..."}: unstar;
 *                                       answers {"removed": true|false}
 *   PUT    /__control/files?snippet=GUID body [{"name", "content"}]: replace a snippet's files as given,
 *                                       without the API's checks (two files of one name, as data
 *                                       from elsewhere may hold); answers the snippet
 *   DELETE /__control/failed-logins     forget failed logins (lifts CAPTCHA locks) of every user,
 *                                       or of one with ?user=NAME; answers {"reset": "all"|NAME}
 *
 * FaultSpec: {"kind", "count"?: 1, "method"?: "GET", "path"?: "substring", ...}. A fault applies
 * to the next `count` /rest requests whose method equals `method` (any when absent) and whose
 * path, as sent (still percent-encoded, without context path and query), contains `path`.
 * Kinds:
 *   "status"                {"status"?: 500, "message"?, "retryAfter"?: seconds}: answer that status
 *                           with a Bitbucket error body (and a Retry-After header when given)
 *   "drop"                  destroy the connection without answering (logged with status 0)
 *   "malformed-json"        200 application/json with a truncated JSON body
 *   "html-login"            200 text/html login page, as a single sign-on proxy would answer
 *   "omit-next-page-start"  answer normally but remove `nextPageStart` from a list page
 *   "repeat-first"          answer normally but list the first snippet of a list page again at its end
 *   "delay"                 {"ms"}: wait ms (e.g. longer than the client's timeout), then answer normally
 * Faults other than "delay", "omit-next-page-start" and "repeat-first" answer before authentication and change nothing.
 */

import { randomUUID } from 'node:crypto';
import type { Snippet, StarredEntry } from '../../src/api/types';
import type { Authenticator } from './auth';
import { userByName } from './directory';
import { isPlainObject, ok, parseJson, type Reply } from './http';
import type { ServerState } from './state';

export type FaultKind =
  'status' | 'drop' | 'malformed-json' | 'html-login' | 'omit-next-page-start' | 'repeat-first' | 'delay';

const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'drop',
  'malformed-json',
  'html-login',
  'omit-next-page-start',
  'repeat-first',
  'delay',
];

export interface FaultSpec {
  kind: FaultKind;
  /** How many matching requests it applies to; 1 when absent. */
  count?: number;
  /** Only requests of this method (any case); all when absent. */
  method?: string;
  /** Only requests whose raw path (without context path) contains this; all when absent. */
  path?: string;
  /** kind "status": the status to answer, 500 when absent. */
  status?: number;
  /** kind "status": the error message. */
  message?: string;
  /** kind "status": seconds for a Retry-After header. */
  retryAfter?: number;
  /** kind "delay": milliseconds to wait before answering. */
  ms?: number;
}

export interface Fault extends FaultSpec {
  id: number;
  /** Matching requests it will still apply to. */
  remaining: number;
}

export interface LoggedRequest {
  method: string;
  /** As sent (percent-encoded), without the context path and the query. */
  path: string;
  /** The raw query string without `?`, or '' when there is none. */
  query: string;
  /** 0 when the connection was dropped. */
  status: number;
  /** The authenticated user name, or null when authentication failed or never happened. */
  user: string | null;
  /** Epoch milliseconds of arrival. */
  at: number;
}

export class ServerControls {
  private latency: number;
  private readonly queued: Fault[] = [];
  private readonly log: LoggedRequest[] = [];
  private nextFaultId = 1;

  constructor(
    private readonly state: ServerState,
    private readonly authenticator: Authenticator,
    initialLatencyMs = 0,
  ) {
    this.latency = initialLatencyMs;
  }

  get latencyMs(): number {
    return this.latency;
  }

  setLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('latency must be a non-negative number of milliseconds');
    this.latency = ms;
  }

  resetLatency(): void {
    this.latency = 0;
  }

  addFault(spec: FaultSpec): Fault {
    if (!FAULT_KINDS.includes(spec.kind)) {
      throw new Error(`unknown fault kind ${String(spec.kind)}; one of ${FAULT_KINDS.join(', ')}`);
    }
    const count = spec.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive whole number');
    if (spec.kind === 'delay' && !(typeof spec.ms === 'number' && spec.ms >= 0)) {
      throw new Error('a delay fault needs ms');
    }
    const fault: Fault = { ...spec, id: this.nextFaultId++, remaining: count };
    this.queued.push(fault);
    return { ...fault };
  }

  faults(): Fault[] {
    return this.queued.map((f) => ({ ...f }));
  }

  clearFaults(): void {
    this.queued.length = 0;
  }

  /** The first queued fault matching this request, used up by one. */
  takeFault(method: string, path: string): Fault | undefined {
    const index = this.queued.findIndex(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (f.path === undefined || path.includes(f.path)),
    );
    if (index < 0) return undefined;
    const fault = this.queued[index];
    fault.remaining -= 1;
    if (fault.remaining === 0) this.queued.splice(index, 1);
    return { ...fault };
  }

  requests(): LoggedRequest[] {
    return this.log.map((r) => ({ ...r }));
  }

  clearRequests(): void {
    this.log.length = 0;
  }

  /** Adds an entry to the request log; the server fills in status and user as it answers. */
  logRequest(entry: LoggedRequest): LoggedRequest {
    this.log.push(entry);
    return entry;
  }

  /** Stars a snippet for a user (the API itself has no way to); starring again moves `starredAt`. */
  star(username: string, snippetGuid: string, starredAt?: number): StarredEntry {
    const user = userByName(username);
    if (!user) throw new Error(`no user ${username}`);
    const snippet = this.state.snippet(snippetGuid);
    if (!snippet) throw new Error(`no snippet ${snippetGuid}`);
    const at = starredAt ?? this.state.now();
    this.state.data.stars = this.state.data.stars.filter(
      (s) => !(s.userId === user.id && s.snippetGuid === snippetGuid),
    );
    this.state.data.stars.push({ userId: user.id, snippetGuid, starredAt: at });
    this.state.changed();
    return { snippet, userId: user.id, starredAt: at };
  }

  /** Whether there was such a star. */
  unstar(username: string, snippetGuid: string): boolean {
    const user = userByName(username);
    const before = this.state.data.stars.length;
    this.state.data.stars = this.state.data.stars.filter(
      (s) => !(s.userId === user?.id && s.snippetGuid === snippetGuid),
    );
    const removed = this.state.data.stars.length < before;
    if (removed) this.state.changed();
    return removed;
  }

  /** Replaces a snippet's files without the API's checks (two files may share a name). */
  setFiles(snippetGuid: string, files: unknown): Snippet {
    const snippet = this.state.snippet(snippetGuid);
    if (!snippet) throw new Error(`no snippet ${snippetGuid}`);
    if (
      !Array.isArray(files) ||
      !files.every((f) => isPlainObject(f) && typeof f.name === 'string' && typeof f.content === 'string')
    ) {
      throw new Error('files must be a list of {"name", "content"}');
    }
    snippet.files = files.map((f: { name: string; content: string }) => ({
      guid: randomUUID(),
      name: f.name,
      content: f.content,
    }));
    snippet.updatedAt = this.state.now();
    this.state.changed();
    return snippet;
  }

  /** Lifts CAPTCHA locks: of one user name, or of all when none is given. */
  resetFailedLogins(username?: string): void {
    this.authenticator.resetFailedLogins(username);
  }
}

const HELP = {
  about: 'Test controls of the local Bitbucket-compatible server; see test/server/README.md.',
  routes: [
    'GET|PUT|DELETE /__control/latency',
    'GET|POST|DELETE /__control/faults',
    'GET|DELETE /__control/requests',
    'POST|DELETE /__control/stars',
    'PUT /__control/files?snippet=GUID',
    'DELETE /__control/failed-logins[?user=NAME]',
  ],
};

/** Answers a request under `/__control`; `route` is the path after it, e.g. `faults`. */
export function handleControl(
  controls: ServerControls,
  method: string,
  route: string,
  query: URLSearchParams,
  bodyText: string,
): Reply {
  try {
    const body = parseJson(bodyText);
    switch (`${method} ${route}`) {
      case 'GET ':
        return ok(HELP);
      case 'GET latency':
        return ok({ ms: controls.latencyMs });
      case 'PUT latency':
        controls.setLatency(Number(objectBody(body).ms));
        return ok({ ms: controls.latencyMs });
      case 'DELETE latency':
        controls.resetLatency();
        return ok({ ms: controls.latencyMs });
      case 'GET faults':
        return ok(controls.faults());
      case 'POST faults':
        return ok(controls.addFault(objectBody(body) as unknown as FaultSpec));
      case 'DELETE faults':
        controls.clearFaults();
        return ok(controls.faults());
      case 'GET requests':
        return ok(controls.requests());
      case 'DELETE requests':
        controls.clearRequests();
        return ok(controls.requests());
      case 'POST stars': {
        const { user, snippetGuid, starredAt } = objectBody(body);
        return ok(
          controls.star(String(user), String(snippetGuid), typeof starredAt === 'number' ? starredAt : undefined),
        );
      }
      case 'DELETE stars': {
        const { user, snippetGuid } = objectBody(body);
        return ok({ removed: controls.unstar(String(user), String(snippetGuid)) });
      }
      case 'PUT files':
        return ok(controls.setFiles(query.get('snippet') ?? '', body));
      case 'DELETE failed-logins': {
        const user = query.get('user') ?? undefined;
        controls.resetFailedLogins(user);
        return ok({ reset: user ?? 'all' });
      }
      default:
        return { status: 404, json: { error: `no control route ${method} /__control/${route}`, ...HELP } };
    }
  } catch (error) {
    return { status: 400, json: { error: (error as Error).message } };
  }
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw new Error('the body must be a JSON object');
  return body;
}
