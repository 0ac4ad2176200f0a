// The corpus through the scan as a send runs it (the scan's own rules and the library's, in this
// thread): recall (each secret found at its exact place, so its mask shows its own ends), false
// positives (look-alikes flagged), precision (findings that are a secret), per rule and overall.
import { maskSecret } from '../../../../src/model/secretScan/maskSecret';
import { LineIndex } from '../../../../src/model/secretScan/positions';
import type { WorkerFinding } from '../../../../src/model/secretScan/protocol';
import { TextScan } from '../../../../src/model/secretScan/textScan';
import type { Sample, Secret } from './corpus';

export interface RuleFigures {
  secrets: number;
  found: number;
  /** Found at its exact place but with another confidence than its kind's. */
  wrongConfidence: number;
  /** Findings of this rule that are no secret (in a look-alike or beside the secret). */
  falseFindings: number;
}

export interface CorpusFigures {
  secrets: number;
  found: number;
  /** Found somewhere on the secret's line, at its place or not (how a line-based scanner would count). */
  foundOnLine: number;
  lookAlikes: number;
  lookAlikesFlagged: number;
  findings: number;
  trueFindings: number;
  recall: number;
  falsePositiveRate: number;
  precision: number;
  byRule: Map<string, RuleFigures>;
  missed: Array<{ ruleId: string; label: string; text: string; findings: WorkerFinding[] }>;
  flagged: Array<{ imitates: string; label: string; text: string; findings: WorkerFinding[] }>;
}

const isAt = (f: WorkerFinding, text: string, secret: Secret): boolean => {
  const at = new LineIndex(text).positionOf(text.indexOf(secret.value));
  return f.line === at.line && f.column === at.column && f.masked === maskSecret(secret.value);
};

export async function measure(samples: readonly Sample[]): Promise<CorpusFigures> {
  const byRule = new Map<string, RuleFigures>();
  const rule = (id: string) =>
    byRule.get(id) ?? (byRule.set(id, { secrets: 0, found: 0, wrongConfidence: 0, falseFindings: 0 }), byRule.get(id))!;
  const figures: CorpusFigures = {
    secrets: 0,
    found: 0,
    foundOnLine: 0,
    lookAlikes: 0,
    lookAlikesFlagged: 0,
    findings: 0,
    trueFindings: 0,
    recall: 0,
    falsePositiveRate: 0,
    precision: 0,
    byRule,
    missed: [],
    flagged: [],
  };
  for (const sample of samples) {
    const findings = await new TextScan(
      { label: sample.label, text: sample.text },
      new Set(),
    ).builtinAndLibraryFindings();
    figures.findings += findings.length;
    const matched = new Set<WorkerFinding>();
    for (const secret of sample.secrets) {
      figures.secrets++;
      rule(secret.ruleId).secrets++;
      const line = new LineIndex(sample.text).positionOf(sample.text.indexOf(secret.value)).line;
      if (findings.some((f) => f.line === line)) figures.foundOnLine++;
      const hit = findings.find((f) => isAt(f, sample.text, secret));
      if (hit === undefined) {
        figures.missed.push({ ruleId: secret.ruleId, label: sample.label, text: sample.text, findings });
        continue;
      }
      matched.add(hit);
      figures.found++;
      rule(secret.ruleId).found++;
      if (hit.confidence !== secret.confidence) rule(secret.ruleId).wrongConfidence++;
    }
    figures.trueFindings += matched.size;
    for (const f of findings) if (!matched.has(f)) rule(f.ruleId).falseFindings++;
    if (sample.secrets.length === 0) {
      figures.lookAlikes++;
      if (findings.length > 0) {
        figures.lookAlikesFlagged++;
        figures.flagged.push({
          imitates: sample.imitates ?? 'general',
          label: sample.label,
          text: sample.text,
          findings,
        });
      }
    }
  }
  figures.recall = figures.found / figures.secrets;
  figures.falsePositiveRate = figures.lookAlikesFlagged / figures.lookAlikes;
  figures.precision = figures.findings === 0 ? 1 : figures.trueFindings / figures.findings;
  return figures;
}
