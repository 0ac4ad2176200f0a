// Tells a failure to reach the proxy apart from a failure to reach the server. Both arrive as the
// same socket or TLS error codes, so the proxy's own connector marks the errors it produces.
import type buildConnector from 'undici/types/connector';

const MARK = Symbol.for('bitbucket-snippets.proxyConnectFailure');

/** Wraps the connector undici uses for the proxy so that its errors carry the mark. */
export function markingProxyFailures(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) =>
    connect(options, (...args: Parameters<buildConnector.Callback>) => {
      const err = args[0];
      if (err && typeof err === 'object') Object.defineProperty(err, MARK, { value: true });
      (callback as (...a: unknown[]) => void)(...args);
    });
}

/** Whether the error, or one it wraps, happened while connecting to the proxy. */
export function isProxyConnectFailure(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { [MARK]?: boolean })[MARK]) return true;
  }
  return false;
}
