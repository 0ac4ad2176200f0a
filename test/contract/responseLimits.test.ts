// Every request ends: a body that arrives a byte at a time ends at the request's deadline (the
// idle timer alone would wait for ever), and a body larger than the size limit is cut off while
// it streams in, with its connection closed, instead of being read whole into memory. Both say
// which server and which setting. A snippet of several MB still opens with the defaults.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BitbucketClient, type ClientOptions } from '../../src/api';
import { startServer } from '../server/server';
import { failure } from '../support/failures';
import { testWire } from '../support/testWire';

interface RawServer {
  url: string;
  /** Bytes of body the handler managed to write before the client went away. */
  written: () => number;
  closed: () => boolean;
  close(): Promise<void>;
}

/** A loopback server whose one handler writes the body itself, to drip or to flood. */
async function rawServer(
  handler: (res: http.ServerResponse, count: (n: number) => void, index: number) => void,
): Promise<RawServer> {
  let written = 0;
  let requests = 0;
  let closed = false;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((_req, res) => {
    res.on('close', () => (closed = true));
    handler(res, (n) => (written += n), requests++);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written: () => written,
    closed: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const MB = 1024 * 1024;

/** Waits until `condition` holds, for at most `ms`; true when it did. */
async function soon(condition: () => boolean, ms = 2000): Promise<boolean> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

describe('response limits: a deadline per request and a size limit on bodies', function () {
  this.timeout(15_000);
  const stops: Array<() => Promise<void>> = [];
  const client = (baseUrl: string, extra: Partial<ClientOptions> = {}) => {
    const c = new BitbucketClient({
      wire: testWire(),
      baseUrl,
      credentials: () => ({ type: 'basic', username: 'alice', password: 'alice' }),
      retry: { retries: 0 },
      ...extra,
    });
    stops.push(() => c.dispose());
    return c;
  };
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  it('a body that drips one byte every 50 ms ends at the deadline, naming the server and the timeout setting', async () => {
    const server = await rawServer((res, count, index) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // The first answer is whole: it warms the client up (undici, the trust store), so the deadline measures the drip alone.
      if (index === 0) return void res.end('{"values":[],"size":0,"limit":1,"start":0,"isLastPage":true}');
      const timer = setInterval(() => {
        res.write(' ');
        count(1);
      }, 50);
      res.on('close', () => clearInterval(timer));
    });
    stops.push(() => server.close());
    // The idle timer (bodyMs) is far longer than the drip's gaps: only the deadline can end it.
    const dripped = client(server.url, { timeouts: { headersMs: 5000, bodyMs: 5000, totalMs: 1000 } });
    await dripped.getMySnippets({ limit: 1 });
    const started = Date.now();
    const err = await failure(dripped.getMySnippets({ limit: 1 }));
    const took = Date.now() - started;
    assert.equal(err.kind, 'timeout', err.toLogString());
    assert.match(err.message, /^127\.0\.0\.1:\d+ did not send its whole answer within 1 s\./);
    assert.match(err.message, /"Request Timeout Seconds" setting \(bitbucketSnippets\.requestTimeoutSeconds/);
    assert.ok(took >= 950 && took < 2500, `ended after ${took} ms`);
    assert.ok(await soon(server.closed), 'the connection was closed');
    console.log(`      drip: ended after ${took} ms, ${server.written()} bytes received`);
  });

  it('a Retry-After longer than the deadline is not waited for', async () => {
    const server = await rawServer((res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '3' });
      res.end('{"errors":[{"message":"starting"}]}');
    });
    stops.push(() => server.close());
    const started = Date.now();
    const err = await failure(
      client(server.url, { retry: { retries: 2, maxDelayMs: 10_000 }, timeouts: { totalMs: 1000 } }).getMySnippets({
        limit: 1,
      }),
    );
    assert.equal(err.status, 503);
    assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
  });

  for (const declared of [false, true]) {
    it(`a 300 MB body${declared ? ' with its Content-Length' : ' without a Content-Length'} is cut off over the limit, naming the server and the size setting`, async () => {
      const total = 300 * MB;
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const server = await rawServer((res, count) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(total) } : {}),
        });
        let sent = 0;
        const pump = () => {
          while (sent < total && !res.destroyed) {
            sent += chunk.length;
            count(chunk.length);
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      });
      stops.push(() => server.close());
      const heapBefore = process.memoryUsage().heapUsed;
      const started = Date.now();
      const err = await failure(client(server.url, { maxResponseBytes: 2 * MB }).getMySnippets({ limit: 1 }));
      const took = Date.now() - started;
      assert.equal(err.kind, 'unexpected-response', err.toLogString());
      assert.match(err.message, /^The answer of 127\.0\.0\.1:\d+ is larger than 2 MB/);
      assert.match(err.message, /"Max Response Size MB" setting \(bitbucketSnippets\.maxResponseSizeMB/);
      assert.ok(await soon(server.closed), 'the connection was closed');
      // What the server got written before the socket closed: the limit plus what the socket buffers hold.
      assert.ok(server.written() < 40 * MB, `the server wrote ${server.written()} bytes`);
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
      console.log(
        `      300 MB body, limit 2 MB${declared ? ', Content-Length' : ''}: ended after ${took} ms; server wrote ${(server.written() / MB).toFixed(1)} MB; heap +${(heapGrowth / MB).toFixed(1)} MB`,
      );
    });
  }

  it('a snippet with a 6 MB file opens with the default limits', async () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default: unknown }> } };
    };
    const settings = manifest.contributes.configuration.properties;
    const sizeMb = settings['bitbucketSnippets.maxResponseSizeMB'].default as number;
    const timeoutMs = (settings['bitbucketSnippets.requestTimeoutSeconds'].default as number) * 1000;
    const server = await startServer({ port: 0 });
    stops.push(() => server.close());
    const content = 'x'.repeat(6 * MB - 1) + '\n';
    const alice = client(server.url, {
      maxResponseBytes: sizeMb * MB,
      timeouts: { headersMs: timeoutMs, bodyMs: timeoutMs, totalMs: timeoutMs },
    });
    const created = await alice.createSnippet({ name: 'big', files: [{ name: 'big.txt', content }] });
    const read = await alice.getSnippet(created.guid);
    assert.equal(read.files[0].content.length, content.length);
  });
});
