// Why a server that checks client certificates ended the connection. Servers say it with a TLS
// alert (Java and OpenSSL servers), or only close the connection right after the handshake, as
// Node's own TLS server does and as undici reports even an alert under TLS 1.3 ("other side
// closed"). A connection closed on an https origin before a single byte was read is therefore
// taken as the server turning the certificate (or its absence) down.
import { BitbucketError, type ClientCertificateProblem } from './errors';
import { WIRE_CODES } from './wire/wire';
import * as l10n from '@vscode/l10n';

const ALERT_REQUIRED = ['ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'ERR_SSL_PEER_DID_NOT_RETURN_A_CERTIFICATE'];
const ALERT_EXPIRED = ['ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED'];
const ALERT_REJECTED = [
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
  'ERR_SSL_SSLV3_ALERT_UNSUPPORTED_CERTIFICATE',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_REVOKED',
  'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
];
/** An alert that, when a certificate was requested, most often means "no (acceptable) certificate". */
const ALERT_HANDSHAKE = 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE';

export interface HandshakeFacts {
  /** Error codes along the cause chain. */
  codes: string[];
  /** The failed request's error, whose socket tells how much was read. */
  error: unknown;
  host: string;
  /** The certificate sent (its file name), or undefined when none is set. */
  certificate: string | undefined;
  request: string;
}

/** A BitbucketError when the client certificate explains the failure, otherwise undefined. */
export function clientCertificateFailure(facts: HandshakeFacts): BitbucketError | undefined {
  const verdict = classify(facts);
  if (!verdict) return undefined;
  const { problem, alerted } = verdict;
  const { host, certificate } = facts;
  const messages: Record<'required' | 'expired' | 'rejected', string> = {
    required: alerted
      ? l10n.t('{0} requires a client certificate, and none is set for it.', host)
      : l10n.t(
          '{0} closed the connection right after the secure handshake: it probably requires a client certificate, and none is set for it.',
          host,
        ),
    expired: l10n.t(
      '{0} did not accept the client certificate {1}: by its clock the certificate has expired.',
      host,
      certificate ?? '',
    ),
    rejected: l10n.t(
      '{0} did not accept the client certificate {1}: it is probably issued by a certificate authority the server does not trust, or revoked.',
      host,
      certificate ?? '',
    ),
  };
  return new BitbucketError('network', messages[problem], {
    request: facts.request,
    clientCertificate: problem,
    cause: facts.error,
  });
}

interface Verdict {
  problem: Extract<ClientCertificateProblem, 'required' | 'expired' | 'rejected'>;
  /** The server said so with an alert, rather than only closing the connection. */
  alerted: boolean;
}

function classify({ codes, error, certificate }: HandshakeFacts): Verdict | undefined {
  const has = (list: string[]) => codes.some((c) => list.includes(c));
  const sentOrMissing = certificate !== undefined ? 'rejected' : 'required';
  if (has(ALERT_REQUIRED)) return { problem: 'required', alerted: true };
  if (has(ALERT_EXPIRED)) return { problem: 'expired', alerted: true };
  if (has(ALERT_REJECTED)) return { problem: 'rejected', alerted: true };
  if (codes.includes(ALERT_HANDSHAKE)) return { problem: sentOrMissing, alerted: false };
  if (closedRightAfterHandshake(codes, error)) return { problem: sentOrMissing, alerted: false };
  return undefined;
}

/** Closed before any byte of an answer: a server never does this to a request it has read. */
function closedRightAfterHandshake(codes: string[], error: unknown): boolean {
  if (codes.includes(WIRE_CODES.closedBeforeAnswer)) return true;
  if (codes.includes('UND_ERR_SOCKET')) {
    const socket = (error as { socket?: { bytesRead?: unknown } }).socket;
    return socket?.bytesRead === 0;
  }
  // Under TLS 1.2 the server's verdict comes within the handshake, which Node reports so.
  return codes.includes('ECONNRESET') && /before secure TLS connection was established/.test(messagesOf(error));
}

function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(String((e as Error).message ?? ''));
  }
  return parts.join(' ');
}
