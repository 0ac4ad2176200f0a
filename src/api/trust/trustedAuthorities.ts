// Every certificate authority the client trusts, in one list: the OS store, then Node's bundled
// roots, then the user's own CA files. Node's `ca` option replaces its defaults instead of adding
// to them, which is why the bundled roots are listed here too.
import * as tls from 'node:tls';
import { uniqueCertificates } from './pem';
import { loadSystemStore } from './systemStore';

export interface TrustChoice {
  /** Follows VS Code's `http.systemCertificates`: false leaves the OS store out. */
  systemCertificates: boolean;
  /** PEM text of the user's own CAs (the Ca Files setting), already read. */
  extraCa: string[];
}

export interface TrustedAuthorities {
  ca: string[];
  /** For the log: what the OS store added, and why it may have added less. */
  systemCount: number;
  systemLoadMs: number;
  systemProblems: string[];
}

export async function trustedAuthorities(choice: TrustChoice): Promise<TrustedAuthorities> {
  const system = choice.systemCertificates ? await loadSystemStore() : { certificates: [], loadMs: 0, problems: [] };
  return {
    // Each PEM file of the setting may hold several certificates; Node splits them itself.
    ca: [...uniqueCertificates([...system.certificates, ...tls.rootCertificates]), ...choice.extraCa],
    systemCount: system.certificates.length,
    systemLoadMs: system.loadMs,
    systemProblems: system.problems,
  };
}

/**
 * One TLS context for every connection of a client: given as `ca`, the few hundred roots would
 * be parsed again for each new connection. Verification stays on (Node's default).
 */
/** The context of a connection: whom it trusts, and, for mutual TLS, the certificate it presents. */
export function secureContextFor(authorities: TrustedAuthorities, clientCertificate: tls.SecureContextOptions = {}): tls.SecureContext {
  return tls.createSecureContext({ ...clientCertificate, ca: authorities.ca });
}
