// The one place the editor layer loads the API client: it is a bundle of its own (dist/api.js,
// esbuild.js turns this require into one of that file) and loads when the first client is made,
// not at activation. Node caches it, so later calls cost nothing.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const loadApi = (): typeof import('../api/client') => require('../api/client');
