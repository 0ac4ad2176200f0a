// What the server's own tests share: starting a server in-process and calling it with fetch
// the way a Bitbucket client would (Basic credentials, JSON body, JSON content type).

import assert from 'node:assert/strict';
import { startServer, type RunningServer, type ServerOptions } from './server';

export const SNIPPETS = '/rest/snippets/1.0/snippets';

export interface CallOptions {
  /** Basic credentials `name:name`; alice when absent, none when null. */
  user?: string | null;
  /** Overrides `user`: Basic credentials with this password. */
  password?: string;
  /** Sent as `Authorization: Bearer <token>` instead of Basic credentials. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, for malformed bodies. */
  rawBody?: string;
  /** Replace the default headers (Content-Type: application/json on anything but GET). */
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when it is empty or not JSON. */
  json: unknown;
}

export async function call(
  server: RunningServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> =
    options.headers ?? (method === 'GET' ? {} : { 'Content-Type': 'application/json' });
  if (options.token !== undefined) {
    headers.Authorization = `Bearer ${options.token}`;
  } else {
    const user = options.user === undefined ? 'alice' : options.user;
    if (user !== null) {
      headers.Authorization = `Basic ${Buffer.from(`${user}:${options.password ?? user}`).toString('base64')}`;
    }
  }
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Like `call`, but the answer must have this status; returns the parsed body. */
export async function expectStatus<T = unknown>(
  status: number,
  server: RunningServer,
  method: string,
  path: string,
  options?: CallOptions,
): Promise<T> {
  const result = await call(server, method, path, options);
  assert.equal(result.status, status, `${method} ${path} answered ${result.status}: ${result.text}`);
  return result.json as T;
}

interface ErrorBody {
  errors: Array<{ context: string | null; message: string; exceptionName: string | null }>;
}

/** Asserts a Bitbucket error body and returns its entries. */
export function errorsOf(result: CallResult): ErrorBody['errors'] {
  const body = result.json as ErrorBody;
  assert.ok(Array.isArray(body?.errors) && body.errors.length > 0, `not an error body: ${result.text}`);
  return body.errors;
}

/** Starts a server on a free port for the tests of one `describe`, closed after them. */
export function useServer(options: ServerOptions = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeEach(async () => {
    server = await startServer({ port: 0, ...options });
  });
  afterEach(async () => {
    await server?.close();
  });
  return () => {
    assert.ok(server, 'server not started');
    return server;
  };
}
