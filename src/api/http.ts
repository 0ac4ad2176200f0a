// The request pipeline, the one place that talks HTTP: Bitbucket's headers, authentication, one
// deadline per request, the size limit, the answer read and checked, and every failure turned into
// a BitbucketError; reads are retried (retries.ts). Each request goes through the client's wire
// (wire/wire.ts), which owns what differs between Node's https module and the bundled undici: its
// trust and proxy, how it connects and how its failures read. It never stores, logs or reports
// credentials.
import { readFileSync } from 'node:fs';
import { parseBaseUrl } from './baseUrl';
import { BodyText } from './bodyText';
import { certificateLabel, loadClientCertificate } from './clientCertificate';
import { BitbucketError } from './errors';
import { deadlineError, failureError } from './failures';
import { answerTooLarge, errorFromResponse, parseSuccessBody } from './responses';
import { withRetries } from './retries';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUTS,
  withDefaults,
  type Credentials,
  type HttpRequest,
  type HttpResponse,
  type LogLevel,
  type RetryPolicy,
  type Timeouts,
  type TransportOptions,
  type WireKind,
} from './transportTypes';
import { warnIfVerificationOffInEnvironment } from './verificationEnvironment';
import { createWire } from './wire/createWire';
import { headerValue, type TrustMaterial, type Wire, type WireHeaders, type WireResponse } from './wire/wire';
import { unreadFailure, type WireFailure } from './wire/wireFailure';
import { RequestAbort } from './wire/requestAbort';
import * as l10n from '@vscode/l10n';

// The types are read from here across the extension; they live in transportTypes.ts.
export type {
  Credentials,
  CredentialsProvider,
  CurrentUser,
  HttpRequest,
  HttpResponse,
  Logger,
  LogLevel,
  Method,
  ProxyOptions,
  RetryPolicy,
  Timeouts,
  TransportOptions,
  WireKind,
} from './transportTypes';
export { DEFAULT_MAX_RESPONSE_BYTES, withDefaults } from './transportTypes';

export class HttpTransport {
  readonly baseUrl: URL;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly timeouts: Timeouts;
  private readonly retry: RetryPolicy;
  private readonly maxResponseBytes: number;
  readonly wireKind: WireKind;
  private wire: Promise<Wire> | undefined;
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

  send(request: HttpRequest): Promise<HttpResponse> {
    const label = `${request.method} ${request.path}`;
    const retrying = {
      policy: this.retry,
      totalMs: this.timeouts.totalMs,
      log: (level: LogLevel, message: string) => this.log(level, message),
    };
    return withRetries(request, label, retrying, () => this.sendOnce(request, label));
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
      throw this.failureError(err, unreadFailure(err), label, request.signal);
    }
    const started = Date.now();
    // One deadline for the whole exchange, from sending to the body's last byte; aborting it
    // also closes the connection mid-body. It starts once the wire is made, so a first
    // request's reading of the OS trust store or a passphrase prompt does not count.
    // One abort per request, which the caller's signal fires too.
    const deadline = new RequestAbort();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, this.timeouts.totalMs);
    const unfollow = deadline.follow(request.signal);
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
          signal: deadline,
          headersTimeoutMs: this.timeouts.headersMs,
          bodyTimeoutMs: this.timeouts.bodyMs,
        });
        text = await this.readBody(response, label, deadline);
      } catch (err) {
        if (err instanceof BitbucketError) throw err;
        if (timedOut && !request.signal?.aborted) {
          throw deadlineError(this.baseUrl.host, this.timeouts.totalMs, label, err);
        }
        throw this.failureError(err, wire.readFailure(err, label), label, request.signal);
      }
    } finally {
      clearTimeout(timer);
      unfollow();
    }
    const status = response.statusCode;
    this.log('debug', `${label} → ${status} in ${Date.now() - started} ms`);
    const proxyAnswer = wire.proxyAnswer?.(response, label);
    if (proxyAnswer) throw proxyAnswer;
    this.noteCurrentUser(response.headers);
    const contentType = headerValue(response.headers, 'content-type') ?? '';

    if (status >= 200 && status < 300) {
      return { status, body: await parseSuccessBody(text, contentType, status, label, request.textAnswer === true) };
    }
    throw errorFromResponse(status, text, contentType, response.headers, label, this.baseUrl.host);
  }

  /**
   * The body as text, read and decoded chunk by chunk (bodyText.ts), so that one larger than the
   * limit is cut off (and its connection closed) as soon as it is over, never held in memory whole.
   */
  private async readBody(response: WireResponse, label: string, deadline: RequestAbort): Promise<string> {
    const limit = this.maxResponseBytes;
    const declared = Number(headerValue(response.headers, 'content-length'));
    const tooLarge = () => {
      response.destroy();
      deadline.abort();
      return answerTooLarge(this.baseUrl.host, limit, response.statusCode, label);
    };
    if (Number.isFinite(declared) && declared > limit) throw tooLarge();
    const text = new BodyText();
    let size = 0;
    const take = (chunk: Buffer): boolean => {
      size += chunk.length;
      if (size > limit) return false;
      text.add(chunk);
      return true;
    };
    const body = response.body;
    if (isStream(body)) {
      // Both wires answer with a Node stream; its events cost less per request than an async iterator.
      await new Promise<void>((resolve, reject) => {
        body.on('data', (chunk: Buffer) => {
          if (!take(chunk)) reject(tooLarge());
        });
        let ended = false;
        body.once('end', () => {
          ended = true;
          resolve();
        });
        body.once('error', reject);
        body.once('close', () => {
          if (!ended) reject(new Error('the answer ended before its last byte'));
        });
      });
    } else {
      for await (const chunk of body) if (!take(chunk)) throw tooLarge();
    }
    return text.text();
  }

  private failureError(
    err: unknown,
    failure: WireFailure,
    label: string,
    signal: AbortSignal | undefined,
  ): BitbucketError {
    const certificate = this.options.clientCertificate?.certificate;
    return failureError(err, failure, {
      request: label,
      target: this.baseUrl,
      timeouts: this.timeouts,
      certificate: certificate && certificateLabel(certificate),
      cancelled: signal?.aborted === true,
    });
  }

  /**
   * Made on the first request (the OS store, a certificate's passphrase and, for undici, undici
   * itself load then) and kept; a failure (say, a wrong passphrase) is not kept, so the next
   * request tries again.
   */
  private getWire(): Promise<Wire> {
    if (this.wire) return this.wire;
    const made = createWire(this.wireKind, {
      target: this.baseUrl,
      proxy: this.options.proxy,
      systemCertificates: this.options.systemCertificates ?? true,
      connectMs: this.timeouts.connectMs,
      log: (level, message) => this.log(level, message),
      readTrustMaterial: () => this.readTrustMaterial(),
    });
    this.wire = made;
    made.catch(() => {
      if (this.wire === made) this.wire = undefined;
    });
    return made;
  }

  /** Read before any connection: a certificate problem is reported without touching the network. */
  private async readTrustMaterial(): Promise<TrustMaterial> {
    const clientCertificate = this.options.clientCertificate
      ? await loadClientCertificate(this.options.clientCertificate)
      : undefined;
    const extraCa = [...(this.options.ca ?? []), ...(this.options.caFiles ?? []).map((file) => readCaFile(file))];
    warnIfVerificationOffInEnvironment((message) => this.log('warn', message));
    return { extraCa, clientCertificate };
  }

  private noteCurrentUser(headers: WireHeaders): void {
    const id = Number(headerValue(headers, 'x-auserid'));
    if (!Number.isInteger(id) || id === this.lastUserId) return;
    this.lastUserId = id;
    this.options.onCurrentUser?.({ id, name: headerValue(headers, 'x-ausername') });
  }

  private log(level: LogLevel, message: string): void {
    this.options.log?.(level, message);
  }
}

interface BodyStream extends AsyncIterable<Buffer> {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  once(event: 'end' | 'close', listener: () => void): unknown;
  once(event: 'error', listener: (err: Error) => void): unknown;
}

function isStream(body: AsyncIterable<Buffer>): body is BodyStream {
  return (
    typeof (body as Partial<BodyStream>).on === 'function' && typeof (body as Partial<BodyStream>).once === 'function'
  );
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

function readCaFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new BitbucketError(
      'validation',
      l10n.t('The certificate file {0} could not be read ({1}).', file, (err as NodeJS.ErrnoException).code ?? 'error'),
    );
  }
}
