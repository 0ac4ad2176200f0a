// Starts the local Bitbucket-compatible server (test/server/) in this process. It is loaded from
// its compiled file at run time, so the harness does not depend on the server's sources at compile
// time and says clearly when it has not been built.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { trackAsyncCleanup } from './cleanup';
import { REPO_ROOT } from './paths';

export interface LocalServerOptions {
  port?: number;
  host?: string;
  contextPath?: string;
  dataFile?: string;
  demo?: boolean;
}

export interface LocalServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

type StartServer = (options: LocalServerOptions) => Promise<LocalServer>;

// BBS_LOCAL_SERVER_MODULE points elsewhere only to test the harness itself with a stand-in server.
export const LOCAL_SERVER_MODULE =
  process.env.BBS_LOCAL_SERVER_MODULE || path.join(REPO_ROOT, 'out', 'test', 'server', 'server.js');

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  if (!fs.existsSync(LOCAL_SERVER_MODULE)) {
    throw new Error(
      `The local Bitbucket server is not built: ${LOCAL_SERVER_MODULE} is missing. Run \`npx tsc -p .\` (test/server/server.ts must exist).`,
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(LOCAL_SERVER_MODULE) as { startServer?: StartServer };
  if (typeof loaded.startServer !== 'function') {
    throw new Error(`${LOCAL_SERVER_MODULE} does not export startServer().`);
  }
  const server = await loaded.startServer({ host: '127.0.0.1', port: 0, ...options });
  const untrack = trackAsyncCleanup(() => server.close());
  return {
    url: server.url.replace(/\/+$/, ''),
    port: server.port,
    close: async () => {
      untrack();
      await server.close();
    },
  };
}
