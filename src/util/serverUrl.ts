// Server URLs in their one form, and the host (and port) of one: what accounts, links and settings
// panels carry and compare, and what messages name and document URIs carry as their authority.
// Sign-in normalises the URL the user typed once, so an account's serverUrl is already in this
// form; what comes from elsewhere (a command's argument, a setting, a link) is normalised here
// before it is compared with an account's. No `vscode` and no translated text here: activation
// loads this module.
import { serverUrlForm } from '../api/serverUrlForm';

/**
 * `scheme://host[:port][/context path]`: lower-case scheme and host, no default port, no trailing
 * slash, query or fragment. Undefined when `raw` is not an http(s) URL or carries a user name or
 * password (api/baseUrl.ts says why to the user).
 */
export function normaliseServerUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
  return serverUrlForm(url);
}

/** Whether two server URLs name the same server; never for a text that is not a server URL. */
export function sameServer(a: string, b: string): boolean {
  const normal = normaliseServerUrl(a);
  return normal !== undefined && normal === normaliseServerUrl(b);
}

/** `host` or `host:port` of a server URL, lower case (the default port left out). */
export function serverHost(serverUrl: string): string {
  return new URL(serverUrl).host.toLowerCase();
}
