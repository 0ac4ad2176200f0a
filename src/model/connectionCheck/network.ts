// The two lowest steps: does the host name resolve (node:dns), and does a TCP connection to the
// port open in time (node:net). Each answers plain facts; runCheck.ts turns them into steps.
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import * as l10n from '@vscode/l10n';
import { errorMessage } from '../../util/errorMessage';

export type Outcome<T> = { ok: true; value: T; ms: number } | { ok: false; code: string; message: string; ms: number };

/** Resolves a host name to its addresses; rejects with the resolver's error code (`ENOTFOUND`, `EAI_AGAIN`). */
export type HostLookup = (host: string) => Promise<Array<{ address: string }>>;

/** As the operating system resolves names: the hosts file, then DNS. */
const systemLookup: HostLookup = (host) => lookup(host, { all: true });

/** The addresses a host name resolves to. */
export async function resolveHost(
  hostname: string,
  timeoutMs: number,
  lookupHost: HostLookup = systemLookup,
): Promise<Outcome<string[]>> {
  const started = Date.now();
  const host = hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = await withTimeout(lookupHost(host), timeoutMs);
    return { ok: true, value: addresses.map((a) => a.address), ms: Date.now() - started };
  } catch (err) {
    return failure(err, started);
  }
}

/** Opens and closes a TCP connection; `ETIMEDOUT` when it did not open within `timeoutMs`. */
export function openTcp(address: string, port: number, timeoutMs: number): Promise<Outcome<void>> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    const finish = (outcome: Outcome<void>) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs, () =>
      finish({
        ok: false,
        code: 'ETIMEDOUT',
        message: l10n.t('no answer within {0} s', timeoutMs / 1000),
        ms: Date.now() - started,
      }),
    );
    socket.once('connect', () => finish({ ok: true, value: undefined, ms: Date.now() - started }));
    socket.once('error', (err) => finish(failure(err, started)));
  });
}

/** The port a URL connects to, its scheme's default when it names none. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function failure(err: unknown, started: number): { ok: false; code: string; message: string; ms: number } {
  const code = (err as NodeJS.ErrnoException)?.code ?? 'ERROR';
  return { ok: false, code, message: errorMessage(err), ms: Date.now() - started };
}

/** node:dns has no timeout of its own; a resolver that never answers must not hang the check. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(l10n.t('no answer within {0} s', ms / 1000)), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
