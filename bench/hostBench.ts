// Starts the real VS Code (code-server + Chromium, through the test harness) with bench/host as
// the extensionTestsPath module, and collects what it measured inside the extension host.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startWorkbench } from '../test/harness/workbench';

const HOST_MODULE = path.join(__dirname, 'host', 'index');
const RUN_TIMEOUT_MS = 240_000;

export interface HostResult {
  mode: string;
  wasActiveBefore?: boolean;
  /** extension.activate() as the host module saw it: VS Code's context set-up, loading the code, activate(). */
  activationMs?: number;
  /** What VS Code itself records (ms, from its performance marks): loading the extension's code, and calling activate(). */
  codeLoadingMs?: number;
  activateCallMs?: number;
  /** The Snippets view's first getChildren, signed out: it loads the snippets where they are deferred. */
  firstViewMs?: number;
  /** How long the host took to settle after activation before the first requests (firstRequest.ts, settled). */
  settleMs?: number;
  /** Signing in, the session's first request: it loads the HTTP stack where that is deferred. */
  firstRequestMs?: number;
  /** The same sign-in again: the HTTP stack is loaded, a new connection is made. */
  secondRequestMs?: number;
  /** Signing in through the bundled undici (http.proxySupport off), the earlier transport: loads dist/undici.js. */
  undiciFirstRequestMs?: number;
  /** The same again on undici. */
  undiciSecondRequestMs?: number;
  /** True when the bare request went first in this host, before the extension's first sign-in. */
  bareFirst?: boolean;
  /** One GET through VS Code's patched http module, no extension code, to the sign-in's URL. */
  bareRequestMs?: number;
  /** The time the first sign-in spent loading the extension's code (its on-demand bundles). */
  signInCodeLoadMs?: number;
  /** The bundles it loaded. */
  signInCodeLoaded?: string[];
  error?: string;
  [key: string]: unknown;
}

export interface HostRunOptions {
  /** In activation mode: the bare request goes before the extension's first sign-in (else after it). */
  bareFirst?: boolean;
  /** The local server's data file (hostData.ts); empty when absent. */
  dataFile?: string;
  /** Where the host writes a CPU profile of the first sign-in. */
  profile?: string;
  /** User settings on top of the test harness's (bench/run.ts keeps VS Code's git extension still for the sign-in runs). */
  settings?: Record<string, unknown>;
}

/** One fresh start of code-server and Chromium with the extension in `extensionFolder` (the checkout by default); resolves with what bench/host/index wrote. */
export async function hostRun(
  mode: 'activation' | 'full' | 'memory',
  extensionFolder?: string,
  options: HostRunOptions = {},
): Promise<HostResult & { startMs: number }> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-bench-')), 'result.json');
  const started = Date.now();
  const workbench = await startWorkbench({
    extensionTestsPath: HOST_MODULE,
    extensionDevelopmentPath: extensionFolder,
    env: {
      BBS_BENCH_OUT: out,
      BBS_BENCH_MODE: mode,
      BBS_BENCH_BARE_FIRST: options.bareFirst ? '1' : '0',
      BBS_BENCH_PROFILE: options.profile ?? '',
    },
    ...(options.dataFile ? { server: { dataFile: options.dataFile } } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_, reject) =>
        (timer = setTimeout(
          () => reject(new Error(`the extension host run (${mode}) did not finish within ${RUN_TIMEOUT_MS / 1000} s`)),
          RUN_TIMEOUT_MS,
        )),
    );
    try {
      await Promise.race([workbench.testsExitCode, timeout]);
    } finally {
      clearTimeout(timer);
    }
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as HostResult;
    return { ...result, startMs: Date.now() - started };
  } finally {
    await workbench.close();
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}
