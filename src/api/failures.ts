// A request that got no answer, as a BitbucketError: cancelled, timed out, the client certificate
// turned down, an untrusted server, a refused or unresolvable host, a closed connection. The wire
// reads its own failures into the terms of wire/wireFailure.ts first, so each message is written
// here once for both wires; a failure of the proxy, which the wire names itself, passes as it is.
import { BitbucketError, type BitbucketErrorKind } from './errors';
import { clientCertificateFailure } from './clientCertificateFailure';
import type { Timeouts } from './transportTypes';
import { isTlsCode, type WireFailure } from './wire/wireFailure';
import * as l10n from '@vscode/l10n';

export interface FailedRequest {
  /** Method and path, never more (errors.ts). */
  request: string;
  /** The server's base URL. */
  target: URL;
  timeouts: Timeouts;
  /** The client certificate sent (its file name), or undefined when none is set. */
  certificate: string | undefined;
  /** The caller cancelled the request (its own signal, not the deadline). */
  cancelled: boolean;
}

export function failureError(err: unknown, failure: WireFailure, failed: FailedRequest): BitbucketError {
  if (err instanceof BitbucketError) return err;
  if (!failed.cancelled && failure.proxyError) return failure.proxyError;
  const { codes, kinds } = failure;
  const { request, target, timeouts } = failed;
  const host = target.host;
  const has = (...c: string[]) => c.some((x) => codes.includes(x));
  if (
    failed.cancelled ||
    kinds.has('cancelled') ||
    has('ABORT_ERR') ||
    (err as Error | undefined)?.name === 'AbortError'
  ) {
    return new BitbucketError('cancelled', l10n.t('The request was cancelled.'), { request, cause: err });
  }
  let kind: BitbucketErrorKind = 'network';
  let message: string;
  let tlsFailure = false;
  let certificateError: BitbucketError | undefined;
  if (kinds.has('connect-timeout')) {
    kind = 'timeout';
    message = l10n.t('Could not connect to {0} within {1}.', host, seconds(timeouts.connectMs));
  } else if (kinds.has('headers-timeout') || kinds.has('body-timeout')) {
    kind = 'timeout';
    message = l10n.t(
      '{0} did not answer within {1}.',
      host,
      seconds(kinds.has('headers-timeout') ? timeouts.headersMs : timeouts.bodyMs),
    );
  } else if (
    target.protocol === 'https:' &&
    (certificateError = clientCertificateFailure({ codes, error: err, host, certificate: failed.certificate, request }))
  ) {
    return certificateError;
  } else if (codes.some(isTlsCode)) {
    tlsFailure = true;
    message = l10n.t('The secure connection to {0} failed: {1}.', host, tlsReason(codes));
  } else if (has('ECONNREFUSED')) {
    message = l10n.t(
      'Cannot reach {0}: the connection was refused. Is the server running, and is the URL right?',
      host,
    );
  } else if (has('ENOTFOUND', 'EAI_AGAIN')) {
    message = l10n.t('Cannot reach {0}: the host name could not be resolved.', host);
  } else if (kinds.has('closed') || has('ECONNRESET', 'EPIPE')) {
    message = l10n.t('The connection to {0} was closed before the server answered.', host);
  } else if (has('EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT')) {
    message = l10n.t('Cannot reach {0}: the network did not route there.', host);
  } else if (kinds.has('proxy-refused')) {
    message = l10n.t('The proxy refused the connection to {0}.', host);
  } else {
    message = l10n.t('The request to {0} failed ({1}).', host, codes[0] ?? 'unknown error');
  }
  if (failure.hint && !tlsFailure) message = `${message} ${failure.hint}`;
  return new BitbucketError(kind, message, { request, tlsFailure, cause: err });
}

/** The request's one deadline, for headers and body together, ran out. */
export function deadlineError(host: string, totalMs: number, request: string, cause: unknown): BitbucketError {
  return new BitbucketError(
    'timeout',
    l10n.t(
      '{0} did not send its whole answer within {1}. If the server or the network is this slow, raise the "Request Timeout Seconds" setting (bitbucketSnippets.requestTimeoutSeconds, or this server\'s entry in bitbucketSnippets.servers).',
      host,
      seconds(totalMs),
    ),
    { request, cause },
  );
}

function tlsReason(codes: string[]): string {
  const code = codes.find(isTlsCode) ?? '';
  if (code === 'CERT_HAS_EXPIRED') return l10n.t('its certificate has expired');
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return l10n.t('its certificate is for another host name');
  if (code.startsWith('ERR_SSL_')) return l10n.t('the TLS handshake failed ({0}); is it an http:// server?', code);
  return l10n.t(
    'its certificate is not trusted ({0}); a company certificate authority must be added as a trusted CA',
    code,
  );
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
