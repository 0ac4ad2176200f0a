// A loopback HTTP proxy in front of the local server that can lose an answer after the server has
// applied the request: the client sees the connection close, the write is done anyway. This is
// the case a flaky corporate network makes and the server's own faults cannot (they all answer
// before anything changes), and it is why a failed write's outcome is "unknown", not "not saved".
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LossyProxy {
  /** Base URL to give the client: the upstream's context path is kept. */
  url: string;
  /** Answers lost so far. */
  readonly lost: number;
  close(): Promise<void>;
}

/** `loseAnswer(method, path)` decides per request whether its answer is dropped after the server applied it. */
export async function startLossyProxy(
  upstreamUrl: string,
  loseAnswer: (method: string, path: string) => boolean,
): Promise<LossyProxy> {
  const upstream = new URL(upstreamUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  let lost = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const lose = loseAnswer(req.method ?? 'GET', (req.url ?? '').split('?')[0]);
      const headers = { ...req.headers, host: upstream.host };
      delete headers.connection;
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            if (lose) {
              lost++;
              req.socket.destroy();
              return;
            }
            const out = { ...answer.headers };
            delete out.connection;
            delete out['transfer-encoding'];
            delete out['keep-alive'];
            out['content-length'] = String(Buffer.concat(body).length);
            res.writeHead(answer.statusCode ?? 502, out);
            res.end(Buffer.concat(body));
          });
          answer.on('error', () => req.socket.destroy());
        },
      );
      // The server dropped the connection (its own "drop" fault): pass that on as it is.
      forward.on('error', () => req.socket.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const contextPath = upstream.pathname.replace(/\/+$/, '');
  return {
    url: `http://127.0.0.1:${port}${contextPath}`,
    get lost() {
      return lost;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
