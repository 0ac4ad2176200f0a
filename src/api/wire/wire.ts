// What HttpTransport sends its requests through. Two wires carry the same requests:
//   - 'node': Node's own https module. In VS Code's extension host that module is the one VS Code
//     patches, so a request gets the editor's proxy resolution (http.proxy, PAC files, the OS
//     settings), its answers to a proxy's 407 (Kerberos, Basic) and the OS certificates.
//   - 'undici': the bundled undici, with the extension's own proxy handling. It serves plain Node
//     and the cases VS Code's patch cannot: http.proxySupport off, and http.proxyAuthorization,
//     which the patch never sends.
// Everything above a wire (headers, retries, deadlines, size limits, the typed failures) is shared.

export type WireKind = 'node' | 'undici';

export interface WireRequest {
  /** The whole URL: origin, path and query. */
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Aborts the request and closes its connection, mid-body too. */
  signal: AbortSignal;
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

export interface Wire {
  readonly kind: WireKind;
  request(request: WireRequest): Promise<WireResponse>;
  /** Closes kept-alive connections. */
  close(): Promise<void>;
}

/** Wire failures that are not Node's or undici's own codes, so the messages above can tell them apart. */
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
