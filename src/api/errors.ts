// One error type for everything the API client can fail with, so callers branch on `kind`
// and show `message` without ever having to parse HTTP details themselves.

export type BitbucketErrorKind =
  | 'auth' // missing or wrong credentials
  | 'forbidden' // signed in, but not permitted (Bitbucket often says so with a 401)
  | 'not-found'
  | 'conflict' // the resource changed on the server in between
  | 'validation' // the server refused a field (see `fields`)
  | 'server' // 5xx
  | 'network' // unreachable, connection reset, TLS failure (see `tlsFailure`)
  | 'timeout'
  | 'captcha' // too many failed logins: the server wants a CAPTCHA in the browser
  | 'cancelled'
  | 'proxy' // the proxy failed us, not the server (see `proxy` and `proxyFailure`)
  | 'unexpected-response'; // an HTML login page, non-JSON, or a wrong shape

/** What went wrong with a proxy; the message a user sees depends on it. */
export type ProxyFailure =
  | 'auth-required' // 407: missing or wrong proxy credentials
  | 'refused' // connection refused, or a 403 / 5xx answer to CONNECT
  | 'unreachable' // its host name does not resolve, or the network does not route there
  | 'certificate' // an https:// proxy whose certificate is not trusted
  | 'invalid-url'
  | 'unsupported-scheme'; // 407 asking only for a scheme nothing here answers (NTLM)

/**
 * What was wrong with the client certificate (mutual TLS), when that is why a request failed:
 * - `file`: a file is missing, unreadable, not PEM / PKCS#12, or the key does not fit the certificate;
 * - `passphrase-needed`: the key or PKCS#12 file is encrypted and no passphrase was given;
 * - `wrong-passphrase`: the passphrases given did not open it;
 * - `expired` / `not-yet-valid`: outside its validity dates (checked before connecting);
 * - `required`: the server demands a certificate and none is set for it;
 * - `rejected`: the server did not accept the one sent (another CA, revoked, or expired by its clock).
 */
export type ClientCertificateProblem =
  'file' | 'passphrase-needed' | 'wrong-passphrase' | 'expired' | 'not-yet-valid' | 'required' | 'rejected';

/** One entry of a Bitbucket error body. */
export interface ServerMessage {
  context: string | null;
  message: string;
  exceptionName: string | null;
}

export interface BitbucketErrorInit {
  status?: number;
  serverMessages?: ServerMessage[];
  /** `GET /rest/...` — method and path only: never a query with secrets, never a header. */
  request?: string;
  tlsFailure?: boolean;
  /** Set when the client certificate is the reason (`tlsFailure` is then true as well). */
  clientCertificate?: ClientCertificateProblem;
  retryAfterMs?: number;
  /** The proxy as `scheme://host:port`, never with credentials. */
  proxy?: string;
  proxyFailure?: ProxyFailure;
  /** Who chose the proxy: VS Code's network stack (http.proxy, a PAC file, the OS) or the extension's own settings. */
  proxyChosenBy?: 'editor' | 'extension';
  /** Where the credentials a proxy refused (407) came from, as words ("the http.proxy setting"); unset when none were sent. */
  proxyCredentialsFrom?: string;
  cause?: unknown;
}

/**
 * The extension is split into bundles that load on demand (esbuild.js), and each bundle that
 * uses this class has its own copy of it. The brand, a registered symbol shared by every copy,
 * makes `instanceof BitbucketError` true for an error made by any of them.
 */
const BRAND = Symbol.for('bitbucket-snippets.BitbucketError');

export class BitbucketError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  readonly kind: BitbucketErrorKind;
  readonly status: number | undefined;
  readonly serverMessages: ServerMessage[];
  readonly request: string | undefined;
  readonly tlsFailure: boolean;
  readonly clientCertificate: ClientCertificateProblem | undefined;
  readonly retryAfterMs: number | undefined;
  readonly proxy: string | undefined;
  readonly proxyFailure: ProxyFailure | undefined;
  readonly proxyChosenBy: 'editor' | 'extension' | undefined;
  readonly proxyCredentialsFrom: string | undefined;

  constructor(kind: BitbucketErrorKind, message: string, init: BitbucketErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'BitbucketError';
    this.kind = kind;
    this.status = init.status;
    this.serverMessages = init.serverMessages ?? [];
    this.request = init.request;
    this.tlsFailure = init.tlsFailure ?? init.clientCertificate !== undefined;
    this.clientCertificate = init.clientCertificate;
    this.retryAfterMs = init.retryAfterMs;
    this.proxy = init.proxy;
    this.proxyFailure = init.proxyFailure;
    this.proxyChosenBy = init.proxyChosenBy ?? (init.proxy ? 'extension' : undefined);
    this.proxyCredentialsFrom = init.proxyCredentialsFrom;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** Field errors of a validation failure: field name → messages. */
  get fields(): Map<string, string[]> {
    const fields = new Map<string, string[]>();
    for (const m of this.serverMessages) {
      if (m.context) fields.set(m.context, [...(fields.get(m.context) ?? []), m.message]);
    }
    return fields;
  }

  /** A line for the log: kind, status, request and server messages, never credentials. */
  toLogString(): string {
    const parts = [`${this.kind}`];
    if (this.status !== undefined) parts.push(`HTTP ${this.status}`);
    if (this.request) parts.push(this.request);
    if (this.proxy) parts.push(`via ${this.proxy}`);
    parts.push(this.message);
    for (const m of this.serverMessages) {
      parts.push(`[${m.context ?? '-'}] ${m.message}${m.exceptionName ? ` (${m.exceptionName})` : ''}`);
    }
    return parts.join(' | ');
  }
}

export function isBitbucketError(err: unknown, kind?: BitbucketErrorKind): err is BitbucketError {
  return err instanceof BitbucketError && (kind === undefined || err.kind === kind);
}
