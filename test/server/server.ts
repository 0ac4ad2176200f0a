// The local Bitbucket-compatible server: what every test and the demo talk to. It answers the
// snippets, Pages and repository hook REST APIs the way a Bitbucket Data Center server does
// (see shared/notes/bitbucket-server-conventions.md), under an optional context path, over
// HTTP or HTTPS, and offers test controls under `<context path>/__control/` (controls.ts).
//
// Status codes: every success is 200 with a JSON body, including creates (the spec shows none,
// and one rule is easier to rely on than Bitbucket's mix), except the deletes of a snippet or a
// comment and the settings of a never-configured hook, which answer 204 without a body.

import { setMaxListeners } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Authenticator } from './auth';
import { handleControl, ServerControls, type Fault, type LoggedRequest } from './controls';
import { demoData } from './demoData';
import { ApiError, badRequest, errorReply, Exceptions, isPlainObject, parseJson, readBody, type Reply } from './http';
import { Router } from './router';
import { hookRoutes } from './routes/hooks';
import { pagesRoutes } from './routes/pages';
import { refRoutes } from './routes/refs';
import { secretScanningRoutes } from './routes/secretScanning';
import { snippetRoutes } from './routes/snippets';
import { userRoutes } from './routes/users';
import { emptyData, ServerState } from './state';

export interface ServerOptions {
  /** 0 picks a free port; 7990 when absent. */
  port?: number;
  /** 127.0.0.1 when absent. */
  host?: string;
  /** e.g. `/bitbucket`; none when absent. */
  contextPath?: string;
  /** Load from and save to this JSON file; in memory only when absent. */
  dataFile?: string;
  /** Start with the demo data (unless the data file already exists). */
  demo?: boolean;
  /**
   * Serve HTTPS with this key and certificate. With `clientCa`, every client must present a
   * certificate issued by that CA (mutual TLS), as company servers behind such a gate do.
   */
  tls?: { key: string | Buffer; cert: string | Buffer; clientCa?: string | Buffer };
  /** Added before answering every /rest request. */
  latencyMs?: number;
  /** Passwords of the fixed users other than their names, e.g. `{ alice: 'pass' }`. */
  passwords?: Record<string, string>;
}

export interface RunningServer {
  /** Base URL including the context path, without a trailing slash. */
  url: string;
  port: number;
  /** Stops listening and ends open connections, also ones held by a delay fault. */
  close(): Promise<void>;
  state: ServerState;
  controls: ServerControls;
}

export const DEFAULT_PORT = 7990;
export const DEFAULT_HOST = '127.0.0.1';

interface App {
  contextPath: string;
  state: ServerState;
  authenticator: Authenticator;
  controls: ServerControls;
  router: Router;
  /** Aborted on close, ending latency and delay waits. */
  shutdown: AbortSignal;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const state = ServerState.open(options.dataFile, () => (options.demo ? demoData() : emptyData()));
  const authenticator = new Authenticator(options.passwords);
  const shutdown = new AbortController();
  // Every request waiting out the latency listens to it: many at once is no leak.
  setMaxListeners(0, shutdown.signal);
  const app: App = {
    contextPath: normalizeContextPath(options.contextPath),
    state,
    authenticator,
    controls: new ServerControls(state, authenticator, options.latencyMs ?? 0),
    router: new Router()
      .add(snippetRoutes)
      .add(pagesRoutes)
      .add(hookRoutes)
      .add(refRoutes)
      .add(userRoutes)
      .add(secretScanningRoutes),
    shutdown: shutdown.signal,
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(app, req, res).catch((error: unknown) => {
      // Closing, or the client went away (a cancelled request): there is nobody to answer.
      if (app.shutdown.aborted || req.destroyed) return void req.socket.destroy();
      console.error('local Bitbucket server: unexpected error', error);
      send(
        res,
        errorReply(
          new ApiError(500, [{ context: null, message: String(error), exceptionName: Exceptions.serverError }]),
        ),
      );
    });
  };
  const clientCheck = options.tls?.clientCa
    ? { ca: options.tls.clientCa, requestCert: true, rejectUnauthorized: true }
    : {};
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert, ...clientCheck }, listener)
    : createHttpServer(listener);

  const host = options.host ?? DEFAULT_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    url: `${options.tls ? 'https' : 'http'}://${urlHost(host)}:${port}${app.contextPath}`,
    port,
    state,
    controls: app.controls,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

/** `bitbucket`, `/bitbucket/` and `/bitbucket` all mean `/bitbucket`; none is ''. */
function normalizeContextPath(contextPath: string | undefined): string {
  const trimmed = (contextPath ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

/** A host to put in the printed URL: a wildcard address is reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

async function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
  const rawQuery = queryStart < 0 ? '' : url.slice(queryStart + 1);
  const { contextPath } = app;

  if (rawPath !== contextPath && !rawPath.startsWith(`${contextPath}/`)) {
    return send(res, {
      status: 404,
      text: `Not found: this server lives under ${contextPath}/\n`,
      contentType: 'text/plain',
    });
  }
  const path = rawPath.slice(contextPath.length) || '/';
  if (path === '/__control' || path.startsWith('/__control/')) {
    const route = path.replace(/^\/__control\/?/, '').replace(/\/+$/, '');
    return send(
      res,
      handleControl(app.controls, req.method ?? 'GET', route, new URLSearchParams(rawQuery), await readBody(req)),
    );
  }
  if (path.startsWith('/rest/')) return handleRest(app, req, res, path, rawQuery);
  send(res, {
    status: 404,
    text: 'Not found: the REST API is under /rest/ and the test controls under /__control/\n',
    contentType: 'text/plain',
  });
}

/** A /rest request: logged, slowed by the set latency, subject to queued faults, then routed. */
async function handleRest(
  app: App,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  rawQuery: string,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const entry = app.controls.logRequest({ method, path, query: rawQuery, status: 0, user: null, at: Date.now() });

  if (app.controls.latencyMs > 0) await sleep(app.controls.latencyMs, undefined, { signal: app.shutdown });
  const fault = app.controls.takeFault(method, path);
  if (fault?.kind === 'drop') return void req.socket.destroy();
  if (fault?.kind === 'delay') await sleep(fault.ms ?? 0, undefined, { signal: app.shutdown });

  let reply = (fault && earlyFaultReply(fault)) ?? (await answerRest(app, req, method, path, rawQuery, entry));
  if (fault?.kind === 'omit-next-page-start') reply = withoutNextPageStart(reply);
  if (fault?.kind === 'repeat-first') reply = withFirstRepeated(reply);
  entry.status = reply.status;
  send(res, reply);
}

async function answerRest(
  app: App,
  req: IncomingMessage,
  method: string,
  path: string,
  rawQuery: string,
  entry: LoggedRequest,
): Promise<Reply> {
  let who: Record<string, string> = {};
  try {
    const bodyText = await readBody(req);
    const user = app.authenticator.authenticate(req.headers.authorization);
    entry.user = user.name;
    who = { 'X-AUSERNAME': user.name, 'X-AUSERID': String(user.id) };

    if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && !passesXsrfCheck(req)) {
      return { status: 403, text: 'XSRF check failed', contentType: 'text/plain;charset=UTF-8', headers: who };
    }
    const segments = decodeSegments(path.slice('/rest'.length));
    const match = app.router.match(method, segments);
    if (match.kind === 'none') {
      throw new ApiError(404, [{ context: null, message: `No REST resource at ${path}`, exceptionName: null }]);
    }
    if (match.kind === 'wrong-method') {
      throw new ApiError(
        405,
        [
          {
            context: null,
            message: `${method} is not supported here; use ${match.allowed.join(', ')}`,
            exceptionName: null,
          },
        ],
        {
          Allow: match.allowed.join(', '),
        },
      );
    }
    const reply = match.route.handle({
      user,
      params: match.params,
      query: new URLSearchParams(rawQuery),
      json: () => parseJson(bodyText),
      bodyText,
      state: app.state,
    });
    return { ...reply, headers: { ...reply.headers, ...who } };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const reply = errorReply(error);
    return { ...reply, headers: { ...reply.headers, ...who } };
  }
}

/** Bitbucket's XSRF rule for app REST resources: a JSON content type or the no-check token. */
function passesXsrfCheck(req: IncomingMessage): boolean {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const token = req.headers['x-atlassian-token'];
  return mediaType === 'application/json' || (typeof token === 'string' && token.trim().toLowerCase() === 'no-check');
}

/** Path segments, each percent-decoded exactly once; empty segments (`//`, a trailing `/`) are ignored. */
function decodeSegments(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw badRequest(null, 'The path has malformed percent-encoding.');
  }
}

const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Log in - Bitbucket</title></head>
<body><form id="j-login-form" action="/j_atl_security_check" method="post">
<h1>Log in</h1>
<label>Username <input name="j_username" type="text"></label>
<label>Password <input name="j_password" type="password"></label>
<button type="submit">Log in</button>
</form></body></html>
`;

/** The answer of a fault that replaces the real one; undefined for faults that let it through. */
function earlyFaultReply(fault: Fault): Reply | undefined {
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 500;
      const message = fault.message ?? `The server answered ${status} (fault injected by the test controls).`;
      const headers: Record<string, string> =
        fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
      return errorReply(
        new ApiError(status, [{ context: null, message, exceptionName: Exceptions.serverError }], headers),
      );
    }
    case 'malformed-json':
      return {
        status: 200,
        text: '{"size":2,"limit":25,"isLastPage":false,"values":[{"guid":"3f1c',
        contentType: 'application/json;charset=UTF-8',
      };
    case 'html-login':
      return { status: 200, text: LOGIN_PAGE, contentType: 'text/html;charset=UTF-8' };
    default:
      return undefined;
  }
}

/** A list page that lists its first snippet twice, as a server whose list changed while paging may. */
function withFirstRepeated(reply: Reply): Reply {
  if (
    !('json' in reply) ||
    !isPlainObject(reply.json) ||
    !Array.isArray(reply.json.values) ||
    reply.json.values.length === 0
  ) {
    return reply;
  }
  const values = [...reply.json.values, reply.json.values[0]];
  return { ...reply, json: { ...reply.json, values, size: values.length } };
}

/** Reproduces a known Bitbucket bug: a list page that leaves out `nextPageStart`. */
function withoutNextPageStart(reply: Reply): Reply {
  if (!('json' in reply) || !isPlainObject(reply.json) || !Array.isArray(reply.json.values)) return reply;
  const page = { ...reply.json };
  delete page.nextPageStart;
  return { ...reply, json: page };
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string> = { ...reply.headers };
  let body: string | undefined;
  if ('json' in reply) {
    body = JSON.stringify(reply.json);
    headers['Content-Type'] = 'application/json;charset=UTF-8';
  } else if ('text' in reply) {
    body = reply.text;
    headers['Content-Type'] = reply.contentType;
  }
  res.writeHead(reply.status, headers);
  res.end(body);
}
