// Where a snippet file lives as a URI: `bitbucket-snippet://<host[:port]>/<snippet guid>/<file name>`.
// Files are addressed by name, because the server gives files new guids on every update.
// The mapping is plain logic without `vscode`, so it is unit-tested in Node; `snippetFileUri`
// in ../uris.ts wraps it into a vscode.Uri.
import { serverHost } from '../../util/serverUrl';
import { Schemes } from '../../constants';

const SNIPPET_SCHEME = Schemes.snippet;

/** What a snippet URI addresses. `fileName` is undefined for the snippet's folder (`/<guid>`). */
export interface SnippetLocation {
  /** `host` or `host:port` of the server, lower case, as `serverHost` gives it. */
  authority: string;
  snippetGuid: string;
  fileName: string | undefined;
}

/**
 * The decoded components of a snippet file's URI, for `vscode.Uri.from`. The path is kept
 * decoded: vscode.Uri does the escaping, so `#`, `?`, `%` and spaces survive as they are.
 * Everything after the guid is the file name, so even a name with `/` round-trips.
 */
export function snippetUriComponents(serverUrl: string, snippetGuid: string, fileName?: string): { scheme: string; authority: string; path: string } {
  if (!snippetGuid || snippetGuid.includes('/')) throw new Error(`Not a snippet guid: "${snippetGuid}"`);
  if (fileName === '') throw new Error('A snippet file needs a name.');
  return {
    scheme: SNIPPET_SCHEME,
    authority: serverHost(serverUrl),
    path: fileName === undefined ? `/${snippetGuid}` : `/${snippetGuid}/${fileName}`,
  };
}

/** Reads a decoded URI path (`/<guid>` or `/<guid>/<file name>`); undefined when it is neither. */
export function parseSnippetPath(authority: string, path: string): SnippetLocation | undefined {
  if (!path.startsWith('/')) return undefined;
  const rest = path.slice(1);
  const slash = rest.indexOf('/');
  const snippetGuid = slash < 0 ? rest : rest.slice(0, slash);
  const fileName = slash < 0 ? undefined : rest.slice(slash + 1);
  if (!snippetGuid || fileName === '') return undefined;
  return { authority: authority.toLowerCase(), snippetGuid, fileName };
}

/** The URI as text, each segment percent-encoded (what `vscode.Uri.toString()` gives, modulo its own escaping choices). */
export function formatSnippetUri(serverUrl: string, snippetGuid: string, fileName?: string): string {
  const c = snippetUriComponents(serverUrl, snippetGuid, fileName);
  const encodedPath = c.path.split('/').map(encodeURIComponent).join('/');
  return `${c.scheme}://${c.authority}${encodedPath}`;
}

/** Parses the text form; undefined for another scheme or a malformed path. */
export function parseSnippetUri(uri: string): SnippetLocation | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(uri);
  if (!m || m[1].toLowerCase() !== SNIPPET_SCHEME) return undefined;
  let path: string;
  try {
    path = m[3].split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
  return parseSnippetPath(m[2], path);
}

/** True when a URI's authority names the server of `serverUrl`. */
export function isOnServer(location: Pick<SnippetLocation, 'authority'>, serverUrl: string): boolean {
  return location.authority === serverHost(serverUrl);
}
