// The TLS step: which certificate the server presents, and which trust source accepts its chain.
// Verification is never turned off. Each source gets a handshake of its own with `ca` set to that
// source alone and `rejectUnauthorized: true`; the result is whether it completed, or the
// verification error it ended with. No byte of application data is sent on any of them.
import { connect, type ConnectionOptions, type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';
import { isIP } from 'node:net';
import type { TrustSource } from './trustSources';
import * as l10n from '@vscode/l10n';

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
}

export async function inspectTls(host: string, port: number, sources: readonly TrustSource[], timeoutMs: number): Promise<TlsFacts> {
  const verdicts: SourceVerdict[] = [];
  let certificate: CertificateFacts | undefined;
  let connectError: string | undefined;
  for (const source of sources) {
    let ca: string[];
    try {
      ca = await source.certificates();
    } catch (err) {
      verdicts.push({ source: source.name, result: 'unavailable', reason: err instanceof Error ? err.message : String(err) });
      continue;
    }
    if (ca.length === 0) {
      verdicts.push({ source: source.name, result: 'unavailable', reason: l10n.t('it holds no certificates') });
      continue;
    }
    const outcome = await handshake(host, port, ca, timeoutMs);
    certificate ??= outcome.certificate;
    if (outcome.code === undefined) verdicts.push({ source: source.name, result: 'accepted' });
    else if (outcome.certificate || isVerificationCode(outcome.code)) verdicts.push({ source: source.name, result: 'rejected', code: outcome.code });
    else {
      connectError ??= outcome.code;
      verdicts.push({ source: source.name, result: 'rejected', code: outcome.code });
    }
  }
  return { certificate, verdicts, connectError: certificate ? undefined : connectError };
}

interface HandshakeOutcome {
  certificate?: CertificateFacts;
  /** Undefined when the chain verified and the host name matched. */
  code?: string;
}

function handshake(host: string, port: number, ca: string[], timeoutMs: number): Promise<HandshakeOutcome> {
  return new Promise((resolve) => {
    let certificate: CertificateFacts | undefined;
    const options: ConnectionOptions & { requestOCSP: boolean } = {
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
    const done = (code: string | undefined) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve({ certificate, code });
    };
    socket.once('OCSPResponse', () => {
      certificate ??= describe(socket.getPeerCertificate(true));
    });
    socket.setTimeout(timeoutMs, () => done('ETIMEDOUT'));
    socket.once('secureConnect', () => {
      certificate ??= describe(socket.getPeerCertificate(true));
      done(undefined);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
  });
}

function describe(cert: DetailedPeerCertificate | PeerCertificate | undefined): CertificateFacts | undefined {
  if (!cert || !cert.subject) return undefined;
  const chain: string[] = [];
  const seen = new Set<string>();
  for (let c: DetailedPeerCertificate | undefined = cert as DetailedPeerCertificate; c && !seen.has(c.fingerprint256); c = c.issuerCertificate) {
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

/** Codes OpenSSL and Node give when the chain or the host name did not verify. */
export function isVerificationCode(code: string): boolean {
  return /CERT|SELF_SIGNED|ISSUER|LEAF_SIGNATURE|ALTNAME|UNTRUSTED|REVOKED/.test(code);
}
