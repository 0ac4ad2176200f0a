// The scan's worker thread: esbuild makes it a bundle of its own (dist/secretScanWorker.js), with
// the library and re2js, and scanTexts.ts starts it by its file name. A scan runs here so that a
// large text never holds the extension host: the host stops this thread at the deadline. The
// built-in rules read every text before any server rule runs, so that no server rule, however
// slow, keeps them from a text (one text past its own budget is left by the host, which starts a
// new worker at the next: `firstText`); then each server rule reads the texts within a budget of
// its own, so that no rule takes the others' time. Each step is reported as it ends (see protocol.ts).
import { parentPort } from 'node:worker_threads';
import { LabelMasks } from './labelMasks';
import type { ScanRequest, WorkerMessage } from './protocol';
import { Allowlist, appliesTo, compileInWorker, runServerRule } from './serverRuleEngine';
import type { ServerRule } from './serverRuleData';
import { TextScan } from './textScan';
import { errorMessage } from '../../util/errorMessage';

/**
 * A scan of texts this small (a typical snippet) sends its messages as one batch at its end: one
 * message each way instead of a dozen, each of which woke the extension host (a quarter of a 2 KB
 * scan's time). Nothing in texts this small takes long; were something to, the scan's deadline still
 * stops it, and every text not reported done is named as not scanned.
 */
export const SMALL_SCAN_CHARS = 64 * 1024;

let batch: WorkerMessage[] | undefined;

function post(message: WorkerMessage): void {
  if (!batch) return parentPort?.postMessage([message]);
  batch.push(message);
  if (message.kind === 'finished' || message.kind === 'failed') {
    parentPort?.postMessage(batch);
    batch = undefined;
  }
}

/** Server rules compiled once per worker, by their expressions: a session's scans use the same rules. */
const compiledRules = new Map<string, ReturnType<typeof compileInWorker>>();

function compiled(rule: ServerRule): ReturnType<typeof compileInWorker> {
  const key = JSON.stringify([rule.ruleId, rule.lineRegex ?? null, rule.pathRegex ?? null]);
  let made = compiledRules.get(key);
  if (!made) {
    made = compileInWorker(rule);
    // A session has a few dozen rules; a bound keeps a hostile list of thousands from growing it for ever.
    if (compiledRules.size >= 1000) compiledRules.clear();
    compiledRules.set(key, made);
  }
  return made;
}

async function scan(request: ScanRequest): Promise<void> {
  const { id, texts } = request;
  batch = texts.reduce((chars, t) => chars + t.text.length + t.label.length, 0) <= SMALL_SCAN_CHARS ? [] : undefined;
  const ignore = new Set(request.ignoreRuleIds);
  // An allowlist rule the engine refuses allows nothing: the scan reports more, never less.
  const allowlist = new Allowlist(request.allowlist, () => undefined);
  const scans = texts.map(
    (input) =>
      new TextScan(
        input,
        ignore,
        allowlist.empty ? undefined : (text, m) => !allowlist.allows(text, m.start, input.path),
      ),
  );
  const labels = new LabelMasks(
    texts.map((t) => t.label),
    scans,
  );
  let shown = texts.map((t) => t.label);
  const postLabels = () => {
    const masked = labels.masked();
    for (const [index, label] of masked.entries()) {
      if (label !== shown[index]) post({ id, kind: 'label', index, label });
    }
    shown = masked;
  };
  await labels.scanLabels(ignore);
  postLabels();

  for (const [index, text] of scans.entries()) {
    if (index < (request.firstText ?? 0)) continue;
    post({ id, kind: 'started', index, scannedBytes: text.scannedBytes, notScanned: text.part.notScanned });
    const found = await text.builtinAndLibraryFindings();
    if (found.length > 0) post({ id, kind: 'found', index, findings: found });
    post({ id, kind: 'done', index });
  }
  postLabels();

  for (const rule of request.serverRules) if (!ignore.has(rule.ruleId)) runRule(request, rule, scans);
  postLabels();
  post({ id, kind: 'finished' });
}

function runRule({ id, texts, ruleBudgetMs }: ScanRequest, rule: ServerRule, scans: readonly TextScan[]): void {
  const { ruleId } = rule;
  post({ id, kind: 'rule', index: -1, ruleId });
  const made = compiled(rule);
  if (!made.ok) {
    // A refused path expression leaves no way to tell the rule's files: it was meant for any file.
    const meantFor = texts.findIndex((t) =>
      made.field === 'pathRegex' ? t.path !== undefined : appliesTo(made.path, t.path),
    );
    post({ id, kind: 'rule-invalid', index: meantFor, ruleId, field: made.field, detail: made.detail });
    return;
  }
  const deadline = performance.now() + ruleBudgetMs;
  for (const [index, text] of scans.entries()) {
    const scanned = text.part.scanned;
    if (scanned === '' || !appliesTo(made.rule.path, texts[index].path)) continue;
    post({ id, kind: 'rule', index, ruleId });
    const run =
      performance.now() >= deadline ? { matches: [], complete: false } : runServerRule(made.rule, scanned, deadline);
    const found = text.keep(run.matches);
    if (found.length > 0) post({ id, kind: 'found', index, findings: found });
    if (!run.complete) {
      post({ id, kind: 'rule-stopped', index, ruleId });
      return;
    }
  }
}

parentPort?.on('message', (request: ScanRequest) => {
  scan(request).catch((err: unknown) => post({ id: request.id, kind: 'failed', message: errorMessage(err) }));
});
