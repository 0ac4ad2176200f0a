// The API's shared types: what a client is made with (credentials, timeouts, retries, trust,
// proxy, the wire), what a request and its answer are, and the defaults of each setting.
import type { ClientCertificateOptions } from './clientCertificate';
import type { ProxyOptions } from './wire/undici/proxyForTarget';

export type { ProxyOptions } from './wire/undici/proxyForTarget';

/**
 * What carries the requests (wire/): 'node', Node's https module, which VS Code patches with its
 * proxy support, or 'undici', the bundled client with the extension's own proxy settings.
 */
export type WireKind = 'node' | 'undici';

export type Credentials = { type: 'basic'; username: string; password: string } | { type: 'token'; token: string };

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

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000, totalMs: 30_000 };
/** The `maxResponseSizeMB` setting's default: a snippet with files of several MB still opens. */
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 250, maxDelayMs: 10_000 };
/** Defaults overridden only by values that are really given (an `undefined` keeps the default). */
export function withDefaults<T extends object>(defaults: T, given: Partial<T> | undefined): T {
  const result = { ...defaults };
  for (const [key, value] of Object.entries(given ?? {})) {
    if (value !== undefined) (result as Record<string, unknown>)[key] = value;
  }
  return result;
}
