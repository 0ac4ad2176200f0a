// How many list requests of one account are in flight at once, shared by every list a search (or
// an export) pages concurrently: a few at a time, never more. When the server says it is
// overwhelmed (429 Too Many Requests), the gate halves how many it lets through and holds every
// new request back for the Retry-After the server asked for (bounded, and cut short by the
// caller's signal).
import { BitbucketError } from './errors';
import { sleep } from './retries';
import * as l10n from '@vscode/l10n';

/** Requests of one account in flight at once when nothing says otherwise. */
export const DEFAULT_CONCURRENT_REQUESTS = 4;

/** The longest a Retry-After is honoured: a server asking for more is asked again after this. */
export const MAX_RETRY_AFTER_MS = 30_000;

/** The wait after a 429 that names none. */
const DEFAULT_BACK_OFF_MS = 1000;

export interface RequestGateOptions {
  /** Requests in flight at once; at least 1. Default DEFAULT_CONCURRENT_REQUESTS. */
  concurrency?: number;
  /** The longest wait a Retry-After may impose; default MAX_RETRY_AFTER_MS. */
  maxRetryAfterMs?: number;
  now?: () => number;
}

export class RequestGate {
  private allowed: number;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** No request starts before this time (ms since the epoch): the server asked us to wait. */
  private resumeAt = 0;
  private readonly maxRetryAfterMs: number;
  private readonly now: () => number;

  constructor(options: RequestGateOptions = {}) {
    this.allowed = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENT_REQUESTS));
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
    this.now = options.now ?? Date.now;
  }

  /** How many requests may be in flight at once now. */
  get concurrency(): number {
    return this.allowed;
  }

  /** How long new requests are still held back, in ms. */
  get pausedForMs(): number {
    return Math.max(0, this.resumeAt - this.now());
  }

  /**
   * Runs `task` once a place is free and any wait the server asked for is over. A task failing
   * with 429 backs off (before its place is given to the next), and fails as it did.
   */
  async run<R>(signal: AbortSignal | undefined, task: () => Promise<R>): Promise<R> {
    await this.enter(signal);
    try {
      return await task();
    } catch (err) {
      if (isTooManyRequests(err)) this.backOff(err.retryAfterMs);
      throw err;
    } finally {
      this.leave();
    }
  }

  /**
   * The server answered 429: from now on half as many requests at once (at least one), and none
   * before its Retry-After has passed (DEFAULT_BACK_OFF_MS when it names none, at most
   * maxRetryAfterMs). Returns the wait in ms.
   */
  backOff(retryAfterMs: number | undefined): number {
    this.allowed = Math.max(1, Math.floor(this.allowed / 2));
    const wait = Math.min(this.maxRetryAfterMs, Math.max(0, retryAfterMs ?? DEFAULT_BACK_OFF_MS));
    this.resumeAt = Math.max(this.resumeAt, this.now() + wait);
    return wait;
  }

  private async enter(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      throwIfCancelled(signal);
      const wait = this.resumeAt - this.now();
      if (wait > 0) {
        await sleep(wait, signal).catch(() => throwIfCancelled(signal));
        continue;
      }
      if (this.inFlight < this.allowed) {
        this.inFlight++;
        return;
      }
      await this.nextTurn(signal);
    }
  }

  private leave(): void {
    this.inFlight--;
    // Every waiter looks again: a back-off may have lowered the limit meanwhile.
    for (const wake of this.waiting.splice(0)) wake();
  }

  private nextTurn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        signal?.removeEventListener('abort', wake);
        const i = this.waiting.indexOf(wake);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve();
      };
      this.waiting.push(wake);
      signal?.addEventListener('abort', wake, { once: true });
    });
  }
}

/** True for Bitbucket's rate limiting answer. */
export function isTooManyRequests(err: unknown): err is BitbucketError {
  return err instanceof BitbucketError && err.status === 429;
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new BitbucketError('cancelled', l10n.t('The request was cancelled.'));
}
