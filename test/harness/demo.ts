// `npm start`: the packaged extension in a real VS Code (code-server) against the local demo server,
// for a person to try. `npm start` has already built bitbucket-snippets.vsix; this installs it the
// way a user would, keeps everything a person creates in .demo/ (git-ignored), and stops it all on
// Ctrl+C. Everything listens on 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { exitAfterCleanup, installCleanupHandlers } from './cleanup';
import { ensureCodeServer, installExtension, startCodeServer } from './codeServer';
import { demoInstructions, writeDemoWorkspaceSettings } from './demoWorkspace';
import { startLocalServer } from './localServer';
import { REPO_ROOT } from './paths';

const HOST = '127.0.0.1';
const DEMO_DIR = path.resolve(process.env.BBS_DEMO_DIR || path.join(REPO_ROOT, '.demo'));
const CODE_PORT = Number(process.env.BBS_DEMO_PORT) || 8080;
// Bitbucket's own default port, so the demo server URL looks familiar.
const SERVER_PORT = Number(process.env.BBS_DEMO_SERVER_PORT) || 7990;
const VSIX = path.join(REPO_ROOT, 'bitbucket-snippets.vsix');

async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(
        new Error(
          `Port ${port} on ${HOST} is taken, so ${what} cannot use it. Stop what uses it, or choose another port: ${variable}=<port> npm start`,
        ),
      ),
    );
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

function readJson(file: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

async function main(): Promise<void> {
  installCleanupHandlers();
  if (!fs.existsSync(VSIX)) {
    throw new Error(`${VSIX} is missing: run \`npm start\` (it packages the extension first), or \`npm run package\`.`);
  }
  await assertPortFree(CODE_PORT, 'VS Code (code-server)', 'BBS_DEMO_PORT');
  await assertPortFree(SERVER_PORT, 'the demo Bitbucket server', 'BBS_DEMO_SERVER_PORT');

  const entry = await ensureCodeServer();
  const userDataDir = path.join(DEMO_DIR, 'user-data');
  const extensionsDir = path.join(DEMO_DIR, 'extensions');
  const workspaceFolder = path.join(DEMO_DIR, 'workspace');
  fs.mkdirSync(workspaceFolder, { recursive: true });

  console.log(`Installing ${path.basename(VSIX)} into the demo VS Code...`);
  installExtension(entry, VSIX, extensionsDir, userDataDir);

  const server = await startLocalServer({
    host: HOST,
    port: SERVER_PORT,
    demo: true,
    dataFile: path.join(DEMO_DIR, 'server-data.json'),
  });

  makeDemoClone(workspaceFolder, server.url);
  writeDemoWorkspaceSettings(workspaceFolder);

  // Keep whatever the person changed in the demo's settings; only point the extension at this server.
  const settingsFile = path.join(userDataDir, 'User', 'settings.json');
  const settings = {
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    // .demo/workspace sits inside this repository: do not offer to open the extension's own repo.
    'git.openRepositoryInParentFolders': 'never',
    ...readJson(settingsFile),
  };
  fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
  fs.writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
  // The server URL is machine-scoped (a workspace may not choose it): in code-server, a remote
  // window, VS Code reads it from the remote machine's settings, not User/settings.json.
  const machineFile = path.join(userDataDir, 'Machine', 'settings.json');
  const machine = { ...readJson(machineFile), 'bitbucketSnippets.serverUrl': server.url };
  fs.mkdirSync(path.dirname(machineFile), { recursive: true });
  fs.writeFileSync(machineFile, `${JSON.stringify(machine, null, 2)}\n`);

  const codeServer = await startCodeServer({
    entry,
    workDir: DEMO_DIR,
    userDataDir,
    extensionsDir,
    folder: workspaceFolder,
    host: HOST,
    port: CODE_PORT,
    onOutput: (line) => {
      if (process.env.BBS_TEST_VERBOSE === '1') console.log(`[code-server] ${line}`);
    },
  });

  console.log(
    demoInstructions({
      workbenchUrl: `${codeServer.url}/?folder=${encodeURIComponent(workspaceFolder)}`,
      serverUrl: server.url,
      dataDir: path.relative(process.cwd(), DEMO_DIR) || DEMO_DIR,
    }),
  );

  // Stay up until Ctrl+C; if code-server dies on its own, say so and stop the rest.
  const watch = setInterval(() => {
    try {
      process.kill(codeServer.pid, 0);
    } catch {
      clearInterval(watch);
      console.error(`code-server stopped unexpectedly. Its last output:\n${codeServer.outputTail()}`);
      void exitAfterCleanup(1);
    }
  }, 2_000);
}

main().catch((err: unknown) => {
  console.error(`\nThe demo could not start: ${err instanceof Error ? err.message : String(err)}`);
  void exitAfterCleanup(1);
});

/**
 * The demo's workspace is a clone-like git repository of PROJ/repo1 on the demo server, so the
 * repository settings panel finds its repository, branches and tags as it would in a real
 * clone, and there is a script to try Save Selection as Snippet on. Made once; kept after.
 */
function makeDemoClone(folder: string, serverUrl: string): void {
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Demo', '-c', 'user.email=demo@example.com', '-c', 'init.defaultBranch=main', ...args],
      { cwd: folder, stdio: 'ignore' },
    );
  if (!fs.existsSync(path.join(folder, '.git'))) {
    fs.mkdirSync(path.join(folder, 'scripts'), { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'README.md'),
      '# repo1 (demo clone)\n\nOpen the Bitbucket Snippets view in the activity bar and sign in as alice / alice (admin / admin for hooks).\nSelect lines in scripts/deploy.sh and choose Save Selection as Snippet from the context menu.\n',
    );
    fs.writeFileSync(
      path.join(folder, 'scripts', 'deploy.sh'),
      '#!/usr/bin/env bash\nset -euo pipefail\n\n# Build and publish the static site of this repository.\nnpm ci\nnpm run build\nrsync -a --delete dist/ "$PAGES_HOST:/srv/pages/repo1/"\necho "published $(git rev-parse --short HEAD)"\n',
    );
    git('init', '--quiet');
    git('add', '.');
    git('commit', '--quiet', '-m', 'Demo clone of PROJ/repo1');
    git('branch', 'feature/docs');
    git('branch', 'release/1.x');
    git('tag', 'v1.0');
    git('remote', 'add', 'origin', `${serverUrl}/scm/PROJ/repo1.git`);
  }
  // The demo's own workspace settings (auto-save off) are not a change of the clone.
  const exclude = path.join(folder, '.git', 'info', 'exclude');
  if (!(fs.existsSync(exclude) && fs.readFileSync(exclude, 'utf8').includes('/.vscode/'))) {
    fs.appendFileSync(exclude, '/.vscode/\n');
  }
  // The server's port can change between runs (BBS_DEMO_SERVER_PORT).
  git('remote', 'set-url', 'origin', `${serverUrl}/scm/PROJ/repo1.git`);
}
