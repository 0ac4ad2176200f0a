// The connection check from start to end: each step in turn, and a later step that cannot run
// after a failure is skipped with the reason. No `vscode` here: the editor passes in the server,
// the credentials, the settings and the trust sources, and shows the result (editor/command.ts).
import type { Credentials } from '../../api/http';
import type { WireChoice } from '../../api/wire/chooseWire';
import type { RepositoryRef } from '../../api/types';
import { checkApi, type ClientFactory } from './apiSteps';
import { inspectTls, type ClientCertificateMaterial } from './certificate';
import { openTcp, portOf, resolveHost, type HostLookup, type Outcome } from './network';
import { proxyFor, type ProxyConfiguration } from './proxy';
import { httpsRedirect } from './redirect';
import { skipped, step, STEP_TITLES, type StepId, type StepResult } from './steps';
import { analyseTargetUrl } from './targetUrl';
import type { TrustSource } from './trustSources';
import * as l10n from '@vscode/l10n';
import { errorMessage } from '../../util/errorMessage';
import {
  clientCertificateStep,
  dnsStep,
  proxyStep,
  tcpStep,
  tlsStep,
  urlStep,
  type ClientCertificateInput,
} from './networkFindings';

export type { ClientCertificateInput } from './networkFindings';

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
      steps: [
        step('url', 'fail', parsed.problem ?? l10n.t('The server URL is not usable.'), {
          next: l10n.t('Enter the address of the Bitbucket server, e.g. https://bitbucket.example.com/bitbucket.'),
        }),
        ...skipAll(['url'], reason),
      ],
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
    steps.set(
      'tls',
      skipped(
        'tls',
        l10n.t(
          'The URL is http://: the connection is not encrypted, and the password or token crosses the network readable.',
        ),
      ),
    );
  } else if (viaProxy) {
    steps.set(
      'tls',
      skipped(
        'tls',
        l10n.t(
          'The extension reaches the server through the proxy, and this step connects directly only. The steps from Authentication on show whether the secure connection through the proxy works.',
        ),
      ),
    );
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
    const facts = await inspectTls(
      connectHost as string,
      connectPort as number,
      input.trustSources,
      input.timeoutMs,
      material,
    );
    const trust = tlsStep(facts);
    const tls =
      trust.status === 'pass'
        ? clientCertificateStep(trust, facts, url.host, input.clientCertificate, unusable)
        : trust;
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
  const apiReason =
    !reachable && (input.transport?.kind !== 'node' || !input.credentials)
      ? l10n.t('the server cannot be reached (see above)')
      : !tlsTrusted
        ? l10n.t("no trust source accepts the server's certificate (see TLS certificate)")
        : clientCertificateFailed
          ? l10n.t(
              'the server does not accept the connection without a usable client certificate (see TLS certificate)',
            )
          : !input.credentials
            ? l10n.t('not signed in to this server: sign in (Bitbucket Snippets: Sign In), then run the check again')
            : undefined;
  if (apiReason || !input.credentials) {
    for (const id of ['auth', 'identity', 'snippets', 'pages', 'hooks'] as const) {
      steps.set(id, skipped(id, apiReason ?? ''));
    }
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
  return {
    target: baseUrl,
    checkedAt,
    steps: STEP_TITLES.map(([id]) => steps.get(id) ?? skipped(id, l10n.t('not run'))),
  };
}

function skipAll(except: StepId[], reason: string): StepResult[] {
  return STEP_TITLES.filter(([id]) => !except.includes(id)).map(([id]) => skipped(id, reason));
}
