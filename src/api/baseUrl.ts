// The server URL a user types, checked and normalised. Apart from the client so that sign-in can
// check a URL without loading the HTTP client, which is loaded with the first request.
import { BitbucketError } from './errors';
import * as l10n from '@vscode/l10n';

/** Parses and checks a base URL; user info in it is refused, since it would leak into logs. */
export function parseBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new BitbucketError(
      'validation',
      l10n.t('"{0}" is not a URL. Use the form https://bitbucket.example.com[/context].', raw),
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BitbucketError(
      'validation',
      l10n.t('The server URL must start with https:// or http://, not {0}//.', url.protocol),
    );
  }
  if (url.username || url.password) {
    throw new BitbucketError(
      'validation',
      l10n.t('The server URL must not contain a user name or password: sign in instead.'),
    );
  }
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url;
}
