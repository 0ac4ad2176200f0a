// VS Code's network stack in plain Node: the same @vscode/proxy-agent version VS Code 1.100.3
// ships, patched into Node's http, https, net and tls modules the way its extension host does it
// (Object.assign onto the modules, before the code under test runs), with the parameters the
// extension host passes. A test chooses what the editor would: http.proxy, http.noProxy,
// http.proxySupport, the answer of a PAC file or the OS (resolveProxy), the answer to a proxy's
// 407 (lookupProxyAuthorization, where VS Code tries Kerberos or prompts for Basic), and the OS
// store (loadAdditionalCertificates).
// `import x = require()`: the modules themselves, which the patch changes for every user of them
// (a namespace import would be a copy whose properties cannot be assigned).
import http = require('node:http');
import https = require('node:https');
import net = require('node:net');
import tls = require('node:tls');
import * as proxyAgent from '@vscode/proxy-agent';

export interface EditorNetwork {
  /** http.proxy */
  proxy?: string;
  /** http.noProxy */
  noProxy?: string[];
  /** http.proxySupport; VS Code's default is override. */
  proxySupport?: proxyAgent.ProxySupportSetting;
  /** What a PAC file or the OS settings answer for a URL ("PROXY host:port", "DIRECT", …). */
  resolveProxy?: (url: string) => Promise<string | undefined>;
  /** VS Code's answer to a 407 (Kerberos, or a Basic prompt); undefined: no answer. */
  lookupProxyAuthorization?: proxyAgent.LookupProxyAuthorization;
  /** The OS store as VS Code reads it. */
  systemCertificates?: () => Promise<string[]>;
  /** Environment the resolver reads (HTTPS_PROXY, NO_PROXY); an empty one by default. */
  env?: NodeJS.ProcessEnv;
}

export interface PatchedNetwork {
  /** The proxy decisions VS Code's resolver made, by URL, in order. */
  resolved: Array<{ url: string; proxy: string | undefined }>;
  restore(): void;
}

const quiet: proxyAgent.Log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** Patches Node's modules as VS Code's extension host does; `restore` puts the originals back. */
export function patchLikeVsCode(editor: EditorNetwork): PatchedNetwork {
  const resolved: PatchedNetwork['resolved'] = [];
  proxyAgent.resetCaches();
  const params: proxyAgent.ProxyAgentParams = {
    resolveProxy: async (url) => {
      const proxy = editor.resolveProxy ? await editor.resolveProxy(url) : 'DIRECT';
      resolved.push({ url, proxy });
      return proxy;
    },
    getProxyURL: () => editor.proxy,
    getProxySupport: () => editor.proxySupport ?? 'override',
    getNoProxyConfig: () => editor.noProxy ?? [],
    isAdditionalFetchSupportEnabled: () => false,
    addCertificatesV1: () => true,
    addCertificatesV2: () => false,
    loadAdditionalCertificates: () => (editor.systemCertificates ? editor.systemCertificates() : Promise.resolve([])),
    lookupProxyAuthorization: editor.lookupProxyAuthorization,
    log: quiet,
    getLogLevel: () => proxyAgent.LogLevel.Off,
    proxyResolveTelemetry: () => undefined,
    isUseHostProxyEnabled: () => true,
    env: editor.env ?? {},
  };
  const { resolveProxyWithRequest } = proxyAgent.createProxyResolver(params);
  const originals = { http: { ...http }, https: { ...https }, net: { ...net }, tls: { ...tls } };
  Object.assign(http, proxyAgent.createHttpPatch(params, http, resolveProxyWithRequest));
  Object.assign(https, proxyAgent.createHttpPatch(params, https, resolveProxyWithRequest));
  Object.assign(net, proxyAgent.createNetPatch(params, net));
  Object.assign(tls, proxyAgent.createTlsPatch(params, tls));
  return {
    resolved,
    restore: () => {
      Object.assign(http, { request: originals.http.request, get: originals.http.get });
      Object.assign(https, { request: originals.https.request, get: originals.https.get });
      Object.assign(net, { connect: originals.net.connect });
      Object.assign(tls, { connect: originals.tls.connect, createSecureContext: originals.tls.createSecureContext });
      proxyAgent.resetCaches();
    },
  };
}
