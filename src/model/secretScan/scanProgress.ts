// What the host knows of a scan while its worker reports (protocol.ts), and the result that makes:
// at the end, or at the deadline, when the worker is stopped. Whatever was not scanned in full is
// named, never left out: a text the built-in rules had not finished, a binary or too large text, a
// server rule that ran out of its time, one the engine refused, and the server rules the deadline
// kept from running.
import type { WorkerFinding, WorkerMessage } from './protocol';
import { ruleNameOf } from './ruleNames';
import type { ServerRule } from './serverRuleData';
import type { NotScanned, NotScannedReason, OutgoingText, RefusedRule, ScanResult, SecretFinding } from './types';

interface TextProgress {
  label: string;
  scannedBytes: number;
  notScanned?: NotScannedReason;
  /** The built-in rules have read it. */
  done: boolean;
  findings: WorkerFinding[];
}

interface RuleAt {
  ruleId: string;
  /** The text, -1 for none yet. */
  index: number;
}

/** Runs of a token's characters this long may be a secret in a label the worker had not masked yet. */
const LONG_RUN = /[A-Za-z0-9_+/=]{20,}/g;

const byPlace = (a: WorkerFinding, b: WorkerFinding) => a.line - b.line || a.column - b.column;

const masks = (label: string): number => label.split('••••').length - 1;

export class ScanProgress {
  private readonly texts: TextProgress[];
  private readonly started = new Set<string>();
  private readonly stopped: RuleAt[] = [];
  private readonly invalid: RuleAt[] = [];
  private readonly refused: Array<Omit<RefusedRule, 'ruleName'>> = [];
  private running: RuleAt | undefined;
  private labelsMasked = false;
  private finished = false;

  constructor(
    texts: readonly OutgoingText[],
    private readonly serverRules: readonly ServerRule[],
    private readonly ignoreRuleIds: ReadonlySet<string>,
  ) {
    this.texts = texts.map((t) => ({ label: t.label, scannedBytes: 0, done: false, findings: [] }));
  }

  /** Takes one of the worker's messages (not 'failed': the caller's). */
  take(message: WorkerMessage): void {
    if (message.kind === 'finished') {
      this.finished = true;
      this.running = undefined;
      return;
    }
    if (message.kind === 'failed') return;
    if (message.kind === 'rule') {
      this.started.add(message.ruleId);
      this.running = { ruleId: message.ruleId, index: message.index };
      return;
    }
    if (message.kind === 'rule-invalid') {
      this.refused.push({ ruleId: message.ruleId, field: message.field, detail: message.detail });
    }
    if (message.kind === 'rule-stopped' || message.kind === 'rule-invalid') {
      (message.kind === 'rule-stopped' ? this.stopped : this.invalid).push({
        ruleId: message.ruleId,
        index: message.index,
      });
      this.running = undefined;
      return;
    }
    const p = this.texts[message.index];
    if (p === undefined) return;
    if (message.kind === 'started') {
      p.scannedBytes = message.scannedBytes;
      p.notScanned = message.notScanned;
      // The worker masks the labels before it scans any text.
      this.labelsMasked = true;
    } else if (message.kind === 'found') p.findings.push(...message.findings);
    // A worker started after another was stopped masks what it found itself: a label stays as masked as it was.
    else if (message.kind === 'label' && masks(message.label) >= masks(p.label)) p.label = message.label;
    else if (message.kind === 'done') p.done = true;
  }

  result(): ScanResult {
    const names = new Map(this.serverRules.map((rule) => [rule.ruleId, rule.name]));
    const labelOf = (index: number) => {
      const label = this.texts[index]?.label ?? '';
      return this.labelsMasked ? label : label.replace(LONG_RUN, (run) => `${run.slice(0, 2)}••••${run.slice(-2)}`);
    };
    const findings: SecretFinding[] = [];
    const notScanned: NotScanned[] = [];
    for (const [index, p] of this.texts.entries()) {
      const label = labelOf(index);
      for (const f of [...p.findings].sort(byPlace)) {
        findings.push({
          ruleId: f.ruleId,
          ruleName: ruleNameOf(f.ruleId, names),
          label,
          textIndex: index,
          line: f.line,
          column: f.column,
          masked: f.masked,
          confidence: f.confidence,
        });
      }
      if (!p.done) notScanned.push({ label, reason: 'deadline', scannedBytes: 0 });
      else if (p.notScanned) notScanned.push({ label, reason: p.notScanned, scannedBytes: p.scannedBytes });
    }
    const ruleEntry = (reason: NotScannedReason, { ruleId, index }: RuleAt): NotScanned => ({
      label: index >= 0 ? labelOf(index) : '',
      reason,
      scannedBytes: 0,
      ruleId,
      ruleName: names.get(ruleId) ?? ruleId,
    });
    for (const at of this.invalid) if (at.index >= 0) notScanned.push(ruleEntry('rule-invalid', at));
    for (const at of this.stopped) notScanned.push(ruleEntry('rule-timeout', at));
    if (!this.finished) {
      if (this.running) {
        notScanned.push(ruleEntry(this.running.index >= 0 ? 'rule-timeout' : 'rule-not-run', this.running));
      }
      for (const rule of this.serverRules) {
        if (!this.started.has(rule.ruleId) && !this.ignoreRuleIds.has(rule.ruleId)) {
          notScanned.push(ruleEntry('rule-not-run', { ruleId: rule.ruleId, index: -1 }));
        }
      }
    }
    const refusedRules = this.refused.map((r) => ({ ...r, ruleName: names.get(r.ruleId) ?? r.ruleId }));
    return { findings, notScanned, ...(refusedRules.length > 0 ? { refusedRules } : {}) };
  }
}
