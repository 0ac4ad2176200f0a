// Links to snippets: the snippet's web page on the server, and a `vscode://` link that opens the
// snippet (or one file at a line) in VS Code for anyone with the extension. Building and reading
// them is plain logic without `vscode`, so every odd link is unit-tested in Node.
//
// A `vscode://` link reaches the extension through the operating system, so anyone can craft one:
// only the four known parameters are read, each is checked, and nothing in a link is ever run.

import * as l10n from '@vscode/l10n';
import { normaliseServerUrl } from '../../../util/serverUrl';

/** What a VS Code link points at. */
export interface SnippetLinkTarget {
  /** The server's base URL (context path included, no trailing slash). */
  serverUrl: string;
  snippetGuid: string;
  fileName?: string;
  /** 1-based. */
  line?: number;
}

export type ParsedSnippetLink = { ok: true; target: SnippetLinkTarget } | { ok: false; problem: string };

/** The path of the URI handler's one action. */
export const OPEN_SNIPPET_PATH = '/open';

const PARAMS = { server: 'server', snippet: 'snippet', file: 'file', line: 'line' } as const;
const KNOWN_PARAMS: readonly string[] = Object.values(PARAMS);

// The snippets app's guids are UUIDs; letters, digits, `-` and `_` allow other id forms without
// letting a `/`, `.` or `%` reach a request path.
const GUID_SHAPE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
// Up to a billion lines: a larger number is a typo or a crafted link, not a file.
const LINE_SHAPE = /^[1-9][0-9]{0,8}$/;
const MAX_FILE_NAME = 255;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The placeholders of the web page template: `{server}` and `{guid}`. */
export const DEFAULT_SNIPPET_URL_TEMPLATE = '{server}/plugins/servlet/snippets/{guid}';

/**
 * The snippet's web page from the URL template: `{server}` becomes the base URL (context path
 * included), `{guid}` the snippet's guid. Throws when the result is not an http(s) URL, so a
 * broken setting never opens something else.
 */
export function snippetWebUrl(template: string, serverUrl: string, snippetGuid: string): string {
  if (!GUID_SHAPE.test(snippetGuid)) throw new Error(`Not a snippet guid: "${snippetGuid}"`);
  const url = template.trim().replaceAll('{server}', serverUrl).replaceAll('{guid}', encodeURIComponent(snippetGuid));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(l10n.t('The snippet URL template "{0}" does not give a URL.', template));
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(l10n.t('The snippet URL template "{0}" must give an https:// or http:// URL.', template));
  }
  if (parsed.username || parsed.password) {
    throw new Error(l10n.t('The snippet URL template "{0}" must not hold a user name or password.', template));
  }
  return url;
}

/**
 * The web page a server's answer names, Bitbucket-style `links.self[0].href`, when it has one.
 * The snippets app's answers as spec/api.md shows them carry no links, so this is mostly
 * undefined and the URL template decides; the response checks keep unknown fields, so a server
 * that adds them is followed. Only an http(s) URL without credentials is taken.
 */
export function selfLink(resource: unknown): string | undefined {
  const self = (resource as { links?: { self?: unknown } } | undefined)?.links?.self;
  const href = Array.isArray(self) ? (self[0] as { href?: unknown } | undefined)?.href : undefined;
  if (typeof href !== 'string') return undefined;
  try {
    const url = new URL(href);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The VS Code link, e.g. `vscode://bitbucket-snippets.bitbucket-snippets/open?server=…&snippet=…`.
 * VS Code decodes a link's query once before the extension sees it (vscode.Uri.query), so each
 * value is percent-encoded twice: after that decoding the `&`, `=`, `+`, `#` and `%` inside a
 * file name or server URL are still escaped, and `parseSnippetLink` reads them back exactly.
 */
export function formatSnippetLink(uriScheme: string, extensionId: string, target: SnippetLinkTarget): string {
  const problem = checkTarget(target);
  if (problem) throw new Error(problem);
  const params: [string, string][] = [
    [PARAMS.server, target.serverUrl],
    [PARAMS.snippet, target.snippetGuid],
  ];
  if (target.fileName !== undefined) params.push([PARAMS.file, target.fileName]);
  if (target.line !== undefined) params.push([PARAMS.line, String(target.line)]);
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(encodeURIComponent(v))}`).join('&');
  return `${uriScheme}://${extensionId}${OPEN_SNIPPET_PATH}?${query}`;
}

/**
 * Reads a link as the URI handler gets it: the path and the query of the vscode.Uri, which VS Code
 * has decoded once. Every problem is a sentence a user can read; the link's text is never echoed
 * whole, since it may be long or crafted.
 */
export function parseSnippetLink(path: string, query: string): ParsedSnippetLink {
  const fail = (problem: string): ParsedSnippetLink => ({ ok: false, problem });
  if (path !== OPEN_SNIPPET_PATH) {
    return fail(l10n.t('This link is not a snippet link of Bitbucket Snippets: it was not opened.'));
  }
  const values = new Map<string, string>();
  const unknown: string[] = [];
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (!KNOWN_PARAMS.includes(key)) {
      unknown.push(key);
      continue;
    }
    if (values.has(key)) return fail(l10n.t('This snippet link gives "{0}" twice: it was not opened.', key));
    let value: string;
    try {
      value = decodeURIComponent(eq < 0 ? '' : pair.slice(eq + 1));
    } catch {
      return fail(l10n.t('The "{0}" of this snippet link is garbled: it was not opened.', key));
    }
    values.set(key, value);
  }
  if (unknown.length > 0) {
    const names = unknown
      .slice(0, 3)
      .map((k) => `"${printable(k)}"`)
      .join(', ');
    return fail(
      l10n.t('This snippet link carries parameters Bitbucket Snippets does not know ({0}): it was not opened.', names),
    );
  }
  const server = values.get(PARAMS.server);
  const snippetGuid = values.get(PARAMS.snippet);
  if (!server) return fail(l10n.t('This snippet link does not name its server: it was not opened.'));
  if (!snippetGuid) return fail(l10n.t('This snippet link does not name its snippet: it was not opened.'));
  const serverUrl = parseServer(server);
  if (!serverUrl) {
    return fail(
      l10n.t(
        'The server of this snippet link is not an https:// or http:// address without a user name or password: it was not opened.',
      ),
    );
  }
  const target: SnippetLinkTarget = { serverUrl, snippetGuid };
  const fileName = values.get(PARAMS.file);
  if (fileName !== undefined) target.fileName = fileName;
  const line = values.get(PARAMS.line);
  if (line !== undefined) {
    if (!LINE_SHAPE.test(line)) {
      return fail(l10n.t('The line of this snippet link is not a positive whole number: it was not opened.'));
    }
    target.line = Number(line);
  }
  const problem = checkTarget(target);
  return problem ? fail(problem) : { ok: true, target };
}

/** True when two base URLs name the same server and context path (host case and trailing slashes aside). */
export function isSameServer(a: string, b: string): boolean {
  const x = parseServer(a);
  const y = parseServer(b);
  return x !== undefined && x === y;
}

/** The host (and port) of a base URL, for messages. */
export function linkServerHost(serverUrl: string): string {
  return new URL(serverUrl).host;
}

function checkTarget(t: SnippetLinkTarget): string | undefined {
  if (!GUID_SHAPE.test(t.snippetGuid)) {
    return l10n.t('The snippet of this link is not a snippet guid: it was not opened.');
  }
  if (t.fileName !== undefined) {
    if (t.fileName === '' || t.fileName.length > MAX_FILE_NAME || CONTROL_CHARACTERS.test(t.fileName)) {
      return l10n.t('The file of this snippet link is not a file name: it was not opened.');
    }
  }
  if (t.line !== undefined) {
    if (!Number.isInteger(t.line) || t.line < 1 || !LINE_SHAPE.test(String(t.line))) {
      return l10n.t('The line of this snippet link is not a positive whole number: it was not opened.');
    }
    if (t.fileName === undefined) return l10n.t('This snippet link gives a line but no file: it was not opened.');
  }
  return undefined;
}

/** The normalised base URL (lower-case host, no trailing slash, no query), or undefined when it is not one. */
function parseServer(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // A link must never carry credentials, nor make the extension send them somewhere new.
  if (url.username || url.password || url.search || url.hash) return undefined;
  return normaliseServerUrl(raw);
}

/** A parameter name as a message may show it: short, without control characters. */
function printable(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 20 ? `${clean.slice(0, 20)}…` : clean;
}
