// One request through Node's own http and https modules. In VS Code's extension host these are the
// modules VS Code patches before any extension runs (see nodeWire.ts for what the patch keeps).
// In plain Node the same code runs unpatched: direct connections, Node's roots.
import type * as Http from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { TlsClientMaterial } from '../../clientCertificate';
import { abortError } from '../requestAbort';
import { WIRE_CODES, wireError, type WireRequest, type WireResponse } from '../wire';

export interface NodeRequestPlan {
  clientCertificate?: TlsClientMaterial;
  /** The whole trust list, or undefined to leave trust to the host (VS Code adds the OS store). */
  ca?: string[];
  connectMs: number;
}

/** Set on an error when the network stack named the proxy it tried ("PROXY host:port"). */
export interface ViaProxy {
  via?: string;
}

/**
 * 'https' and 'http', not 'node:https': VS Code hands an extension its patched module when the
 * extension requires these names, and esbuild keeps the require as written.
 */
function moduleFor(url: URL): typeof Http {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return url.protocol === 'https:' ? require('https') : require('http');
}

export function sendOverNode(plan: NodeRequestPlan, request: WireRequest): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const options: Http.RequestOptions & Record<string, unknown> = {
      method: request.method,
      headers,
      rejectUnauthorized: true,
      ...plan.clientCertificate,
      ...(plan.ca ? { ca: plan.ca } : {}),
    };
    let via: string | undefined;
    let proxyFailure: unknown;
    let socket: Socket | undefined;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const clearTimers = () => timers.splice(0).forEach(clearTimeout);
    const fail = (err: unknown) => {
      clearTimers();
      if (settled) return;
      settled = true;
      // VS Code's proxy agent reports a failed proxy only in its message; the cause it swallowed
      // comes with its 'proxy' event, and both are handed on so the message can name the proxy.
      let error = err instanceof Error ? err : new Error(String(err));
      if (closedBeforeAnswer(error, socket)) {
        error = Object.assign(
          wireError(WIRE_CODES.closedBeforeAnswer, 'the server closed the secure connection before answering'),
          { cause: error },
        );
      }
      if (proxyFailure !== undefined && (error as { cause?: unknown }).cause === undefined) {
        Object.assign(error, { cause: proxyFailure });
      }
      if (via !== undefined) Object.assign(error, { via } satisfies ViaProxy);
      reject(error);
    };

    const req = moduleFor(request.url).request(request.url, options);
    // What Node's own `signal` option does, for the wire's cheaper abort: the request, or the
    // response mid-body, ends with an AbortError.
    const abort = () => req.destroy(abortError(request.signal.reason));
    if (request.signal.aborted) abort();
    else {
      request.signal.once('abort', abort);
      req.once('close', () => request.signal.removeListener('abort', abort));
    }
    // @vscode/proxy-agent announces which proxy it used, or failed to use, for this request.
    req.on('proxy', (event: { proxy?: string; error?: unknown }) => {
      via = event.proxy;
      if (event.error !== undefined) proxyFailure = event.error;
    });
    req.on('error', fail);
    timers.push(
      setTimeout(
        () => req.destroy(wireError(WIRE_CODES.headersTimeout, 'no response headers in time')),
        request.headersTimeoutMs,
      ),
    );
    req.on('socket', (given) => {
      socket = given;
      if (!given.connecting) return;
      const connectTimer = setTimeout(
        () => req.destroy(wireError(WIRE_CODES.connectTimeout, 'no connection in time')),
        plan.connectMs,
      );
      timers.push(connectTimer);
      given.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('response', (response) => {
      clearTimers();
      if (settled) {
        response.destroy();
        return;
      }
      settled = true;
      // Idle time between chunks; the transport's deadline bounds the whole body.
      response.setTimeout(request.bodyTimeoutMs, () =>
        response.destroy(wireError(WIRE_CODES.bodyTimeout, 'the body stalled')),
      );
      resolve({
        statusCode: response.statusCode ?? 0,
        headers: response.headers,
        body: response,
        destroy: () => response.destroy(),
        via,
      });
    });
    req.end(request.body);
  });
}

/**
 * Node reports a server that ends a fresh secure connection without a word as "socket hang up";
 * after a completed handshake with nothing read, that is how servers turn a client certificate
 * (or its absence) down under TLS 1.3. A kept-alive connection closed between requests has read
 * its earlier answers, so it never counts.
 */
function closedBeforeAnswer(error: Error, socket: Socket | undefined): boolean {
  const tlsSocket = socket as TLSSocket | undefined;
  return (
    (error as { code?: string }).code === 'ECONNRESET' && tlsSocket?.encrypted === true && tlsSocket.bytesRead === 0
  );
}
