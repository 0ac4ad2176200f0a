// What each network step of the connection check found, as the report says it: the URL, DNS, TCP,
// TLS, the client certificate and the proxy, each with what to do next when it failed. runCheck.ts
// runs the steps; these word their results. No `vscode` here.
import * as l10n from '@vscode/l10n';
import type { WireChoice } from '../../api/wire/chooseWire';
import {
  CLOSED_AFTER_HANDSHAKE,
  isVerificationCode,
  type ClientCertificateMaterial,
  type TlsFacts,
} from './certificate';
import type { Outcome } from './network';
import type { ProxyDecision } from './proxy';
import { step, type StepResult } from './steps';

export interface ClientCertificateInput {
  /** Its file, for the report (never its content). */
  label: string;
  /** The setting that holds it, for the next step to try. */
  setting: string;
  /** Reads and opens it (asking for a passphrase the way sign-in does); throws with a clear message. */
  load(): Promise<ClientCertificateMaterial>;
}

export function urlStep(
  baseUrl: string,
  notes: string[],
  baseMoved: boolean,
  redirect: string | undefined,
): StepResult {
  if (redirect) {
    return step('url', 'fail', l10n.t('The server sends {0} on to {1}.', baseUrl, redirect), {
      details: notes,
      next: l10n.t(
        'Use {0} as the server URL (sign in again with it): the extension does not follow redirects.',
        redirect,
      ),
    });
  }
  return baseMoved
    ? step('url', 'fail', l10n.t("The URL given is not the server's base URL; the check went on with {0}.", baseUrl), {
        details: notes,
        next: l10n.t('Use {0} as the server URL (the "Server Url" setting, or sign in again).', baseUrl),
      })
    : step('url', 'pass', `${baseUrl}`, { details: notes });
}

export function dnsStep(dns: Outcome<string[]>, host: string, direct: boolean): StepResult {
  if (dns.ok) return step('dns', 'pass', l10n.t('{0} resolves to {1}.', host, dns.value.join(', ')));
  const proxyHint = direct
    ? ` ${l10n.t('If your network reaches outside servers only through a proxy, set VS Code\'s "http.proxy" setting.')}`
    : '';
  return step('dns', 'fail', l10n.t('{0} could not be resolved ({1}).', host, dns.code), {
    next: l10n.t(
      'Check the host name in the URL. If the server is only reachable on a company network, connect to it (VPN) first.{0}',
      proxyHint,
    ),
  });
}

export function tcpStep(tcp: Outcome<void>, where: string, port: number): StepResult {
  if (tcp.ok) return step('tcp', 'pass', l10n.t('Connected to {0} in {1} ms.', where, tcp.ms));
  if (tcp.code === 'ECONNREFUSED') {
    return step('tcp', 'fail', l10n.t('{0} refused the connection: nothing listens on port {1}.', where, port), {
      next: l10n.t('Check the port in the URL, and that the server is running.'),
    });
  }
  if (tcp.code === 'ETIMEDOUT') {
    return step('tcp', 'fail', l10n.t('{0} did not answer ({1}).', where, tcp.message), {
      next: l10n.t('A firewall may drop the connection, or the network needs a proxy (see Proxy).'),
    });
  }
  return step('tcp', 'fail', l10n.t('Could not connect to {0} ({1}).', where, tcp.code), {
    next: l10n.t('Check the URL and your network connection.'),
  });
}

export function tlsStep(facts: TlsFacts): StepResult {
  const details: string[] = [];
  const cert = facts.certificate;
  if (cert) {
    details.push(`Subject: ${cert.subject}`, `Issuer: ${cert.issuer}`);
    if (cert.altNames) details.push(`Names (SAN): ${cert.altNames}`);
    details.push(
      l10n.t('Valid from {0} to {1}', cert.validFrom, cert.validTo),
      l10n.t('SHA-256 fingerprint: {0}', cert.fingerprint256),
    );
    if (cert.chain.length > 1) details.push(l10n.t('Chain sent by the server: {0}', cert.chain.join(' → ')));
  }
  for (const v of facts.verdicts) {
    if (v.result === 'accepted') details.push(l10n.t('Accepted by {0}.', v.source));
    else if (v.result === 'rejected') {
      details.push(l10n.t('Not accepted by {0}: {1}{2}.', v.source, v.code, meaning(v.code)));
    } else details.push(`Skipped: ${v.source} (${v.reason}).`);
  }
  if (!cert && facts.connectError) {
    return step('tls', 'fail', l10n.t('No TLS handshake with the server ({0}).', facts.connectError), {
      details,
      next: l10n.t("Check that the URL's port serves HTTPS; an http:// server cannot be reached with https://."),
    });
  }
  const accepted = facts.verdicts.filter((v) => v.result === 'accepted').map((v) => v.source);
  if (accepted.length > 0) {
    return step('tls', 'pass', l10n.t('The certificate is trusted by: {0}.', accepted.join('; ')), { details });
  }
  const codes = facts.verdicts.flatMap((v) => (v.result === 'rejected' ? [v.code] : []));
  return step('tls', 'fail', l10n.t("No trust source accepts the server's certificate."), {
    details,
    next: tlsNext(codes),
  });
}

/**
 * The TLS step once the server's certificate is trusted: what the client certificate did. Passes
 * unless the certificate could not be used or the server turned it (or its absence) down.
 */
export function clientCertificateStep(
  trusted: StepResult,
  facts: TlsFacts,
  host: string,
  certificate: ClientCertificateInput | undefined,
  unusable: string | undefined,
): StepResult {
  const details = [...trusted.details];
  if (unusable !== undefined && certificate) {
    details.push(l10n.t('Client certificate: {0}, not presented.', certificate.label));
    return step('tls', 'fail', l10n.t('The client certificate {0} cannot be used: {1}', certificate.label, unusable), {
      details,
      next: l10n.t(
        'Fix the client certificate in the "{0}" setting (bitbucketSnippets.{0}). A passphrase is asked for again when the one kept did not open it.',
        certificate.setting,
      ),
    });
  }
  details.push(
    certificate
      ? l10n.t('Client certificate presented: {0}.', certificate.label)
      : l10n.t('No client certificate is set for this server.'),
  );
  const refused = facts.clientRefused;
  if (!refused) return { ...trusted, details };
  const how =
    refused === CLOSED_AFTER_HANDSHAKE ? l10n.t('it closed the connection right after the handshake') : refused;
  details.push(l10n.t('The server ended the connection after the handshake ({0}).', how));
  if (!certificate) {
    return step('tls', 'fail', l10n.t('{0} requires a client certificate, and none is set for it.', host), {
      details,
      next: l10n.t(
        'Set your certificate and key (PEM), or your PKCS#12 file (.p12 / .pfx), in the "Client Certificate" setting (bitbucketSnippets.clientCertificate), or in this server\'s entry of "bitbucketSnippets.servers".',
      ),
    });
  }
  if (/EXPIRED/.test(refused)) {
    return step(
      'tls',
      'fail',
      l10n.t(
        '{0} did not accept the client certificate {1}: by its clock the certificate has expired.',
        host,
        certificate.label,
      ),
      {
        details,
        next: l10n.t(
          'Get a renewed certificate from whoever issued it, and point the "{0}" setting at it.',
          certificate.setting,
        ),
      },
    );
  }
  return step(
    'tls',
    'fail',
    l10n.t(
      '{0} did not accept the client certificate {1}: it has expired, is revoked, or is issued by a certificate authority the server does not trust.',
      host,
      certificate.label,
    ),
    {
      details,
      next: l10n.t(
        'Check that the "{0}" setting names the certificate issued for this server, and that it is still valid.',
        certificate.setting,
      ),
    },
  );
}

function meaning(code: string): string {
  if (code === 'CERT_HAS_EXPIRED') return ` ${l10n.t('(the certificate has expired)')}`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return ` ${l10n.t('(the certificate is for other host names)')}`;
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT') {
    return ` ${l10n.t('(a self-signed certificate this source does not hold)')}`;
  }
  if (isVerificationCode(code)) {
    return ` ${l10n.t('(the chain does not lead to a certificate authority this source holds)')}`;
  }
  return '';
}

function tlsNext(codes: string[]): string {
  if (codes.includes('CERT_HAS_EXPIRED')) {
    return l10n.t("The server's certificate has expired: tell the server's administrators.");
  }
  if (codes.includes('ERR_TLS_CERT_ALTNAME_INVALID')) {
    return l10n.t(
      "The certificate names other hosts (see Names): use one of them in the server URL, or tell the server's administrators.",
    );
  }
  return l10n.t(
    'Get your company\'s root certificate authority as a PEM file (from IT, or exported from a browser that opens the server) and add the file to the "Ca Files" setting (bitbucketSnippets.caFiles).',
  );
}

/** Exported for its unit test: a time-out without a proxy is hard to bring about on loopback. */
export function proxyStep(
  decision: ProxyDecision,
  timedOut: boolean,
  reachable: boolean,
  transport?: WireChoice,
): StepResult {
  if (transport?.kind === 'node') {
    // VS Code decides per request, from settings, a PAC file or the OS, which this check cannot
    // read: what it can test is the API steps below, sent the same way.
    const details = [
      transportLine(transport),
      ...(decision.kind === 'none'
        ? []
        : [l10n.t('http.proxy or the environment names {0}, from {1}.', decision.proxy.display, decision.proxy.from)]),
    ];
    return step(
      'proxy',
      'pass',
      l10n.t(
        'Chosen by VS Code for each request: its "http.proxy" setting, a PAC file or the operating system\'s proxy settings.',
      ),
      { details },
    );
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
      return l10n.t(
        "Requests go through the extension's own HTTP client, because http.proxyAuthorization is set (VS Code's network stack does not send it).",
      );
    case 'verification-off-in-environment':
      return l10n.t(
        "Requests go through the extension's own HTTP client, because NODE_TLS_REJECT_UNAUTHORIZED=0 is set, and VS Code's network stack would then not verify an https:// proxy.",
      );
  }
}

function extensionProxyStep(decision: ProxyDecision, timedOut: boolean, reachable: boolean): StepResult {
  if (decision.kind === 'none') {
    if (timedOut) {
      return step('proxy', 'fail', l10n.t('No proxy is set, and the direct connection timed out.'), {
        next: l10n.t(
          'VS Code may be reaching the internet through a proxy of the operating system or a PAC script, which the extension cannot see. Ask IT for the proxy address and set VS Code\'s "http.proxy" setting (and "http.noProxy" for hosts reached directly).',
        ),
      });
    }
    return step(
      'proxy',
      'pass',
      l10n.t('None: the extension connects directly (no "http.proxy" setting, no HTTPS_PROXY / HTTP_PROXY).'),
    );
  }
  const { proxy } = decision;
  const details = [`${proxy.display}, from ${proxy.from}.`];
  if (proxy.hadCredentials) {
    details.push(l10n.t('The proxy URL holds a user name and password; they are not shown here.'));
  }
  if (decision.kind === 'bypassed') {
    return step(
      'proxy',
      'pass',
      l10n.t('Not used for this server: {0} names it. The extension connects directly.', decision.by),
      { details },
    );
  }
  if (!proxy.hostname) {
    return step('proxy', 'fail', l10n.t('The proxy set in {0} is not a usable URL.', proxy.from), {
      details,
      next: l10n.t('Use the form http://proxy.example.com:3128.'),
    });
  }
  if (!reachable) {
    return step('proxy', 'fail', l10n.t('The proxy {0} cannot be reached (see DNS and TCP).', proxy.display), {
      details,
      next: l10n.t('Check {0}.', proxy.from),
    });
  }
  return step('proxy', 'pass', l10n.t('Through {0} ({1}).', proxy.display, proxy.from), { details });
}
