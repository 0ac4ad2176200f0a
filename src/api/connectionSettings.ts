// Which connection settings apply to a server: the top-level ones, overridden by the entry of
// `bitbucketSnippets.servers` whose URL is the server's. One server needs no entry at all; each
// further server that differs (another CA, a client certificate, other REST prefixes) gets one.
// No `vscode` here: the editor layer hands in the raw values and this module decides. It loads
// with the API client (client.ts re-exports it), as only making a client needs it.
import type { ClientCertificate } from './clientCertificate';

export interface ConnectionSettings {
  caFiles: string[];
  clientCertificate: ClientCertificate | undefined;
  snippetsRestPrefix: string | undefined;
  pagesRestPrefix: string | undefined;
  /** The deadline of one request, headers and body together. */
  requestTimeoutSeconds: number;
  /** The largest response body read. */
  maxResponseSizeMB: number;
}

export interface ResolvedConnectionSettings extends ConnectionSettings {
  /** The key of the `servers` entry that applied, as the user wrote it; undefined when none did. */
  entry: string | undefined;
  /** Values that were ignored because they have the wrong shape, said in words for the log. */
  ignored: string[];
}

/**
 * The settings for `serverUrl`. `servers` is the raw value of the `servers` setting: an object
 * keyed by server URL. The entry whose URL equals the server's wins; failing that, the one whose
 * URL is the longest leading part of it (a key without the context path covers every context
 * path on that host). `home` expands a leading `~` in file paths.
 */
export function resolveConnectionSettings(serverUrl: string, defaults: ConnectionSettings, servers: unknown, home?: string): ResolvedConnectionSettings {
  const ignored: string[] = [];
  const expand = (path: string) => expandHome(path, home);
  const base: ConnectionSettings = {
    ...defaults,
    caFiles: defaults.caFiles.map(expand),
    clientCertificate: defaults.clientCertificate && mapFiles(defaults.clientCertificate, expand),
  };
  const match = findEntry(serverUrl, servers, ignored);
  if (!match) return { ...base, entry: undefined, ignored };
  const [key, raw] = match;
  const at = (field: string) => `servers["${key}"].${field}`;
  const result: ResolvedConnectionSettings = { ...base, entry: key, ignored };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    ignored.push(`servers["${key}"] is not an object`);
    return result;
  }
  const entry = raw as Record<string, unknown>;
  if ('caFiles' in entry) {
    if (Array.isArray(entry.caFiles) && entry.caFiles.every((f) => typeof f === 'string')) result.caFiles = entry.caFiles.map(expand);
    else ignored.push(`${at('caFiles')} is not a list of file paths`);
  }
  if ('clientCertificate' in entry) {
    const certificate = parseClientCertificate(entry.clientCertificate);
    if (certificate === 'invalid') ignored.push(`${at('clientCertificate')} needs either "pfxFile", or both "certFile" and "keyFile"`);
    else result.clientCertificate = certificate && mapFiles(certificate, expand);
  }
  for (const field of ['snippetsRestPrefix', 'pagesRestPrefix'] as const) {
    if (!(field in entry)) continue;
    if (typeof entry[field] === 'string') result[field] = (entry[field] as string) || undefined;
    else ignored.push(`${at(field)} is not text`);
  }
  for (const field of ['requestTimeoutSeconds', 'maxResponseSizeMB'] as const) {
    if (!(field in entry)) continue;
    const value = entry[field];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) result[field] = value;
    else ignored.push(`${at(field)} is not a positive number`);
  }
  return result;
}

/**
 * The form of a server URL that keys compare by: scheme and host in lower case, no default port,
 * no trailing slash, no query or credentials. A key without a scheme is taken as https.
 * Undefined when it is no URL at all.
 */
export function serverKey(raw: string): string | undefined {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // URL already lower-cases the scheme and host and drops the scheme's default port.
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** A `clientCertificate` value: a certificate, null for "none" (to override the default), or 'invalid'. */
export function parseClientCertificate(raw: unknown): ClientCertificate | undefined | 'invalid' {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'invalid';
  const { pfxFile, certFile, keyFile } = raw as Record<string, unknown>;
  const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
  if (given(pfxFile) && certFile === undefined && keyFile === undefined) return { pfxFile };
  if (given(certFile) && given(keyFile) && pfxFile === undefined) return { certFile, keyFile };
  // An empty object is how the Settings editor shows "no certificate".
  if (pfxFile === undefined && certFile === undefined && keyFile === undefined) return undefined;
  return 'invalid';
}

function findEntry(serverUrl: string, servers: unknown, ignored: string[]): [string, unknown] | undefined {
  const target = serverKey(serverUrl);
  if (!target || typeof servers !== 'object' || servers === null || Array.isArray(servers)) return undefined;
  let best: [string, unknown] | undefined;
  let bestLength = -1;
  for (const [key, value] of Object.entries(servers)) {
    const normalised = serverKey(key);
    if (!normalised) {
      ignored.push(`servers["${key}"]: the key is not an http(s) URL`);
      continue;
    }
    // A leading part only counts at a path segment boundary: /bit does not cover /bitbucket.
    const covers = normalised === target || target.startsWith(`${normalised}/`);
    if (covers && normalised.length > bestLength) {
      best = [key, value];
      bestLength = normalised.length;
    }
  }
  return best;
}

function mapFiles(certificate: ClientCertificate, map: (file: string) => string): ClientCertificate {
  return 'pfxFile' in certificate ? { pfxFile: map(certificate.pfxFile) } : { certFile: map(certificate.certFile), keyFile: map(certificate.keyFile) };
}

function expandHome(path: string, home: string | undefined): string {
  return home && (path === '~' || path.startsWith('~/') || path.startsWith('~\\')) ? home + path.slice(1) : path;
}
