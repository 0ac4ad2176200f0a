// Paths shared by the runners. This file compiles to out/test/harness/paths.js, three levels
// below the repository root.
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const OUT_DIR = path.join(REPO_ROOT, 'out');
/** The suite module run inside the extension host (its exported run()); no .js, as VS Code wants it. */
export const INTEGRATION_SUITE = path.join(OUT_DIR, 'test', 'integration', 'index');
export const E2E_TESTS_DIR = path.join(OUT_DIR, 'test', 'e2e');
export const TEST_RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

/** The environment variable through which the suites learn the local server's URL. */
export const SERVER_URL_ENV = 'BBS_TEST_SERVER_URL';
/** Set for the extension host so the suite tags its console lines with this value (see integration/index.ts). */
export const OUTPUT_MARKER_ENV = 'BBS_TEST_OUTPUT_MARKER';

/** Where the harness keeps what it installs once (code-server, a Node for it): outside the checkout. */
export function testCacheDir(): string {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'bitbucket-snippets-test');
}
