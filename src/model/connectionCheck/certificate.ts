// The TLS step: which certificate the server presents, and which trust source accepts its chain.
// Verification is never turned off. Each source gets a handshake of its own with `ca` set to that
// source alone and `rejectUnauthorized: true`; the result is whether it completed, or the
// verification error it ended with. No byte of application data is sent on any of them.
// The client certificate configured for the server is presented as every request presents it.
// Under TLS 1.3 the server judges it only after the client's side of the handshake is done, so
// a completed handshake waits briefly for the server's verdict: a session ticket (accepted), or
// an alert or a closed connection (refused).
import { connect, type ConnectionOptions, type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';
import { isIP } from 'node:net';
import type { TrustSource } from './trustSources';
import * as l10n from '@vscode/l10n';
import { errorMessage } from '../../util/errorMessage';

export interface CertificateFacts {
  subject: string;
  issuer: string;
  altNames?: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
  /** Subjects up the chain the server sent, the server's own first. */
  chain: string[];
}

export type SourceVerdict =
  | { source: string; result: 'accepted' }
  | { source: string; result: 'rejected'; code: string }
  | { source: string; result: 'unavailable'; reason: string };

export interface TlsFacts {
  /** Undefined when no handshake got as far as the server's certificate. */
  certificate?: CertificateFacts;
  verdicts: SourceVerdict[];
  /** A failure before any certificate was seen (not TLS at all, reset, timeout). */
  connectError?: string;
  /**
   * The server's certificate was trusted, and then the server ended the connection: it turned
   * down the client certificate presented, or the lack of one. The alert's code, or
   * `CLOSED_AFTER_HANDSHAKE` when it only closed the connection.
   */
  clientRefused?: string;
}

/** What node:tls takes to present a client certificate (api/clientCertificate.ts reads it). */
export interface ClientCertificateMaterial {
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
}

/** The code of a connection the server closed, without an alert, right after the handshake. */
export const CLOSED_AFTER_HANDSHAKE = 'CLOSED_AFTER_HANDSHAKE';
/** How long a TLS 1.3 handshake waits for the server's verdict on the client certificate at most. */
const VERDICT_WAIT_MS = 1000;

export async function inspectTls(
  host: string,
  port: number,
  sources: readonly TrustSource[],
  timeoutMs: number,
  clientCertificate?: ClientCertificateMaterial,
): Promise<TlsFacts> {
  const verdicts: SourceVerdict[] = [];
  let certificate: CertificateFacts | undefined;
  let connectError: string | undefined;
  let clientRefused: string | undefined;
  for (const source of sources) {
    let ca: string[];
    try {
      ca = await source.certificates();
    } catch (err) {
      verdicts.push({ source: source.name, result: 'unavailable', reason: errorMessage(err) });
      continue;
    }
    if (ca.length === 0) {
      verdicts.push({ source: source.name, result: 'unavailable', reason: l10n.t('it holds no certificates') });
      continue;
    }
    const outcome = await handshake(host, port, ca, timeoutMs, clientCertificate);
    certificate ??= outcome.certificate;
    clientRefused ??= outcome.clientRefused;
    if (outcome.code === undefined) verdicts.push({ source: source.name, result: 'accepted' });
    else if (isClientCertificateAlert(outcome.code)) {
      // TLS 1.2: the server's verdict on the client certificate ends the handshake itself, after
      // the client has checked the server's certificate against this source.
      clientRefused ??= outcome.code;
      verdicts.push({ source: source.name, result: 'accepted' });
    } else if (outcome.certificate || isVerificationCode(outcome.code)) {
      verdicts.push({ source: source.name, result: 'rejected', code: outcome.code });
    } else {
      connectError ??= outcome.code;
      verdicts.push({ source: source.name, result: 'rejected', code: outcome.code });
    }
  }
  return {
    certificate,
    verdicts,
    connectError: certificate ? undefined : connectError,
    ...(clientRefused ? { clientRefused } : {}),
  };
}

interface HandshakeOutcome {
  certificate?: CertificateFacts;
  /** Undefined when the chain verified and the host name matched. */
  code?: string;
  /** The server refused the client certificate after a completed TLS 1.3 handshake. */
  clientRefused?: string;
}

function handshake(
  host: string,
  port: number,
  ca: string[],
  timeoutMs: number,
  clientCertificate: ClientCertificateMaterial | undefined,
): Promise<HandshakeOutcome> {
  return new Promise((resolve) => {
    let certificate: CertificateFacts | undefined;
    const options: ConnectionOptions & { requestOCSP: boolean } = {
      ...clientCertificate,
      host,
      port,
      // SNI takes a host name only; an IP address is matched against the certificate without it.
      servername: isIP(host) ? undefined : host,
      ca,
      rejectUnauthorized: true,
      // Asking for OCSP stapling makes Node report the stapling step of the handshake, at which
      // point the server's certificate has arrived but its verification has not yet ended the
      // connection: the one moment the certificate of an untrusted server can be read.
      // (tls.connect takes every TLSSocket option; Node's typings list this one on TLSSocket only.)
      requestOCSP: true,
    };
    const socket = connect(options);
    let settled = false;
    const done = (code: string | undefined, clientRefused?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(verdictTimer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve({ certificate, code, ...(clientRefused ? { clientRefused } : {}) });
    };
    let verdictTimer: NodeJS.Timeout | undefined;
    socket.once('OCSPResponse', () => {
      certificate ??= describe(socket.getPeerCertificate(true));
    });
    socket.setTimeout(timeoutMs, () => done('ETIMEDOUT'));
    socket.once('secureConnect', () => {
      certificate ??= describe(socket.getPeerCertificate(true));
      if (socket.getProtocol() !== 'TLSv1.3') return done(undefined);
      // The server's verdict on the client certificate comes after this: a session ticket when
      // it accepts, an alert or a closed connection when it does not. A server that sends no
      // ticket counts as accepting once the wait is over.
      socket.removeAllListeners('error');
      socket.once('session', () => done(undefined));
      socket.once('error', (err: NodeJS.ErrnoException) => done(undefined, err.code ?? err.message));
      socket.once('close', () => done(undefined, CLOSED_AFTER_HANDSHAKE));
      verdictTimer = setTimeout(() => done(undefined), Math.min(timeoutMs, VERDICT_WAIT_MS));
    });
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
  });
}

function describe(cert: DetailedPeerCertificate | PeerCertificate | undefined): CertificateFacts | undefined {
  if (!cert || !cert.subject) return undefined;
  const chain: string[] = [];
  const seen = new Set<string>();
  for (
    let c: DetailedPeerCertificate | undefined = cert as DetailedPeerCertificate;
    c && !seen.has(c.fingerprint256);
    c = c.issuerCertificate
  ) {
    seen.add(c.fingerprint256);
    chain.push(distinguishedName(c.subject));
  }
  return {
    subject: distinguishedName(cert.subject),
    issuer: distinguishedName(cert.issuer),
    altNames: cert.subjectaltname || undefined,
    validFrom: cert.valid_from,
    validTo: cert.valid_to,
    fingerprint256: cert.fingerprint256,
    chain,
  };
}

function distinguishedName(name: PeerCertificate['subject'] | undefined): string {
  if (!name) return '(none)';
  return Object.entries(name)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : value}`)
    .join(', ');
}

/** TLS alerts a server sends about the client's certificate (or its absence). */
export function isClientCertificateAlert(code: string): boolean {
  return /ALERT_(CERTIFICATE_REQUIRED|CERTIFICATE_EXPIRED|UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|UNSUPPORTED_CERTIFICATE|CERTIFICATE_REVOKED|ACCESS_DENIED|HANDSHAKE_FAILURE)|PEER_DID_NOT_RETURN_A_CERTIFICATE/.test(
    code,
  );
}

/** Codes OpenSSL and Node give when the chain or the host name did not verify. */
export function isVerificationCode(code: string): boolean {
  return /CERT|SELF_SIGNED|ISSUER|LEAF_SIGNATURE|ALTNAME|UNTRUSTED|REVOKED/.test(code);
}
