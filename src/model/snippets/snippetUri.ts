// Where a snippet file lives as a URI:
//   `bitbucket-snippet://<user>@<host[:port]>/<snippet name>/<file name>?guid=<guid>&ctx=<context path>`
// Identity is the authority (user, host, port) and the query (snippet guid, context path); the
// path is for people: the tab shows the file name, breadcrumbs and Open Editors the snippet name,
// and VS Code picks the language from the file name's extension. Two accounts on one server, or
// two servers on one host that differ by port or context path, so never share a URI.
// Files are addressed by name, because the server gives files new guids on every update.
// VS Code writes a URI's path into its own messages ("Failed to save '<uri>'") as it is, where
// `[label](command:…)` is a live link: the path is made of display-safe names, and a file name
// that had to change for display travels in the query as `file=` (percent-encoded there).
// The old form `bitbucket-snippet://<host[:port]>/<guid>/<file name>` (no query), from editors
// restored from an earlier version, still parses; it names no user nor context path.
// Plain logic without `vscode`, unit-tested in Node; ../uris.ts wraps it into vscode.Uri.
import { Schemes } from '../../util/constants';
import { lineText } from '../../util/outsideText';
import { serverHost } from '../../util/serverUrl';

const SNIPPET_SCHEME = Schemes.snippet;

/** Who a URI belongs to: the fields of an account that identify it. */
export interface UriAccount {
  /** Normalised base URL, context path included, no trailing slash. */
  serverUrl: string;
  username: string;
}

/** What a snippet URI addresses. `fileName` is undefined for the snippet itself (its folder). */
export interface SnippetLocation {
  /** `host` or `host:port`, lower case, the default port left out. */
  authority: string;
  /** The user of the account; undefined in the old form. */
  username: string | undefined;
  /** `''` or `/bitbucket`; undefined in the old form, which did not say. */
  contextPath: string | undefined;
  snippetGuid: string;
  fileName: string | undefined;
  /**
   * 2, 3… for the second, third… file of the snippet named `fileName`, when several share the
   * name (`&n=2` in the query); absent for the first, whose URI is as it always was.
   */
  occurrence?: number;
}

/** The decoded components for `vscode.Uri.from`: vscode.Uri does the escaping. */
export interface SnippetUriComponents {
  scheme: string;
  authority: string;
  path: string;
  query: string;
}

/** The context path of a server URL: `''` or `/bitbucket` (no trailing slash). */
export function serverContextPath(serverUrl: string): string {
  return new URL(serverUrl).pathname.replace(/\/+$/, '');
}

/**
 * A snippet name as one readable path segment: `/` and `\` become look-alikes that are not
 * separators, control characters go, and a name that would read as `.`/`..` or nothing gets one.
 * Only for display: nothing is ever looked up by it.
 */
export function displaySafeName(name: string): string {
  const safe = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\//g, '\u2215')
    .replace(/\\/g, '\u29f5')
    .replace(/\s+/g, ' ')
    .trim();
  const shown = lineText(safe);
  const short = shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
  return short === '' || short === '.' || short === '..' ? 'snippet' : short;
}

/** A file name as the URI's path shows it: no link syntax, control or bidi characters, never empty, `.` or `..`. */
export function displayFileName(fileName: string): string {
  const shown = lineText(fileName, Number.MAX_SAFE_INTEGER);
  return shown === '' || shown === '.' || shown === '..' ? 'file' : shown;
}

export function snippetUriComponents(
  account: UriAccount,
  snippet: { guid: string; name: string },
  fileName?: string,
  occurrence?: number,
): SnippetUriComponents {
  if (!snippet.guid) throw new Error('A snippet URI needs the snippet guid.');
  if (fileName === '') throw new Error('A snippet file needs a name.');
  const name = displaySafeName(snippet.name);
  const params = new URLSearchParams({ guid: snippet.guid });
  const contextPath = serverContextPath(account.serverUrl);
  if (contextPath) params.set('ctx', contextPath);
  const shownFile = fileName === undefined ? undefined : displayFileName(fileName);
  if (fileName !== undefined && shownFile !== fileName) params.set('file', fileName);
  if (fileName !== undefined && occurrence !== undefined && occurrence > 1) params.set('n', String(occurrence));
  return {
    scheme: SNIPPET_SCHEME,
    authority: `${account.username}@${serverHost(account.serverUrl)}`,
    path: shownFile === undefined ? `/${name}` : `/${name}/${shownFile}`,
    query: params.toString(),
  };
}

/** Reads decoded URI components (what vscode.Uri holds); undefined when they address nothing. */
export function parseSnippetComponents(authority: string, path: string, query: string): SnippetLocation | undefined {
  if (!path.startsWith('/')) return undefined;
  const at = authority.lastIndexOf('@');
  const host = (at < 0 ? authority : authority.slice(at + 1)).toLowerCase();
  const username = at < 0 ? undefined : authority.slice(0, at);
  const rest = path.slice(1);
  const slash = rest.indexOf('/');
  const first = slash < 0 ? rest : rest.slice(0, slash);
  // Everything after the first segment is the file name, so even a name with `/` round-trips.
  const shownFile = slash < 0 ? undefined : rest.slice(slash + 1);
  if (!host || !first || shownFile === '') return undefined;
  const params = new URLSearchParams(query);
  // `file=` names the file only while the path still shows it: a URI made by joinPath beside an
  // open file keeps that file's query, and then the path's new name is the one meant.
  const named = params.get('file');
  const fileName =
    named !== null && shownFile !== undefined && displayFileName(named) === shownFile ? named : shownFile;
  const guid = params.get('guid');
  if (guid === null) {
    // The old form: the first segment is the guid.
    return { authority: host, username, contextPath: undefined, snippetGuid: first, fileName };
  }
  if (!guid || username === '') return undefined;
  const n = params.get('n');
  // Only a later file of a name has one; anything else would address a file that is not there.
  if (n !== null && (!/^[1-9]\d*$/.test(n) || Number(n) < 2 || fileName === undefined)) return undefined;
  return {
    authority: host,
    username,
    contextPath: params.get('ctx') ?? '',
    snippetGuid: guid,
    fileName,
    ...(n !== null ? { occurrence: Number(n) } : {}),
  };
}

/** True when a location is on the server of `serverUrl` (the old form: on its host). */
export function isOnServer(location: Pick<SnippetLocation, 'authority' | 'contextPath'>, serverUrl: string): boolean {
  if (location.authority !== serverHost(serverUrl)) return false;
  return location.contextPath === undefined || location.contextPath === serverContextPath(serverUrl);
}

/** True when a location belongs to this account (the old form: to any account on its host). */
export function isOfAccount(location: SnippetLocation, account: UriAccount): boolean {
  if (!isOnServer(location, account.serverUrl)) return false;
  return location.username === undefined || location.username.toLowerCase() === account.username.toLowerCase();
}

/**
 * The account a location belongs to. The old form names no user nor context path: it goes to
 * the default account when that is on its host, else to the first account that is.
 */
export function accountOfLocation<A extends UriAccount>(
  location: SnippetLocation,
  accounts: readonly A[],
  defaultAccount: A | undefined,
): A | undefined {
  const exact = location.username !== undefined;
  if (!exact && defaultAccount && isOfAccount(location, defaultAccount)) return defaultAccount;
  return accounts.find((a) => isOfAccount(location, a));
}
