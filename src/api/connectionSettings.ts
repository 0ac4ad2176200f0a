// Which connection settings apply to a server: the top-level ones, overridden by the entry of
// `bitbucketSnippets.servers` whose URL is the server's. One server needs no entry at all; each
// further server that differs (another CA, a client certificate, other REST prefixes) gets one.
// No `vscode` here: the editor layer hands in the raw values and this module decides. It loads
// with the API client (client.ts re-exports it), as only making a client needs it; the table
// below is data only, so the editor can name the settings without loading the client.
import type { ClientCertificate } from './clientCertificate';
import { DEFAULT_PREFIXES } from './prefixes';
import { serverUrlForm } from './serverUrlForm';

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

/** How a connection setting's value is checked in a `servers` entry. */
export type ConnectionSettingKind = 'files' | 'certificate' | 'prefix' | 'positiveNumber';

export interface ConnectionSettingRow {
  kind: ConnectionSettingKind;
  /** Its default, as package.json declares it (test/unit/settings/settingsTable.test.ts holds that). */
  default: unknown;
  /**
   * It decides whom the extension trusts or where the user's credentials go: `machine`-scoped,
   * and only the user's value counts (src/util/trustSettings.ts).
   */
  trust: boolean;
  /** A change to it makes every client anew. */
  remakesClient: boolean;
}

/**
 * The connection settings, each set at the top level and in a server's `servers` entry: reading
 * them, resolving an entry, remaking clients and Check Connection all follow this one list, and
 * a new one needs a row here, its field above and its place in package.json (twice).
 */
export const CONNECTION_SETTINGS: Readonly<Record<keyof ConnectionSettings, ConnectionSettingRow>> = {
  caFiles: { kind: 'files', default: [], trust: true, remakesClient: true },
  clientCertificate: { kind: 'certificate', default: null, trust: true, remakesClient: true },
  snippetsRestPrefix: { kind: 'prefix', default: DEFAULT_PREFIXES.snippets, trust: true, remakesClient: true },
  pagesRestPrefix: { kind: 'prefix', default: DEFAULT_PREFIXES.pages, trust: true, remakesClient: true },
  requestTimeoutSeconds: { kind: 'positiveNumber', default: 30, trust: false, remakesClient: true },
  maxResponseSizeMB: { kind: 'positiveNumber', default: 50, trust: false, remakesClient: true },
};

export type ConnectionSettingName = keyof ConnectionSettings;
export const CONNECTION_SETTING_NAMES = Object.keys(CONNECTION_SETTINGS) as ConnectionSettingName[];

/** The setting that holds each server's own entry, keyed by server URL. */
export const SERVERS_SETTING = { name: 'servers', default: {}, trust: true, remakesClient: true } as const;

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
export function resolveConnectionSettings(
  serverUrl: string,
  defaults: ConnectionSettings,
  servers: unknown,
  home?: string,
): ResolvedConnectionSettings {
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
  for (const field of CONNECTION_SETTING_NAMES) {
    if (!(field in entry)) continue;
    const read = ENTRY_VALUES[CONNECTION_SETTINGS[field].kind](entry[field], expand);
    if ('problem' in read) ignored.push(`${at(field)} ${read.problem}`);
    else (result as unknown as Record<string, unknown>)[field] = read.value;
  }
  return result;
}

/** What a `servers` entry's value of each kind gives, or why it is ignored. */
const ENTRY_VALUES: Record<
  ConnectionSettingKind,
  (value: unknown, expand: (path: string) => string) => { value: unknown } | { problem: string }
> = {
  files: (value, expand) =>
    Array.isArray(value) && value.every((f) => typeof f === 'string')
      ? { value: value.map(expand) }
      : { problem: 'is not a list of file paths' },
  certificate: (value, expand) => {
    const certificate = parseClientCertificate(value);
    return certificate === 'invalid'
      ? { problem: 'needs either "pfxFile", or both "certFile" and "keyFile"' }
      : { value: certificate && mapFiles(certificate, expand) };
  },
  prefix: (value) => (typeof value === 'string' ? { value: value || undefined } : { problem: 'is not text' }),
  positiveNumber: (value) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0
      ? { value }
      : { problem: 'is not a positive number' },
};

/**
 * A `servers` key (or the server looked up) in the one form server URLs compare in
 * (serverUrlForm.ts), for the longest-prefix match below. Kinder than a server URL: a key without
 * a scheme is taken as https, and credentials in it are dropped rather than refused. Undefined
 * when it is no http(s) URL at all.
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
  return serverUrlForm(url);
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
  return 'pfxFile' in certificate
    ? { pfxFile: map(certificate.pfxFile) }
    : { certFile: map(certificate.certFile), keyFile: map(certificate.keyFile) };
}

function expandHome(path: string, home: string | undefined): string {
  return home && (path === '~' || path.startsWith('~/') || path.startsWith('~\\')) ? home + path.slice(1) : path;
}
