// Every certificate authority the client trusts, in one list: the OS store, then Node's bundled
// roots, then the user's own CA files. Node's `ca` option replaces its defaults instead of adding
// to them, which is why the bundled roots are listed here too.
import * as tls from 'node:tls';
import { uniqueCertificates } from './pem';
import { loadSystemStore, type SystemStore } from './systemStore';

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

/**
 * The same trust is asked for by every client of a session (sign-in makes one, the session
 * another), so the list is made once per reading of the OS store and set of CA files.
 */
const known = new WeakMap<object, Map<string, Promise<TrustedAuthorities>>>();
const WITHOUT_STORE = {};
const MAX_KNOWN = 8;

export function trustedAuthorities(choice: TrustChoice): Promise<TrustedAuthorities> {
  const store = choice.systemCertificates ? loadSystemStore() : undefined;
  let lists = known.get(store ?? WITHOUT_STORE);
  if (!lists) {
    lists = new Map();
    known.set(store ?? WITHOUT_STORE, lists);
  }
  const key = choice.extraCa.join('\n');
  let found = lists.get(key);
  if (!found) {
    if (lists.size >= MAX_KNOWN) lists.clear();
    found = collect(store, choice.extraCa);
    lists.set(key, found);
  }
  return found;
}

async function collect(store: Promise<SystemStore> | undefined, extraCa: string[]): Promise<TrustedAuthorities> {
  const system = store ? await store : { certificates: [], loadMs: 0, problems: [] };
  return {
    // Each PEM file of the setting may hold several certificates; Node splits them itself.
    ca: [...uniqueCertificates([...system.certificates, ...tls.rootCertificates]), ...extraCa],
    systemCount: system.certificates.length,
    systemLoadMs: system.loadMs,
    systemProblems: system.problems,
  };
}

const contexts = new WeakMap<TrustedAuthorities, tls.SecureContext>();

/**
 * The TLS context of a client's connections: whom they trust and, for mutual TLS, the certificate
 * they present. Given as `ca`, the few hundred roots would be parsed again for each new
 * connection, and making the context costs tens of milliseconds, so one without a client
 * certificate is made once per trust list and shared. Verification is switched on by the
 * connections that use it (dispatcher.ts says `rejectUnauthorized: true`), whatever the environment says.
 */
export function secureContextFor(
  authorities: TrustedAuthorities,
  clientCertificate?: tls.SecureContextOptions,
): tls.SecureContext {
  if (clientCertificate) return tls.createSecureContext({ ...clientCertificate, ca: authorities.ca });
  let context = contexts.get(authorities);
  if (!context) {
    context = tls.createSecureContext({ ca: authorities.ca });
    contexts.set(authorities, context);
  }
  return context;
}
