// Where a hook's settings document lives: `bitbucket-hook://<host[:port]>/<PROJ>/<repo>/<hookKey>.json`.
// Works on the URI's authority and decoded path (what vscode.Uri gives as `.authority` and `.path`),
// so it is pure logic without `vscode`. Project keys, slugs and hook keys may hold characters
// that mean something in a path (`/`, `%`): those are escaped inside their segment, so every
// document maps back to exactly the hook it came from.

export interface HookDocument {
  /** `host[:port]` of the server, as in its base URL. */
  authority: string;
  projectKey: string;
  repositorySlug: string;
  hookKey: string;
  /** The server's current version shown read-only next to the editor's for a conflict. */
  serverCopy?: boolean;
}

export const SETTINGS_SUFFIX = '.json';
/** Read-only server copies live under this first segment, which no project key can be (keys are word characters). */
export const SERVER_COPY_SEGMENT = '.server';

const escapeSegment = (s: string): string => s.replace(/%/g, '%25').replace(/\//g, '%2F').replace(/\\/g, '%5C');

function unescapeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** The decoded path of a hook document. */
export function hookDocumentPath(doc: Omit<HookDocument, 'authority'>): string {
  const parts = [escapeSegment(doc.projectKey), escapeSegment(doc.repositorySlug), escapeSegment(doc.hookKey) + SETTINGS_SUFFIX];
  return '/' + (doc.serverCopy ? [SERVER_COPY_SEGMENT, ...parts] : parts).join('/');
}

/** The hook a document path names, or undefined for any other path (directories, stray files). */
export function parseHookDocument(authority: string, path: string): HookDocument | undefined {
  let segments = path.split('/').slice(1);
  const serverCopy = segments[0] === SERVER_COPY_SEGMENT;
  if (serverCopy) segments = segments.slice(1);
  if (segments.length !== 3 || !authority) return undefined;
  const [rawProject, rawRepo, rawFile] = segments;
  if (!rawFile.endsWith(SETTINGS_SUFFIX)) return undefined;
  const projectKey = unescapeSegment(rawProject);
  const repositorySlug = unescapeSegment(rawRepo);
  const hookKey = unescapeSegment(rawFile.slice(0, -SETTINGS_SUFFIX.length));
  if (!projectKey || !repositorySlug || !hookKey) return undefined;
  return { authority, projectKey, repositorySlug, hookKey, ...(serverCopy ? { serverCopy } : {}) };
}

