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

function post(message: WorkerMessage): void {
  parentPort?.postMessage(message);
}

async function scan(request: ScanRequest): Promise<void> {
  const { id, texts } = request;
  const ignore = new Set(request.ignoreRuleIds);
  // An allowlist rule the engine refuses allows nothing: the scan reports more, never less.
  const allowlist = new Allowlist(request.allowlist, () => undefined);
  const scans = texts.map((input) => new TextScan(input, ignore, allowlist.empty ? undefined : (text, m) => !allowlist.allows(text, m.start, input.path)));
  const labels = new LabelMasks(
    texts.map((t) => t.label),
    scans,
  );
  let shown = texts.map((t) => t.label);
  const postLabels = () => {
    const masked = labels.masked();
    for (const [index, label] of masked.entries()) if (label !== shown[index]) post({ id, kind: 'label', index, label });
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
  const compiled = compileInWorker(rule);
  if (!compiled.ok) {
    // A refused path expression leaves no way to tell the rule's files: it was meant for any file.
    const meantFor = texts.findIndex((t) => (compiled.field === 'pathRegex' ? t.path !== undefined : appliesTo(compiled.path, t.path)));
    post({ id, kind: 'rule-invalid', index: meantFor, ruleId, field: compiled.field, detail: compiled.detail });
    return;
  }
  const deadline = performance.now() + ruleBudgetMs;
  for (const [index, text] of scans.entries()) {
    const scanned = text.part.scanned;
    if (scanned === '' || !appliesTo(compiled.rule.path, texts[index].path)) continue;
    post({ id, kind: 'rule', index, ruleId });
    const run = performance.now() >= deadline ? { matches: [], complete: false } : runServerRule(compiled.rule, scanned, deadline);
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
