// The terms a wire reads its failures into. A failed request arrives as an error with codes along
// its cause chain: Node's socket and TLS codes (ECONNREFUSED, CERT_HAS_EXPIRED…), which both wires
// pass on as Node gives them, and each wire's own (undici's UND_ERR_*, the node wire's BBS_*),
// which only that wire knows how to read. Each wire translates its own into the kinds below, so
// failures.ts writes every message once, for both.
import type { BitbucketError } from '../errors';

export type FailureKind =
  | 'cancelled'
  | 'connect-timeout'
  | 'headers-timeout'
  | 'body-timeout'
  /** The connection closed before the answer was complete. */
  | 'closed'
  /** The proxy turned the connection down, in a way the wire could not say more about. */
  | 'proxy-refused';

export interface WireFailure {
  /** Error codes along the cause chain, as the error carries them. */
  codes: string[];
  /** What the wire's own codes among them mean. */
  kinds: ReadonlySet<FailureKind>;
  /** The failure was the proxy's: this error names the proxy, and is reported as it is. */
  proxyError?: BitbucketError;
  /** Said after the message of a failure on the way to the server, where the route may be to blame. */
  hint?: string;
}

/** A failure no wire has read: one that happened before there was a wire. */
export function unreadFailure(err: unknown): WireFailure {
  return { codes: errorCodes(err), kinds: new Set() };
}

/** Error codes along the cause chain (undici wraps socket and TLS errors). */
export function errorCodes(err: unknown): string[] {
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

/** A TLS verification or handshake code of Node's. */
export function isTlsCode(code: string): boolean {
  return TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_');
}

/** A failure's codes, as the proxies' translations take them. */
export interface FailureCodes {
  /** Error codes along the cause chain. */
  codes: string[];
  /** The first of them that is a TLS verification or handshake code. */
  tlsCode: string | undefined;
}
