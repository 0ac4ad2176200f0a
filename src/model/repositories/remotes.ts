// Which Bitbucket repository a git remote points at. Pure logic (no `vscode`), unit-tested in Node.
//
// Bitbucket Data Center clone URLs come in two shapes:
//   HTTP(S): https://host[:port][/context]/scm/PROJ/repo.git   (the context path is the server's)
//   SSH:     ssh://git@host:7999/proj/repo.git                  (own port, no context path)
// plus the scp-like form git also accepts (git@host:proj/repo.git). Project keys are
// case-insensitive on the server and shown upper-cased; repository slugs are kept as they are.

export interface RemoteRepository {
  projectKey: string;
  repositorySlug: string;
}

interface ParsedRemote {
  kind: 'http' | 'ssh';
  /** Lower-cased host name, without port. */
  hostname: string;
  /** Explicit or default port, as a string ('' for ssh without one). */
  port: string;
  /** Path segments, decoded, without empty ones. */
  segments: string[];
}

const defaultPort = (protocol: string): string => (protocol === 'https:' ? '443' : protocol === 'http:' ? '80' : '');

function splitPath(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter((s) => s.length > 0)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

/** Parses a remote URL in any form git accepts for Bitbucket; undefined for anything else (file paths, odd schemes). */
export function parseRemote(raw: string): ParsedRemote | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  // scp-like syntax: [user@]host:path, with no scheme and no slash before the colon.
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(text);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    // A Windows drive letter (C:\repo) is a local path, not a host.
    if (scp[1].length === 1) return undefined;
    const segments = splitPath(scp[2]);
    return segments ? { kind: 'ssh', hostname: scp[1].toLowerCase(), port: '', segments } : undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const segments = splitPath(url.pathname);
  if (!segments) return undefined;
  const hostname = url.hostname.toLowerCase();
  if (!hostname) return undefined;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return { kind: 'http', hostname, port: url.port || defaultPort(url.protocol), segments };
  }
  if (url.protocol === 'ssh:' || url.protocol === 'git+ssh:' || url.protocol === 'ssh+git:') {
    return { kind: 'ssh', hostname, port: url.port, segments };
  }
  return undefined;
}

const stripGit = (slug: string): string => slug.replace(/\.git$/i, '');

/**
 * The repository a remote points at, when it belongs to the Bitbucket server at `serverUrl`
 * (base URL with any context path). HTTP remotes must match scheme-independent host, port and
 * context path; SSH remotes match by host name only, since Bitbucket serves SSH on its own port.
 */
export function matchRemote(remoteUrl: string, serverUrl: string): RemoteRepository | undefined {
  const remote = parseRemote(remoteUrl);
  if (!remote) return undefined;
  let server: URL;
  try {
    server = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if (remote.hostname !== server.hostname.toLowerCase()) return undefined;

  let rest: string[];
  if (remote.kind === 'http') {
    // The same server may be reached over http and https (a proxy in front), so only the port
    // tells them apart when one is explicit on both sides.
    const serverPort = server.port || defaultPort(server.protocol);
    const bothDefault = [remote.port, serverPort].every((p) => p === '80' || p === '443');
    if (!bothDefault && remote.port !== serverPort) return undefined;
    const context = splitPath(server.pathname) ?? [];
    if (remote.segments.length < context.length) return undefined;
    for (let i = 0; i < context.length; i++) {
      if (remote.segments[i] !== context[i]) return undefined;
    }
    rest = remote.segments.slice(context.length);
    if (rest[0] !== 'scm') return undefined;
    rest = rest.slice(1);
  } else {
    rest = remote.segments;
    // Some installations put SSH behind the same context-less path with a leading `scm/`.
    if (rest.length === 3 && rest[0] === 'scm') rest = rest.slice(1);
  }
  if (rest.length !== 2) return undefined;
  const [project, repoWithGit] = rest;
  // Personal repositories (~user) have no project key the Pages or hook APIs accept here.
  const repositorySlug = stripGit(repoWithGit);
  if (!project || !repositorySlug || project.startsWith('~')) return undefined;
  return { projectKey: project.toUpperCase(), repositorySlug };
}

/** Bitbucket compares project keys without case and slugs exactly. */
export function sameRepository(a: RemoteRepository, b: RemoteRepository): boolean {
  return a.projectKey.toUpperCase() === b.projectKey.toUpperCase() && a.repositorySlug === b.repositorySlug;
}

/** A repository typed as `PROJECT/slug` (a trailing .git allowed); the project key is upper-cased. */
export function parseRepositoryName(text: string): RemoteRepository | undefined {
  const m = /^\s*([A-Za-z0-9_~]+)\s*\/\s*([^\s/]+?)(?:\.git)?\s*$/.exec(text);
  return m ? { projectKey: m[1].toUpperCase(), repositorySlug: m[2] } : undefined;
}
