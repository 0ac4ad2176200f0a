// Failures that are the proxy's, not the server's, turned into errors that name the proxy (as
// scheme://host:port, never with credentials) so the message can point at the proxy settings.
import { BitbucketError, type ProxyFailure } from '../../errors';
import { isProxyConnectFailure } from './proxyConnectFailure';
import type { ResolvedProxy } from './proxyForTarget';
import type { FailureCodes } from '../wireFailure';
import * as l10n from '@vscode/l10n';

/**
 * The proxy's failure, or undefined when the failure is the server's (or the network's beyond
 * the proxy). undici reports a refused CONNECT only in its message text ("Proxy response (407)
 * !== 200 when HTTP Tunneling"; "Proxy Authentication Required (407)" when forwarding), so the
 * status is read from there; the contract tests pin these texts for the undici version in use.
 */
export function proxyError(
  err: unknown,
  failure: FailureCodes,
  proxy: ResolvedProxy,
  request: string,
  targetHost: string,
): BitbucketError | undefined {
  const { codes, tlsCode } = failure;
  const make = (
    proxyFailure: ProxyFailure,
    message: string,
    extra: { status?: number; tlsFailure?: boolean; credentialsFrom?: string } = {},
  ) => {
    const { credentialsFrom, ...rest } = extra;
    return new BitbucketError('proxy', message, {
      request,
      proxy: proxy.label,
      proxyFailure,
      proxyCredentialsFrom: credentialsFrom,
      cause: err,
      ...rest,
    });
  };

  const status = proxyStatus(err);
  if (status === 407) {
    if (proxy.authorization) {
      const from = proxy.credentialsFrom ?? l10n.t('the proxy settings');
      return make(
        'auth-required',
        l10n.t('The proxy {0} refused the credentials from {1} (HTTP 407).', proxy.label, from),
        { status, credentialsFrom: from },
      );
    }
    return make(
      'auth-required',
      l10n.t('The proxy {0} wants credentials (HTTP 407), and none are configured.', proxy.label),
      { status },
    );
  }
  if (status !== undefined) {
    return make(
      'refused',
      l10n.t('The proxy {0} refused to connect to {1} (HTTP {2}).', proxy.label, targetHost, status),
      { status },
    );
  }
  if (codes.includes('UND_ERR_PRX_TLS')) {
    return make(
      'certificate',
      l10n.t('The secure connection to the proxy {0} failed: its certificate is for another host name.', proxy.label),
      { tlsFailure: true },
    );
  }
  if (!isProxyConnectFailure(err)) return undefined;
  if (tlsCode) {
    return make(
      'certificate',
      l10n.t(
        'The secure connection to the proxy {0} failed: its certificate is not trusted ({1}).',
        proxy.label,
        tlsCode,
      ),
      { tlsFailure: true },
    );
  }
  if (codes.includes('ECONNREFUSED')) {
    return make(
      'refused',
      l10n.t('The proxy {0} refused the connection. Is the proxy running, and is its address right?', proxy.label),
    );
  }
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) {
    return make('unreachable', l10n.t('Cannot reach the proxy {0}: its host name could not be resolved.', proxy.label));
  }
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT')) {
    return make('unreachable', l10n.t('The proxy {0} did not accept a connection in time.', proxy.label));
  }
  return make(
    'unreachable',
    l10n.t('The connection to the proxy {0} failed ({1}).', proxy.label, codes[0] ?? 'unknown error'),
  );
}

const STATUS_IN_MESSAGE = [/Proxy response \((\d{3})\) !== 200/, /Proxy Authentication Required \((407)\)/];

function proxyStatus(err: unknown): number | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message !== 'string') continue;
    for (const pattern of STATUS_IN_MESSAGE) {
      const match = pattern.exec(message);
      if (match) return Number(match[1]);
    }
  }
  return undefined;
}
