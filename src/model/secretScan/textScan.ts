// The scan of one outgoing text, in the worker: the part of it that is scanned, the scan's own
// rules and the library's over the whole of it; the server's rules add their matches through
// keep() (serverRuleEngine.ts, run by the worker after every text had the built-in rules). A
// finding is kept once per place (two rules that find the same value report it once), and not at
// all when its value is already in the server's version of the text or the server's allowlist
// allows it.
import { BUILTIN_RULES } from './builtinRules';
import { libraryMatches } from './libraryRules';
import { maskSecret } from './maskSecret';
import { LineIndex } from './positions';
import type { WorkerFinding } from './protocol';
import type { SecretMatch } from './secretMatch';
import { scannedPart, utf8Bytes, type ScannedPart } from './textLimits';
import type { OutgoingText } from './types';

/** Past this many findings in one text the user has seen enough; the rest would only cost time. */
export const MAX_FINDINGS_PER_TEXT = 500;

export class TextScan {
  readonly part: ScannedPart;
  /** The matches reported, by place: what a label that holds this text masks (the worker's labels). */
  readonly kept: SecretMatch[] = [];
  private readonly inPrevious = new Map<string, boolean>();
  private lineIndex: LineIndex | undefined;

  constructor(
    private readonly input: OutgoingText,
    private readonly ignoreRuleIds: ReadonlySet<string>,
    /** False for a match the server's allowlist allows. */
    private readonly accept: (text: string, m: SecretMatch) => boolean = () => true,
  ) {
    this.part = scannedPart(input.text);
  }

  get scannedBytes(): number {
    return utf8Bytes(this.part.scanned);
  }

  async builtinAndLibraryFindings(): Promise<WorkerFinding[]> {
    const text = this.part.scanned;
    if (text === '') return [];
    // A loop, not filter and flatMap: most rules find nothing, and a typical text is scanned in a tenth of a millisecond.
    const matches: SecretMatch[] = [];
    for (const rule of BUILTIN_RULES) {
      if (this.ignoreRuleIds.has(rule.id)) continue;
      for (const m of rule.find(text)) matches.push({ confidence: rule.confidence, ...m });
    }
    const own = this.keep(matches);
    // The scan's own rules name the value itself (the password, not the whole URL): theirs go first.
    return [...own, ...this.keep(await libraryMatches(text, this.input.label, this.ignoreRuleIds))];
  }

  keep(matches: SecretMatch[]): WorkerFinding[] {
    const text = this.part.scanned;
    const previous = this.input.previous;
    const findings: WorkerFinding[] = [];
    for (const m of [...matches].sort((a, b) => a.start - b.start || b.end - a.end)) {
      if (this.kept.length >= MAX_FINDINGS_PER_TEXT) break;
      if (m.end <= m.start || this.kept.some((k) => m.start < k.end && k.start < m.end)) continue;
      if (!this.accept(text, m)) continue;
      const value = text.slice(m.start, m.end);
      if (previous !== undefined && this.alreadySent(value, previous)) continue;
      this.kept.push(m);
      this.lineIndex ??= new LineIndex(text);
      // The library's and a server's rules name known kinds of secrets.
      findings.push({
        ruleId: m.ruleId,
        ...this.lineIndex.positionOf(m.start),
        masked: maskSecret(value),
        confidence: m.confidence ?? 'known',
      });
    }
    return findings;
  }

  private alreadySent(value: string, previous: string): boolean {
    let known = this.inPrevious.get(value);
    if (known === undefined) this.inPrevious.set(value, (known = previous.includes(value)));
    return known;
  }
}
