// The REST prefixes of the two apps and core REST. Apart from the client so that code outside the
// API bundle (the connection check) can name them without loading the client.

export interface ApiPrefixes {
  /** Default `rest/snippets/1.0`. */
  snippets: string;
  /** Default `rest/latest/pages-settings`; some installations use `rest/pages/latest/pages-settings`. */
  pages: string;
  /** Core REST, default `rest/api/latest`. */
  api: string;
}

export const DEFAULT_PREFIXES: ApiPrefixes = {
  snippets: 'rest/snippets/1.0',
  pages: 'rest/latest/pages-settings',
  api: 'rest/api/latest',
};

/** Both prefixes installations of the Pages app are known to serve under. */
export const KNOWN_PAGES_PREFIXES: readonly string[] = [DEFAULT_PREFIXES.pages, 'rest/pages/latest/pages-settings'];
