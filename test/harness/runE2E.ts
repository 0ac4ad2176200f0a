// `npm run test:e2e`: starts one real VS Code (code-server in Chromium, the extension loaded from the
// checkout in development mode, a fresh local server) and runs the Playwright tests of test/e2e/
// against it with mocha, then stops everything and exits with mocha's status. `--vscode newest` runs
// them in the newest VS Code the harness knows instead of the oldest (vscodeTargets.ts).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import { setSession } from '../e2e/session';
import { WorkbenchUi } from '../e2e/ui';
import { cleanUpAll, exitAfterCleanup, installCleanupHandlers, trackTempDir } from './cleanup';
import { E2E_TESTS_DIR, REPO_ROOT, TEST_RESULTS_DIR } from './paths';
import { packSessionConsumer } from './sessionConsumer';
import { keepExtensionLog } from './extensionLog';
import { failureRecap } from './failureRecap';
import { ProgressWatchdog, watchdogLimits } from './progressWatchdog';
import { applyVsCodeArgument } from './vscodeTargets';
import { startWorkbench, type Workbench } from './workbench';

const target = applyVsCodeArgument(process.argv.slice(2));
// Each VS Code's screenshots apart, so the newest run does not replace the oldest's.
const RUN_NAME = target.name === 'oldest' ? 'e2e' : `e2e-${target.name}`;
const SCREENSHOT_DIR = path.join(TEST_RESULTS_DIR, RUN_NAME);
const verbose = process.env.BBS_TEST_VERBOSE === '1';
// The walkthrough's steps tick themselves off as things are done, for good: its tests run before any
// other suite signs in or saves a snippet file, so they find those steps still to do.
const RUNS_FIRST = 'walkthrough.test.js';

function findTests(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .sort((a, b) => Number(path.basename(b) === RUNS_FIRST) - Number(path.basename(a) === RUNS_FIRST));
}

async function main(): Promise<void> {
  installCleanupHandlers();
  const started = Date.now();
  // Each line of mocha's report is progress; a run without any for long is stopped.
  const watchdog = new ProgressWatchdog({
    ...watchdogLimits(process.env),
    onExpired: (reason) => {
      console.error(`\nThe e2e tests ${reason}; stopping them.`);
      void exitAfterCleanup(1);
    },
  });

  let workbench: Workbench | undefined;
  try {
    // Screenshots of an earlier run would be mistaken for this one's.
    fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
    // The accounts tests need a second extension that asks for a session as any other would.
    const consumerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-e2e-consumer-'));
    trackTempDir(consumerDir);
    workbench = await startWorkbench({
      installExtensions: [packSessionConsumer(REPO_ROOT, consumerDir)],
      onConsole: (type, text) => {
        if (verbose || type === 'pageerror') process.stderr.write(`[workbench ${type}] ${text}\n`);
      },
      onCodeServerOutput: (line) => {
        if (verbose) process.stderr.write(`[code-server] ${line}\n`);
      },
    });
    const ui = new WorkbenchUi(workbench.page, SCREENSHOT_DIR);
    await ui.waitForReady();
    await ui.screenshot('workbench-ready');
    const { entry } = workbench.codeServer;
    console.log(
      `VS Code ${entry.vscode} (${target.name}: code-server ${entry.codeServer} on Node ${entry.runtime.version}) at ${workbench.codeServer.url} with the extension from the checkout; local server ${workbench.server.url}.`,
    );
    setSession({ workbench, ui });
    watchdog.progress();

    const mocha = new Mocha({
      ui: 'bdd',
      reporter: 'spec',
      timeout: Number(process.env.BBS_TEST_CASE_TIMEOUT_MS) || 60_000,
      ...(process.env.BBS_TEST_GREP ? { grep: process.env.BBS_TEST_GREP } : {}),
    });
    for (const file of findTests(E2E_TESTS_DIR)) mocha.addFile(file);
    // The spec reporter prints through Base.consoleLog: keep its lines, to print the failures
    // again after the extension's log.
    const reportLines: string[] = [];
    const print = Mocha.reporters.Base.consoleLog;
    Mocha.reporters.Base.consoleLog = (...args: unknown[]) => {
      reportLines.push(...format(...args).split('\n'));
      watchdog.progress();
      print(...args);
    };
    // A failing step is easier to understand with a picture of the screen at that moment.
    mocha.suite.afterEach(async function () {
      const test = this.currentTest;
      if (test?.state === 'failed') {
        const file = await ui.screenshot(`FAILED-${test.fullTitle()}`).catch(() => undefined);
        if (file) console.error(`    screenshot of the failure: ${path.relative(process.cwd(), file)}`);
      }
    });
    const failures = await new Promise<number>((resolve) => mocha.run(resolve));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${failures === 0 ? 'e2e tests passed' : `e2e tests FAILED (${failures})`} in VS Code ${entry.vscode} in ${seconds} s; screenshots in ${path.relative(process.cwd(), SCREENSHOT_DIR)}/`,
    );
    watchdog.dispose();
    setSession(undefined);
    if (failures !== 0) {
      keepExtensionLog(workbench.userDataDir, RUN_NAME);
      process.stderr.write(failureRecap(reportLines));
    }
    await workbench.close();
    await exitAfterCleanup(failures === 0 ? 0 : 1);
  } catch (err) {
    console.error(
      `\nThe e2e tests could not run in the ${target.name} VS Code (code-server ${target.codeServer}): ${err instanceof Error ? err.message : String(err)}`,
    );
    await workbench?.close().catch(() => undefined);
    await cleanUpAll();
    process.exit(1);
  }
}

void main();
