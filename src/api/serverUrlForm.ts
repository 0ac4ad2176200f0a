// The one form a server URL is compared in, written once for every layer: util/serverUrl.ts puts
// accounts, links and settings in it, and connectionSettings.ts the keys of `servers`. Here, at
// the bottom layer, because the API client's settings need it and may import nothing above.

/**
 * `scheme://host[:port][/context path]` of a parsed URL: scheme and host in lower case, no default
 * port, no trailing slash, no query, fragment or credentials; the context path kept as written.
 */
export function serverUrlForm(url: URL): string {
  // URL already lower-cases the scheme and host and drops the scheme's default port.
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
