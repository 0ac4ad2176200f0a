// Builds the undici dispatcher of one client: whom it trusts (OS store, Node's roots, CA files)
// and whether it goes through a proxy. Made on the first request, so activation neither loads
// undici nor reads the OS trust store.
import type { Dispatcher } from 'undici';
import type buildConnector from 'undici/types/connector';
import type * as UndiciParts from './undiciParts';
import { markingProxyFailures } from './proxyConnectFailure';
import type { ResolvedProxy } from './proxyForTarget';
import type { TlsClientMaterial } from '../../clientCertificate';
import { secureContextFor, trustedAuthorities } from '../../trust/trustedAuthorities';

export interface DispatcherPlan {
  /** Decided before anything loads (proxyForTarget), so a bad proxy URL fails fast. */
  proxy: ResolvedProxy | undefined;
  systemCertificates: boolean;
  /** PEM text of the user's CA files. */
  extraCa: string[];
  /** Presented to the Bitbucket server when it asks for one (mutual TLS); never to the proxy. */
  clientCertificate?: TlsClientMaterial;
  connectMs: number;
  log: (message: string) => void;
}

/**
 * undici is most of the extension's code (about 310 of 440 KiB) and activation sends no request,
 * so it is loaded with the first request instead. esbuild.js puts src/api/wire/undici/undiciParts.ts in a bundle of its own
 * and keeps this require; in plain Node (the unit tests) it is an ordinary require. Node caches
 * the module, so only the first dispatcher of a session pays for it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadUndici = (): typeof UndiciParts => require('./undiciParts');

export async function createDispatcher(plan: DispatcherPlan): Promise<Dispatcher> {
  const { Agent, Pool, ProxyAgent } = loadUndici();
  const authorities = await trustedAuthorities({ systemCertificates: plan.systemCertificates, extraCa: plan.extraCa });
  plan.log(
    plan.systemCertificates
      ? `trusting ${authorities.systemCount} certificates of the OS store (read in ${authorities.systemLoadMs} ms), Node's roots and ${plan.extraCa.length} CA files${authorities.systemProblems.length > 0 ? `; store notes: ${authorities.systemProblems.join('; ')}` : ''}`
      : `trusting Node's roots and ${plan.extraCa.length} CA files (http.systemCertificates is off)`,
  );
  // Said outright, not left to Node's default: NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment
  // turns that default off for every connection that does not say, and the README promises that
  // certificates are always verified.
  const tls = { secureContext: secureContextFor(authorities), rejectUnauthorized: true };
  // A secureContext makes tls.connect ignore `cert`, `key` and `pfx`, so the server's own context
  // carries the client certificate; the proxy's does not.
  const serverTls = plan.clientCertificate
    ? { secureContext: secureContextFor(authorities, plan.clientCertificate), rejectUnauthorized: true }
    : tls;
  const agentOptions = { connect: { timeout: plan.connectMs, ...serverTls }, keepAliveTimeout: 30_000 };
  const proxy = plan.proxy;
  if (!proxy) return new Agent(agentOptions);
  plan.log(`using the proxy ${proxy.label}${proxy.authorization ? ' with credentials' : ''}`);
  const proxyOrigin = new URL(proxy.uri).origin;
  const markedPool = (origin: string | URL, options: object) => {
    const connect = (options as { connect: buildConnector.connector }).connect;
    return new Pool(origin, { ...options, connect: markingProxyFailures(connect) });
  };
  return new ProxyAgent({
    ...agentOptions,
    uri: proxy.uri,
    token: proxy.authorization,
    // The same trust for the proxy as for the server: an https:// proxy is verified too, and a
    // company proxy's CA goes in the Ca Files setting like any other.
    proxyTls: { timeout: plan.connectMs, ...tls },
    requestTls: serverTls,
    // http:// targets go to the proxy as absolute URIs, as browsers and curl send them; https://
    // targets are tunnelled with CONNECT.
    proxyTunnel: false,
    clientFactory: markedPool,
    // For http:// targets undici makes the proxy's client with this factory, under the proxy's
    // own origin; every other origin gets an ordinary pool.
    factory: (origin, options) =>
      new URL(String(origin)).origin === proxyOrigin ? markedPool(origin, options) : new Pool(origin, options),
  });
}
