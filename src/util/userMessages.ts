// Turns any failure into one sentence a user can act on. No `vscode` here: it is plain logic,
// unit-tested in Node. The full detail goes to the log separately.
import { BitbucketError, type ProxyFailure } from '../api/errors';
import { serverHost } from './serverUrl';
import { clientCertificateHint, fixedInSettings } from './clientCertificateMessages';

export interface MessageContext {
  /** What the user tried, as a clause: "save snippet.ts", "load My Snippets". */
  action: string;
  /** The server host, to say where something failed. */
  host?: string;
  /** The signed-in user's name, to say who was refused. */
  user?: string;
}

/** The context of a message about `action` for the signed-in account: its host and user name. */
export function messageContext(action: string, account: { serverUrl: string; username: string } | undefined): MessageContext {
  return { action, host: account ? serverHost(account.serverUrl) : undefined, user: account?.username };
}

/** Settings names as users see them in the Settings editor. */
export const CA_SETTING_LABEL = 'Bitbucket Snippets: Ca Files';

/** What to do about each kind of proxy failure; the error's own message names the proxy. */
const PROXY_ADVICE: Record<ProxyFailure, string> = {
  'auth-required': 'Give the proxy\'s user name and password in the http.proxy setting (http://user:password@host:port), or a Proxy-Authorization value in http.proxyAuthorization.',
  refused: 'Check the http.proxy setting (or HTTP_PROXY / HTTPS_PROXY), and list hosts that are reached without the proxy in http.noProxy.',
  unreachable: 'Check the http.proxy setting (or HTTP_PROXY / HTTPS_PROXY).',
  certificate: `This extension always verifies certificates, the proxy's too, whatever http.proxyStrictSSL says: add the proxy's CA certificate file to the "${CA_SETTING_LABEL}" setting.`,
  'invalid-url': 'Correct it in the http.proxy setting, or in HTTP_PROXY / HTTPS_PROXY.',
};

function proxyAdvice(err: BitbucketError): string {
  return PROXY_ADVICE[err.proxyFailure ?? 'unreachable'];
}

export function describeError(err: unknown, ctx: MessageContext): string {
  const prefix = `Could not ${ctx.action}`;
  if (!(err instanceof BitbucketError)) {
    return `${prefix}: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (err.clientCertificate) return `${prefix}: ${err.message} ${clientCertificateHint(err.clientCertificate)}`;
  switch (err.kind) {
    case 'auth':
      return `${prefix}: the server did not accept the saved credentials${ctx.user ? ` for ${ctx.user}` : ''}. Sign in again (Bitbucket Snippets: Switch Account).`;
    case 'forbidden':
      return `${prefix}: ${ctx.user ? `signed in as ${ctx.user}, but ` : ''}you are not permitted to do this on the server. (${err.message})`;
    case 'captcha':
      return `${prefix}: ${err.message}`;
    case 'not-found':
      return `${prefix}: it no longer exists on the server (${err.message}). Refresh to update the view.`;
    case 'conflict':
      return `${prefix}: it was changed on the server in the meantime. ${err.message}`;
    case 'validation': {
      const fields = [...err.fields].map(([field, msgs]) => `${field}: ${msgs.join(', ')}`);
      return `${prefix}: the server refused it. ${fields.length > 0 ? fields.join('; ') : err.message}`;
    }
    case 'network':
      return err.tlsFailure
        ? `${prefix}: ${err.message} Add your company's CA certificate file to the "${CA_SETTING_LABEL}" setting.`
        : `${prefix}: ${err.message} Your unsaved work is kept; try again when the server is reachable.`;
    case 'timeout':
      return `${prefix}: ${err.message} Your unsaved work is kept; try again, or raise the request timeout setting.`;
    case 'server':
      return `${prefix}: ${err.message}`;
    case 'cancelled':
      return `${prefix}: cancelled.`;
    case 'unexpected-response':
      return `${prefix}: ${err.message}`;
    case 'proxy':
      return `${prefix}: ${err.message} ${proxyAdvice(err)}`;
  }
}

export interface SignInProblem {
  message: string;
  /** The next step offered as a button. */
  action?: 'retry' | 'openCaSetting' | 'openInBrowser' | 'openPrefixSetting' | 'openProxySetting' | 'openClientCertificateSetting';
}

/** Sign-in failures, each with its own next step. Nothing is stored when any of these happens. */
export function describeSignInError(err: unknown, host: string, authType: 'basic' | 'token'): SignInProblem {
  if (!(err instanceof BitbucketError)) return { message: `Sign-in to ${host} failed: ${String(err)}`, action: 'retry' };
  const what = authType === 'basic' ? 'user name or password' : 'access token';
  if (err.clientCertificate) {
    return {
      message: `${err.message} ${clientCertificateHint(err.clientCertificate)}`,
      action: fixedInSettings(err.clientCertificate) ? 'openClientCertificateSetting' : 'retry',
    };
  }
  switch (err.kind) {
    case 'auth':
      return { message: `${host} did not accept the ${what}. Nothing was saved: check it and try again.`, action: 'retry' };
    case 'forbidden':
      return { message: `${host} accepted the ${what} but does not let this account use snippets (${err.message}).`, action: 'retry' };
    case 'captcha':
      return {
        message: `${host} wants a CAPTCHA after too many failed sign-ins. Sign in once in a browser to clear it, then try again here.`,
        action: 'openInBrowser',
      };
    case 'network':
      if (err.tlsFailure) {
        return {
          message: `${err.message} If your company uses its own certificate authority, add its PEM file to the "${CA_SETTING_LABEL}" setting.`,
          action: 'openCaSetting',
        };
      }
      return { message: `${err.message} Check the server URL, your network and proxy settings.`, action: 'retry' };
    case 'timeout':
      return { message: `${err.message} Check the server URL, your network and proxy settings.`, action: 'retry' };
    case 'proxy':
      return { message: `${err.message} ${proxyAdvice(err)}`, action: err.proxyFailure === 'certificate' ? 'openCaSetting' : 'openProxySetting' };
    case 'unexpected-response':
      return {
        message: `${host} did not answer like Bitbucket's API: ${err.message} Check that the URL is the Bitbucket base URL, including any context path.`,
        action: 'retry',
      };
    case 'not-found':
      return {
        message: `${host} has no snippets app at the configured path (HTTP 404). Check the URL's context path, or the "Snippets Rest Prefix" setting.`,
        action: 'openPrefixSetting',
      };
    default:
      return { message: `Sign-in to ${host} failed: ${err.message}`, action: 'retry' };
  }
}
