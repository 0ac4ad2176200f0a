// The labels a finding is shown with, masked: a file whose name holds a token is labelled with its
// name, and "name of file …" holds it too. A label is masked where the scan's rules find a secret
// in the label itself, and where it holds a text the scan found one in (a file name, a snippet or
// category name), at that text's findings, so that what a server rule found in a name is masked
// in its label too. Each secret becomes its mask (maskSecret): its own first and last characters.
// Runs in the worker, where the values are.
import { maskSecret } from './maskSecret';
import type { SecretMatch } from './secretMatch';
import { TextScan } from './textScan';

interface Span {
  start: number;
  end: number;
}

/** `label` with every span masked; overlapping spans are masked as one. */
export function maskSpans(label: string, spans: readonly Span[]): string {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = Math.max(sorted[i].start, at);
    let end = sorted[i].end;
    while (i + 1 < sorted.length && sorted[i + 1].start < end) end = Math.max(end, sorted[++i].end);
    if (end <= start) continue;
    out += label.slice(at, start) + maskSecret(label.slice(start, end));
    at = end;
  }
  return out + label.slice(at);
}

/** Where each text the scan found a secret in occurs in `label`, with the secrets' places there. */
function spansOfNamedTexts(label: string, scans: readonly TextScan[]): Span[] {
  const spans: Span[] = [];
  for (const scan of scans) {
    const text = scan.part.scanned;
    if (scan.kept.length === 0 || text === '' || text.length > label.length) continue;
    for (let at = label.indexOf(text); at >= 0; at = label.indexOf(text, at + 1)) {
      for (const m of scan.kept) spans.push({ start: at + m.start, end: at + m.end });
    }
  }
  return spans;
}

export class LabelMasks {
  /** The secrets the rules find in each label itself. */
  private readonly own: SecretMatch[][] = [];

  constructor(
    private readonly labels: readonly string[],
    private readonly scans: readonly TextScan[],
  ) {}

  /** Scans the labels themselves with the built-in rules (short texts: a moment). */
  async scanLabels(ignoreRuleIds: ReadonlySet<string>): Promise<void> {
    for (const label of this.labels) {
      const scan = new TextScan({ label: '', text: label }, ignoreRuleIds);
      await scan.builtinAndLibraryFindings();
      this.own.push(scan.kept);
    }
  }

  /** Each label as shown: masked where it holds a secret. */
  masked(): string[] {
    return this.labels.map((label, i) =>
      maskSpans(label, [...(this.own[i] ?? []), ...spansOfNamedTexts(label, this.scans)]),
    );
  }
}
