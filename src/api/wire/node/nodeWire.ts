// Node's own http and https modules as a wire. In VS Code's extension host these are the modules
// VS Code patches before any extension runs: a request made here is resolved against the editor's
// proxy settings (http.proxy, http.noProxy, a PAC file, the OS settings), a proxy's 407 is
// answered the editor's way (Kerberos, Basic), and the OS certificates are trusted. What the
// patch keeps, and so what this wire gives it (nodeRequest.ts):
//   - the client certificate in the request's own options (cert/key or pfx/passphrase); one set on
//     an agent is dropped, so no agent is passed;
//   - `ca` only when the user configured CA files, and then the whole trust list, because a `ca`
//     replaces the certificates VS Code would add;
//   - `rejectUnauthorized: true`, said outright, whatever NODE_TLS_REJECT_UNAUTHORIZED says.
// The proxy is VS Code's choice, which this wire learns only from its agent: the proxy it used,
// the text of its errors, and a proxy's 407 replayed as the response (editorProxyErrors.ts).
import { trustedAuthorities } from '../../trust/trustedAuthorities';
import { headerValue, WIRE_CODES, type Wire, type WireSetup } from '../wire';
import { errorCodes, isTlsCode, type FailureKind, type WireFailure } from '../wireFailure';
import {
  agentSentCredentials,
  directConnectionHint,
  editorCredentialsSource,
  editorProxyError,
  editorProxyResponseError,
  proxyLabelOf,
  writtenProxyUrls,
} from './editorProxyErrors';
import { sendOverNode, type ViaProxy } from './nodeRequest';

/** This wire's own failure codes (nodeRequest.ts), in the terms every wire shares. */
const KIND_OF_CODE = new Map<string, FailureKind>([
  [WIRE_CODES.connectTimeout, 'connect-timeout'],
  [WIRE_CODES.headersTimeout, 'headers-timeout'],
  [WIRE_CODES.bodyTimeout, 'body-timeout'],
]);

export async function createNodeWire(setup: WireSetup): Promise<Wire> {
  const { extraCa, clientCertificate } = await setup.readTrustMaterial();
  const { systemCertificates, target } = setup;
  // Without CA files of the user's, trust is left to the host: VS Code adds the OS store to
  // each connection. With them, `ca` replaces what VS Code would add, so it is the whole list
  // (the OS store read here, Node's roots, the files).
  // http.systemCertificates off says the same through a `ca` of Node's roots and the user's files.
  const ca =
    extraCa.length > 0 || !systemCertificates
      ? (await trustedAuthorities({ systemCertificates, extraCa })).ca
      : undefined;
  // The editor layer says once per server which wire it chose; this is the detail of each client.
  setup.log(
    'debug',
    `node wire for ${target.host}${ca ? `, trusting the OS store, Node's roots and ${extraCa.length} CA files` : ', trusting what the host adds'}`,
  );
  const plan = { clientCertificate, ca, connectMs: setup.connectMs };
  // The proxy URLs with credentials the user wrote: a proxy with user info is named after them only.
  const written = writtenProxyUrls(setup.proxy, process.env);

  /** The proxy VS Code chose last, as its PAC-style result, so the log names each change once. */
  let lastVia: string | undefined;
  const noteVia = (via: string | undefined) => {
    if (via === undefined || via === lastVia) return;
    lastVia = via;
    setup.log(
      'info',
      `VS Code's network stack sends requests to ${target.host} ${via === 'DIRECT' ? 'directly' : `through ${proxyLabelOf(via, written) ?? 'a proxy'}`}`,
    );
  };

  return {
    async request(request) {
      const response = await sendOverNode(plan, request);
      noteVia(response.via);
      return response;
    },
    readFailure(err, request): WireFailure {
      const codes = errorCodes(err);
      const kinds = new Set(codes.flatMap((code) => KIND_OF_CODE.get(code) ?? []));
      const proxyError = editorProxyError(
        err,
        { codes, tlsCode: codes.find(isTlsCode) },
        request,
        target.host,
        written,
      );
      // VS Code decided to go direct (no proxy configured, or a PAC file said DIRECT or nothing it
      // could read): where the network needs a proxy, that decision is what to check.
      // VS Code sends loopback hosts directly whatever it is told, so the hint would mislead there.
      const wentDirect = (err as ViaProxy | undefined)?.via === 'DIRECT' && !isLoopback(target.hostname);
      return { codes, kinds, proxyError, hint: wentDirect ? directConnectionHint() : undefined };
    },
    proxyAnswer(response, request) {
      // A Bitbucket server never asks for proxy credentials: a 407 is a proxy's, one VS Code's
      // stack could not answer and replays as the response. Its agent sends the user info of the
      // proxy URL it used, so with user info there the proxy refused those credentials.
      if (response.statusCode !== 407) return undefined;
      const credentialsFrom = agentSentCredentials(response.via)
        ? editorCredentialsSource(setup.proxy, process.env)
        : undefined;
      return editorProxyResponseError(
        headerValue(response.headers, 'proxy-authenticate'),
        response.via,
        target.host,
        request,
        credentialsFrom,
        written,
      );
    },
    // No agent of its own: the connections are the host's.
    close: async () => undefined,
  };
}

function isLoopback(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname.toLowerCase());
}
