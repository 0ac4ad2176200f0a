import { isRecord } from '../../../util/isRecord';
// JSON-RPC 2.0 as MCP uses it: what a message is, and the error answers. Plain Node.

export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

/** JSON-RPC's own error codes, and the server-defined ones this server uses. */
export const RpcErrors = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Server-defined: too many requests at once, or a request too large. */
  busy: -32000,
  /** Server-defined: Bitbucket Snippets in VS Code cannot be reached. */
  unavailable: -32001,
} as const;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type Incoming =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response' }
  | { kind: 'invalid'; id: RequestId | null; problem: string };

/** What a parsed line is; anything that is not a JSON-RPC 2.0 message is `invalid`. */
export function classify(value: unknown): Incoming {
  if (!isRecord(value)) {
    return { kind: 'invalid', id: null, problem: 'A message must be a JSON object (batches are not supported).' };
  }
  const m = value as Record<string, unknown>;
  const id = typeof m.id === 'string' || (typeof m.id === 'number' && Number.isFinite(m.id)) ? m.id : null;
  if (m.jsonrpc !== '2.0') {
    return { kind: 'invalid', id, problem: 'The message is not JSON-RPC 2.0 ("jsonrpc": "2.0" is missing).' };
  }
  if (m.method === undefined && ('result' in m || 'error' in m)) return { kind: 'response' };
  if (typeof m.method !== 'string') return { kind: 'invalid', id, problem: 'The message has no "method".' };
  if (m.params !== undefined && (typeof m.params !== 'object' || m.params === null || Array.isArray(m.params))) {
    return { kind: 'invalid', id, problem: '"params" must be an object.' };
  }
  const params = m.params as Record<string, unknown> | undefined;
  if (m.id === undefined) return { kind: 'notification', message: { jsonrpc: '2.0', method: m.method, params } };
  if (id === null) return { kind: 'invalid', id: null, problem: '"id" must be a string or a number.' };
  return { kind: 'request', message: { jsonrpc: '2.0', id, method: m.method, params } };
}

export function resultMessage(id: RequestId, result: unknown): unknown {
  return { jsonrpc: '2.0', id, result };
}

export function errorReply(id: RequestId | null, code: number, message: string): unknown {
  return { jsonrpc: '2.0', id, error: { code, message } };
}
