// Failures of a proxy that VS Code's network stack chose (the node wire in the extension host):
// from http.proxy, a PAC file or the OS settings. VS Code's proxy agent says which proxy it tried
// only in the text of its error ("Failed to establish a socket connection to proxies: PROXY
// host:port") and in the request's 'proxy' event, and it replays a proxy's refusal of CONNECT as
// the response, so a 407 arrives as an ordinary status. These become errors that name the proxy
// (never with credentials) and say where it came from.
import { BitbucketError } from '../errors';
import type { FailureCodes } from './proxyErrors';
import * as l10n from '@vscode/l10n';

const PROXY_AGENT_FAILURE = /Failed to establish a socket connection to proxies: (.+)$/;
const CONNECT_ENDED = /Proxy connection ended before receiving CONNECT response/;

/**
 * A PAC-style result ("PROXY host:port", "HTTPS host:port", "SOCKS5 host:port"; the first of a
 * list) as a URL without credentials, or undefined for DIRECT and anything it cannot read. The
 * result itself may hold credentials, so it is shown and logged only through this.
 */
export function proxyLabelOf(result: string): string | undefined {
  for (const entry of result.split(';')) {
    const [type, given] = entry.trim().split(/\s+/);
    // VS Code passes http.proxy's user:password@ along in the result: never part of a label.
    const target = given?.slice(given.lastIndexOf('@') + 1);
    const scheme = { PROXY: 'http', HTTP: 'http', HTTPS: 'https', SOCKS: 'socks', SOCKS5: 'socks', SOCKS4: 'socks4' }[type?.toUpperCase() ?? ''];
    if (scheme && target && /^[\w.[\]:-]+$/.test(target)) return `${scheme}://${target}`;
  }
  return undefined;
}

/** The failure of the proxy VS Code chose, or undefined when the failure is not the proxy's. */
export function editorProxyError(err: unknown, failure: FailureCodes, via: string | undefined, request: string, targetHost: string): BitbucketError | undefined {
  const said = messages(err).map((m) => PROXY_AGENT_FAILURE.exec(m)?.[1]).find((m) => m !== undefined);
  if (said === undefined) return undefined;
  const label = proxyLabelOf(said) ?? (via && proxyLabelOf(via)) ?? undefined;
  const proxy = label ?? l10n.t('the proxy');
  const make = (proxyFailure: 'refused' | 'unreachable' | 'certificate', message: string) =>
    new BitbucketError('proxy', message, { request, proxy: label, proxyFailure, proxyChosenBy: 'editor', tlsFailure: proxyFailure === 'certificate', cause: err });
  const { codes, tlsCode } = failure;
  if (tlsCode) return make('certificate', l10n.t('The secure connection to the proxy {0}, which VS Code chose for {1}, failed: its certificate is not trusted ({2}).', proxy, targetHost, tlsCode));
  if (codes.includes('ECONNREFUSED')) return make('refused', l10n.t('The proxy {0}, which VS Code chose for {1}, refused the connection.', proxy, targetHost));
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) return make('unreachable', l10n.t("Cannot reach the proxy {0}, which VS Code chose for {1}: its host name could not be resolved.", proxy, targetHost));
  if (codes.includes('ECONNRESET') || messages(err).some((m) => CONNECT_ENDED.test(m))) {
    return make('refused', l10n.t('The proxy {0}, which VS Code chose for {1}, closed the connection without answering.', proxy, targetHost));
  }
  return make('unreachable', l10n.t('The connection to the proxy {0}, which VS Code chose for {1}, failed ({2}).', proxy, targetHost, codes[0] ?? l10n.t('no reason given')));
}

const SCHEMES = ['Negotiate', 'Kerberos', 'NTLM', 'Basic', 'Digest', 'Bearer'];

/** The authentication schemes a Proxy-Authenticate header offers, as the header names them. */
export function offeredSchemes(proxyAuthenticate: string | undefined): string[] {
  if (!proxyAuthenticate) return [];
  const found = SCHEMES.filter((scheme) => new RegExp(`(^|,)\\s*${scheme}(\\s|,|$)`, 'i').test(proxyAuthenticate));
  return found.length > 0 ? found : [proxyAuthenticate.trim().split(/[\s,]/)[0]].filter((s) => /^[\w-]{1,30}$/.test(s));
}

/** A 407 that reached the client: the proxy wanted credentials that VS Code's stack did not give. */
export function editorProxyResponseError(proxyAuthenticate: string | undefined, via: string | undefined, targetHost: string, request: string): BitbucketError {
  const proxy = (via && proxyLabelOf(via)) ?? l10n.t('on the way');
  const schemes = offeredSchemes(proxyAuthenticate);
  const init = { status: 407, request, proxy: via && proxyLabelOf(via), proxyChosenBy: 'editor' as const };
  if (schemes.length > 0 && schemes.every((s) => s.toUpperCase() === 'NTLM')) {
    return new BitbucketError(
      'proxy',
      l10n.t('The proxy {0} to {1} accepts only NTLM sign-in (HTTP 407), which neither VS Code\'s network stack nor this extension can answer.', proxy, targetHost),
      { ...init, proxyFailure: 'unsupported-scheme' },
    );
  }
  return new BitbucketError(
    'proxy',
    schemes.length > 0
      ? l10n.t('The proxy {0} to {1} wants credentials ({2}, HTTP 407) that VS Code did not supply.', proxy, targetHost, schemes.join(', '))
      : l10n.t('The proxy {0} to {1} wants credentials (HTTP 407) that VS Code did not supply.', proxy, targetHost),
    { ...init, proxyFailure: 'auth-required' },
  );
}

/** Said after a network failure of a request VS Code sent without a proxy, where one may be missing. */
export function directConnectionHint(): string {
  return l10n.t('VS Code sent the request directly, without a proxy: if your network needs one, check http.proxy, the PAC file or the system\'s proxy settings.');
}

function messages(err: unknown): string[] {
  const found: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') found.push(message);
  }
  return found;
}
