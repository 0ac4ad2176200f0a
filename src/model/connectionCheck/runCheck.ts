// The connection check from start to end: each step in turn, and a later step that cannot run
// after a failure is skipped with the reason. No `vscode` here: the editor passes in the server,
// the credentials, the settings and the trust sources, and shows the result (editor/command.ts).
import type { Credentials } from '../../api/http';
import type { WireChoice } from '../../api/wire/chooseWire';
import type { RepositoryRef } from '../../api/types';
import { checkApi, type ClientFactory } from './apiSteps';
import { CLOSED_AFTER_HANDSHAKE, inspectTls, isVerificationCode, type ClientCertificateMaterial, type TlsFacts } from './certificate';
import { openTcp, portOf, resolveHost, type HostLookup, type Outcome } from './network';
import { proxyFor, type ProxyConfiguration, type ProxyDecision } from './proxy';
import { httpsRedirect } from './redirect';
import { skipped, step, STEP_TITLES, type StepId, type StepResult } from './steps';
import { analyseTargetUrl } from './targetUrl';
import type { TrustSource } from './trustSources';
import * as l10n from '@vscode/l10n';
import { errorMessage } from '../../util/errorMessage';

export interface ConnectionCheckInput {
  /** As typed, pasted or configured. */
  serverUrl: string;
  /** The saved credentials for this server; undefined when no account is signed in to it. */
  credentials?: Credentials;
  trustSources: readonly TrustSource[];
  proxy: ProxyConfiguration;
  /** What carries the extension's requests (and so the API steps): VS Code's network stack or the extension's own client. */
  transport?: WireChoice;
  snippetsPrefix?: string;
  pagesPrefix?: string;
  repository?: RepositoryRef;
  hookKey: string;
  /** The client certificate configured for this server, presented in the TLS step as requests present it. */
  clientCertificate?: ClientCertificateInput;
  /** For each connection attempt of the network steps. */
  timeoutMs: number;
  /** How the DNS step resolves the host: the operating system's resolver unless a test gives its own. */
  lookup?: HostLookup;
  makeClient: ClientFactory;
  signal?: AbortSignal;
}

export interface ClientCertificateInput {
  /** Its file, for the report (never its content). */
  label: string;
  /** The setting that holds it, for the next step to try. */
  setting: string;
  /** Reads and opens it (asking for a passphrase the way sign-in does); throws with a clear message. */
  load(): Promise<ClientCertificateMaterial>;
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
    const reason = l10n.t('the server URL is not usable (see Server URL)');
    return {
      target: l10n.t('(not a usable URL)'),
      checkedAt,
      steps: [step('url', 'fail', parsed.problem ?? l10n.t('The server URL is not usable.'), { next: l10n.t('Enter the address of the Bitbucket server, e.g. https://bitbucket.example.com/bitbucket.') }), ...skipAll(['url'], reason)],
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
  const whose = viaProxy ? l10n.t('the proxy host {0}', connectHost ?? '') : connectHost;
  let dns: Outcome<string[]> | undefined;
  let tcp: Outcome<void> | undefined;
  if (!connectHost || !connectPort) {
    steps.set('dns', skipped('dns', l10n.t('the proxy setting is not a usable URL (see Proxy)')));
    steps.set('tcp', skipped('tcp', l10n.t('the proxy setting is not a usable URL (see Proxy)')));
  } else {
    dns = await resolveHost(connectHost, input.timeoutMs, input.lookup);
    steps.set('dns', dnsStep(dns, whose ?? connectHost, viaProxy === undefined));
    if (dns.ok) {
      tcp = await openTcp(dns.value[0], connectPort, input.timeoutMs);
      steps.set('tcp', tcpStep(tcp, `${whose}:${connectPort} (${dns.value[0]})`, connectPort));
    } else {
      steps.set('tcp', skipped('tcp', l10n.t('{0} did not resolve (see DNS)', whose ?? '')));
    }
  }
  const reachable = tcp?.ok === true;

  // ---- TLS: each trust source on its own, on a direct connection ---------------------------
  let tlsTrusted = true;
  let clientCertificateFailed = false;
  if (url.protocol !== 'https:') {
    steps.set('tls', skipped('tls', l10n.t('The URL is http://: the connection is not encrypted, and the password or token crosses the network readable.')));
  } else if (viaProxy) {
    steps.set('tls', skipped('tls', l10n.t('The extension reaches the server through the proxy, and this step connects directly only. The steps from Authentication on show whether the secure connection through the proxy works.')));
  } else if (!reachable) {
    steps.set('tls', skipped('tls', l10n.t('no TCP connection (see above)')));
  } else {
    let material: ClientCertificateMaterial | undefined;
    let unusable: string | undefined;
    if (input.clientCertificate) {
      try {
        material = await input.clientCertificate.load();
      } catch (err) {
        unusable = errorMessage(err);
      }
    }
    const facts = await inspectTls(connectHost as string, connectPort as number, input.trustSources, input.timeoutMs, material);
    const trust = tlsStep(facts);
    const tls = trust.status === 'pass' ? clientCertificateStep(trust, facts, url.host, input.clientCertificate, unusable) : trust;
    tlsTrusted = trust.status === 'pass';
    clientCertificateFailed = tlsTrusted && tls.status === 'fail';
    steps.set('tls', tls);
  }

  // ---- The URL: a page address cut back, an http:// that the server sends to https:// -------
  let redirect: string | undefined;
  if (url.protocol === 'http:' && reachable && !viaProxy) redirect = await httpsRedirect(baseUrl, input.timeoutMs);
  steps.set('url', urlStep(baseUrl, parsed.notes, parsed.baseMoved === true, redirect));

  const timedOut = [dns, tcp].some((o) => o && !o.ok && o.code === 'ETIMEDOUT');
  steps.set('proxy', proxyStep(decision, timedOut, reachable, input.transport));

  // ---- Through the extension's API client ------------------------------------------------
  // VS Code's network stack may reach the server through a proxy from a PAC file or the OS, which
  // the direct steps above cannot see: its API steps run even when those failed.
  const apiReason = !reachable && (input.transport?.kind !== 'node' || !input.credentials)
    ? l10n.t('the server cannot be reached (see above)')
    : !tlsTrusted
      ? l10n.t("no trust source accepts the server's certificate (see TLS certificate)")
      : clientCertificateFailed
        ? l10n.t('the server does not accept the connection without a usable client certificate (see TLS certificate)')
      : !input.credentials
        ? l10n.t('not signed in to this server: sign in (Bitbucket Snippets: Sign In), then run the check again')
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
  return { target: baseUrl, checkedAt, steps: STEP_TITLES.map(([id]) => steps.get(id) ?? skipped(id, l10n.t('not run'))) };
}

function skipAll(except: StepId[], reason: string): StepResult[] {
  return STEP_TITLES.filter(([id]) => !except.includes(id)).map(([id]) => skipped(id, reason));
}

function urlStep(baseUrl: string, notes: string[], baseMoved: boolean, redirect: string | undefined): StepResult {
  if (redirect) {
    return step('url', 'fail', l10n.t('The server sends {0} on to {1}.', baseUrl, redirect), {
      details: notes,
      next: l10n.t('Use {0} as the server URL (sign in again with it): the extension does not follow redirects.', redirect),
    });
  }
  return baseMoved
    ? step('url', 'fail', l10n.t("The URL given is not the server's base URL; the check went on with {0}.", baseUrl), { details: notes, next: l10n.t('Use {0} as the server URL (the "Server Url" setting, or sign in again).', baseUrl) })
    : step('url', 'pass', `${baseUrl}`, { details: notes });
}

function dnsStep(dns: Outcome<string[]>, host: string, direct: boolean): StepResult {
  if (dns.ok) return step('dns', 'pass', l10n.t('{0} resolves to {1}.', host, dns.value.join(', ')));
  const proxyHint = direct ? ` ${l10n.t('If your network reaches outside servers only through a proxy, set VS Code\'s "http.proxy" setting.')}` : '';
  return step('dns', 'fail', l10n.t('{0} could not be resolved ({1}).', host, dns.code), {
    next: l10n.t('Check the host name in the URL. If the server is only reachable on a company network, connect to it (VPN) first.{0}', proxyHint),
  });
}

function tcpStep(tcp: Outcome<void>, where: string, port: number): StepResult {
  if (tcp.ok) return step('tcp', 'pass', l10n.t('Connected to {0} in {1} ms.', where, tcp.ms));
  if (tcp.code === 'ECONNREFUSED') {
    return step('tcp', 'fail', l10n.t('{0} refused the connection: nothing listens on port {1}.', where, port), { next: l10n.t('Check the port in the URL, and that the server is running.') });
  }
  if (tcp.code === 'ETIMEDOUT') {
    return step('tcp', 'fail', l10n.t('{0} did not answer ({1}).', where, tcp.message), { next: l10n.t('A firewall may drop the connection, or the network needs a proxy (see Proxy).') });
  }
  return step('tcp', 'fail', l10n.t('Could not connect to {0} ({1}).', where, tcp.code), { next: l10n.t('Check the URL and your network connection.') });
}

function tlsStep(facts: TlsFacts): StepResult {
  const details: string[] = [];
  const cert = facts.certificate;
  if (cert) {
    details.push(`Subject: ${cert.subject}`, `Issuer: ${cert.issuer}`);
    if (cert.altNames) details.push(`Names (SAN): ${cert.altNames}`);
    details.push(l10n.t('Valid from {0} to {1}', cert.validFrom, cert.validTo), l10n.t('SHA-256 fingerprint: {0}', cert.fingerprint256));
    if (cert.chain.length > 1) details.push(l10n.t('Chain sent by the server: {0}', cert.chain.join(' → ')));
  }
  for (const v of facts.verdicts) {
    if (v.result === 'accepted') details.push(l10n.t('Accepted by {0}.', v.source));
    else if (v.result === 'rejected') details.push(l10n.t('Not accepted by {0}: {1}{2}.', v.source, v.code, meaning(v.code)));
    else details.push(`Skipped: ${v.source} (${v.reason}).`);
  }
  if (!cert && facts.connectError) {
    return step('tls', 'fail', l10n.t('No TLS handshake with the server ({0}).', facts.connectError), { details, next: l10n.t("Check that the URL's port serves HTTPS; an http:// server cannot be reached with https://.") });
  }
  const accepted = facts.verdicts.filter((v) => v.result === 'accepted').map((v) => v.source);
  if (accepted.length > 0) return step('tls', 'pass', l10n.t('The certificate is trusted by: {0}.', accepted.join('; ')), { details });
  const codes = facts.verdicts.flatMap((v) => (v.result === 'rejected' ? [v.code] : []));
  return step('tls', 'fail', l10n.t("No trust source accepts the server's certificate."), { details, next: tlsNext(codes) });
}

/**
 * The TLS step once the server's certificate is trusted: what the client certificate did. Passes
 * unless the certificate could not be used or the server turned it (or its absence) down.
 */
function clientCertificateStep(trusted: StepResult, facts: TlsFacts, host: string, certificate: ClientCertificateInput | undefined, unusable: string | undefined): StepResult {
  const details = [...trusted.details];
  if (unusable !== undefined && certificate) {
    details.push(l10n.t('Client certificate: {0}, not presented.', certificate.label));
    return step('tls', 'fail', l10n.t('The client certificate {0} cannot be used: {1}', certificate.label, unusable), {
      details,
      next: l10n.t('Fix the client certificate in the "{0}" setting (bitbucketSnippets.{0}). A passphrase is asked for again when the one kept did not open it.', certificate.setting),
    });
  }
  details.push(certificate ? l10n.t('Client certificate presented: {0}.', certificate.label) : l10n.t('No client certificate is set for this server.'));
  const refused = facts.clientRefused;
  if (!refused) return { ...trusted, details };
  const how = refused === CLOSED_AFTER_HANDSHAKE ? l10n.t('it closed the connection right after the handshake') : refused;
  details.push(l10n.t('The server ended the connection after the handshake ({0}).', how));
  if (!certificate) {
    return step('tls', 'fail', l10n.t('{0} requires a client certificate, and none is set for it.', host), {
      details,
      next: l10n.t('Set your certificate and key (PEM), or your PKCS#12 file (.p12 / .pfx), in the "Client Certificate" setting (bitbucketSnippets.clientCertificate), or in this server\'s entry of "bitbucketSnippets.servers".'),
    });
  }
  if (/EXPIRED/.test(refused)) {
    return step('tls', 'fail', l10n.t('{0} did not accept the client certificate {1}: by its clock the certificate has expired.', host, certificate.label), {
      details,
      next: l10n.t('Get a renewed certificate from whoever issued it, and point the "{0}" setting at it.', certificate.setting),
    });
  }
  return step('tls', 'fail', l10n.t('{0} did not accept the client certificate {1}: it has expired, is revoked, or is issued by a certificate authority the server does not trust.', host, certificate.label), {
    details,
    next: l10n.t('Check that the "{0}" setting names the certificate issued for this server, and that it is still valid.', certificate.setting),
  });
}

function meaning(code: string): string {
  if (code === 'CERT_HAS_EXPIRED') return ` ${l10n.t('(the certificate has expired)')}`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return ` ${l10n.t('(the certificate is for other host names)')}`;
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT') return ` ${l10n.t('(a self-signed certificate this source does not hold)')}`;
  if (isVerificationCode(code)) return ` ${l10n.t('(the chain does not lead to a certificate authority this source holds)')}`;
  return '';
}

function tlsNext(codes: string[]): string {
  if (codes.includes('CERT_HAS_EXPIRED')) return l10n.t("The server's certificate has expired: tell the server's administrators.");
  if (codes.includes('ERR_TLS_CERT_ALTNAME_INVALID')) return l10n.t("The certificate names other hosts (see Names): use one of them in the server URL, or tell the server's administrators.");
  return l10n.t('Get your company\'s root certificate authority as a PEM file (from IT, or exported from a browser that opens the server) and add the file to the "Ca Files" setting (bitbucketSnippets.caFiles).');
}

/** Exported for its unit test: a time-out without a proxy is hard to bring about on loopback. */
export function proxyStep(decision: ProxyDecision, timedOut: boolean, reachable: boolean, transport?: WireChoice): StepResult {
  if (transport?.kind === 'node') {
    // VS Code decides per request, from settings, a PAC file or the OS, which this check cannot
    // read: what it can test is the API steps below, sent the same way.
    const details = [transportLine(transport), ...(decision.kind === 'none' ? [] : [l10n.t('http.proxy or the environment names {0}, from {1}.', decision.proxy.display, decision.proxy.from)])];
    return step('proxy', 'pass', l10n.t('Chosen by VS Code for each request: its "http.proxy" setting, a PAC file or the operating system\'s proxy settings.'), { details });
  }
  const result = extensionProxyStep(decision, timedOut, reachable);
  return transport ? { ...result, details: [transportLine(transport), ...result.details] } : result;
}

/** Which transport carried the requests, in the report's words. */
function transportLine(transport: WireChoice): string {
  switch (transport.reason) {
    case 'editor':
      return l10n.t("Requests go through VS Code's network stack, as VS Code's own do.");
    case 'proxy-support-off':
      return l10n.t("Requests go through the extension's own HTTP client, because http.proxySupport is off.");
    case 'proxy-authorization':
      return l10n.t("Requests go through the extension's own HTTP client, because http.proxyAuthorization is set (VS Code's network stack does not send it).");
    case 'verification-off-in-environment':
      return l10n.t("Requests go through the extension's own HTTP client, because NODE_TLS_REJECT_UNAUTHORIZED=0 is set, and VS Code's network stack would then not verify an https:// proxy.");
  }
}

function extensionProxyStep(decision: ProxyDecision, timedOut: boolean, reachable: boolean): StepResult {
  if (decision.kind === 'none') {
    if (timedOut) {
      return step('proxy', 'fail', l10n.t('No proxy is set, and the direct connection timed out.'), {
        next: l10n.t('VS Code may be reaching the internet through a proxy of the operating system or a PAC script, which the extension cannot see. Ask IT for the proxy address and set VS Code\'s "http.proxy" setting (and "http.noProxy" for hosts reached directly).'),
      });
    }
    return step('proxy', 'pass', l10n.t('None: the extension connects directly (no "http.proxy" setting, no HTTPS_PROXY / HTTP_PROXY).'));
  }
  const { proxy } = decision;
  const details = [`${proxy.display}, from ${proxy.from}.`];
  if (proxy.hadCredentials) details.push(l10n.t('The proxy URL holds a user name and password; they are not shown here.'));
  if (decision.kind === 'bypassed') return step('proxy', 'pass', l10n.t('Not used for this server: {0} names it. The extension connects directly.', decision.by), { details });
  if (!proxy.hostname) return step('proxy', 'fail', l10n.t('The proxy set in {0} is not a usable URL.', proxy.from), { details, next: l10n.t('Use the form http://proxy.example.com:3128.') });
  if (!reachable) return step('proxy', 'fail', l10n.t('The proxy {0} cannot be reached (see DNS and TCP).', proxy.display), { details, next: l10n.t('Check {0}.', proxy.from) });
  return step('proxy', 'pass', l10n.t('Through {0} ({1}).', proxy.display, proxy.from), { details });
}
