// A minimal HTTP proxy on loopback (CONNECT tunnels and plain forwarding), so the client's
// proxy support is tested over real sockets. It counts what passed through it, and can ask for
// credentials (407), turn CONNECT down, or itself speak TLS, as company proxies do.
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';

export interface ProxyBehaviour {
  /** The Proxy-Authorization value it wants; anything else gets a 407. */
  authorization?: string;
  /** Answers every CONNECT with this status (403, 502 …) instead of tunnelling. */
  refuseConnectWith?: number;
  /** Serves https:// with this key and certificate, for an https:// proxy URL. */
  tls?: { key: Buffer; cert: Buffer };
  /**
   * Names only the proxy can resolve, as a company's internal DNS behind its proxy: a request for
   * `bitbucket.test` reaches the address given here. VS Code sends 127.0.0.1 and localhost
   * directly whatever its proxy settings say, so a test that wants the proxy used names the
   * server this way.
   */
  hosts?: Record<string, string>;
  /** Closes every connection as soon as it is made, without a word. */
  closeConnections?: boolean;
  /** The Proxy-Authenticate challenge of its 407 (default `Basic realm="test proxy"`). */
  challenge?: string;
}

export interface TestProxy {
  url: string;
  /** "CONNECT host:port" or "GET http://..." lines, in order. */
  seen: string[];
  /** The Proxy-Authorization header of each request, in order (undefined when none came). */
  authorizations: Array<string | undefined>;
  close(): Promise<void>;
}

export async function startProxy(behaviour: ProxyBehaviour = {}): Promise<TestProxy> {
  const seen: string[] = [];
  const authorizations: Array<string | undefined> = [];
  const sockets = new Set<net.Socket>();
  const challenge = behaviour.challenge ?? 'Basic realm="test proxy"';
  const address = (host: string) => behaviour.hosts?.[host] ?? host;
  const allowed = (req: http.IncomingMessage): boolean => {
    authorizations.push(req.headers['proxy-authorization']);
    return behaviour.authorization === undefined || req.headers['proxy-authorization'] === behaviour.authorization;
  };
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    if (!allowed(req)) {
      res
        .writeHead(407, { 'proxy-authenticate': challenge, 'content-type': 'text/plain' })
        .end('proxy authentication required');
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = http.request(
      {
        host: address(target.hostname),
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server = behaviour.tls
    ? https.createServer({ key: behaviour.tls.key, cert: behaviour.tls.cert }, listener)
    : http.createServer(listener);
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!allowed(req)) {
      client.end(
        `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${challenge}\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    if (behaviour.refuseConnectWith) {
      client.end(
        `HTTP/1.1 ${behaviour.refuseConnectWith} ${http.STATUS_CODES[behaviour.refuseConnectWith]}\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), address(host), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => {
      upstream.destroy();
      client.destroy();
    });
  });
  server.on('connection', (s: net.Socket) => {
    if (behaviour.closeConnections) {
      seen.push('closed a connection');
      s.destroy();
      return;
    }
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `${behaviour.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    seen,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
