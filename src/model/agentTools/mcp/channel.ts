// The private channel between the MCP server process and the extension host. The host listens on
// a Unix socket in a folder of its own (mkdtemp, mode 0700: no other user can reach it) or, on
// Windows, a named pipe with a random name; a connection is heard only after it presents a key the
// host issued for one server process, once (a key is used up by its first connection, and unused
// ones expire). Every call has a deadline on both sides, a connection has a bound on the calls it
// may have running and on each line's size, and a closed channel fails every call at once with
// words. No credential crosses it: the host runs the operations and answers with their text.
// Plain Node.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { readLines, writeLine } from './lines';
import { errorMessage } from '../../../util/errorMessage';

export const ChannelLimits = {
  /** Bytes of one line: the largest answer (a resource's text) fits with room to spare. */
  lineBytes: 8 * 1024 * 1024,
  /** Calls one connection may have running at once. */
  pendingCalls: 16,
  /** A connection that presents no key within this is closed. */
  helloMs: 5_000,
  /** An issued key not used within this expires. */
  keyLifetimeMs: 2 * 60_000,
  /** Keys kept at once: the oldest go first. */
  keys: 8,
  /** Connections at once. */
  connections: 8,
} as const;

/** What the host does for a call; `signal` aborts at the call's deadline or when the connection closes. */
export type ChannelHandler = (method: string, params: unknown, signal: AbortSignal) => Promise<unknown>;

export class ChannelUnavailableError extends Error {}

/** The host's end: listens, issues keys, answers calls through `handler`. */
export class ChannelHost {
  private readonly server: net.Server;
  private readonly keys: Array<{ key: Buffer; until: number }> = [];
  private readonly sockets = new Set<net.Socket>();
  private folder: string | undefined;

  private constructor(
    readonly address: string,
    private readonly handler: ChannelHandler,
    private readonly deadlineOf: (method: string) => number,
    private readonly now: () => number,
  ) {
    this.server = net.createServer((socket) => this.accept(socket));
    this.server.maxConnections = ChannelLimits.connections;
  }

  /** Listens on a fresh private address. */
  static async start(
    handler: ChannelHandler,
    deadlineOf: (method: string) => number,
    now: () => number = Date.now,
  ): Promise<ChannelHost> {
    let folder: string | undefined;
    let address: string;
    if (process.platform === 'win32') {
      address = `\\\\.\\pipe\\bitbucket-snippets-mcp-${randomBytes(16).toString('hex')}`;
    } else {
      // mkdtemp makes the folder with mode 0700.
      folder = mkdtempSync(path.join(os.tmpdir(), 'bbs-mcp-'));
      address = path.join(folder, 'channel.sock');
    }
    const host = new ChannelHost(address, handler, deadlineOf, now);
    host.folder = folder;
    await new Promise<void>((resolve, reject) => {
      host.server.once('error', reject);
      host.server.listen(address, () => {
        host.server.off('error', reject);
        resolve();
      });
    });
    return host;
  }

  /** A key for one server process: its first connection uses it up. */
  issueKey(): string {
    const key = randomBytes(32);
    this.keys.push({ key, until: this.now() + ChannelLimits.keyLifetimeMs });
    if (this.keys.length > ChannelLimits.keys) this.keys.splice(0, this.keys.length - ChannelLimits.keys);
    return key.toString('hex');
  }

  /** Whether `presented` is an issued, unused, unexpired key; uses it up. */
  private takeKey(presented: unknown): boolean {
    if (typeof presented !== 'string' || !/^[0-9a-f]{64}$/.test(presented)) return false;
    const wanted = Buffer.from(presented, 'hex');
    const now = this.now();
    const index = this.keys.findIndex((k) => k.until >= now && timingSafeEqual(k.key, wanted));
    if (index < 0) return false;
    this.keys.splice(index, 1);
    return true;
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    const running = new Map<unknown, AbortController>();
    let admitted = false;
    const hello = setTimeout(() => socket.destroy(), ChannelLimits.helloMs);
    socket.on('close', () => {
      clearTimeout(hello);
      this.sockets.delete(socket);
      for (const abort of running.values()) abort.abort();
    });
    socket.on('error', () => socket.destroy());
    readJsonLines<{ id?: unknown; method?: unknown; params?: unknown; key?: unknown }>(socket, (message) => {
      if (!admitted) {
        clearTimeout(hello);
        if (!this.takeKey(message?.key)) {
          socket.destroy();
          return;
        }
        admitted = true;
        writeLine(socket, { ok: true });
        return;
      }
      if (typeof message?.method !== 'string' || (typeof message.id !== 'number' && typeof message.id !== 'string')) {
        return;
      }
      if (running.size >= ChannelLimits.pendingCalls) {
        writeLine(socket, { id: message.id, error: { message: 'Too many calls at once.' } });
        return;
      }
      void this.answer(socket, running, message.id, message.method, message.params);
    });
  }

  private async answer(
    socket: net.Socket,
    running: Map<unknown, AbortController>,
    id: unknown,
    method: string,
    params: unknown,
  ): Promise<void> {
    const abort = new AbortController();
    running.set(id, abort);
    const deadline = setTimeout(() => abort.abort(), this.deadlineOf(method));
    try {
      const result = await this.handler(method, params, abort.signal);
      writeLine(socket, { id, result });
    } catch (err) {
      writeLine(socket, { id, error: { message: errorMessage(err), code: (err as { code?: unknown }).code } });
    } finally {
      clearTimeout(deadline);
      running.delete(id);
    }
  }

  close(): void {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = undefined;
  }
}

/** The server process's end: one connection, calls with deadlines. */
export class ChannelClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  private closedReason: string | undefined;

  private constructor(private readonly socket: net.Socket) {}

  /** Connects and presents the key; rejects with words when the host does not answer or refuses. */
  static connect(address: string, key: string, timeoutMs: number, unavailable: string): Promise<ChannelClient> {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection(address);
      const client = new ChannelClient(socket);
      let admitted = false;
      const fail = () => {
        socket.destroy();
        reject(new ChannelUnavailableError(unavailable));
      };
      const timer = setTimeout(fail, timeoutMs);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        client.closed(unavailable);
        if (!admitted) reject(new ChannelUnavailableError(unavailable));
      });
      socket.on('connect', () => writeLine(socket, { key }));
      readJsonLines<{ ok?: unknown; id?: unknown; result?: unknown; error?: { message?: unknown; code?: unknown } }>(
        socket,
        (message) => {
          if (!admitted) {
            if (message.ok !== true) return fail();
            admitted = true;
            clearTimeout(timer);
            resolve(client);
            return;
          }
          client.settle(message);
        },
      );
    });
  }

  /** Calls the host; rejects after `deadlineMs`, or at once when the channel is closed. */
  call(method: string, params: unknown, deadlineMs: number, late: string): Promise<unknown> {
    if (this.closedReason !== undefined) return Promise.reject(new ChannelUnavailableError(this.closedReason));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ChannelUnavailableError(late));
      }, deadlineMs);
      this.pending.set(id, { resolve, reject, timer });
      writeLine(this.socket, { id, method, params });
    });
  }

  get isOpen(): boolean {
    return this.closedReason === undefined;
  }

  close(): void {
    this.socket.destroy();
  }

  private settle(message: { id?: unknown; result?: unknown; error?: { message?: unknown; code?: unknown } }): void {
    const call = typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
    if (!call) return;
    this.pending.delete(message.id as number);
    clearTimeout(call.timer);
    if (message.error) {
      call.reject(Object.assign(new Error(String(message.error.message)), { code: message.error.code }));
    } else call.resolve(message.result);
  }

  private closed(reason: string): void {
    this.closedReason ??= reason;
    for (const call of this.pending.values()) {
      clearTimeout(call.timer);
      call.reject(new ChannelUnavailableError(reason));
    }
    this.pending.clear();
  }
}

/**
 * Reads a socket's lines as JSON, for both ends of the channel: a line over the bound, a flood of
 * lines, or a line that is no JSON ends the connection, since neither end ever sends one.
 */
function readJsonLines<T>(socket: net.Socket, onMessage: (message: T) => void): void {
  readLines(socket, ChannelLimits.lineBytes, {
    tooLong: () => socket.destroy(),
    overflow: () => socket.destroy(),
    line: (text) => {
      let message: T;
      try {
        message = JSON.parse(text) as T;
      } catch {
        socket.destroy();
        return;
      }
      onMessage(message);
    },
  });
}
