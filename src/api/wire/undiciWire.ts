// The bundled undici as a wire: one keep-alive dispatcher per client, with the extension's own
// proxy handling (dispatcher.ts). undici itself loads with the first dispatcher, not before.
import { createDispatcher, type DispatcherPlan } from '../dispatcher';
import type { Wire } from './wire';

export async function createUndiciWire(plan: DispatcherPlan): Promise<Wire> {
  const dispatcher = await createDispatcher(plan);
  return {
    kind: 'undici',
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
      return { statusCode: response.statusCode, headers: response.headers, body: response.body, destroy: () => response.body.destroy() };
    },
    close: () => dispatcher.close(),
  };
}
