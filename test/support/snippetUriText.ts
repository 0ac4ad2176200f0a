// The text form of snippet URIs, for tests in plain Node that have no vscode.Uri: the product
// builds and reads URIs from their components (src/model/snippets/snippetUri.ts); these do what
// vscode.Uri.toString() and vscode.Uri.parse() do around them.
import { Schemes } from '../../src/util/constants';
import {
  parseSnippetComponents,
  snippetUriComponents,
  type SnippetLocation,
  type UriAccount,
} from '../../src/model/snippets/snippetUri';

const SNIPPET_SCHEME = Schemes.snippet;

/** The URI as text, as `vscode.Uri.toString()` escapes it (every reserved character of a part). */
export function formatSnippetUri(
  account: UriAccount,
  snippet: { guid: string; name: string },
  fileName?: string,
  occurrence?: number,
): string {
  const c = snippetUriComponents(account, snippet, fileName, occurrence);
  const at = c.authority.lastIndexOf('@');
  const authority = `${encodeURIComponent(c.authority.slice(0, at))}@${c.authority.slice(at + 1)}`;
  const path = c.path.split('/').map(encodeURIComponent).join('/');
  return `${c.scheme}://${authority}${path}?${encodeURIComponent(c.query)}`;
}

/** Parses the text form; undefined for another scheme or a malformed URI. */
export function parseSnippetUri(uri: string): SnippetLocation | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?/i.exec(uri);
  if (!m || m[1].toLowerCase() !== SNIPPET_SCHEME) return undefined;
  try {
    const path = m[3].split('/').map(decodeURIComponent).join('/');
    return parseSnippetComponents(decodeURIComponent(m[2]), path, decodeURIComponent(m[4] ?? ''));
  } catch {
    return undefined;
  }
}
