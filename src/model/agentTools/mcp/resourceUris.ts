// The URIs of snippet files as MCP resources: `bitbucket-snippets://<account id>/<snippet id>/<file
// name>`, each part percent-encoded whole (an account id holds `://` and `#`), so a URI names one
// file of one account and reads back to the same three parts; and a file's MIME type by its
// language. Plain Node.

export const RESOURCE_SCHEME = 'bitbucket-snippets';

export interface ResourceFile {
  accountId: string;
  snippetGuid: string;
  fileName: string;
}

export function resourceUri(file: ResourceFile): string {
  return `${RESOURCE_SCHEME}://${[file.accountId, file.snippetGuid, file.fileName].map(encodeAll).join('/')}`;
}

/** The file a URI names, or undefined when it is not one of these URIs. */
export function parseResourceUri(uri: string): ResourceFile | undefined {
  const prefix = `${RESOURCE_SCHEME}://`;
  if (typeof uri !== 'string' || !uri.startsWith(prefix)) return undefined;
  const parts = uri.slice(prefix.length).split('/');
  if (parts.length !== 3 || parts.some((p) => p === '')) return undefined;
  try {
    const [accountId, snippetGuid, fileName] = parts.map((p) => decodeURIComponent(p));
    return { accountId, snippetGuid, fileName };
  } catch {
    return undefined;
  }
}

/** encodeURIComponent, and the few characters it leaves that a URI's parts must not hold here. */
function encodeAll(part: string): string {
  return encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const BY_LANGUAGE: Record<string, string> = {
  javascript: 'text/javascript',
  typescript: 'application/typescript',
  json: 'application/json',
  jsonc: 'application/json',
  markdown: 'text/markdown',
  html: 'text/html',
  css: 'text/css',
  xml: 'application/xml',
  yaml: 'application/yaml',
  python: 'text/x-python',
  shellscript: 'application/x-sh',
  powershell: 'text/x-powershell',
  sql: 'application/sql',
  java: 'text/x-java',
  csharp: 'text/x-csharp',
  go: 'text/x-go',
  rust: 'text/x-rust',
  ruby: 'text/x-ruby',
  php: 'application/x-php',
  c: 'text/x-c',
  cpp: 'text/x-c++',
  dockerfile: 'text/x-dockerfile',
  ini: 'text/plain',
  plaintext: 'text/plain',
};

/** The MIME type of a file of this language; `text/plain` when none is known. */
export function mimeTypeOf(language: string | undefined): string {
  return language !== undefined && Object.prototype.hasOwnProperty.call(BY_LANGUAGE, language)
    ? BY_LANGUAGE[language]
    : 'text/plain';
}
