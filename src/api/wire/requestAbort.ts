// What aborts one request on a wire: the transport's deadline, which a caller's AbortSignal fires
// too. An EventEmitter, which undici takes as a signal as it is and the node wire listens to: an
// AbortController per request (and an AbortSignal.any to join the caller's) costs several times
// more than the rest of the pipeline above the wire.
import { EventEmitter } from 'node:events';

export class RequestAbort extends EventEmitter {
  aborted = false;
  /** Why it was aborted: the caller's reason, or an AbortError. */
  reason: unknown;

  abort(reason: unknown = abortError()): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  /** Aborts this too when `signal` aborts; returns what stops listening. */
  follow(signal: AbortSignal | undefined): () => void {
    if (!signal) return noop;
    if (signal.aborted) {
      this.abort(signal.reason);
      return noop;
    }
    const listener = () => this.abort(signal.reason);
    signal.addEventListener('abort', listener, { once: true });
    return () => signal.removeEventListener('abort', listener);
  }
}

const noop = () => undefined;

/** The error Node's own request gives when its signal aborts it. */
export function abortError(cause?: unknown): Error {
  return Object.assign(new Error('The operation was aborted'), {
    name: 'AbortError',
    code: 'ABORT_ERR',
    ...(cause !== undefined ? { cause } : {}),
  });
}
