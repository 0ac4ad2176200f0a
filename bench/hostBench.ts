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
  activationMs?: number;
  error?: string;
  [key: string]: unknown;
}

/** One fresh start of code-server and Chromium; resolves with what bench/host/index wrote. */
export async function hostRun(mode: 'activation' | 'full'): Promise<HostResult & { startMs: number }> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bbs-bench-')), 'result.json');
  const started = Date.now();
  const workbench = await startWorkbench({ extensionTestsPath: HOST_MODULE, env: { BBS_BENCH_OUT: out, BBS_BENCH_MODE: mode } });
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
