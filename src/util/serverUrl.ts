// The host (and port) of a server URL: what messages name and what document URIs carry as
// their authority. No `vscode` here.

/** `host` or `host:port` of a server URL, lower case (the default port left out). */
export function serverHost(serverUrl: string): string {
  return new URL(serverUrl).host.toLowerCase();
}
