// The connection check from start to end: each step in turn, and a later step that cannot run
// after a failure is skipped with the reason. No `vscode` here: the editor passes in the server,
// the credentials, the settings and the trust sources, and shows the result (editor/command.ts).
import type { Credentials } from '../api/http';
import type { RepositoryRef } from '../api/types';
import { checkApi, type ClientFactory } from './apiSteps';
import { inspectTls, isVerificationCode, type TlsFacts } from './certificate';
import { openTcp, portOf, resolveHost, type Outcome } from './network';
import { proxyFor, type ProxyConfiguration, type ProxyDecision } from './proxy';
import { httpsRedirect } from './redirect';
import { skipped, step, STEP_TITLES, type StepId, type StepResult } from './steps';
import { analyseTargetUrl } from './targetUrl';
import type { TrustSource } from './trustSources';

export interface ConnectionCheckInput {
  /** As typed, pasted or configured. */
  serverUrl: string;
  /** The saved credentials for this server; undefined when no account is signed in to it. */
  credentials?: Credentials;
  trustSources: readonly TrustSource[];
  proxy: ProxyConfiguration;
  snippetsPrefix?: string;
  pagesPrefix?: string;
  repository?: RepositoryRef;
  hookKey: string;
  /** For each connection attempt of the network steps. */
  timeoutMs: number;
  makeClient: ClientFactory;
  signal?: AbortSignal;
}

export interface ConnectionCheckResult {
  /** The URL as given, cut back to a base URL and without credentials; what the report names. */
  target: string;
  checkedAt: Date;
  steps: StepResult[];
}

export async function runConnectionCheck(input: ConnectionCheckInput): Promise<ConnectionCheckResult> {
  const checkedAt = new Date();
  const parsed = analyseTargetUrl(input.serverUrl);
  if (!parsed.baseUrl) {
    const reason = 'the server URL is not usable (see Server URL)';
    return {
      target: '(not a usable URL)',
      checkedAt,
      steps: [step('url', 'fail', parsed.problem ?? 'The server URL is not usable.', { next: 'Enter the address of the Bitbucket server, e.g. https://bitbucket.example.com/bitbucket.' }), ...skipAll(['url'], reason)],
    };
  }
  const baseUrl = parsed.baseUrl;
  const url = new URL(baseUrl);
  const steps = new Map<StepId, StepResult>();
  const decision = proxyFor(url, input.proxy);
  const viaProxy = decision.kind === 'proxy' ? decision.proxy : undefined;

  // ---- DNS and TCP: to the server, or to the proxy when one is used -----------------------
  const connectHost = viaProxy ? viaProxy.hostname : url.hostname.replace(/^\[|\]$/g, '');
  const connectPort = viaProxy ? viaProxy.port : portOf(url);
  const whose = viaProxy ? `the proxy host ${connectHost ?? ''}` : connectHost;
  let dns: Outcome<string[]> | undefined;
  let tcp: Outcome<void> | undefined;
  if (!connectHost || !connectPort) {
    steps.set('dns', skipped('dns', 'the proxy setting is not a usable URL (see Proxy)'));
    steps.set('tcp', skipped('tcp', 'the proxy setting is not a usable URL (see Proxy)'));
  } else {
    dns = await resolveHost(connectHost, input.timeoutMs);
    steps.set('dns', dnsStep(dns, whose ?? connectHost, viaProxy === undefined));
    if (dns.ok) {
      tcp = await openTcp(dns.value[0], connectPort, input.timeoutMs);
      steps.set('tcp', tcpStep(tcp, `${whose}:${connectPort} (${dns.value[0]})`, connectPort));
    } else {
      steps.set('tcp', skipped('tcp', `${whose} did not resolve (see DNS)`));
    }
  }
  const reachable = tcp?.ok === true;

  // ---- TLS: each trust source on its own, on a direct connection ---------------------------
  let tlsTrusted = true;
  if (url.protocol !== 'https:') {
    steps.set('tls', skipped('tls', 'The URL is http://: the connection is not encrypted, and the password or token crosses the network readable.'));
  } else if (viaProxy) {
    steps.set('tls', skipped('tls', 'The extension reaches the server through the proxy, and this step connects directly only. The steps from Authentication on show whether the secure connection through the proxy works.'));
  } else if (!reachable) {
    steps.set('tls', skipped('tls', 'no TCP connection (see above)'));
  } else {
    const facts = await inspectTls(connectHost as string, connectPort as number, input.trustSources, input.timeoutMs);
    const tls = tlsStep(facts);
    tlsTrusted = tls.status === 'pass';
    steps.set('tls', tls);
  }

  // ---- The URL: a page address cut back, an http:// that the server sends to https:// -------
  let redirect: string | undefined;
  if (url.protocol === 'http:' && reachable && !viaProxy) redirect = await httpsRedirect(baseUrl, input.timeoutMs);
  steps.set('url', urlStep(baseUrl, parsed.notes, redirect));

  const timedOut = [dns, tcp].some((o) => o && !o.ok && o.code === 'ETIMEDOUT');
  steps.set('proxy', proxyStep(decision, timedOut, reachable));

  // ---- Through the extension's API client ------------------------------------------------
  const apiReason = !reachable
    ? 'the server cannot be reached (see above)'
    : !tlsTrusted
      ? 'no trust source accepts the server\'s certificate (see TLS certificate)'
      : !input.credentials
        ? 'not signed in to this server: sign in (Bitbucket Snippets: Sign In), then run the check again'
        : undefined;
  if (apiReason || !input.credentials) {
    for (const id of ['auth', 'identity', 'snippets', 'pages', 'hooks'] as const) steps.set(id, skipped(id, apiReason ?? ''));
  } else {
    const api = await checkApi({
      baseUrl,
      credentials: input.credentials,
      snippetsPrefix: input.snippetsPrefix,
      pagesPrefix: input.pagesPrefix,
      repository: input.repository,
      hookKey: input.hookKey,
      makeClient: input.makeClient,
      signal: input.signal,
    });
    for (const result of api) steps.set(result.id, result);
  }
  return { target: baseUrl, checkedAt, steps: STEP_TITLES.map(([id]) => steps.get(id) ?? skipped(id, 'not run')) };
}

function skipAll(except: StepId[], reason: string): StepResult[] {
  return STEP_TITLES.filter(([id]) => !except.includes(id)).map(([id]) => skipped(id, reason));
}

function urlStep(baseUrl: string, notes: string[], redirect: string | undefined): StepResult {
  if (redirect) {
    return step('url', 'fail', `The server sends ${baseUrl} on to ${redirect}.`, {
      details: notes,
      next: `Use ${redirect} as the server URL (sign in again with it): the extension does not follow redirects.`,
    });
  }
  const changed = notes.some((n) => n.startsWith('The URL is the address of a page') || n.includes('user name or password'));
  return changed
    ? step('url', 'fail', `The URL given is not the server's base URL; the check went on with ${baseUrl}.`, { details: notes, next: `Use ${baseUrl} as the server URL (the "Server Url" setting, or sign in again).` })
    : step('url', 'pass', `${baseUrl}`, { details: notes });
}

function dnsStep(dns: Outcome<string[]>, host: string, direct: boolean): StepResult {
  if (dns.ok) return step('dns', 'pass', `${host} resolves to ${dns.value.join(', ')}.`);
  const proxyHint = direct ? ' If your network reaches outside servers only through a proxy, set VS Code\'s "http.proxy" setting.' : '';
  return step('dns', 'fail', `${host} could not be resolved (${dns.code}).`, {
    next: `Check the host name in the URL. If the server is only reachable on a company network, connect to it (VPN) first.${proxyHint}`,
  });
}

function tcpStep(tcp: Outcome<void>, where: string, port: number): StepResult {
  if (tcp.ok) return step('tcp', 'pass', `Connected to ${where} in ${tcp.ms} ms.`);
  if (tcp.code === 'ECONNREFUSED') {
    return step('tcp', 'fail', `${where} refused the connection: nothing listens on port ${port}.`, { next: 'Check the port in the URL, and that the server is running.' });
  }
  if (tcp.code === 'ETIMEDOUT') {
    return step('tcp', 'fail', `${where} did not answer (${tcp.message}).`, { next: 'A firewall may drop the connection, or the network needs a proxy (see Proxy).' });
  }
  return step('tcp', 'fail', `Could not connect to ${where} (${tcp.code}).`, { next: 'Check the URL and your network connection.' });
}

function tlsStep(facts: TlsFacts): StepResult {
  const details: string[] = [];
  const cert = facts.certificate;
  if (cert) {
    details.push(`Subject: ${cert.subject}`, `Issuer: ${cert.issuer}`);
    if (cert.altNames) details.push(`Names (SAN): ${cert.altNames}`);
    details.push(`Valid from ${cert.validFrom} to ${cert.validTo}`, `SHA-256 fingerprint: ${cert.fingerprint256}`);
    if (cert.chain.length > 1) details.push(`Chain sent by the server: ${cert.chain.join(' → ')}`);
  }
  for (const v of facts.verdicts) {
    if (v.result === 'accepted') details.push(`Accepted by ${v.source}.`);
    else if (v.result === 'rejected') details.push(`Not accepted by ${v.source}: ${v.code}${meaning(v.code)}.`);
    else details.push(`Skipped: ${v.source} (${v.reason}).`);
  }
  if (!cert && facts.connectError) {
    return step('tls', 'fail', `No TLS handshake with the server (${facts.connectError}).`, { details, next: 'Check that the URL\'s port serves HTTPS; an http:// server cannot be reached with https://.' });
  }
  const accepted = facts.verdicts.filter((v) => v.result === 'accepted').map((v) => v.source);
  if (accepted.length > 0) return step('tls', 'pass', `The certificate is trusted by: ${accepted.join('; ')}.`, { details });
  const codes = facts.verdicts.flatMap((v) => (v.result === 'rejected' ? [v.code] : []));
  return step('tls', 'fail', 'No trust source accepts the server\'s certificate.', { details, next: tlsNext(codes) });
}

function meaning(code: string): string {
  if (code === 'CERT_HAS_EXPIRED') return ' (the certificate has expired)';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return ' (the certificate is for other host names)';
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT') return ' (a self-signed certificate this source does not hold)';
  if (isVerificationCode(code)) return ' (the chain does not lead to a certificate authority this source holds)';
  return '';
}

function tlsNext(codes: string[]): string {
  if (codes.includes('CERT_HAS_EXPIRED')) return 'The server\'s certificate has expired: tell the server\'s administrators.';
  if (codes.includes('ERR_TLS_CERT_ALTNAME_INVALID')) return 'The certificate names other hosts (see Names): use one of them in the server URL, or tell the server\'s administrators.';
  return 'Get your company\'s root certificate authority as a PEM file (from IT, or exported from a browser that opens the server) and add the file to the "Ca Files" setting (bitbucketSnippets.caFiles).';
}

/** Exported for its unit test: a time-out without a proxy is hard to bring about on loopback. */
export function proxyStep(decision: ProxyDecision, timedOut: boolean, reachable: boolean): StepResult {
  if (decision.kind === 'none') {
    if (timedOut) {
      return step('proxy', 'fail', 'No proxy is set, and the direct connection timed out.', {
        next: 'VS Code may be reaching the internet through a proxy of the operating system or a PAC script, which the extension cannot see. Ask IT for the proxy address and set VS Code\'s "http.proxy" setting (and "http.noProxy" for hosts reached directly).',
      });
    }
    return step('proxy', 'pass', 'None: the extension connects directly (no "http.proxy" setting, no HTTPS_PROXY / HTTP_PROXY).');
  }
  const { proxy } = decision;
  const details = [`${proxy.display}, from ${proxy.from}.`];
  if (proxy.hadCredentials) details.push('The proxy URL holds a user name and password; they are not shown here.');
  if (decision.kind === 'bypassed') return step('proxy', 'pass', `Not used for this server: ${decision.by} names it. The extension connects directly.`, { details });
  if (!proxy.hostname) return step('proxy', 'fail', `The proxy set in ${proxy.from} is not a usable URL.`, { details, next: 'Use the form http://proxy.example.com:3128.' });
  if (!reachable) return step('proxy', 'fail', `The proxy ${proxy.display} cannot be reached (see DNS and TCP).`, { details, next: `Check ${proxy.from}.` });
  return step('proxy', 'pass', `Through ${proxy.display} (${proxy.from}).`, { details });
}
