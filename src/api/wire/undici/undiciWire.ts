// The bundled undici as a wire: one keep-alive dispatcher per client, with the extension's own
// proxy handling and trust list (dispatcher.ts). undici itself loads with the first dispatcher,
// not before (src/api/wire/undici/undiciParts.ts, a bundle of its own).
import { createDispatcher } from './dispatcher';
import { proxyError } from './proxyErrors';
import { proxyForTarget } from './proxyForTarget';
import type { Wire, WireSetup } from '../wire';
import { errorCodes, isTlsCode, type FailureKind, type WireFailure } from '../wireFailure';

/** undici's own failure codes, in the terms every wire shares. */
const KIND_OF_CODE = new Map<string, FailureKind>([
  ['UND_ERR_ABORTED', 'cancelled'],
  ['UND_ERR_CONNECT_TIMEOUT', 'connect-timeout'],
  ['UND_ERR_HEADERS_TIMEOUT', 'headers-timeout'],
  ['UND_ERR_BODY_TIMEOUT', 'body-timeout'],
  ['UND_ERR_SOCKET', 'closed'],
  ['UND_ERR_CLOSED', 'closed'],
  ['UND_ERR_PRX_TLS', 'proxy-refused'],
  ['UND_ERR_PROXY', 'proxy-refused'],
]);

export async function createUndiciWire(setup: WireSetup): Promise<Wire> {
  // Decided before anything loads, so a bad proxy URL fails fast.
  const proxy = proxyForTarget(setup.target, setup.proxy);
  const { extraCa, clientCertificate } = await setup.readTrustMaterial();
  const dispatcher = await createDispatcher({
    proxy,
    systemCertificates: setup.systemCertificates,
    extraCa,
    clientCertificate,
    connectMs: setup.connectMs,
    log: (message) => setup.log('debug', message),
  });
  return {
    async request(request) {
      const response = await dispatcher.request({
        origin: request.url.origin,
        path: request.url.pathname + request.url.search,
        method: request.method as 'GET',
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        headersTimeout: request.headersTimeoutMs,
        bodyTimeout: request.bodyTimeoutMs,
      });
      return {
        statusCode: response.statusCode,
        headers: response.headers,
        body: response.body,
        destroy: () => response.body.destroy(),
      };
    },
    readFailure(err, request): WireFailure {
      const codes = errorCodes(err);
      const kinds = new Set(codes.flatMap((code) => KIND_OF_CODE.get(code) ?? []));
      const failure = { codes, tlsCode: codes.find(isTlsCode) };
      return { codes, kinds, proxyError: proxy && proxyError(err, failure, proxy, request, setup.target.host) };
    },
    close: () => dispatcher.close(),
  };
}
