// The one place that talks HTTP: a wire per server (wire/wire.ts: Node's https module, which
// VS Code patches with its proxy support, or the bundled undici), authentication, Bitbucket's
// headers, timeouts, retries for reads, and the translation of every failure into a
// BitbucketError. It never stores, logs or reports credentials.
import { readFileSync } from 'node:fs';
import { parseBaseUrl } from './baseUrl';
import { BitbucketError, type BitbucketErrorKind, type ServerMessage } from './errors';
import { agentSentCredentials, directConnectionHint, editorCredentialsSource, editorProxyError, editorProxyResponseError, proxyLabelOf } from './proxy/editorProxyErrors';
import { proxyError } from './proxy/proxyErrors';
import { proxyForTarget, type ProxyOptions, type ResolvedProxy } from './proxy/proxyForTarget';
import { trustedAuthorities } from './trust/trustedAuthorities';
import { warnIfVerificationOffInEnvironment } from './verificationEnvironment';
import { createNodeWire, type ViaProxy } from './wire/nodeWire';
import { createUndiciWire } from './wire/undiciWire';
import { WIRE_CODES, type Wire, type WireHeaders, type WireKind, type WireResponse } from './wire/wire';
import * as l10n from '@vscode/l10n';

export type { WireKind } from './wire/wire';

export type { ProxyOptions } from './proxy/proxyForTarget';
import { certificateLabel, loadClientCertificate, type ClientCertificateOptions } from './clientCertificate';
import { clientCertificateFailure } from './clientCertificateFailure';

export type Credentials =
  | { type: 'basic'; username: string; password: string }
  | { type: 'token'; token: string };

/** Called before every request, so a sign-out or a new password takes effect at once. */
export type CredentialsProvider = () => Credentials | undefined | Promise<Credentials | undefined>;

export interface Timeouts {
  connectMs: number;
  /** Until the response headers arrive. */
  headersMs: number;
  /** Longest silence while the body streams in. */
  bodyMs: number;
  /**
   * The whole request, from sending it to the body's last byte. The idle timers above never end
   * a body that arrives a byte at a time; this does.
   */
  totalMs: number;
}

export interface RetryPolicy {
  /** Extra attempts after the first, for GETs only. */
  retries: number;
  baseDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is reported instead. */
  maxDelayMs: number;
}

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, message: string) => void;

export interface CurrentUser {
  id: number;
  name: string | undefined;
}

export interface TransportOptions {
  /** Scheme, host, port and optional context path, e.g. `https://host/bitbucket`. */
  baseUrl: string;
  credentials: CredentialsProvider;
  /** PEM files of extra certificate authorities, trusted besides the system's. */
  caFiles?: string[];
  /** Trust the OS's certificate store besides Node's roots (VS Code's `http.systemCertificates`); default true. */
  systemCertificates?: boolean;
  /** PEM text of extra certificate authorities. */
  ca?: string[];
  /** The certificate to present to a server that asks for one, and where its passphrase comes from. */
  clientCertificate?: ClientCertificateOptions;
  /**
   * What carries the requests: 'node' (Node's https module, the one VS Code patches with its
   * proxy support) or 'undici' (the bundled client with the proxy settings below); default undici.
   */
  wire?: WireKind;
  /** Proxies, for the undici wire; without a proxy URL here, HTTP_PROXY / HTTPS_PROXY apply, and NO_PROXY always does. */
  proxy?: ProxyOptions;
  timeouts?: Partial<Timeouts>;
  /** The largest response body read; a larger one is cut off while it streams in, never held whole. */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  log?: Logger;
  userAgent?: string;
  /** Told the caller's identity whenever a response carries X-AUSERID. */
  onCurrentUser?: (user: CurrentUser) => void;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: Method;
  /** Path below the base URL, every segment already encoded, starting with `/`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The body as JSON text already written, sent as it is instead of `body` (hook settings keep each number's own text). */
  bodyText?: string;
  /** Answer the success body's text, unparsed, for a caller that reads JSON its own way (hook settings). */
  textAnswer?: boolean;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** Parsed JSON (its text with `textAnswer`), or undefined for 204 and empty bodies. */
  body: unknown;
}

const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000, totalMs: 30_000 };
/** The `maxResponseSizeMB` setting's default: a snippet with files of several MB still opens. */
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 250, maxDelayMs: 10_000 };
const RETRYABLE_STATUS = new Set([502, 503, 504]);

export class HttpTransport {
  readonly baseUrl: URL;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly timeouts: Timeouts;
  private readonly retry: RetryPolicy;
  private readonly maxResponseBytes: number;
  readonly wireKind: WireKind;
  private wire: Promise<Wire> | undefined;
  /** The proxy the undici wire goes through, to name it when it fails. */
  private proxy: ResolvedProxy | undefined;
  /** The proxy VS Code chose last (node wire), as its PAC-style result, so the log names each change once. */
  private lastVia: string | undefined;
  private lastUserId: number | undefined;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.origin = this.baseUrl.origin;
    // A URL's pathname is never empty ('/' at least), so the context path is taken without it.
    this.basePath = this.baseUrl.pathname.replace(/\/+$/, '');
    this.timeouts = withDefaults(DEFAULT_TIMEOUTS, options.timeouts);
    this.retry = withDefaults(DEFAULT_RETRY, options.retry);
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.wireKind = options.wire ?? 'undici';
  }

  /** Closes the keep-alive connections. */
  async dispose(): Promise<void> {
    const w = this.wire;
    this.wire = undefined;
    await (await w?.catch(() => undefined))?.close();
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const label = `${request.method} ${request.path}`;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.sendOnce(request, label);
      } catch (err) {
        const error = err as BitbucketError;
        const delay = this.retryDelay(request, error, attempt);
        if (delay === undefined) throw error;
        this.log('warn', `${label}: ${error.kind}${error.status ? ` ${error.status}` : ''}, retry ${attempt + 1} in ${delay} ms`);
        await sleep(delay, request.signal).catch(() => {
          throw new BitbucketError('cancelled', l10n.t('The request was cancelled.'), { request: label });
        });
      }
    }
  }

  /** How long to wait before retrying, or undefined when this failure is not retried. */
  private retryDelay(request: HttpRequest, error: BitbucketError, attempt: number): number | undefined {
    // Only reads are retried: a repeated POST would create a second snippet. Timeouts are not
    // retried either: the user has already waited the whole timeout once.
    if (request.method !== 'GET' || attempt >= this.retry.retries) return undefined;
    const retryable =
      (error.kind === 'network' && !error.tlsFailure) ||
      (error.kind === 'server' && error.status !== undefined && RETRYABLE_STATUS.has(error.status));
    if (!retryable) return undefined;
    if (error.retryAfterMs !== undefined) {
      // A wait longer than a whole request may take is not a short hiccup: report it instead.
      return error.retryAfterMs <= Math.min(this.retry.maxDelayMs, this.timeouts.totalMs) ? error.retryAfterMs : undefined;
    }
    const backoff = this.retry.baseDelayMs * 2 ** attempt;
    return Math.min(this.retry.maxDelayMs, backoff + Math.floor(Math.random() * this.retry.baseDelayMs));
  }

  private async sendOnce(request: HttpRequest, label: string): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    const credentials = await this.options.credentials();
    if (credentials) headers.authorization = authorizationHeader(credentials);
    let body: string | undefined;
    if (request.method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers['x-atlassian-token'] = 'no-check';
      body = request.bodyText ?? (request.body !== undefined ? JSON.stringify(request.body) : undefined);
    }

    let wire: Wire;
    try {
      wire = await this.getWire();
    } catch (err) {
      throw this.transportError(err, label, request.signal);
    }
    const started = Date.now();
    // One deadline for the whole exchange, from sending to the body's last byte; aborting it
    // also closes the connection mid-body. It starts once the wire is made, so a first
    // request's reading of the OS trust store or a passphrase prompt does not count.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeouts.totalMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
    let response: WireResponse;
    let text: string;
    try {
      try {
        response = await wire.request({
          // Joined as text, so no path can name another host (`new URL('//x', origin)` would).
          url: new URL(this.origin + this.basePath + request.path + queryString(request.query)),
          method: request.method,
          headers,
          body,
          signal,
          headersTimeoutMs: this.timeouts.headersMs,
          bodyTimeoutMs: this.timeouts.bodyMs,
        });
        this.noteVia(response.via);
        text = await this.readBody(response, label, deadline);
      } catch (err) {
        if (err instanceof BitbucketError) throw err;
        throw deadline.signal.aborted && !request.signal?.aborted ? this.deadlineError(label, err) : this.transportError(err, label, request.signal);
      }
    } finally {
      clearTimeout(timer);
    }
    const status = response.statusCode;
    this.log('debug', `${label} → ${status} in ${Date.now() - started} ms`);
    // A Bitbucket server never asks for proxy credentials: a 407 is a proxy's, one the network
    // stack could not answer (VS Code's replays the proxy's refusal as the response). VS Code's
    // agent sends the user info of the proxy URL it used, so with user info there it was refused.
    if (status === 407 && wire.kind === 'node') {
      const credentialsFrom = agentSentCredentials(response.via) ? editorCredentialsSource(this.options.proxy, process.env) : undefined;
      throw editorProxyResponseError(headerValue(response.headers, 'proxy-authenticate'), response.via, this.baseUrl.host, label, credentialsFrom);
    }
    this.noteCurrentUser(response.headers);
    const contentType = headerValue(response.headers, 'content-type') ?? '';

    if (status >= 200 && status < 300) {
      return { status, body: parseSuccessBody(text, contentType, status, label, request.textAnswer === true) };
    }
    throw errorFromResponse(status, text, contentType, response.headers, label, this.baseUrl.host);
  }

  /**
   * The body as text, read chunk by chunk so that one larger than the limit is cut off (and its
   * connection closed) as soon as it is over, never held in memory whole.
   */
  private async readBody(response: WireResponse, label: string, deadline: AbortController): Promise<string> {
    const limit = this.maxResponseBytes;
    const declared = Number(headerValue(response.headers, 'content-length'));
    const tooLarge = () => {
      response.destroy();
      deadline.abort();
      const mb = Math.round((limit / (1024 * 1024)) * 10) / 10;
      return new BitbucketError(
        'unexpected-response',
        l10n.t(
          'The answer of {0} is larger than {1} MB, the most this extension reads: it was cut off. If the server really sends this much, raise the "Max Response Size MB" setting (bitbucketSnippets.maxResponseSizeMB, or this server\'s entry in bitbucketSnippets.servers).',
          this.baseUrl.host,
          mb,
        ),
        { status: response.statusCode, request: label },
      );
    };
    if (Number.isFinite(declared) && declared > limit) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size).toString('utf8');
  }

  private deadlineError(label: string, cause: unknown): BitbucketError {
    return new BitbucketError(
      'timeout',
      l10n.t(
        '{0} did not send its whole answer within {1}. If the server or the network is this slow, raise the "Request Timeout Seconds" setting (bitbucketSnippets.requestTimeoutSeconds, or this server\'s entry in bitbucketSnippets.servers).',
        this.baseUrl.host,
        seconds(this.timeouts.totalMs),
      ),
      { request: label, cause },
    );
  }

  /**
   * Made on the first request (the OS store, a certificate's passphrase and, for undici, undici
   * itself load then) and kept; a failure (say, a wrong passphrase) is not kept, so the next
   * request tries again.
   */
  private getWire(): Promise<Wire> {
    if (this.wire) return this.wire;
    const made = this.createWire();
    this.wire = made;
    made.catch(() => {
      if (this.wire === made) this.wire = undefined;
    });
    return made;
  }

  private async createWire(): Promise<Wire> {
    // The undici wire's proxy is decided before anything loads, so a bad proxy URL fails fast.
    const proxy = this.wireKind === 'undici' ? proxyForTarget(this.baseUrl, this.options.proxy) : undefined;
    this.proxy = proxy;
    // Read before any connection: a certificate problem is reported without touching the network.
    const clientCertificate = this.options.clientCertificate ? await loadClientCertificate(this.options.clientCertificate) : undefined;
    const extraCa = [...(this.options.ca ?? []), ...(this.options.caFiles ?? []).map((file) => readCaFile(file))];
    const systemCertificates = this.options.systemCertificates ?? true;
    warnIfVerificationOffInEnvironment((message) => this.log('warn', message));
    if (this.wireKind === 'node') {
      // Without CA files of the user's, trust is left to the host: VS Code adds the OS store to
      // each connection. With them, `ca` replaces what VS Code would add, so it is the whole list
      // (the OS store read here, Node's roots, the files).
      // http.systemCertificates off says the same through a `ca` of Node's roots and the user's files.
      const ca = extraCa.length > 0 || !systemCertificates ? (await trustedAuthorities({ systemCertificates, extraCa })).ca : undefined;
      // The editor layer says once per server which wire it chose; this is the detail of each client.
      this.log('debug', `node wire for ${this.baseUrl.host}${ca ? `, trusting the OS store, Node's roots and ${extraCa.length} CA files` : ', trusting what the host adds'}`);
      return createNodeWire({ clientCertificate, ca, connectMs: this.timeouts.connectMs });
    }
    return createUndiciWire({
      proxy,
      systemCertificates,
      extraCa,
      clientCertificate,
      connectMs: this.timeouts.connectMs,
      log: (message) => this.log('debug', message),
    });
  }

  private noteVia(via: string | undefined): void {
    if (via === undefined || via === this.lastVia) return;
    this.lastVia = via;
    this.log('info', `VS Code's network stack sends requests to ${this.baseUrl.host} ${via === 'DIRECT' ? 'directly' : `through ${proxyLabelOf(via) ?? 'a proxy'}`}`);
  }

  private noteCurrentUser(headers: WireHeaders): void {
    const id = Number(headerValue(headers, 'x-auserid'));
    if (!Number.isInteger(id) || id === this.lastUserId) return;
    this.lastUserId = id;
    this.options.onCurrentUser?.({ id, name: headerValue(headers, 'x-ausername') });
  }

  private transportError(err: unknown, label: string, signal: AbortSignal | undefined): BitbucketError {
    if (err instanceof BitbucketError) return err;
    const host = this.baseUrl.host;
    const codes = errorCodes(err);
    const has = (...c: string[]) => c.some((x) => codes.includes(x));
    let kind: BitbucketErrorKind = 'network';
    let message: string;
    let tlsFailure = false;
    const failure = { codes, tlsCode: codes.find(isTlsCode) };
    const viaProxy = signal?.aborted
      ? undefined
      : this.wireKind === 'node'
        ? editorProxyError(err, failure, label, host)
        : this.proxy && proxyError(err, failure, this.proxy, label, host);
    if (viaProxy) return viaProxy;
    let certificateError: BitbucketError | undefined;
    if (signal?.aborted || has('UND_ERR_ABORTED', 'ABORT_ERR') || (err as Error)?.name === 'AbortError') {
      return new BitbucketError('cancelled', l10n.t('The request was cancelled.'), { request: label, cause: err });
    } else if (has('UND_ERR_CONNECT_TIMEOUT', WIRE_CODES.connectTimeout)) {
      kind = 'timeout';
      message = l10n.t('Could not connect to {0} within {1}.', host, seconds(this.timeouts.connectMs));
    } else if (has('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', WIRE_CODES.headersTimeout, WIRE_CODES.bodyTimeout)) {
      kind = 'timeout';
      message = l10n.t('{0} did not answer within {1}.', host, seconds(has('UND_ERR_HEADERS_TIMEOUT', WIRE_CODES.headersTimeout) ? this.timeouts.headersMs : this.timeouts.bodyMs));
    } else if (this.baseUrl.protocol === 'https:' && (certificateError = this.clientCertificateFailure(codes, err, label))) {
      return certificateError;
    } else if (codes.some(isTlsCode)) {
      tlsFailure = true;
      message = l10n.t('The secure connection to {0} failed: {1}.', host, tlsReason(codes));
    } else if (has('ECONNREFUSED')) {
      message = l10n.t('Cannot reach {0}: the connection was refused. Is the server running, and is the URL right?', host);
    } else if (has('ENOTFOUND', 'EAI_AGAIN')) {
      message = l10n.t('Cannot reach {0}: the host name could not be resolved.', host);
    } else if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED')) {
      message = l10n.t('The connection to {0} was closed before the server answered.', host);
    } else if (has('EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT')) {
      message = l10n.t('Cannot reach {0}: the network did not route there.', host);
    } else if (has('UND_ERR_PRX_TLS', 'UND_ERR_PROXY')) {
      message = l10n.t('The proxy refused the connection to {0}.', host);
    } else {
      message = l10n.t('The request to {0} failed ({1}).', host, codes[0] ?? 'unknown error');
    }
    // VS Code decided to go direct (no proxy configured, or a PAC file said DIRECT or nothing it
    // could read): where the network needs a proxy, that decision is what to check.
    // VS Code sends loopback hosts directly whatever it is told, so the hint would mislead there.
    if (this.wireKind === 'node' && (err as ViaProxy)?.via === 'DIRECT' && !tlsFailure && !isLoopback(this.baseUrl.hostname)) message = `${message} ${directConnectionHint()}`;
    return new BitbucketError(kind, message, { request: label, tlsFailure, cause: err });
  }

  private clientCertificateFailure(codes: string[], error: unknown, request: string): BitbucketError | undefined {
    const certificate = this.options.clientCertificate?.certificate;
    return clientCertificateFailure({ codes, error, host: this.baseUrl.host, certificate: certificate && certificateLabel(certificate), request });
  }

  private log(level: LogLevel, message: string): void {
    this.options.log?.(level, message);
  }
}

/** Defaults overridden only by values that are really given (an `undefined` keeps the default). */
export function withDefaults<T extends object>(defaults: T, given: Partial<T> | undefined): T {
  const result = { ...defaults };
  for (const [key, value] of Object.entries(given ?? {})) {
    if (value !== undefined) (result as Record<string, unknown>)[key] = value;
  }
  return result;
}

function authorizationHeader(c: Credentials): string {
  return c.type === 'basic'
    ? `Basic ${Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64')}`
    : `Bearer ${c.token}`;
}

function queryString(query: HttpRequest['query']): string {
  if (!query) return '';
  const parts = Object.entries(query)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function headerValue(headers: WireHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function readCaFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new BitbucketError('validation', l10n.t('The certificate file {0} could not be read ({1}).', file, (err as NodeJS.ErrnoException).code ?? 'error'));
  }
}

function looksLikeHtml(text: string, contentType: string): boolean {
  return contentType.includes('html') || /^\s*</.test(text);
}

const WEB_PAGE_MESSAGE =
  l10n.t('The server answered with a web page instead of Bitbucket data. A login page of a proxy or single sign-on usually does this: check the server URL, or sign in to the proxy in a browser first.');

function parseSuccessBody(text: string, contentType: string, status: number, label: string, asText: boolean): unknown {
  if (status === 204 || text.trim() === '') return undefined;
  if (looksLikeHtml(text, contentType)) {
    throw new BitbucketError('unexpected-response', WEB_PAGE_MESSAGE, { status, request: label });
  }
  if (asText) return text;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new BitbucketError('unexpected-response', l10n.t('The server answered with something that is not valid JSON.'), {
      status,
      request: label,
      cause: err,
    });
  }
}

/** Reads `{"errors":[...]}`; anything else gives no messages. */
function parseServerMessages(text: string): ServerMessage[] {
  try {
    const parsed = JSON.parse(text) as { errors?: unknown };
    if (!Array.isArray(parsed?.errors)) return [];
    return parsed.errors
      .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
      .map((e) => ({
        context: typeof e.context === 'string' ? e.context : null,
        message: typeof e.message === 'string' ? e.message : '',
        exceptionName: typeof e.exceptionName === 'string' ? e.exceptionName : null,
      }));
  } catch {
    return [];
  }
}

function errorFromResponse(
  status: number,
  text: string,
  contentType: string,
  headers: WireHeaders,
  label: string,
  host: string,
): BitbucketError {
  const serverMessages = parseServerMessages(text);
  const retryAfterMs = parseRetryAfter(headerValue(headers, 'retry-after'));
  const init = { status, serverMessages, request: label, retryAfterMs };
  const first = serverMessages.find((m) => m.message)?.message;
  const plain = serverMessages.length === 0 && !looksLikeHtml(text, contentType) ? text.trim().slice(0, 200) : '';
  const said = first ?? (plain || undefined);

  if (status >= 300 && status < 400) {
    return new BitbucketError('unexpected-response', WEB_PAGE_MESSAGE, init);
  }
  if (status === 401) {
    const exception = serverMessages.map((m) => m.exceptionName ?? '').join(' ');
    if (exception.includes('Captcha')) {
      return new BitbucketError(
        'captcha',
        l10n.t('Too many failed sign-ins: Bitbucket now wants a CAPTCHA. Sign in once in a browser, then try again here.'),
        init,
      );
    }
    // Bitbucket answers "signed in but not allowed" with 401 too; the exception tells them apart.
    if (exception.includes('AuthorisationException') || /not permitted/i.test(first ?? '')) {
      return new BitbucketError('forbidden', said ?? l10n.t('You are not permitted to do this.'), init);
    }
    return new BitbucketError('auth', said ?? l10n.t('Authentication failed: check the user name and password or token.'), init);
  }
  if (status === 403) return new BitbucketError('forbidden', said ?? l10n.t('You are not permitted to do this.'), init);
  if (status === 404) return new BitbucketError('not-found', said ?? l10n.t('Not found on the server.'), init);
  if (status === 409) return new BitbucketError('conflict', said ?? l10n.t('It was changed on the server in the meantime.'), init);
  if (status === 413) {
    return new BitbucketError('validation', said ?? l10n.t('The server refused the request as too large.'), init);
  }
  if (status === 400 || status === 422) {
    return new BitbucketError('validation', said ?? l10n.t('The server refused the request as invalid.'), init);
  }
  if (status >= 500) {
    if (looksLikeHtml(text, contentType) && serverMessages.length === 0) {
      return new BitbucketError('server', l10n.t('{0} answered with a server error (HTTP {1}). Try again later.', host, status), init);
    }
    return new BitbucketError(
      'server',
      said ? l10n.t('{0} had a server error (HTTP {1}): {2}. Try again later.', host, status, said.replace(/\.$/, '')) : l10n.t('{0} had a server error (HTTP {1}). Try again later.', host, status),
      init,
    );
  }
  if (looksLikeHtml(text, contentType)) return new BitbucketError('unexpected-response', WEB_PAGE_MESSAGE, init);
  return new BitbucketError('unexpected-response', said ? l10n.t('The server answered HTTP {0}: {1}.', status, said.replace(/\.$/, '')) : l10n.t('The server answered HTTP {0}.', status), init);
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Error codes along the cause chain (undici wraps socket and TLS errors). */
function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    if (e instanceof AggregateError) for (const inner of e.errors) codes.push(...errorCodes(inner));
  }
  return codes;
}

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
]);

function isTlsCode(code: string): boolean {
  return TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_');
}

function tlsReason(codes: string[]): string {
  const code = codes.find(isTlsCode) ?? '';
  if (code === 'CERT_HAS_EXPIRED') return l10n.t('its certificate has expired');
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return l10n.t('its certificate is for another host name');
  if (code.startsWith('ERR_SSL_')) return l10n.t('the TLS handshake failed ({0}); is it an http:// server?', code);
  return l10n.t('its certificate is not trusted ({0}); a company certificate authority must be added as a trusted CA', code);
}

function isLoopback(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname.toLowerCase());
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
