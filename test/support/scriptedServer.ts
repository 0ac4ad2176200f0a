// A loopback HTTP server whose answers a test scripts one by one, for failure modes that
// must be exact (a dropped socket, a slow header, a Retry-After) and to see the raw requests.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: SeenRequest, res: http.ServerResponse) => void;

export interface ScriptedServer {
  url: string;
  seen: SeenRequest[];
  /** Handlers used in order; the last one repeats. */
  script(...handlers: Handler[]): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  let handlers: Handler[] = [json(200, {})];
  const seen: SeenRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const handler = handlers.length > 1 ? handlers.shift()! : handlers[0];
      handler(request, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    script: (...h) => {
      handlers = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
}

export function text(
  status: number,
  body: string,
  contentType = 'text/plain',
  headers: Record<string, string> = {},
): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, ...headers });
    res.end(body);
  };
}

export const drop: Handler = (_req, res) => res.socket?.destroy();

export function hang(ms: number, then: Handler = json(200, {})): Handler {
  return (req, res) => {
    const t = setTimeout(() => then(req, res), ms);
    res.on('close', () => clearTimeout(t));
  };
}

export function bitbucketError(
  status: number,
  message: string,
  exceptionName: string | null = null,
  context: string | null = null,
): Handler {
  return json(status, { errors: [{ context, message, exceptionName }] });
}
