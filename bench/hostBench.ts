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
  /** Signing in, the session's first request: it loads the HTTP stack where that is deferred. */
  firstRequestMs?: number;
  /** The same sign-in again: the HTTP stack is loaded, a new connection is made. */
  secondRequestMs?: number;
  /** Signing in through the bundled undici (http.proxySupport off), the earlier transport: loads dist/undici.js. */
  undiciFirstRequestMs?: number;
  /** The same again on undici. */
  undiciSecondRequestMs?: number;
  error?: string;
  [key: string]: unknown;
}

/** One fresh start of code-server and Chromium with the extension in `extensionFolder` (the checkout by default); resolves with what bench/host/index wrote. */
export async function hostRun(mode: 'activation' | 'full', extensionFolder?: string): Promise<HostResult & { startMs: number }> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-bench-')), 'result.json');
  const started = Date.now();
  const workbench = await startWorkbench({ extensionTestsPath: HOST_MODULE, extensionDevelopmentPath: extensionFolder, env: { BBS_BENCH_OUT: out, BBS_BENCH_MODE: mode } });
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the extension host run (${mode}) did not finish within ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS)));
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
