// What HttpTransport sends its requests through. Two wires carry the same requests:
//   - 'node' (node/): Node's own https module. In VS Code's extension host that module is the one
//     VS Code patches, so a request gets the editor's proxy resolution (http.proxy, PAC files, the
//     OS settings), its answers to a proxy's 407 (Kerberos, Basic) and the OS certificates.
//   - 'undici' (undici/): the bundled undici, with the extension's own proxy handling. It serves
//     plain Node and the cases VS Code's patch cannot: http.proxySupport off, and
//     http.proxyAuthorization, which the patch never sends.
// Everything above a wire (headers, retries, deadlines, size limits, the typed failures) is shared;
// what differs between them is behind this interface: how a wire is set up (its trust and proxy),
// how it connects, and how its own failures read.
import type { BitbucketError } from '../errors';
import type { TlsClientMaterial } from '../clientCertificate';
import type { ProxyOptions } from './undici/proxyForTarget';
import type { LogLevel } from '../transportTypes';
import type { WireFailure } from './wireFailure';
import type { RequestAbort } from './requestAbort';

export type { WireKind } from '../transportTypes';

export interface Wire {
  request(request: WireRequest): Promise<WireResponse>;
  /**
   * A failed request read in the terms every wire shares (failures.ts writes the messages from
   * them); a failure of the wire's proxy comes back as the error that names it.
   */
  readFailure(err: unknown, request: string): WireFailure;
  /**
   * An answer that is not the server's but the network stack's on the way (a proxy's 407 that VS
   * Code's stack replays as the response), as the error to report instead; undefined for the server's.
   */
  proxyAnswer?(response: WireResponse, request: string): BitbucketError | undefined;
  /** Closes kept-alive connections. */
  close(): Promise<void>;
}

/** What a wire is made from: the client's settings, and the material it reads only when it is made. */
export interface WireSetup {
  /** The server's base URL. */
  target: URL;
  /** The proxy settings of the extension's own client; VS Code's stack has its own. */
  proxy: ProxyOptions | undefined;
  /** Trust the OS's certificate store besides Node's roots (VS Code's `http.systemCertificates`). */
  systemCertificates: boolean;
  connectMs: number;
  log: (level: LogLevel, message: string) => void;
  /**
   * Reads the CA files and opens the client certificate (which may ask for a passphrase): a wire
   * calls it after checking what it can without them, so a bad proxy URL fails first.
   */
  readTrustMaterial(): Promise<TrustMaterial>;
}

export interface TrustMaterial {
  /** PEM text of the user's CAs (the `ca` option and the Ca Files). */
  extraCa: string[];
  /** Presented to the Bitbucket server when it asks for one (mutual TLS). */
  clientCertificate?: TlsClientMaterial;
}

export interface WireRequest {
  /** The whole URL: origin, path and query. */
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Aborts the request and closes its connection, mid-body too. */
  signal: RequestAbort;
  /** Until the response headers arrive. */
  headersTimeoutMs: number;
  /** Longest silence while the body streams in. */
  bodyTimeoutMs: number;
}

export type WireHeaders = Record<string, string | string[] | undefined>;

export interface WireResponse {
  statusCode: number;
  /** Header names in lower case. */
  headers: WireHeaders;
  body: AsyncIterable<Buffer>;
  /** Stops reading and closes the connection. */
  destroy(): void;
  /**
   * The proxy the request went through when the network stack chose it, in PAC form
   * ("PROXY host:port", "DIRECT"); undefined when the wire does not say.
   */
  via?: string;
}

/** The first value of a header (lower-case name). */
export function headerValue(headers: WireHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Codes of the failures the node wire makes itself (node/nodeRequest.ts), where Node has none of
 * its own; its readFailure translates them. A secure connection closed before a single byte is
 * read as a client certificate turned down (clientCertificateFailure.ts).
 */
export const WIRE_CODES = {
  connectTimeout: 'BBS_CONNECT_TIMEOUT',
  headersTimeout: 'BBS_HEADERS_TIMEOUT',
  bodyTimeout: 'BBS_BODY_TIMEOUT',
  /** A secure connection the server closed before sending a single byte, as servers that turn a client certificate down do. */
  closedBeforeAnswer: 'BBS_CLOSED_BEFORE_ANSWER',
} as const;

export function wireError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}
