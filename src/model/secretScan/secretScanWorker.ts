// The scan's worker thread: esbuild makes it a bundle of its own (dist/secretScanWorker.js), with
// the library, and scanTexts.ts starts it by its file name. A scan runs here so that neither a
// large text nor a server's expression that backtracks for ever can hold the extension host: the
// host stops this thread at the deadline. Each step is reported as it ends (see protocol.ts).
import { parentPort } from 'node:worker_threads';
import type { ScanRequest, WorkerMessage } from './protocol';
import { runnable, TextScan } from './textScan';

function post(message: WorkerMessage): void {
  parentPort?.postMessage(message);
}

async function scan(request: ScanRequest): Promise<void> {
  const { id } = request;
  const ignore = new Set(request.ignoreRuleIds);
  const serverRules = request.serverRules.filter((rule) => !ignore.has(rule.ruleId)).map(runnable);
  for (const [index, input] of request.texts.entries()) {
    const text = new TextScan(input, ignore);
    post({ id, kind: 'started', index, scannedBytes: text.scannedBytes, notScanned: text.part.notScanned });
    const found = await text.builtinAndLibraryFindings();
    if (found.length > 0) post({ id, kind: 'found', index, findings: found });
    for (const rule of serverRules) {
      post({ id, kind: 'rule', index, ruleId: rule.ruleId });
      const byRule = text.serverFindings(rule);
      if (byRule.length > 0) post({ id, kind: 'found', index, findings: byRule });
    }
    post({ id, kind: 'done', index });
  }
  post({ id, kind: 'finished' });
}

parentPort?.on('message', (request: ScanRequest) => {
  scan(request).catch((err: unknown) => post({ id: request.id, kind: 'failed', message: err instanceof Error ? err.message : String(err) }));
});
