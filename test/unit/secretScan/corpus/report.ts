// The corpus figures as lines to read: the bench prints them, a failing test shows them.
import type { CorpusFigures } from './measure';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

export function summaryOf(name: string, f: CorpusFigures): string {
  return `${name}: recall ${pct(f.recall)} (${f.found}/${f.secrets}), look-alikes flagged ${pct(f.falsePositiveRate)} (${f.lookAlikesFlagged}/${f.lookAlikes}), precision ${pct(f.precision)} (${f.trueFindings}/${f.findings} findings)`;
}

export function detailsOf(f: CorpusFigures, most = 8): string {
  const missed = f.missed
    .slice(0, most)
    .map(
      (m) =>
        `  missed ${m.ruleId} in ${m.label} (found: ${m.findings.map((x) => `${x.ruleId}@${x.line}:${x.column} ${x.masked}`).join(', ') || 'nothing'}):\n${m.text.slice(0, 400)}`,
    );
  const flagged = f.flagged
    .slice(0, most)
    .map(
      (m) =>
        `  flagged ${m.imitates} look-alike ${m.label}: ${m.findings.map((x) => `${x.ruleId}@${x.line}:${x.column}`).join(', ')}\n${m.text.slice(0, 300)}`,
    );
  return [...missed, ...flagged].join('\n');
}

export function perRuleLines(f: CorpusFigures): string[] {
  return [...f.byRule.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([id, r]) =>
        `${id.replace('bitbucket-snippets/', '').replace('@secretlint/secretlint-rule-', 'secretlint/')}: ${r.found}/${r.secrets} found${r.wrongConfidence ? `, ${r.wrongConfidence} with the wrong confidence` : ''}, ${r.falseFindings} false`,
    );
}
