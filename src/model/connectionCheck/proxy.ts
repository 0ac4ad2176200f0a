// Which proxy the extension goes through for a server: VS Code's `http.proxy` setting when set,
// otherwise HTTPS_PROXY / HTTP_PROXY from the environment, unless NO_PROXY (or `http.noProxy`)
// names the host. The proxy is only ever described without its user name and password.

import { readsAsWritten } from '../../api/proxy/proxyAuthority';
import * as l10n from '@vscode/l10n';

export interface ProxyConfiguration {
  /** VS Code's `http.proxy`; empty or undefined when not set. */
  setting?: string;
  /** VS Code's `http.noProxy`. */
  settingNoProxy?: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
}

export interface ProxyInUse {
  /** Where it was configured: `http.proxy`, `HTTPS_PROXY`, ... */
  from: string;
  /** scheme://host:port, credentials left out. */
  display: string;
  hadCredentials: boolean;
  /** Host and port to connect to; undefined when the value is not a usable URL. */
  hostname?: string;
  port?: number;
}

export type ProxyDecision =
  { kind: 'none' } | { kind: 'bypassed'; by: string; proxy: ProxyInUse } | { kind: 'proxy'; proxy: ProxyInUse };

export function proxyFor(target: URL, config: ProxyConfiguration): ProxyDecision {
  const env = (name: string) => config.env[name] || config.env[name.toLowerCase()] || undefined;
  const candidates: Array<[string, string | undefined]> = config.setting
    ? [['http.proxy', config.setting]]
    : target.protocol === 'https:'
      ? [
          ['HTTPS_PROXY', env('HTTPS_PROXY')],
          ['HTTP_PROXY', env('HTTP_PROXY')],
        ]
      : [['HTTP_PROXY', env('HTTP_PROXY')]];
  const found = candidates.find(([, value]) => value);
  if (!found) return { kind: 'none' };
  const proxy = describeProxy(found[0], found[1] as string);
  const noProxy = config.setting ? (config.settingNoProxy ?? []).join(',') : (env('NO_PROXY') ?? '');
  const by = config.setting ? 'http.noProxy' : 'NO_PROXY';
  return bypasses(noProxy, target) ? { kind: 'bypassed', by, proxy } : { kind: 'proxy', proxy };
}

export function describeProxy(from: string, raw: string): ProxyInUse {
  let url: URL;
  try {
    url = new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    // Not echoed: a malformed value may still hold a password.
    return { from, display: l10n.t('(a value that is not a URL)'), hadCredentials: false };
  }
  const hadCredentials = Boolean(url.username || url.password);
  // A `/`, `?` or `#` in the password makes the parser's host out of the password: not shown, not dialled.
  if (!readsAsWritten(url, raw.replace(/^[^:/]*:\/\//, ''))) {
    return { from, display: l10n.t('(a value that is not a URL)'), hadCredentials: true };
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return {
    from,
    display: `${url.protocol}//${url.host}`,
    hadCredentials,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port,
  };
}

/** NO_PROXY entries: `*`, host names (a leading `.` or `*.` matches subdomains), host:port. */
function bypasses(noProxy: string, target: URL): boolean {
  const host = target.hostname.toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[,\s]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const [name, entryPort] = entry.split(/:(?=\d+$)/);
      if (entryPort && entryPort !== port) return false;
      const bare = name.replace(/^\*?\./, '');
      return host === bare || host.endsWith(`.${bare}`);
    });
}
