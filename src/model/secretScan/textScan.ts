// The scan of one outgoing text, in the worker: the part of it that is scanned, the scan's own
// rules and the library's over the whole of it, then each server rule line by line (as Bitbucket
// scans a commit). A finding is kept once per place (two rules that find the same value report it
// once), and not at all when its value is already in the server's version of the text.
import { BUILTIN_RULES } from './builtinRules';
import { libraryMatches } from './libraryRules';
import { maskSecret } from './maskSecret';
import { LineIndex } from './positions';
import type { WorkerFinding } from './protocol';
import type { SecretMatch } from './secretMatch';
import type { CompiledServerRule } from './serverRules';
import { scannedPart, utf8Bytes, type ScannedPart } from './textLimits';
import type { OutgoingText } from './types';

/** A server rule with its expressions made again in this thread. */
export interface RunnableServerRule {
  ruleId: string;
  line?: RegExp;
  path?: RegExp;
}

export const runnable = (rule: CompiledServerRule): RunnableServerRule => ({
  ruleId: rule.ruleId,
  line: rule.line && new RegExp(rule.line.source, rule.line.flags),
  path: rule.path && new RegExp(rule.path.source, rule.path.flags),
});

/** Past this many findings in one text the user has seen enough; the rest would only cost time. */
export const MAX_FINDINGS_PER_TEXT = 500;

export class TextScan {
  readonly part: ScannedPart;
  private readonly kept: SecretMatch[] = [];
  private readonly inPrevious = new Map<string, boolean>();
  private lineIndex: LineIndex | undefined;

  constructor(
    private readonly input: OutgoingText,
    private readonly ignoreRuleIds: ReadonlySet<string>,
  ) {
    this.part = scannedPart(input.text);
  }

  get scannedBytes(): number {
    return utf8Bytes(this.part.scanned);
  }

  async builtinAndLibraryFindings(): Promise<WorkerFinding[]> {
    const text = this.part.scanned;
    if (text === '') return [];
    const own = this.keep(BUILTIN_RULES.filter((rule) => !this.ignoreRuleIds.has(rule.id)).flatMap((rule) => rule.find(text).map((m) => ({ confidence: rule.confidence, ...m }))));
    // The scan's own rules name the value itself (the password, not the whole URL): theirs go first.
    return [...own, ...this.keep(await libraryMatches(text, this.input.label, this.ignoreRuleIds))];
  }

  serverFindings(rule: RunnableServerRule): WorkerFinding[] {
    const text = this.part.scanned;
    if (text === '' || this.ignoreRuleIds.has(rule.ruleId)) return [];
    if (rule.path && !rule.path.test(this.input.label)) return [];
    // A rule with a path alone says that such a file is a secret as a whole.
    if (!rule.line) return this.keep([{ ruleId: rule.ruleId, start: 0, end: text.length }]);
    const found: SecretMatch[] = [];
    let start = 0;
    while (start <= text.length) {
      const newline = text.indexOf('\n', start);
      let end = newline < 0 ? text.length : newline;
      if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
      const m = rule.line.exec(text.slice(start, end));
      // An empty match (`x*`) names nothing.
      if (m && m[0] !== '') found.push({ ruleId: rule.ruleId, start: start + m.index, end: start + m.index + m[0].length });
      if (newline < 0) break;
      start = newline + 1;
    }
    return this.keep(found);
  }

  private keep(matches: SecretMatch[]): WorkerFinding[] {
    const text = this.part.scanned;
    const previous = this.input.previous;
    const findings: WorkerFinding[] = [];
    for (const m of [...matches].sort((a, b) => a.start - b.start || b.end - a.end)) {
      if (this.kept.length >= MAX_FINDINGS_PER_TEXT) break;
      if (m.end <= m.start || this.kept.some((k) => m.start < k.end && k.start < m.end)) continue;
      const value = text.slice(m.start, m.end);
      if (previous !== undefined && this.alreadySent(value, previous)) continue;
      this.kept.push(m);
      this.lineIndex ??= new LineIndex(text);
      // The library's and a server's rules name known kinds of secrets.
      findings.push({ ruleId: m.ruleId, ...this.lineIndex.positionOf(m.start), masked: maskSecret(value), confidence: m.confidence ?? 'known' });
    }
    return findings;
  }

  private alreadySent(value: string, previous: string): boolean {
    let known = this.inPrevious.get(value);
    if (known === undefined) this.inPrevious.set(value, (known = previous.includes(value)));
    return known;
  }
}
