// Which proxy, if any, a request to the server goes through: the settings first, then
// HTTP_PROXY / HTTPS_PROXY / NO_PROXY as curl and undici read them. The proxy's credentials are
// taken out of its URL here, so nothing after this point can log or show them by accident.
import { BitbucketError } from '../../errors';
import { readsAsWritten } from '../../proxy/proxyAuthority';
import * as l10n from '@vscode/l10n';

export interface ProxyOptions {
  httpProxy?: string;
  httpsProxy?: string;
  /** Comma-separated hosts (and host:port) that are reached directly, as in NO_PROXY. */
  noProxy?: string;
  /** A ready Proxy-Authorization header value; it wins over credentials in the proxy URL. */
  authorization?: string;
  /** Where `authorization` came from, to name it when the proxy refuses it (e.g. `http.proxyAuthorization`). */
  authorizationSource?: string;
  /** Where httpProxy / httpsProxy came from, to name it when the URL is wrong (e.g. `http.proxy`). */
  source?: string;
}

export interface ResolvedProxy {
  /** `scheme://host:port`, the only form of the proxy that messages and logs show. */
  label: string;
  /** The proxy URL without credentials. */
  uri: string;
  /** Sent as Proxy-Authorization to the proxy only. */
  authorization?: string;
  /** Where `authorization` came from, as words: the setting or environment variable to correct when the proxy refuses it. */
  credentialsFrom?: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The proxy for `target`, or undefined when it is reached directly. */
export function proxyForTarget(
  target: URL,
  options: ProxyOptions | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedProxy | undefined {
  const fromSettings = target.protocol === 'https:' ? options?.httpsProxy || options?.httpProxy : options?.httpProxy;
  const envName =
    target.protocol === 'https:'
      ? (firstSet(env, 'https_proxy', 'HTTPS_PROXY') ?? firstSet(env, 'http_proxy', 'HTTP_PROXY'))
      : firstSet(env, 'http_proxy', 'HTTP_PROXY');
  const raw = fromSettings || (envName ? env[envName] : undefined);
  if (!raw) return undefined;
  const noProxy = [options?.noProxy, env.no_proxy ?? env.NO_PROXY].filter(Boolean).join(',');
  if (bypassesProxy(target, noProxy)) return undefined;
  const source = fromSettings
    ? (options?.source ?? l10n.t('the proxy setting'))
    : l10n.t('the {0} environment variable', envName ?? '');
  const authorization = options?.authorization || undefined;
  return parseProxyUrl(
    raw,
    source,
    authorization
      ? { value: authorization, source: options?.authorizationSource ?? l10n.t('the proxy authorization setting') }
      : undefined,
  );
}

/** Parses a proxy URL; a bare `host:port` means an http:// proxy, as curl reads it. */
export function parseProxyUrl(
  raw: string,
  source: string,
  authorization?: { value: string; source: string },
): ResolvedProxy {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    // The value is not repeated: it may hold a password.
    throw new BitbucketError(
      'proxy',
      l10n.t(
        'The proxy URL in {0} is not a valid URL. It should look like http://proxy.example.com:8080 (with user:password@ before the host if the proxy wants credentials).',
        source,
      ),
      {
        proxyFailure: 'invalid-url',
      },
    );
  }
  // Checked before anything names the host, which a `/`, `?` or `#` in the password makes of the password.
  if (!readsAsWritten(url, text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''))) {
    throw new BitbucketError(
      'proxy',
      l10n.t(
        'The proxy URL in {0} cannot be read: characters such as /, ?, # or @ in its user name or password must be percent-encoded (%2F, %3F, %23, %40).',
        source,
      ),
      {
        proxyFailure: 'invalid-url',
      },
    );
  }
  const port = url.port || String(DEFAULT_PORTS[url.protocol] ?? '');
  const label = `${url.protocol}//${url.hostname}${port ? `:${port}` : ''}`;
  if (!(url.protocol in DEFAULT_PORTS) || !url.hostname) {
    throw new BitbucketError(
      'proxy',
      l10n.t(
        'The proxy URL in {0} must start with http:// or https:// and name a host (it names {1}//{2}).',
        source,
        url.protocol,
        url.hostname,
      ),
      {
        proxyFailure: 'invalid-url',
      },
    );
  }
  if (authorization) {
    return { label, uri: `${label}/`, authorization: authorization.value, credentialsFrom: authorization.source };
  }
  if (!url.username && !url.password) return { label, uri: `${label}/` };
  const user = safeDecode(url.username);
  const password = safeDecode(url.password);
  return {
    label,
    uri: `${label}/`,
    authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`,
    credentialsFrom: source,
  };
}

/** NO_PROXY matching as curl and undici do it: a host, its subdomains, an optional port, or `*`. */
export function bypassesProxy(target: URL, noProxy: string): boolean {
  const host = target.hostname.toLowerCase();
  const port = Number(target.port) || DEFAULT_PORTS[target.protocol] || 0;
  for (const entry of noProxy.split(/[,\s]+/).filter(Boolean)) {
    if (entry === '*') return true;
    const match = /^(.+):(\d+)$/.exec(entry);
    if (match && Number(match[2]) !== port) continue;
    const name = (match ? match[1] : entry).replace(/^\*?\./, '').toLowerCase();
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

function firstSet(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  return names.find((n) => env[n]);
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
