// Turns any failure into one sentence a user can act on. No `vscode` here: it is plain logic,
// unit-tested in Node. The full detail goes to the log separately.
import { BitbucketError, type ProxyFailure } from '../api/errors';
import { serverHost } from './serverUrl';
import { clientCertificateHint, fixedInSettings } from './clientCertificateMessages';
import * as l10n from '@vscode/l10n';
import { errorMessage } from './errorMessage';

export interface MessageContext {
  /** What the user tried, as a clause: "save snippet.ts", "load My Snippets". */
  action: string;
  /** The server host, to say where something failed. */
  host?: string;
  /** The signed-in user's name, to say who was refused. */
  user?: string;
}

/** The context of a message about `action` for the signed-in account: its host and user name. */
export function messageContext(
  action: string,
  account: { serverUrl: string; username: string } | undefined,
): MessageContext {
  return { action, host: account ? serverHost(account.serverUrl) : undefined, user: account?.username };
}

/** Settings names as users see them in the Settings editor. */
export const CA_SETTING_LABEL = 'Bitbucket Snippets: Ca Files';

/** What to do about each kind of proxy failure; the error's own message names the proxy. */
function proxyAdvice(err: BitbucketError): string {
  const failure: ProxyFailure = err.proxyFailure ?? 'unreachable';
  if (err.proxyCredentialsFrom !== undefined) return refusedCredentialsAdvice(err.proxyCredentialsFrom);
  if (err.proxyChosenBy === 'editor') return editorProxyAdvice(failure);
  switch (failure) {
    case 'auth-required':
      return l10n.t(
        "Give the proxy's user name and password in the http.proxy setting (http://user:password@host:port), or a Proxy-Authorization value in http.proxyAuthorization.",
      );
    case 'refused':
      return l10n.t(
        'Check the http.proxy setting (or HTTP_PROXY / HTTPS_PROXY), and list hosts that are reached without the proxy in http.noProxy.',
      );
    case 'unreachable':
      return l10n.t('Check the http.proxy setting (or HTTP_PROXY / HTTPS_PROXY).');
    case 'certificate':
      return l10n.t(
        'This extension always verifies certificates, the proxy\'s too, whatever http.proxyStrictSSL says: add the proxy\'s CA certificate file to the "{0}" setting.',
        CA_SETTING_LABEL,
      );
    case 'invalid-url':
      return l10n.t('Correct it in the http.proxy setting, or in HTTP_PROXY / HTTPS_PROXY.');
    case 'unsupported-scheme':
      return unsupportedSchemeAdvice();
  }
}

/** Advice for a proxy VS Code's network stack chose: from http.proxy, a PAC file or the OS settings. */
function editorProxyAdvice(failure: ProxyFailure): string {
  switch (failure) {
    case 'auth-required':
      return l10n.t(
        'VS Code answers a proxy with Kerberos or a Basic prompt where it can. Otherwise put a Proxy-Authorization value in http.proxyAuthorization: this extension then sends its requests itself, with that value.',
      );
    case 'certificate':
      // VS Code's proxy agent connects to the proxy with its own options: the OS store and Node's
      // roots. The Ca Files, given per request, reach the server behind it, not the proxy.
      return l10n.t(
        "This extension always verifies certificates: add the proxy's CA certificate to the system's trusted certificates, where VS Code's network stack looks for it.",
      );
    case 'unsupported-scheme':
      return unsupportedSchemeAdvice();
    default:
      return l10n.t(
        "VS Code chose this proxy from the http.proxy setting, a PAC file or the system's proxy settings: check those, or list the server in http.noProxy to reach it directly.",
      );
  }
}

/** After a 407 to credentials that were sent: correct them where they came from. */
function refusedCredentialsAdvice(from: string): string {
  return l10n.t(
    "Correct the proxy's user name and password in {0}. In a proxy URL, characters such as @ : / ? # ; % and spaces in them must be percent-encoded (%40 for @).",
    from,
  );
}

function unsupportedSchemeAdvice(): string {
  return l10n.t(
    'Run a local proxy that answers NTLM for you (Px or Cntlm, for example) and set http.proxy to it, or ask for Kerberos (Negotiate) or Basic to be enabled on the proxy.',
  );
}

/**
 * One sentence: "Could not <action>: <why>. <what to do>". `ctx.action` is a translated clause
 * ("save snippet.ts"), so each message is one template with the action as a placeholder.
 */
export function describeError(err: unknown, ctx: MessageContext): string {
  const action = ctx.action;
  if (!(err instanceof BitbucketError)) {
    return l10n.t('Could not {0}: {1}', action, errorMessage(err));
  }
  if (err.clientCertificate) {
    return l10n.t('Could not {0}: {1} {2}', action, err.message, clientCertificateHint(err.clientCertificate));
  }
  switch (err.kind) {
    case 'auth':
      return ctx.user
        ? l10n.t(
            'Could not {0}: the server did not accept the saved credentials for {1}. Sign in again (Bitbucket Snippets: Switch Account).',
            action,
            ctx.user,
          )
        : l10n.t(
            'Could not {0}: the server did not accept the saved credentials. Sign in again (Bitbucket Snippets: Switch Account).',
            action,
          );
    case 'forbidden':
      return ctx.user
        ? l10n.t(
            'Could not {0}: signed in as {1}, but you are not permitted to do this on the server. ({2})',
            action,
            ctx.user,
            err.message,
          )
        : l10n.t('Could not {0}: you are not permitted to do this on the server. ({1})', action, err.message);
    case 'not-found':
      return l10n.t(
        'Could not {0}: it no longer exists on the server ({1}). Refresh to update the view.',
        action,
        err.message,
      );
    case 'conflict':
      return l10n.t('Could not {0}: it was changed on the server in the meantime. {1}', action, err.message);
    case 'validation': {
      const fields = [...err.fields].map(([field, msgs]) => `${field}: ${msgs.join(', ')}`);
      return l10n.t(
        'Could not {0}: the server refused it. {1}',
        action,
        fields.length > 0 ? fields.join('; ') : err.message,
      );
    }
    case 'network':
      return err.tlsFailure
        ? l10n.t(
            'Could not {0}: {1} Add your company\'s CA certificate file to the "{2}" setting.',
            action,
            err.message,
            CA_SETTING_LABEL,
          )
        : l10n.t(
            'Could not {0}: {1} Your unsaved work is kept; try again when the server is reachable.',
            action,
            err.message,
          );
    case 'timeout':
      return l10n.t(
        'Could not {0}: {1} Your unsaved work is kept; try again, or raise the request timeout setting.',
        action,
        err.message,
      );
    case 'cancelled':
      return l10n.t('Could not {0}: cancelled.', action);
    case 'proxy':
      return l10n.t('Could not {0}: {1} {2}', action, err.message, proxyAdvice(err));
    case 'captcha':
    case 'server':
    case 'unexpected-response':
      return l10n.t('Could not {0}: {1}', action, err.message);
  }
}

export interface SignInProblem {
  message: string;
  /** The next step offered as a button. */
  action?:
    | 'retry'
    | 'openCaSetting'
    | 'openInBrowser'
    | 'openPrefixSetting'
    | 'openProxySetting'
    | 'openClientCertificateSetting';
}

/** Sign-in failures, each with its own next step. Nothing is stored when any of these happens. */
export function describeSignInError(err: unknown, host: string, authType: 'basic' | 'token'): SignInProblem {
  if (!(err instanceof BitbucketError)) {
    return { message: l10n.t('Sign-in to {0} failed: {1}', host, String(err)), action: 'retry' };
  }
  const basic = authType === 'basic';
  if (err.clientCertificate) {
    return {
      message: `${err.message} ${clientCertificateHint(err.clientCertificate)}`,
      action: fixedInSettings(err.clientCertificate) ? 'openClientCertificateSetting' : 'retry',
    };
  }
  switch (err.kind) {
    case 'auth':
      return {
        message: basic
          ? l10n.t('{0} did not accept the user name or password. Nothing was saved: check it and try again.', host)
          : l10n.t('{0} did not accept the access token. Nothing was saved: check it and try again.', host),
        action: 'retry',
      };
    case 'forbidden':
      return {
        message: basic
          ? l10n.t(
              '{0} accepted the user name and password but does not let this account use snippets ({1}).',
              host,
              err.message,
            )
          : l10n.t(
              '{0} accepted the access token but does not let this account use snippets ({1}).',
              host,
              err.message,
            ),
        action: 'retry',
      };
    case 'captcha':
      return {
        message: l10n.t(
          '{0} wants a CAPTCHA after too many failed sign-ins. Sign in once in a browser to clear it, then try again here.',
          host,
        ),
        action: 'openInBrowser',
      };
    case 'network':
      if (err.tlsFailure) {
        return {
          message: l10n.t(
            '{0} If your company uses its own certificate authority, add its PEM file to the "{1}" setting.',
            err.message,
            CA_SETTING_LABEL,
          ),
          action: 'openCaSetting',
        };
      }
      return {
        message: l10n.t('{0} Check the server URL, your network and proxy settings.', err.message),
        action: 'retry',
      };
    case 'timeout':
      return {
        message: l10n.t('{0} Check the server URL, your network and proxy settings.', err.message),
        action: 'retry',
      };
    case 'proxy':
      return {
        message: `${err.message} ${proxyAdvice(err)}`,
        action: err.proxyFailure === 'certificate' ? 'openCaSetting' : 'openProxySetting',
      };
    case 'unexpected-response':
      return {
        message: l10n.t(
          "{0} did not answer like Bitbucket's API: {1} Check that the URL is the Bitbucket base URL, including any context path.",
          host,
          err.message,
        ),
        action: 'retry',
      };
    case 'not-found':
      return {
        message: l10n.t(
          '{0} has no snippets app at the configured path (HTTP 404). Check the URL\'s context path, or the "Snippets Rest Prefix" setting.',
          host,
        ),
        action: 'openPrefixSetting',
      };
    default:
      return { message: l10n.t('Sign-in to {0} failed: {1}', host, err.message), action: 'retry' };
  }
}
