// Retries for reads: which failures are worth another attempt, how long to wait before it, and the
// wait itself, which the caller's signal cuts short.
import { BitbucketError } from './errors';
import type { HttpRequest, LogLevel, RetryPolicy } from './transportTypes';
import * as l10n from '@vscode/l10n';

const RETRYABLE_STATUS = new Set([502, 503, 504]);

export interface Retrying {
  policy: RetryPolicy;
  /** The longest a whole request may take: a server that asks for a longer wait is not retried. */
  totalMs: number;
  log: (level: LogLevel, message: string) => void;
}

/** Sends `request` with `attempt`, again after a failure worth retrying, until one is not. */
export async function withRetries<T>(
  request: HttpRequest,
  label: string,
  retrying: Retrying,
  attempt: () => Promise<T>,
): Promise<T> {
  for (let attempts = 0; ; attempts++) {
    try {
      return await attempt();
    } catch (err) {
      const error = err as BitbucketError;
      const delay = retryDelay(request, error, attempts, retrying);
      if (delay === undefined) throw error;
      retrying.log(
        'warn',
        `${label}: ${error.kind}${error.status ? ` ${error.status}` : ''}, retry ${attempts + 1} in ${delay} ms`,
      );
      await sleep(delay, request.signal).catch(() => {
        throw new BitbucketError('cancelled', l10n.t('The request was cancelled.'), { request: label });
      });
    }
  }
}

/** How long to wait before retrying, or undefined when this failure is not retried. */
function retryDelay(
  request: HttpRequest,
  error: BitbucketError,
  attempt: number,
  { policy, totalMs }: Retrying,
): number | undefined {
  // Only reads are retried: a repeated POST would create a second snippet. Timeouts are not
  // retried either: the user has already waited the whole timeout once.
  if (request.method !== 'GET' || attempt >= policy.retries) return undefined;
  const retryable =
    (error.kind === 'network' && !error.tlsFailure) ||
    (error.kind === 'server' && error.status !== undefined && RETRYABLE_STATUS.has(error.status));
  if (!retryable) return undefined;
  if (error.retryAfterMs !== undefined) {
    // A wait longer than a whole request may take is not a short hiccup: report it instead.
    return error.retryAfterMs <= Math.min(policy.maxDelayMs, totalMs) ? error.retryAfterMs : undefined;
  }
  const backoff = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, backoff + Math.floor(Math.random() * policy.baseDelayMs));
}

/** Waits `ms`; the signal cuts it short with a rejection. (The paging gate waits with it too.) */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
