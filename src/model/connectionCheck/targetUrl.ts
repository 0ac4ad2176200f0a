// The server URL the check starts from, as a user may have typed or pasted it: a browser address
// of a repository page or a plugin servlet is cut back to the base URL (with its context path),
// and a user name or password in it is dropped without ever being repeated.

import * as l10n from '@vscode/l10n';

export interface TargetUrl {
  /** Scheme, host, port and context path, without a trailing slash; undefined when unusable. */
  baseUrl?: string;
  /** Why the URL cannot be used. */
  problem?: string;
  /** What was changed, for the report: the page path cut off, credentials dropped. */
  notes: string[];
  /** Set when the URL given is not the base URL the check went on with (a page path, credentials). */
  baseMoved?: true;
}

/**
 * First path segments of Bitbucket's own pages and APIs: what precedes one of them is the context
 * path. A context path is one segment (e.g. `/bitbucket`) on every installation seen so far.
 */
const PAGE_SEGMENTS = new Set([
  'projects',
  'users',
  'plugins',
  'rest',
  'dashboard',
  'login',
  'admin',
  'scm',
  'account',
  'profile',
  'repos',
  'snippets',
  'mvc',
  'secure',
  'getting-started',
]);

export function analyseTargetUrl(raw: string): TargetUrl {
  const notes: string[] = [];
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    // The text is not repeated: it may be a pasted secret rather than a URL.
    return {
      problem: l10n.t('The server URL is not a URL. Use the form https://bitbucket.example.com[/context].'),
      notes,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { problem: l10n.t('The server URL must start with https:// or http://, not {0}//.', url.protocol), notes };
  }
  let baseMoved = false;
  if (url.username || url.password) {
    baseMoved = true;
    url.username = '';
    url.password = '';
    notes.push(l10n.t('The URL contained a user name or password; they were left out (sign in instead).'));
  }
  if (url.search || url.hash) notes.push(l10n.t('The query and fragment of the URL were left out.'));
  url.search = '';
  url.hash = '';
  const segments = url.pathname.split('/').filter(Boolean);
  const page = segments.findIndex((s) => PAGE_SEGMENTS.has(s.toLowerCase()));
  if (page >= 0) {
    const pagePath = `/${segments.slice(page).join('/')}`;
    url.pathname = `/${segments.slice(0, page).join('/')}`;
    const base = withoutTrailingSlash(url);
    notes.push(l10n.t("The URL is the address of a page ({0}); the server's base URL is {1}.", pagePath, base));
    return { baseUrl: base, notes, baseMoved: true };
  }
  return { baseUrl: withoutTrailingSlash(url), notes, ...(baseMoved ? { baseMoved: true as const } : {}) };
}

function withoutTrailingSlash(url: URL): string {
  return url.toString().replace(/\/+$/, '');
}
