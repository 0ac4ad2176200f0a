// The server URL a user types, checked and normalised. Apart from the client so that sign-in can
// check a URL without loading the HTTP client, which is loaded with the first request.
import { BitbucketError } from './errors';

/** Parses and checks a base URL; user info in it is refused, since it would leak into logs. */
export function parseBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new BitbucketError('validation', `"${raw}" is not a URL. Use the form https://bitbucket.example.com[/context].`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BitbucketError('validation', `The server URL must start with https:// or http://, not ${url.protocol}//.`);
  }
  if (url.username || url.password) {
    throw new BitbucketError('validation', 'The server URL must not contain a user name or password: sign in instead.');
  }
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url;
}
