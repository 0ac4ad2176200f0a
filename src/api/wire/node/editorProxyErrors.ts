// Failures of a proxy that VS Code's network stack chose (the node wire in the extension host):
// from http.proxy, a PAC file or the OS settings. VS Code's proxy agent says which proxy it tried
// only in the text of its error ("Failed to establish a socket connection to proxies: PROXY
// host:port") and in the request's 'proxy' event, and it replays a proxy's refusal of CONNECT as
// the response, so a 407 arrives as an ordinary status. These become errors that name the proxy
// (never with credentials) and say where it came from.
import { BitbucketError } from '../../errors';
import { goesTo, hostAfterCredentials } from '../../proxy/proxyAuthority';
import type { FailureCodes } from '../wireFailure';
import * as l10n from '@vscode/l10n';

const PROXY_AGENT_FAILURE = /Failed to establish a socket connection to proxies: (.+)$/;
const CONNECT_ENDED = /Proxy connection ended before receiving CONNECT response/;

const SCHEME_OF_TYPE: Record<string, string> = {
  PROXY: 'http',
  HTTP: 'http',
  HTTPS: 'https',
  SOCKS: 'socks',
  SOCKS5: 'socks',
  SOCKS4: 'socks4',
};

/**
 * The proxy URLs the user wrote where VS Code takes a proxy's credentials from: http.proxy
 * (`options.httpProxy`) and the *_PROXY environment variables. A result with user info is named
 * only after the host one of them names, so a password cut into a "host" is never shown.
 */
export function writtenProxyUrls(options: { httpProxy?: string } | undefined, env: NodeJS.ProcessEnv): string[] {
  const variables = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'].map((name) => env[name]);
  return [options?.httpProxy, ...variables].filter((url): url is string => Boolean(url?.includes('@')));
}

/**
 * A PAC-style result ("PROXY host:port", "HTTPS host:port", "SOCKS5 host:port"; the first of a
 * list) as a URL without credentials, or undefined for DIRECT and anything it cannot read. The
 * result itself may hold credentials, so it is shown and logged only through this; `written` are
 * the proxy URLs the user wrote (writtenProxyUrls).
 */
export function proxyLabelOf(result: string, written: readonly string[] = []): string | undefined {
  // VS Code passes http.proxy's (or the environment's) user:password@ along in the result.
  if (result.includes('@')) return labelWithCredentials(result, written);
  for (const entry of result.split(';')) {
    const [type, target] = entry.trim().split(/\s+/);
    const scheme = SCHEME_OF_TYPE[type?.toUpperCase() ?? ''];
    if (scheme && target && hostAfterCredentials(target) === target) return `${scheme}://${target}`;
  }
  return undefined;
}

/**
 * The label of a result whose proxy has user info: the host a proxy URL the user wrote names after
 * its last `@`, and only when VS Code's agent, which cuts the result at `;` and spaces before its
 * URL parser reads it, connects there too. The result alone cannot say where its password ends:
 * the agent reports "bob:x@QQQ" when the password "x@QQQ;QQ" was cut at its `;`.
 */
function labelWithCredentials(result: string, written: readonly string[]): string | undefined {
  const [type, given] = agentEntry(result);
  const scheme = SCHEME_OF_TYPE[type?.toUpperCase() ?? ''];
  const url = scheme && given ? agentUrl(scheme, given) : undefined;
  if (!scheme || !url) return undefined;
  const host = written
    .map((w) => hostAfterCredentials(w.replace(/^[a-z][\w+.-]*:\/\//i, '')))
    .find((h) => h !== undefined && goesTo(url, h));
  return host && `${scheme}://${host}`;
}

/** The type and target of a result's first entry, as VS Code's proxy agent splits it. */
function agentEntry(result: string): [string | undefined, string | undefined] {
  const [type, target] = result
    .trim()
    .split(/\s*;\s*/)[0]
    .split(/\s+/);
  return [type, target];
}

function agentUrl(scheme: string, target: string): URL | undefined {
  try {
    return new URL(`${scheme}://${target}`);
  } catch {
    return undefined;
  }
}

/** Whether the proxy VS Code's agent went through had user info in its URL, which the agent sends as Basic credentials. */
export function agentSentCredentials(via: string | undefined): boolean {
  if (!via?.includes('@')) return false;
  const [type, given] = agentEntry(via);
  const url = given && agentUrl(SCHEME_OF_TYPE[type?.toUpperCase() ?? ''] ?? 'http', given);
  return Boolean(url && (url.username || url.password));
}

/**
 * Where the proxy URL with credentials that VS Code's stack used came from, looked up in the order
 * VS Code's resolver takes them: http.proxy (`options.httpProxy`, named by `options.source`), then
 * HTTPS_PROXY / HTTP_PROXY, then a PAC file or the system's settings.
 */
export function editorCredentialsSource(
  options: { httpProxy?: string; source?: string } | undefined,
  env: NodeJS.ProcessEnv,
): string {
  if (options?.httpProxy) return options.source ?? l10n.t('the proxy setting');
  const variable = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'].find((name) => env[name]);
  if (variable) return l10n.t('the {0} environment variable', variable);
  return l10n.t("the proxy URL of a PAC file or the system's proxy settings");
}

/** The failure of the proxy VS Code chose, or undefined when the failure is not the proxy's. */
export function editorProxyError(
  err: unknown,
  failure: FailureCodes,
  request: string,
  targetHost: string,
  written: readonly string[] = [],
): BitbucketError | undefined {
  const said = messages(err)
    .map((m) => PROXY_AGENT_FAILURE.exec(m)?.[1])
    .find((m) => m !== undefined);
  if (said === undefined) return undefined;
  // The whole result, never the entry the agent cut from it: cut at a `;` in a password, the
  // entry would read as a host of the password's first characters.
  // The agent's error holds its whole result, so the host after its last `@` is the one written there.
  const label = proxyLabelOf(said, [...written, said]);
  const proxy = label ?? l10n.t('the proxy');
  const make = (proxyFailure: 'refused' | 'unreachable' | 'certificate', message: string) =>
    new BitbucketError('proxy', message, {
      request,
      proxy: label,
      proxyFailure,
      proxyChosenBy: 'editor',
      tlsFailure: proxyFailure === 'certificate',
      cause: err,
    });
  const { codes, tlsCode } = failure;
  if (tlsCode) {
    return make(
      'certificate',
      l10n.t(
        'The secure connection to the proxy {0}, which VS Code chose for {1}, failed: its certificate is not trusted ({2}).',
        proxy,
        targetHost,
        tlsCode,
      ),
    );
  }
  if (codes.includes('ECONNREFUSED')) {
    return make(
      'refused',
      l10n.t('The proxy {0}, which VS Code chose for {1}, refused the connection.', proxy, targetHost),
    );
  }
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) {
    return make(
      'unreachable',
      l10n.t(
        'Cannot reach the proxy {0}, which VS Code chose for {1}: its host name could not be resolved.',
        proxy,
        targetHost,
      ),
    );
  }
  if (codes.includes('ECONNRESET') || messages(err).some((m) => CONNECT_ENDED.test(m))) {
    return make(
      'refused',
      l10n.t('The proxy {0}, which VS Code chose for {1}, closed the connection without answering.', proxy, targetHost),
    );
  }
  return make(
    'unreachable',
    l10n.t(
      'The connection to the proxy {0}, which VS Code chose for {1}, failed ({2}).',
      proxy,
      targetHost,
      codes[0] ?? l10n.t('no reason given'),
    ),
  );
}

const SCHEMES = ['Negotiate', 'Kerberos', 'NTLM', 'Basic', 'Digest', 'Bearer'];

/** The authentication schemes a Proxy-Authenticate header offers, as the header names them. */
export function offeredSchemes(proxyAuthenticate: string | undefined): string[] {
  if (!proxyAuthenticate) return [];
  const found = SCHEMES.filter((scheme) => new RegExp(`(^|,)\\s*${scheme}(\\s|,|$)`, 'i').test(proxyAuthenticate));
  return found.length > 0 ? found : [proxyAuthenticate.trim().split(/[\s,]/)[0]].filter((s) => /^[\w-]{1,30}$/.test(s));
}

/**
 * A 407 that reached the client: the proxy wanted credentials that VS Code's stack did not give,
 * or refused the ones it gave, which came from `credentialsFrom` (see editorCredentialsSource).
 */
export function editorProxyResponseError(
  proxyAuthenticate: string | undefined,
  via: string | undefined,
  targetHost: string,
  request: string,
  credentialsFrom?: string,
  written: readonly string[] = [],
): BitbucketError {
  const label = via && proxyLabelOf(via, written);
  const proxy = label || l10n.t('on the way');
  const schemes = offeredSchemes(proxyAuthenticate);
  const init = { status: 407, request, proxy: label || undefined, proxyChosenBy: 'editor' as const };
  if (credentialsFrom !== undefined) {
    return new BitbucketError(
      'proxy',
      l10n.t(
        'The proxy {0} to {1} refused the credentials VS Code sent, from {2} (HTTP 407).',
        proxy,
        targetHost,
        credentialsFrom,
      ),
      { ...init, proxyFailure: 'auth-required', proxyCredentialsFrom: credentialsFrom },
    );
  }
  if (schemes.length > 0 && schemes.every((s) => s.toUpperCase() === 'NTLM')) {
    return new BitbucketError(
      'proxy',
      l10n.t(
        "The proxy {0} to {1} accepts only NTLM sign-in (HTTP 407), which neither VS Code's network stack nor this extension can answer.",
        proxy,
        targetHost,
      ),
      { ...init, proxyFailure: 'unsupported-scheme' },
    );
  }
  return new BitbucketError(
    'proxy',
    schemes.length > 0
      ? l10n.t(
          'The proxy {0} to {1} wants credentials ({2}, HTTP 407) that VS Code did not supply.',
          proxy,
          targetHost,
          schemes.join(', '),
        )
      : l10n.t('The proxy {0} to {1} wants credentials (HTTP 407) that VS Code did not supply.', proxy, targetHost),
    { ...init, proxyFailure: 'auth-required' },
  );
}

/** Said after a network failure of a request VS Code sent without a proxy, where one may be missing. */
export function directConnectionHint(): string {
  return l10n.t(
    "VS Code sent the request directly, without a proxy: if your network needs one, check http.proxy, the PAC file or the system's proxy settings.",
  );
}

function messages(err: unknown): string[] {
  const found: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') found.push(message);
  }
  return found;
}
