// `npm run test:integration`: runs the mocha suite of test/integration/ inside the extension host of
// a real VS Code (code-server in Chromium), against a fresh local Bitbucket server, and exits with
// the suite's status. Everything it starts is stopped on every way out. `--vscode newest` runs it in
// the newest VS Code the harness knows instead of the oldest (vscodeTargets.ts).
import { cleanUpAll, exitAfterCleanup, installCleanupHandlers } from './cleanup';
import { keepExtensionLog } from './extensionLog';
import { failureRecap } from './failureRecap';
import { INTEGRATION_SUITE, OUTPUT_MARKER_ENV } from './paths';
import { ProgressWatchdog, watchdogLimits } from './progressWatchdog';
import { ensureSystemPackages, terminalShells } from './systemPackages';
import { applyVsCodeArgument } from './vscodeTargets';
import { startWorkbench, type Workbench } from './workbench';

const verbose = process.env.BBS_TEST_VERBOSE === '1';

// A value that cannot occur by chance, so no workbench line is mistaken for the suite's.
const MARKER = `«bbs-suite-${process.pid}» `;

// The suite's report, kept to print its failures again after the extension's log.
const reportLines: string[] = [];

// Each line of the suite's report is progress; a run without any for long is stopped.
const watchdog = new ProgressWatchdog({
  ...watchdogLimits(process.env),
  onExpired: (reason) => {
    console.error(`\nThe integration suite ${reason}; stopping it.`);
    void exitAfterCleanup(1);
  },
});

/** The workbench's log carries the extension host's console: print the suite's lines, the rest only when verbose. */
function printLog(type: string, text: string): void {
  const at = text.indexOf(MARKER);
  if (at >= 0) {
    const line = text.slice(at + MARKER.length);
    watchdog.progress();
    reportLines.push(...line.split('\n'));
    (type === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  } else if (verbose) {
    process.stderr.write(`[workbench ${type}] ${text}\n`);
  }
}

async function main(): Promise<void> {
  installCleanupHandlers();
  const started = Date.now();
  const target = applyVsCodeArgument(process.argv.slice(2));

  let workbench: Workbench | undefined;
  try {
    ensureSystemPackages(terminalShells);
    workbench = await startWorkbench({
      extensionTestsPath: INTEGRATION_SUITE,
      env: { [OUTPUT_MARKER_ENV]: MARKER },
      onAutomationLog: printLog,
      onConsole: (type, text) => {
        if (type === 'pageerror') process.stderr.write(`[workbench page error] ${text}\n`);
      },
      onCodeServerOutput: (line) => {
        if (verbose) process.stderr.write(`[code-server] ${line}\n`);
      },
    });
    const { entry } = workbench.codeServer;
    console.log(
      `VS Code ${entry.vscode} (${target.name}: code-server ${entry.codeServer} on Node ${entry.runtime.version}) at ${workbench.codeServer.url} with the extension from the checkout; local server ${workbench.server.url}; running the suite.`,
    );
    watchdog.progress();
    const code = await workbench.testsExitCode;
    // The last log lines travel over the same connection as the exit call; let them arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const where = `in VS Code ${entry.vscode}`;
    console.log(
      code === 0
        ? `Integration suite passed ${where} (${seconds} s).`
        : `Integration suite FAILED ${where} with exit code ${code} (${seconds} s).`,
    );
    if (code !== 0) {
      keepExtensionLog(workbench.userDataDir, target.name === 'oldest' ? 'integration' : `integration-${target.name}`);
      process.stderr.write(failureRecap(reportLines));
    }
    watchdog.dispose();
    await workbench.close();
    await exitAfterCleanup(code);
  } catch (err) {
    console.error(
      `\nThe integration suite could not run in the ${target.name} VS Code (code-server ${target.codeServer}): ${err instanceof Error ? err.message : String(err)}`,
    );
    await workbench?.close().catch(() => undefined);
    await cleanUpAll();
    process.exit(1);
  }
}

void main();
