// Where a hook's settings document lives:
//   `bitbucket-hook://<user>@<host[:port]>/<PROJ>/<repo>/<hookKey>.json?ctx=<context path>`
// The user and the context path name the account the document reads and saves with, so two
// accounts (two servers on one host, or two users of one server) never share a document. The
// earlier form `bitbucket-hook://<host[:port]>/…` (no user, no query), from editors restored from
// an older window, still parses; it goes to the default account of that host.
// Works on the URI's authority, decoded path and query (what vscode.Uri gives as `.authority`,
// `.path` and `.query`), so it is pure logic without `vscode`. Project keys, slugs and hook keys may hold characters
// that mean something in a path (`/`, `%`): those are escaped inside their segment, so every
// document maps back to exactly the hook it came from.

export interface HookDocument {
  /** `host[:port]` of the server, as in its base URL (lower case, the default port left out). */
  authority: string;
  /** The user of the account; undefined in the earlier form. */
  username?: string;
  /** `''` or `/bitbucket`; undefined in the earlier form, which did not say. */
  contextPath?: string;
  projectKey: string;
  repositorySlug: string;
  hookKey: string;
  /** The server's current version shown read-only next to the editor's for a conflict. */
  serverCopy?: boolean;
}

export const SETTINGS_SUFFIX = '.json';
/** Read-only server copies live under this first segment, which no project key can be (keys are word characters). */
export const SERVER_COPY_SEGMENT = '.server';

// Besides `%`, `/` and `\`, brackets and control and bidi characters are escaped: VS Code writes the
// path into its own messages, where `[label](command:…)` would be a live link.
const SEGMENT_ESCAPED =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  /[%/\\[\]\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const escapeSegment = (s: string): string => s.replace(SEGMENT_ESCAPED, (c) => encodeURIComponent(c));

function unescapeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** The decoded path of a hook document. */
export function hookDocumentPath(doc: Omit<HookDocument, 'authority'>): string {
  const parts = [
    escapeSegment(doc.projectKey),
    escapeSegment(doc.repositorySlug),
    escapeSegment(doc.hookKey) + SETTINGS_SUFFIX,
  ];
  return '/' + (doc.serverCopy ? [SERVER_COPY_SEGMENT, ...parts] : parts).join('/');
}

/** The account a document is read and saved with. */
export interface HookAccount {
  /** Normalised base URL, context path included, no trailing slash. */
  serverUrl: string;
  username: string;
}

/** The decoded components for `vscode.Uri.from` (which does the escaping), scheme left to the caller. */
export function hookDocumentComponents(
  account: HookAccount,
  doc: Omit<HookDocument, 'authority' | 'username' | 'contextPath'>,
): { authority: string; path: string; query: string } {
  const url = new URL(account.serverUrl);
  const contextPath = url.pathname.replace(/\/+$/, '');
  return {
    authority: `${encodeURIComponent(account.username)}@${url.host.toLowerCase()}`,
    path: hookDocumentPath(doc),
    query: contextPath ? new URLSearchParams({ ctx: contextPath }).toString() : '',
  };
}

/** True when a document belongs to this account (the earlier form: to any account on its host). */
export function isHookDocumentOf(
  doc: Pick<HookDocument, 'authority' | 'username' | 'contextPath'>,
  account: HookAccount,
): boolean {
  const url = new URL(account.serverUrl);
  if (doc.authority !== url.host.toLowerCase()) return false;
  if (doc.contextPath !== undefined && doc.contextPath !== url.pathname.replace(/\/+$/, '')) return false;
  return doc.username === undefined || doc.username.toLowerCase() === account.username.toLowerCase();
}

/**
 * The signed-in account a document belongs to. The earlier form names no user nor context path:
 * it goes to the default account when that is on its host, else to the first account that is.
 */
export function accountOfHookDocument<A extends HookAccount>(
  doc: HookDocument,
  accounts: readonly A[],
  defaultAccount: A | undefined,
): A | undefined {
  if (doc.username === undefined && defaultAccount && isHookDocumentOf(doc, defaultAccount)) return defaultAccount;
  return accounts.find((a) => isHookDocumentOf(doc, a));
}

/**
 * The hook a document names, or undefined for any other path (directories, stray files).
 * `authority` is the URI's (`user@host:port`, or `host:port` in the earlier form), `query` its
 * decoded query.
 */
export function parseHookDocument(authority: string, path: string, query = ''): HookDocument | undefined {
  const at = authority.lastIndexOf('@');
  const user = at >= 0 ? unescapeSegment(authority.slice(0, at)) : undefined;
  const host = (at >= 0 ? authority.slice(at + 1) : authority).toLowerCase();
  if (at >= 0 && !user) return undefined;
  const ctx = at >= 0 ? (new URLSearchParams(query).get('ctx') ?? '') : undefined;
  if (ctx !== undefined && ctx !== '' && !/^(\/[^/]+)+$/.test(ctx)) return undefined;
  let segments = path.split('/').slice(1);
  const serverCopy = segments[0] === SERVER_COPY_SEGMENT;
  if (serverCopy) segments = segments.slice(1);
  if (segments.length !== 3 || !host) return undefined;
  const [rawProject, rawRepo, rawFile] = segments;
  if (!rawFile.endsWith(SETTINGS_SUFFIX)) return undefined;
  const projectKey = unescapeSegment(rawProject);
  const repositorySlug = unescapeSegment(rawRepo);
  const hookKey = unescapeSegment(rawFile.slice(0, -SETTINGS_SUFFIX.length));
  if (!projectKey || !repositorySlug || !hookKey) return undefined;
  return {
    authority: host,
    ...(user !== undefined ? { username: user, contextPath: ctx } : {}),
    projectKey,
    repositorySlug,
    hookKey,
    ...(serverCopy ? { serverCopy } : {}),
  };
}
