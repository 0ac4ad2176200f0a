// `npm run test:desktop`: the same integration suite in desktop VS Code through
// @vscode/test-electron, for machines that can download VS Code (these cannot: use
// `npm run test:integration` here). Same fresh local server, user settings and environment as the
// code-server runner. On Linux without a display, run it under `xvfb-run -a`.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { cleanUpAll, exitAfterCleanup, installCleanupHandlers, trackTempDir } from './cleanup';
import { startLocalServer } from './localServer';
import { INTEGRATION_SUITE, REPO_ROOT, SERVER_URL_ENV } from './paths';
import { testUserSettings, writeUserSettings } from './workbench';

// The oldest VS Code the manifest accepts (engines.vscode ^1.100.0), as code-server 4.100.3 is.
const VSCODE_VERSION = process.env.BBS_VSCODE_VERSION || '1.100.3';
const SUITE_TIMEOUT_MS = Number(process.env.BBS_TEST_TIMEOUT_MS) || 10 * 60_000;

async function main(): Promise<void> {
  installCleanupHandlers();
  const timer = setTimeout(() => {
    console.error(
      `\nThe desktop integration suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s (BBS_TEST_TIMEOUT_MS); stopping it.`,
    );
    void exitAfterCleanup(1);
  }, SUITE_TIMEOUT_MS);
  timer.unref();
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.error(
      'No display: desktop VS Code needs one. On a headless Linux machine run: xvfb-run -a npm run test:desktop',
    );
  }

  try {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-desktop-'));
    trackTempDir(root);
    const workspaceFolder = path.join(root, 'workspace');
    fs.mkdirSync(workspaceFolder);
    fs.writeFileSync(path.join(workspaceFolder, 'README.md'), '# Test workspace\n');
    const userDataDir = path.join(root, 'user-data');
    const server = await startLocalServer();
    writeUserSettings(userDataDir, testUserSettings(server.url));

    const code = await runTests({
      version: VSCODE_VERSION,
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: INTEGRATION_SUITE,
      extensionTestsEnv: { [SERVER_URL_ENV]: server.url },
      launchArgs: [
        workspaceFolder,
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        path.join(root, 'extensions'),
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-gpu',
      ],
    });
    clearTimeout(timer);
    console.log(
      code === 0 ? 'Desktop integration suite passed.' : `Desktop integration suite FAILED with exit code ${code}.`,
    );
    await exitAfterCleanup(code);
  } catch (err) {
    // runTests rejects when the suite fails as well as when VS Code cannot be downloaded or started.
    console.error(
      `\nThe desktop integration suite failed or could not run: ${err instanceof Error ? err.message : String(err)}`,
    );
    await cleanUpAll();
    process.exit(1);
  }
}

void main();
